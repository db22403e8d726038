// The security headers (CSP, referrer policy, nosniff...) computed ONCE from helmet's options.
// @fastify/helmet runs helmet(options) on every request, which re-validates and re-serialises the
// Content-Security-Policy each time (measured at about a fifth of a cached page hit's CPU). The
// only per-page part is a page's script sources (a nonce, or its inline scripts' hashes), spliced
// into a policy serialised once.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

export const CSP_HEADER = "content-security-policy";

// Stands where a page's script sources go in the policy serialised at start-up (helmet validates it).
const SOURCES_SLOT = "payonce-sources-slot";

/** The headers helmet would set with `options`, as name -> value. */
export function computeSecurityHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name.toLowerCase(), String(value)]);
    },
    removeHeader() {},
  } as unknown as ServerResponse;
  let done = false;
  helmet(options)({} as IncomingMessage, res, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  // helmet's middlewares are synchronous; anything else would mean per-request headers.
  if (!done) throw new Error("helmet did not finish synchronously");
  return headers;
}

/**
 * A page's Content-Security-Policy for its own script sources: `options`' policy with `sources`
 * (`'nonce-…'`, or the `'sha256-…'` of each inline script) added to script-src, serialised once;
 * each call only splices the sources in.
 */
export function pagePolicy(options: HelmetOptions): (sources: readonly string[]) => string {
  const csp = options.contentSecurityPolicy;
  const directives = typeof csp === "object" && csp.directives ? csp.directives : {};
  const scriptSrc = directives.scriptSrc ?? directives["script-src"] ?? ["'self'"];
  if (!Array.isArray(scriptSrc)) throw new Error("script-src must be a list");
  const withSlot: HelmetOptions = {
    ...options,
    contentSecurityPolicy: {
      ...(typeof csp === "object" ? csp : {}),
      directives: { ...directives, scriptSrc: [...scriptSrc, SOURCES_SLOT] },
    },
  };
  const policy = computeSecurityHeaders(withSlot).find(([name]) => name === CSP_HEADER)?.[1];
  const [before, after] = policy?.split(` ${SOURCES_SLOT}`) ?? [];
  if (before === undefined || after === undefined) throw new Error("no sources slot in the CSP");
  return (sources) => (sources.length ? `${before} ${sources.join(" ")}${after}` : before + after);
}

/** A nonce as a script source. */
export const nonceSource = (nonce: string) => `'nonce-${nonce}'`;

/**
 * Sets the precomputed headers on every response, as @fastify/helmet did (on the raw response).
 * Returns them, and the page policy for a page's script sources: pages replace the CSP set
 * here with it.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: HelmetOptions,
): { headers: [string, string][]; pagePolicy: (sources: readonly string[]) => string } {
  const headers = computeSecurityHeaders(options);
  app.addHook("onRequest", (_request, reply, next) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    next();
  });
  return { headers, pagePolicy: pagePolicy(options) };
}

/**
 * The staff block editor frames the product page it edits (issue 16's live preview). Only that
 * page, and only for staff, may be framed, and only by this site: everyone else keeps
 * `frame-ancestors 'none'` (X-Frame-Options SAMEORIGIN stays on every response).
 */
export function framedByStaff(path: string, isStaff: boolean): boolean {
  return isStaff && /^\/products\/[^/?#]+\/?(?:[?#]|$)/.test(path);
}

export const sameOriginFrames = (policy: string) =>
  policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'");
