/**
 * How the site looks from outside (issue 18): which pages crawlers should leave alone, the
 * log-in links that must not grow a `next` chain, and the link-preview image of each deal. Pure:
 * the pages and the server share it.
 */

/** The Open Graph image size every network renders large (1.91:1). */
export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;
/** Bumped when the preview drawing changes, so scrapers fetch the new picture. */
export const OG_IMAGE_DRAWING_VERSION = 1;

/** Personal pages (log-in, sign-up, account, cart, checkout, orders, staff): never indexed. */
const PRIVATE_SECTIONS = ["/accounts", "/account", "/cart", "/checkout", "/orders", "/staff"];

/** True for a path crawlers should not follow or index (links to it carry rel="nofollow"). */
export function isPrivatePath(href: string): boolean {
  const path = href.replace(/^https?:\/\/[^/]+/, "");
  return PRIVATE_SECTIONS.some(
    (p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}?`),
  );
}

/** The log-in and sign-up pages, whose links to each other keep the visitor's original `next`. */
const AUTH_PAGE = /^\/accounts\/(login|signup|password\/reset)(\/|$)/;

/**
 * Where a log-in (or sign-up) link on the page at `current` (path and query) sends the visitor
 * back to: the page itself, except on the auth pages, which pass on the `next` they were given
 * (so login -> signup -> login never wraps its own URL: the crawl trap of issue 18).
 */
export function returnPathFor(current: string): string {
  const url = new URL(current, "http://x");
  if (!AUTH_PAGE.test(url.pathname)) return `${url.pathname}${url.search}`;
  const next = url.searchParams.get("next");
  // Only a same-site path; the login page checks it again (safe-target helper).
  return next?.startsWith("/") && !next.startsWith("//") && !AUTH_PAGE.test(next) ? next : "/";
}

/** A log-in or sign-up link from the page at `current`; "/" needs no `next`. */
export function authHref(page: "login" | "signup", current: string): string {
  const next = returnPathFor(current);
  const base = `/accounts/${page}/`;
  return next === "/" ? base : `${base}?next=${encodeURIComponent(next)}`;
}

/** FNV-1a, as hex: a short, stable fingerprint (not a security hash). */
export function fingerprint(text: string): string {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}

export type OgImage = { url: string; alt: string };

/**
 * A deal's link-preview image: /media/og/{slug}.jpg, versioned by its art and name so that a new
 * picture gets a new URL (networks cache previews by URL). The server draws and caches it.
 */
export function dealOgImage(
  origin: string,
  deal: { slug: string; name: string; media_url: string | null },
): OgImage {
  const v = fingerprint(`${OG_IMAGE_DRAWING_VERSION}|${deal.media_url ?? ""}|${deal.name}`);
  return {
    url: `${origin}/media/og/${encodeURIComponent(deal.slug)}.jpg?v=${v}`,
    alt: `${deal.name} on Payonce`,
  };
}

/** The site's own preview image (home, profiles, pages without a deal). */
export function siteOgImage(origin: string): OgImage {
  return {
    url: `${origin}/media/og/site.jpg?v=${OG_IMAGE_DRAWING_VERSION}`,
    alt: "Payonce: lifetime software deals. Pay once, not monthly.",
  };
}
