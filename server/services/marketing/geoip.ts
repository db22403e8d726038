/**
 * The visitor's country for prefilling the billing country (spec 001 section 7,
 * GET /api/geoip_country/). Payonce does no IP lookups of its own: the session's country_by_ip
 * wins, then the country header a CDN or load balancer in front adds (Cloudflare's CF-IPCountry,
 * or X-Country / X-Appengine-Country / CloudFront-Viewer-Country), else null.
 */
const COUNTRY_HEADERS = [
  "cf-ipcountry",
  "x-country",
  "cloudfront-viewer-country",
  "x-appengine-country",
] as const;

/** Codes CDNs use for "unknown" and Tor rather than a country. */
const NOT_A_COUNTRY = new Set(["XX", "T1", "ZZ"]);

const asCountry = (value: unknown): string | null => {
  if (typeof value !== "string") return null;
  const code = value.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) && !NOT_A_COUNTRY.has(code) ? code : null;
};

export function countryFromRequest(
  session: { countryByIp: string | null } | null,
  headers: Record<string, string | string[] | undefined>,
): string | null {
  const fromSession = asCountry(session?.countryByIp);
  if (fromSession) return fromSession;
  for (const name of COUNTRY_HEADERS) {
    const raw = headers[name];
    const country = asCountry(Array.isArray(raw) ? raw[0] : raw);
    if (country) return country;
  }
  return null;
}
