import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config";
import type { SessionService, SessionState } from "../services/accounts/sessions";
import { CSRF_COOKIE, SESSION_COOKIE } from "./cookies";
import { isOwnOrigin, publicOriginOf } from "./site-origin";
import { safeEqual } from "./tokens";

// The cookies themselves are defined in cookies.ts; these names stay importable from here.
export {
  CSRF_COOKIE,
  cookieOptions,
  ensureCsrfCookie,
  rotateCsrfCookie,
  SESSION_COOKIE,
} from "./cookies";
export const CSRF_HEADER = "x-csrftoken";
/** The form field a plain HTML form (no JavaScript, so no header) sends the token in. */
export const CSRF_FIELD = "csrfmiddlewaretoken";

declare module "fastify" {
  interface FastifyRequest {
    session: SessionState | null;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const SESSIONLESS = /^\/(assets\/|media\/demo\/|(healthz|readyz)(\?|$)|robots\.txt|sitemap\.xml)/;

/**
 * Loads the session named by the cookie (anonymous visitors without a cookie cost no query) and
 * enforces CSRF: every unsafe request that carries a session cookie must send X-CSRFToken equal to
 * the csrftoken cookie (double submit), or carry it in the csrfmiddlewaretoken form field. HTML
 * form posts to pages (React Router actions, whose bodies stay unparsed) may instead come from our
 * own origin (the Origin header browsers always send on a form POST).
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance, opts: { sessions: SessionService; config: Config }) => {
    app.decorateRequest("session", null);
    const publicOrigin = publicOriginOf(opts.config.publicUrl);

    app.addHook("onRequest", async (request) => {
      const cookie = request.cookies[SESSION_COOKIE];
      // Static files and the health check never need the visitor: a signed-in page view would
      // otherwise cost a session query for every script and image it loads.
      if (cookie && !SESSIONLESS.test(request.url)) {
        request.session = await opts.sessions.load(cookie);
      }
    });

    // After the body is parsed, so an HTML form may carry the token as a field instead.
    app.addHook("preValidation", async (request, reply) => {
      if (SAFE_METHODS.has(request.method) || !request.cookies[SESSION_COOKIE]) return;
      const expected = request.cookies[CSRF_COOKIE];
      const field =
        request.body && typeof request.body === "object"
          ? (request.body as Record<string, unknown>)[CSRF_FIELD]
          : undefined;
      const tokenOk =
        safeEqual(request.headers[CSRF_HEADER] as string | undefined, expected) ||
        (typeof field === "string" && safeEqual(field, expected));
      const origin = request.headers.origin;
      const isApi = request.url.startsWith("/api/");
      const originOk = !isApi && isOwnOrigin(origin, request, publicOrigin);
      if (!tokenOk && !originOk) {
        return reply.status(403).send({ detail: "CSRF Failed: CSRF token missing or incorrect." });
      }
    });
  },
  { name: "payonce-session" },
);
