/**
 * The one rule for redirecting to a target the client chose (`next`, a form's return path, a
 * stored share link): only a path on this site, judged AFTER the path is resolved the way a
 * browser resolves it. Checking the raw string is not enough: "/.//evil.com" starts with a single
 * slash, yet resolves to "//evil.com", which a browser reads as another host.
 */

const PROBE_ORIGIN = "http://x.invalid";
const MAX_LENGTH = 2000;

// Whitespace and control characters (C0, DEL, C1): URL parsers drop tabs and newlines, so
// "/\t/evil.com" would become "//evil.com"; backslashes read as slashes in http(s) URLs.
const UNSAFE_CHARACTER =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff\\]/;
// Dot segments have no use in a link we hand out, and "/./" is how "//" gets smuggled in.
const DOT_SEGMENT = /(^|\/)\.{1,2}(\/|$)/;
// Encoded dots, slashes and backslashes (also double-encoded: %252f) that a proxy or a later
// decode could turn into one of the tricks above.
const ENCODED_SEPARATOR = /%(25)*(2e|2f|5c)/i;

/**
 * `input` when it is a same-site path (normalised as path + search + hash), else `fallback`.
 * Refused: anything not starting with one "/", hosts and schemes (https://x, //x, /\x,
 * javascript:), dot segments, encoded separators in the path, whitespace and control characters.
 */
export function safeRedirectTarget(input: unknown, fallback: string): string {
  if (typeof input !== "string" || input.length === 0 || input.length > MAX_LENGTH) {
    return fallback;
  }
  if (!input.startsWith("/") || input.startsWith("//")) return fallback;
  if (UNSAFE_CHARACTER.test(input)) return fallback;
  const rawPath = input.split(/[?#]/, 1)[0] ?? "";
  if (DOT_SEGMENT.test(rawPath) || ENCODED_SEPARATOR.test(rawPath)) return fallback;
  let url: URL;
  try {
    url = new URL(input, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  const target = `${url.pathname}${url.search}${url.hash}`;
  // The resolved path is what the browser will see: it must still be a single-slash path.
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) {
    return fallback;
  }
  return target;
}

/** Deal, review and question pages: /products/{slug}/[reviews|questions/[{item}/]]. */
const SHAREABLE_PAGE = /^\/products\/[A-Za-z0-9_-]+\/((reviews|questions)\/([A-Za-z0-9_-]+\/)?)?$/;

/**
 * The path of a share link (spec 000 section 7), or null: a deal, review or question page on this
 * site, given as a path or as an absolute URL on `publicOrigin`. Checked when the link is created
 * and again when it is followed.
 */
export function shareableLinkPath(input: unknown, publicOrigin?: string): string | null {
  if (typeof input !== "string") return null;
  let value = input.trim();
  const origin = publicOrigin?.replace(/\/+$/, "");
  if (origin && value.startsWith(`${origin}/`)) value = value.slice(origin.length);
  const target = safeRedirectTarget(value, "");
  if (!target) return null;
  const path = target.split(/[?#]/, 1)[0] ?? "";
  return SHAREABLE_PAGE.test(path.endsWith("/") ? path : `${path}/`) ? target : null;
}
