import type { MetaDescriptor } from "react-router";
import { seoDescription, seoTitle } from "../../domain/storefront";

export type SeoInput = {
  /** The page's own title; " | Payonce" is added. */
  title: string;
  description: string;
  /** Path and query of the canonical URL ("/collections/freebies/?page=2"). */
  path: string;
  /** The public origin (publicConfig.publicUrl), so canonical URLs never echo a Host header. */
  origin: string;
  image?: string | null;
  type?: string;
  /** Open Graph overrides from a page's seo_meta. */
  openGraph?: { title?: string | null; description?: string | null; type?: string | null };
  /** Pages that must not be indexed (a search with a query, an error state). */
  noindex?: boolean;
};

const absolute = (origin: string, url: string) =>
  /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith("/") ? "" : "/"}${url}`;

/** Title, description, canonical link and Open Graph tags, for a route's `meta`. */
export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const title = seoTitle(input.title);
  const description = seoDescription(input.description);
  const url = absolute(input.origin, input.path);
  const og = input.openGraph ?? {};
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: og.title ?? title },
    { property: "og:type", content: og.type ?? input.type ?? "website" },
    { property: "og:description", content: og.description ?? description },
    { property: "og:url", content: url },
    { property: "og:site_name", content: "Payonce" },
    ...(input.image
      ? [{ property: "og:image", content: absolute(input.origin, input.image) }]
      : []),
    { name: "twitter:card", content: input.image ? "summary_large_image" : "summary" },
    ...(input.noindex ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
}

/** ?page=n from a URL: a whole number from 1, else 1 (a page URL never fails on it). */
export function pageParam(url: string | URL): number {
  const raw = new URL(url).searchParams.get("page");
  const n = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return Math.max(1, n);
}
