import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config";
import type { Services } from "../../services";

const xmlEscape = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[c]};`,
  );

/** Paths crawlers have no business in: personal pages, staff tools, the API, carts. */
const DISALLOWED = [
  "/account/",
  "/accounts/",
  "/staff/",
  "/cart",
  "/api/",
  "/checkout/",
  "/orders/",
];

/** /sitemap.xml (public deals, collections and browse pages) and /robots.txt. */
export const seoRoutes: FastifyPluginAsyncZod<{ services: Services; config: Config }> = async (
  app,
  { services, config },
) => {
  const origin = config.publicUrl.replace(/\/$/, "");

  app.get(
    "/sitemap.xml",
    { schema: { hide: true, response: { 200: z.string().describe("The sitemap (XML)") } } },
    async (_request, reply) => {
      const [entries, tree] = await Promise.all([
        services.pages.sitemapEntries(),
        services.search.taxonomyTree(),
      ]);
      const urls: { path: string; updatedAt?: Date | null }[] = [
        { path: "/" },
        { path: "/browse" },
        ...entries.collections,
        ...tree.flatMap((g) => [
          { path: g.url },
          ...g.categories.flatMap((c) => [
            { path: c.url },
            ...c.subcategories.map((s) => ({ path: s.url })),
          ]),
        ]),
        ...entries.deals,
      ];
      const body = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...urls.map(
          (u) =>
            `  <url><loc>${xmlEscape(origin + u.path)}</loc>${
              u.updatedAt ? `<lastmod>${u.updatedAt.toISOString()}</lastmod>` : ""
            }</url>`,
        ),
        "</urlset>",
        "",
      ].join("\n");
      reply
        .header("content-type", "application/xml; charset=utf-8")
        .header("cache-control", "public, max-age=3600");
      return body;
    },
  );

  app.get(
    "/robots.txt",
    { schema: { hide: true, response: { 200: z.string().describe("robots.txt") } } },
    async (_request, reply) => {
      reply
        .header("content-type", "text/plain; charset=utf-8")
        .header("cache-control", "public, max-age=86400");
      return [
        "User-agent: *",
        "Allow: /",
        ...DISALLOWED.map((p) => `Disallow: ${p}`),
        "",
        `Sitemap: ${origin}/sitemap.xml`,
        "",
      ].join("\n");
    },
  );
};
