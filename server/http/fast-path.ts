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
 * cookie the slow path has not seen lately, a body, a method other than GET (HEAD for pages) or a
 * client that takes brotli but not gzip (the slow path compresses that per request) goes to
 * Fastify as before. The entry is read
 * with its scope's current stamp and expiry as the slow path does, so an invalidation or a time
 * boundary is seen by the very next request; a miss goes to Fastify, which renders and stores.
 *
 * What the answer carries is the slow path's answer for a hit, header for header (pinned by
 * tests/api/fast-path.test.ts): the precomputed security headers, X-Request-Id, and what
 * server/http/replay.ts makes of the stored answer for both paths (its stored headers, a page's
 * hash-based CSP among them, X-Cache, Vary, ETag, Cache-Control, the encoding, Content-Length,
 * and a 304 for a matching If-None-Match); no cookie (a reader without a session needs no CSRF
 * token, decision 057); at the `info` log level the same two lines Fastify writes ("incoming
 * request", "request completed"). While the app closes, Fastify answers (503 and
 * Connection: close).
 *
 * Signed-in readers (decision 066): a page the slow path kept for an audience and served to a
 * signed-in reader is answered here to the same session for AUDIENCE_TTL_MS, from the audience
 * the slow path found for it, without loading the session; their own writes forget it at once.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { parseCookie } from "cookie";
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../config";
import { hashToken } from "../services/accounts/sessions";
import type { CachedHit, PageCacheService, PageScope } from "../services/cache/page-cache";
import { SESSION_COOKIE } from "../web/cookies";
import { accepts, negotiate } from "./compression";
import { type Metrics, routeLabel } from "./metrics";
import { audienceOf } from "./page-cache";
import { hasSessionCookie, replay } from "./replay";
import { requestIdOf } from "./request-ids";

/**
 * What a request URL is in the cache: a page or an API answer. A page's key is its `path` and
 * the reader's audience (`${path}|${audience}`, server/http/page-cache.ts `cacheDecision`).
 */
export type FastEntry = {
  kind: "page" | "api";
  key: string;
  scope: PageScope;
  /** A page's path part of the key; its audience is the rest. */
  path?: string;
  audience?: string;
  /** Its route id, for the metrics' labels (server/http/metrics.ts `routeLabel`). */
  route?: string;
};

/** URLs remembered at most (each a few hundred bytes); the oldest goes first. */
const MAX_URLS = 10_000;

/**
 * How long a signed-in reader's audience, as the slow path last found it, answers their pages
 * here (decision 066). Their own writes (any request but GET and HEAD with their session cookie)
 * forget it at once in this process; a change made elsewhere (staff granting a role, another
 * worker taking their currency change, a Plus term ending) shows on the shared parts of their
 * pages within this time. Only pages kept for an audience are answered from it: they name no one,
 * and the personal parts are filled by requests that always load the session.
 */
export const AUDIENCE_TTL_MS = 15_000;
/** Signed-in sessions remembered at most (each under 200 bytes); the oldest goes first. */
const MAX_SESSIONS = 20_000;

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
  log: FastifyBaseLogger;
  metrics: Metrics;
}) {
  const { pageCache, securityHeaders, log, metrics } = deps;
  const urls = new Map<string, FastEntry>();
  // Signed-in readers: the page a URL is (path and scope), learned from any reader, and each
  // session's audience, by session id (the hash of its token, as the sessions table keys it).
  const pagePaths = new Map<string, { path: string; scope: PageScope; route: string }>();
  const audiences = new Map<string, { audience: string; until: number }>();
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
  function learn(request: FastifyRequest, given: FastEntry): void {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    const entry = { ...given, route: routeLabel(request) };
    if (entry.kind === "page" && entry.path !== undefined && entry.audience !== undefined)
      remember(
        pagePaths,
        request.url,
        { path: entry.path, scope: entry.scope, route: entry.route },
        MAX_URLS,
      );
    if (hasSessionCookie(request.headers.cookie)) {
      const session = request.session;
      if (session?.user && entry.kind === "page" && entry.audience !== undefined)
        remember(
          audiences,
          session.id,
          { audience: entry.audience, until: pageCache.now() + AUDIENCE_TTL_MS },
          MAX_SESSIONS,
        );
      return;
    }
    requestPrototype ??= Object.getPrototypeOf(request) as object;
    const url = request.url;
    const known = urls.get(url);
    if (known && known.key === entry.key && known.kind === entry.kind) return;
    remember(urls, url, entry, MAX_URLS);
  }

  /** The slow path found this session no longer shares an audience's pages (or it wrote). */
  function forget(sessionId: string): void {
    audiences.delete(sessionId);
  }

  /**
   * Any request the slow path loaded the session for (a page's fill, an API read, a poll) checks
   * the audience remembered for it against the session as it is now, and forgets a changed one:
   * a change made elsewhere (a webhook completing Plus, staff granting a role) then reaches the
   * reader's next page, not 15 s later.
   */
  function confirm(request: FastifyRequest): void {
    const session = request.session;
    if (!session?.user) return;
    const known = audiences.get(session.id);
    if (known && audienceOf(session, 0) !== known.audience) audiences.delete(session.id);
  }

  /** The entry to try for this request, or undefined. */
  function candidate(req: IncomingMessage): FastEntry | undefined {
    if (closing) return undefined;
    const method = req.method;
    const headers = req.headers;
    const signedIn = hasSessionCookie(headers.cookie);
    if (method !== "GET" && method !== "HEAD") {
      // A reader's own write may change their audience (currency, sign-out, Plus): the next
      // page goes through the slow path, which loads the session again.
      if (signedIn) forgetToken(headers.cookie);
      return undefined;
    }
    if (headers["content-length"] !== undefined || headers["transfer-encoding"] !== undefined)
      return undefined;
    // Brotli without gzip: the slow path compresses the stored page per request.
    const encoding = headers["accept-encoding"];
    if (!accepts(encoding, "gzip") && negotiate(encoding) !== null) return undefined;
    const url = req.url ?? "";
    if (signedIn) return signedInEntry(url, headers.cookie);
    const entry = urls.get(url);
    if (!entry) return undefined;
    if (entry.kind === "api" && method !== "GET") return undefined;
    return entry;
  }

  /** A signed-in reader's page, when both the URL and their audience are known and fresh. */
  function signedInEntry(url: string, cookieHeader: string | undefined): FastEntry | undefined {
    const page = pagePaths.get(url);
    if (!page) return undefined;
    const id = sessionIdOf(cookieHeader);
    if (!id) return undefined;
    const known = audiences.get(id);
    if (!known) return undefined;
    if (known.until <= pageCache.now()) {
      audiences.delete(id);
      return undefined;
    }
    return {
      kind: "page",
      key: `${page.path}|${known.audience}`,
      scope: page.scope,
      path: page.path,
      audience: known.audience,
      route: page.route,
    };
  }

  function forgetToken(cookieHeader: string | undefined): void {
    const id = sessionIdOf(cookieHeader);
    if (id) audiences.delete(id);
  }

  /** Answers `hit` as the slow path does: security headers, request id, then `replay`'s. */
  function answer(req: IncomingMessage, res: ServerResponse, hit: CachedHit, entry: FastEntry) {
    const started = performance.now();
    answered++;
    const id = requestIdOf(req);
    const logged = infoEnabled();
    if (logged) log.info({ reqId: id, req: logRequest(req) }, "incoming request");
    const stored = replay(req, hit, "HIT", pageCache.now());
    const out: Record<string, string> = {};
    for (const [name, value] of securityHeaders) out[name] = value;
    out["x-request-id"] = id;
    for (const name in stored.headers) out[name] = stored.headers[name] as string;
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
    res.writeHead(stored.status, out);
    // One write for the head and the stored bytes, sent as they are.
    res.end(stored.body ?? undefined);
    metrics.cacheVerdict("fast_path", "hit");
    metrics.observe(
      req.method ?? "GET",
      entry.route ?? "unmatched",
      stored.status,
      (performance.now() - started) / 1000,
    );
  }

  /** Whether Fastify would write its two lines per request (no logger at all: never). */
  function infoEnabled(): boolean {
    const pinoLog = log as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
    return pinoLog.isLevelEnabled?.("info") === true;
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
      const entry = candidate(req);
      if (!entry) return fastify(req, res);
      pageCache.get(entry.key, entry.scope).then(
        (hit) => {
          if (!hit || closing) return fastify(req, res);
          try {
            answer(req, res, hit, entry);
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

  return {
    learn,
    forget,
    confirm,
    install,
    answered: () => answered,
    urls: () => urls.size,
    sessions: () => audiences.size,
  };
}

/** The session id (its token's hash) a Cookie header names, as the session plugin reads it. */
function sessionIdOf(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  const token = parseCookie(cookieHeader)[SESSION_COOKIE];
  // The sessions service reads no longer token (services/accounts/sessions.ts `load`).
  if (!token || token.length > 200) return undefined;
  return hashToken(token);
}

/** Sets `key` as the newest of `map`, dropping the oldest past `max`. */
function remember<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
}
