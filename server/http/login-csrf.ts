import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { CSRF_COOKIE, CSRF_FIELD, CSRF_HEADER, SESSION_COOKIE } from "../web/session-plugin";
import { isOwnOrigin, publicOriginOf } from "../web/site-origin";

export const CROSS_SITE_REFUSED = "CSRF Failed: Origin checking failed.";

/** The doors that start a session: API login and sign-ups, and the log-in and sign-up pages. */
const SIGN_IN_PATHS = new Set([
  "/api/users/login/",
  "/api/users/signup/",
  "/api/users/session-signup/",
  "/accounts/login/",
  "/accounts/signup/",
]);

/**
 * The path as the routers match it: React Router matches case-insensitively, decodes, and serves
 * a page's action also at its single-fetch URL (/accounts/login.data, /accounts/login/_.data).
 */
function normalisedPath(url: string): string {
  let path = (url.split("?", 1)[0] ?? "").toLowerCase();
  try {
    path = decodeURIComponent(path);
  } catch {
    // Left encoded: no sign-in route matches a malformed path either.
  }
  path = path.replace(/\/{2,}/g, "/").replace(/(\/_)?\.data$/, "");
  return path.endsWith("/") ? path : `${path}/`;
}

function sameToken(a: unknown, b: string | undefined): boolean {
  if (typeof a !== "string" || !a || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The CSRF token the request carries: the header, or the form field (parsed or raw form). */
function sentToken(request: FastifyRequest): unknown {
  const header = request.headers[CSRF_HEADER];
  if (typeof header === "string") return header;
  const body = request.body;
  if (Buffer.isBuffer(body)) return new URLSearchParams(body.toString("utf8")).get(CSRF_FIELD);
  if (body && typeof body === "object") return (body as Record<string, unknown>)[CSRF_FIELD];
  return undefined;
}

/**
 * Whether a sign-in request may come from where it comes from. The session plugin's CSRF check
 * needs a session cookie, so without this a cross-site auto-submitting form could sign a visitor
 * into the attacker's account (login CSRF). Allowed: the CSRF token; or a browser that says the
 * request is same-origin (Origin equal to ours, Sec-Fetch-Site same-origin or none); or a client
 * that sends neither header nor any cookie, which is not a browser (browsers always send Origin
 * on a cross-site POST) and so carries no victim's identity.
 */
export function signInAllowed(request: FastifyRequest, publicOrigin: string): boolean {
  if (sameToken(sentToken(request), request.cookies[CSRF_COOKIE])) return true;
  const origin = request.headers.origin;
  const fetchSite = request.headers["sec-fetch-site"];
  if (origin === undefined && fetchSite === undefined) return request.headers.cookie === undefined;
  if (origin !== undefined && !isOwnOrigin(origin, request, publicOrigin)) return false;
  if (fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none") return false;
  return true;
}

/** Refuses cross-site sign-in and sign-up posts with 403 (API: JSON; pages: plain text). */
export function registerLoginCsrf(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = publicOriginOf(publicUrl);
  app.addHook("preValidation", async (request, reply) => {
    if (request.method !== "POST" || !SIGN_IN_PATHS.has(normalisedPath(request.url))) return;
    // With a session cookie the session plugin's CSRF check (token, or our Origin) has run.
    if (request.cookies[SESSION_COOKIE]) return;
    if (signInAllowed(request, publicOrigin)) return;
    if (request.url.startsWith("/api/")) {
      return reply.status(403).send({ detail: CROSS_SITE_REFUSED });
    }
    return reply.status(403).type("text/plain; charset=utf-8").send("Forbidden");
  });
}
