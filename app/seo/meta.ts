import type { MetaDescriptor } from "react-router";
import { type OgImage, siteOgImage } from "../../domain/seo";
import { seoDescription, seoTitle } from "../../domain/storefront";

// The one builder of every page's head tags (issue 18): shareable pages get the full set (absolute
// canonical, description, Open Graph with a 1200x630 image, Twitter card, JSON-LD); personal pages
// (log-in, account, cart) a title and noindex.

export type SeoInput = {
  /** The page's own title; " | Payonce" is added unless `fullTitle`. */
  title: string;
  /** The title exactly as given (the home page's). */
  fullTitle?: boolean;
  description: string;
  /** Path and query of the canonical URL ("/collections/freebies/?page=2"). */
  path: string;
  /** The public origin (publicConfig.publicUrl), so canonical URLs never echo a Host header. */
  origin: string;
  /** The link-preview image (domain/seo dealOgImage); the site's own when absent. */
  image?: OgImage | null;
  type?: string;
  /** Open Graph overrides from a page's seo_meta. */
  openGraph?: { title?: string | null; description?: string | null; type?: string | null };
  /** Pages that must not be indexed (a search with a query, a personal collection). */
  noindex?: boolean;
  /** JSON-LD objects, each rendered as its own <script type="application/ld+json">. */
  jsonLd?: readonly (object | null | undefined)[];
};

const absolute = (origin: string, url: string) =>
  /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith("/") ? "" : "/"}${url}`;

/** Title, description, canonical link, Open Graph and Twitter tags and JSON-LD for `meta`. */
export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const title = input.fullTitle ? input.title : seoTitle(input.title);
  const description = seoDescription(input.description);
  const url = absolute(input.origin, input.path);
  const og = input.openGraph ?? {};
  const image = input.image ?? siteOgImage(input.origin);
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: "Payonce" },
    { property: "og:type", content: og.type ?? input.type ?? "website" },
    { property: "og:title", content: og.title ?? title },
    { property: "og:description", content: og.description ?? description },
    { property: "og:url", content: url },
    { property: "og:image", content: absolute(input.origin, image.url) },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:card", content: "summary_large_image" },
    ...(input.noindex ? [{ name: "robots", content: "noindex, follow" }] : []),
    ...(input.jsonLd ?? [])
      .filter((ld): ld is object => ld != null)
      .map((ld) => ({ "script:ld+json": ld as never })),
  ];
}

/**
 * A personal page (log-in, sign-up, account, cart, order, staff): its title, and neither indexed
 * nor followed (issue 18; robots.txt keeps well-behaved crawlers out as well).
 */
export function privateMeta(title: string): MetaDescriptor[] {
  return [{ title: seoTitle(title) }, { name: "robots", content: "noindex, nofollow" }];
}

/** The public origin the root loader publishes, for routes whose own loader does not carry it. */
export function originFrom(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]) {
  const root = matches.find((m) => m?.id === "root");
  return (root?.loaderData as { origin?: string } | undefined)?.origin ?? "";
}
