// The meta builder lives in app/seo/meta.ts; re-exported here for the routes that import it from ui.
export { type SeoInput, seoMeta } from "../seo/meta";

/** ?page=n from a URL: a whole number from 1, else 1 (a page URL never fails on it). */
export function pageParam(url: string | URL): number {
  const raw = new URL(url).searchParams.get("page");
  const n = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return Math.max(1, n);
}
