import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config";
import type { Services } from "../../services";
import { SITEMAP_KINDS, type SitemapKind } from "../../services/storefront/sitemap";
import { detailResponse } from "../schemas";

const xmlEscape = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[c]};`,
  );

/**
 * Paths crawlers have no business in: personal pages (log-in and sign-up, account, cart,
 * checkout, orders), staff tools, the API. Pages there also say noindex, and links to them
 * rel="nofollow" (issue 18).
 */
const DISALLOWED = [
  "/account/",
  "/accounts/",
  "/staff/",
  "/cart",
  "/api/",
  "/checkout/",
  "/orders/",
  "/email/",
  "/s/",
];

const SitemapParams = z.object({ name: z.string().max(100) });
const PART_NAME = new RegExp(`^(${SITEMAP_KINDS.join("|")})-(\\d{1,10})\\.xml$`);

const iso = (d: Date | null) => (d && !Number.isNaN(d.getTime()) ? d.toISOString() : null);

/**
 * /sitemap.xml (the index of every part), /sitemaps/{kind}-{after}.xml (the canonical URLs of one
 * fixed id range, with lastmod) and /robots.txt. Both sitemaps are rendered once per page event
 * (services/storefront/sitemap-cache.ts).
 */
export const seoRoutes: FastifyPluginAsyncZod<{ services: Services; config: Config }> = async (
  app,
  { services, config },
) => {
  const origin = config.publicUrl.replace(/\/$/, "");
  const xml = (lines: string[]) =>
    ['<?xml version="1.0" encoding="UTF-8"?>', ...lines, ""].join("\n");
  const send = (reply: FastifyReply, body: string) =>
    reply
      .header("content-type", "application/xml; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(body);

  app.get(
    "/sitemap.xml",
    { schema: { hide: true, response: { 200: z.string().describe("The sitemap index (XML)") } } },
    async (_request, reply) => {
      const body = await services.sitemaps.rendered("index", async () => {
        const parts = await services.sitemaps.index();
        return xml([
          '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
          ...parts.map((p) => {
            const lastmod = iso(p.lastmod);
            return `  <sitemap><loc>${xmlEscape(`${origin}/sitemaps/${p.kind}-${p.after}.xml`)}</loc>${
              lastmod ? `<lastmod>${lastmod}</lastmod>` : ""
            }</sitemap>`;
          }),
          "</sitemapindex>",
        ]);
      });
      return send(reply, body ?? "");
    },
  );

  app.get(
    "/sitemaps/:name",
    {
      schema: {
        hide: true,
        params: SitemapParams,
        response: { 200: z.string().describe("A sitemap (XML)"), 404: detailResponse },
      },
    },
    async (request, reply) => {
      const match = PART_NAME.exec(request.params.name);
      const kind = match?.[1] as SitemapKind | undefined;
      const after = Number(match?.[2]);
      if (!kind || !Number.isSafeInteger(after) || after > 2_147_483_647) {
        return reply.status(404).send({ detail: "Not found." });
      }
      const body = await services.sitemaps.rendered(`${kind}-${after}`, async () => {
        const urls = await services.sitemaps.part(kind, after);
        if (!urls) return null;
        return xml([
          '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
          ...urls.map((u) => {
            const lastmod = iso(u.lastmod);
            return `  <url><loc>${xmlEscape(origin + u.path)}</loc>${
              lastmod ? `<lastmod>${lastmod}</lastmod>` : ""
            }</url>`;
          }),
          "</urlset>",
        ]);
      });
      if (body === null) return reply.status(404).send({ detail: "Not found." });
      return send(reply, body);
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
