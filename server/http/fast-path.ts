/**
 * Cache hits answered before Fastify (issue 14: the anonymous cached pages near what the machine
 * can serve). A hit of the page cache (server/http/page-cache.ts) or of the API answer cache
 * (server/http/api-cache.ts) costs a map lookup and a copy of stored bytes; through Fastify it
 * also paid routing, a request and reply object, a child logger and every app-wide hook (session,
 * request id, input guard, security headers, cookies, compression), which together cost more
 * than the answer itself. So the HTTP server's `request` listener asks this module first, and
 * only what it declines goes to Fastify.
 *
 * It answers only what the slow path itself answered from the cache for the same request: the
 * slow path records, per exact request URL (path and query), the cache entry it read or filled
 * for a visitor without a session cookie (`learn`). Routing, validation, the input guard's URL
 * rule and the cache's own rules (cacheable page, harmless query, key, scope) were all applied
 * there, and they read nothing but the URL for such a visitor; a URL never seen, a session
 * cookie, a body, a method other than GET (HEAD for pages) or a client that takes brotli but not
 * gzip (the slow path compresses that per request) goes to Fastify as before. The entry is read
 * with its scope's current stamp and expiry as the slow path does, so an invalidation or a time
 * boundary is seen by the very next request; a miss goes to Fastify, which renders and stores.
 *
 * What the answer carries is the slow path's answer for a hit, header for header (pinned by
 * tests/api/fast-path.test.ts): the precomputed security headers with the page's own CSP nonce,
 * X-Request-Id, the stored headers, X-Cache: HIT, Vary, the encoding, a CSRF cookie for a visitor
 * without one (pages), and Content-Length; at the `info` log level the same two lines Fastify
 * writes ("incoming request", "request completed"). While the app closes, Fastify answers
 * (503 and Connection: close).
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { parseCookie, stringifySetCookie } from "cookie";
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../config";
import { newToken } from "../services/accounts/sessions";
import type { CachedPage, PageCacheService, PageScope } from "../services/cache/page-cache";
import { CSRF_COOKIE, csrfCookieOptions, SESSION_COOKIE } from "../web/cookies";
import { accepts, negotiate, varyWithEncoding } from "./compression";
import { CACHE_HEADER } from "./page-cache";
import { type Chunks, chunksWithNonce, gzipChunksWithNonce, newCspNonce } from "./page-nonce";
import { requestIdOf } from "./request-ids";
import { CSP_HEADER } from "./security-headers";

/** What a request URL is in the cache: a page (with a CSP nonce) or an API answer. */
export type FastEntry = { kind: "page" | "api"; key: string; scope: PageScope };

/** URLs remembered at most (each a few hundred bytes); the oldest goes first. */
const MAX_URLS = 10_000;

// The CSRF cookie's token, as ensureCsrfCookie (server/web/cookies.ts) accepts it.
const CSRF_TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

declare module "fastify" {
  interface FastifyInstance {
    /** Cache hits before Fastify (server/http/fast-path.ts). */
    fastPath: FastPath;
  }
}

export type FastPath = ReturnType<typeof createFastPath>;

export function createFastPath(deps: {
  pageCache: PageCacheService;
  config: Config;
  /** The security headers every answer carries (server/http/security-headers.ts). */
  securityHeaders: [string, string][];
  /** The page CSP for a nonce. */
  pagePolicy(nonce: string): string;
  log: FastifyBaseLogger;
}) {
  const { pageCache, securityHeaders, pagePolicy, log } = deps;
  const urls = new Map<string, FastEntry>();
  // @fastify/cookie's setCookie adds SameSite=Lax under the options given (as it does).
  const csrfOptions = { sameSite: "lax" as const, ...csrfCookieOptions(deps.config) };
  let closing = false;
  // Answers sent from here (tests and diagnostics tell the two paths apart by it).
  let answered = 0;
  // Fastify's request prototype, for the log line's `req` (its `ip` and `host` follow
  // TRUST_PROXY as Fastify's do): taken from the first request the slow path answers.
  let requestPrototype: object | null = null;

  /**
   * The slow path served `request` from the cache entry `entry` (a hit, or a page it rendered
   * and stored): the same URL may be answered here from now on, when sent without a session.
   */
  function learn(request: FastifyRequest, entry: FastEntry): void {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    if (hasSessionCookie(request.headers.cookie)) return;
    requestPrototype ??= Object.getPrototypeOf(request) as object;
    const url = request.url;
    const known = urls.get(url);
    if (known && known.key === entry.key && known.kind === entry.kind) return;
    urls.delete(url);
    urls.set(url, entry);
    if (urls.size > MAX_URLS) {
      const oldest = urls.keys().next().value;
      if (oldest !== undefined) urls.delete(oldest);
    }
  }

  /** The entry to try for this request and whether it goes gzip (else identity), or undefined. */
  function candidate(req: IncomingMessage): { entry: FastEntry; gzipped: boolean } | undefined {
    if (closing) return undefined;
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return undefined;
    const entry = urls.get(req.url ?? "");
    if (!entry) return undefined;
    if (entry.kind === "api" && method !== "GET") return undefined;
    const headers = req.headers;
    if (headers["content-length"] !== undefined || headers["transfer-encoding"] !== undefined)
      return undefined;
    if (hasSessionCookie(headers.cookie)) return undefined;
    // Brotli without gzip: the slow path compresses the stored page per request.
    const encoding = headers["accept-encoding"];
    const gzipped = accepts(encoding, "gzip");
    if (!gzipped && negotiate(encoding) !== null) return undefined;
    return { entry, gzipped };
  }

  /** Answers `hit` the way the slow path does (page-cache.ts and api-cache.ts `sendStored`). */
  function answer(
    req: IncomingMessage,
    res: ServerResponse,
    entry: FastEntry,
    hit: CachedPage,
    gzipped: boolean,
  ) {
    const started = performance.now();
    answered++;
    const id = requestIdOf(req);
    const logged = infoEnabled();
    if (logged) log.info({ reqId: id, req: logRequest(req) }, "incoming request");
    const page = entry.kind === "page";
    const nonce = page ? newCspNonce() : "";
    const out: Record<string, string | string[]> = {};
    for (const [name, value] of securityHeaders)
      out[name] = page && name === CSP_HEADER ? pagePolicy(nonce) : value;
    out["x-request-id"] = id;
    for (const name in hit.headers) out[name] = hit.headers[name] as string;
    out[CACHE_HEADER] = "HIT";
    out.vary = varyWithEncoding(out.vary as string | undefined);
    if (gzipped) out["content-encoding"] = "gzip";
    if (page) {
      const cookie = csrfCookieFor(req.headers.cookie);
      if (cookie) out["set-cookie"] = cookie;
    }
    const head = req.method === "HEAD";
    const body: Chunks | null = head
      ? null
      : gzipped
        ? gzipChunksWithNonce(hit.parts, hit.gzip, nonce)
        : chunksWithNonce(hit.parts, nonce);
    if (body) out["content-length"] = String(body.length);
    if (logged) {
      res.once("finish", () =>
        log.info(
          {
            reqId: id,
            res: { statusCode: res.statusCode },
            responseTime: performance.now() - started,
          },
          "request completed",
        ),
      );
    }
    res.writeHead(hit.status, out);
    if (!body) {
      res.end();
      return;
    }
    // One writev for the head and every chunk; the stored buffers are sent as they are.
    res.cork();
    for (const chunk of body.chunks) res.write(chunk);
    res.end();
    res.uncork();
  }

  /** Whether Fastify would write its two lines per request (no logger at all: never). */
  function infoEnabled(): boolean {
    const pinoLog = log as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
    return pinoLog.isLevelEnabled?.("info") === true;
  }

  /** A fresh CSRF cookie unless the visitor has a valid one (ensureCsrfCookie's rule). */
  function csrfCookieFor(cookieHeader: string | undefined): string | null {
    if (cookieHeader) {
      const existing = parseCookie(cookieHeader)[CSRF_COOKIE];
      if (existing && CSRF_TOKEN.test(existing)) return null;
    }
    return stringifySetCookie({ name: CSRF_COOKIE, value: newToken(), ...csrfOptions });
  }

  /** What Fastify's request serializer reads (server/http/log-safety.ts), on the raw request. */
  function logRequest(req: IncomingMessage): unknown {
    if (requestPrototype) return Object.create(requestPrototype, { raw: { value: req } });
    return req;
  }

  /**
   * Puts this module in front of Fastify's handler on `server` (Fastify's own server, whose one
   * `request` listener is its handler: timeouts, keep-alive and closing stay Fastify's).
   */
  function install(app: FastifyInstance): void {
    const server: Server = app.server;
    const listeners = server.listeners("request");
    if (listeners.length !== 1)
      throw new Error("fast path: expected Fastify's one request listener");
    const fastify = listeners[0] as (req: IncomingMessage, res: ServerResponse) => void;
    server.removeListener("request", fastify);
    server.on("request", (req: IncomingMessage, res: ServerResponse) => {
      const found = candidate(req);
      if (!found) return fastify(req, res);
      const { entry, gzipped } = found;
      pageCache.get(entry.key, entry.scope).then(
        (hit) => {
          if (!hit || closing) return fastify(req, res);
          try {
            answer(req, res, entry, hit, gzipped);
          } catch (err) {
            // Nothing written yet (a stored header Node refuses): Fastify answers instead.
            if (!res.headersSent) return fastify(req, res);
            log.error({ err, reqId: requestIdOf(req) }, "fast path: answer failed");
            res.destroy();
          }
        },
        () => fastify(req, res),
      );
    });
    app.addHook("preClose", async () => {
      closing = true;
    });
  }

  return { learn, install, answered: () => answered, urls: () => urls.size };
}

/** A session cookie (any, valid or not): the slow path loads it and decides. */
function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader?.includes(SESSION_COOKIE) === true;
}
