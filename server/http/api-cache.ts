/**
 * The anonymous answer cache of the public read APIs ("Fast for everyone", issue 14): a deal's
 * review and question lists and the deal search. Their anonymous answers are the same for every
 * anonymous visitor (they read no currency, campaign opt-in, experiment or cart), so they are
 * stored through the page cache (server/services/cache/page-cache.ts) and replayed with
 * X-Cache: HIT until a page event moves their scope (a deal's lists: that deal; the search: the
 * listings, which every deal change moves) or their next time boundary passes (60 s at most).
 * A signed-in viewer goes around it (X-Cache: BYPASS): pending items, own votes and moderator
 * fields make the answer personal. Only plain 200 answers that set no cookie are stored, with
 * their gzip copy, and replayed as pages are (server/http/replay.ts): Cache-Control public and
 * Surrogate-Key for a reader without a session, so a shared cache may keep them too. Which routes
 * use it is declared in domain/cache-routes.ts (API_ROUTES).
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { apiRoute } from "../../domain/cache-routes";
import type { PageCacheService, PageScope } from "../services/cache/page-cache";
import { CACHE_HEADER, sendStored, surrogateHeaders } from "./page-cache";
import { storable } from "./replay";

const JSON_TYPE = "application/json; charset=utf-8";
// Query names that may be put in order: plain names, each given once (then the order of the
// parameters cannot change what the route reads).
const PLAIN_NAME = /^[a-z_]{1,40}$/;

/**
 * The query string as a cache key part: its parameters sorted by name when every name is plain
 * and given once, else exactly as sent (two requests never share an entry unless the route
 * reads them the same way).
 */
export function normalizedQuery(url: string): string {
  const q = url.indexOf("?");
  if (q === -1) return "";
  const raw = url.slice(q + 1);
  if (raw === "") return "";
  const segments = raw.split("&");
  const names = segments.map((s) => {
    const eq = s.indexOf("=");
    return eq === -1 ? s : s.slice(0, eq);
  });
  if (!names.every((n) => PLAIN_NAME.test(n)) || new Set(names).size !== names.length) return raw;
  return segments.sort().join("&");
}

/** The cache key of an API answer: a prefix no page path has, the path and the query. */
export const apiCacheKey = (path: string, url: string) => `api:${path}?${normalizedQuery(url)}`;

/**
 * A deal's scope as a route names the deal: by slug, or by id (`#<id>`: the page cache bumps a
 * deal's id scope with its slug scope, server/services/cache/page-cache.ts).
 */
export const dealScopeOf = (dealKey: string): PageScope => ({
  kind: "deal",
  slug: /^\d+$/.test(dealKey) ? `#${Number(dealKey)}` : dealKey,
});

/**
 * The route's answer for `request`: from the cache for an anonymous viewer, or `produce()`
 * (serialized by the route's response schema, as Fastify would) stored when it may be shared.
 */
export async function cachedJson<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  pageCache: PageCacheService,
  path: string,
  scope: PageScope,
  produce: () => Promise<T>,
): Promise<T | undefined> {
  // Only the routes the caching table declares cached come here (a mistake fails every test).
  const declared = apiRoute("GET", request.routeOptions.url ?? "");
  if (!declared?.cached) throw new Error(`${request.routeOptions.url}: not declared cached`);
  if (request.session?.user || (request.method !== "GET" && request.method !== "HEAD")) {
    reply.header(CACHE_HEADER, "BYPASS");
    return produce();
  }
  const key = apiCacheKey(path, request.url);
  const hit = await pageCache.get(key, scope);
  if (hit) {
    request.server.fastPath.learn(request, { kind: "api", key, scope });
    // Awaiting the reply waits until it is sent: the handler then resolves with nothing to send.
    await sendStored(request, reply, hit, "HIT", pageCache.now());
    return;
  }
  // Taken before reading: an event while reading leaves this answer stale on arrival.
  const stamp = await pageCache.stamp(scope);
  const value = await produce();
  reply.header(CACHE_HEADER, "MISS");
  const status = reply.statusCode;
  if (request.method !== "GET" || status !== 200 || !stamp || reply.hasHeader("set-cookie")) {
    return value;
  }
  const body = Buffer.from(reply.serialize(value) as string);
  const headers = { "content-type": JSON_TYPE, ...surrogateHeaders(scope) };
  const page = await storable(status, headers, body);
  const kept = await pageCache.put(key, scope, stamp, page);
  // The next request for this URL may be answered before Fastify (server/http/fast-path.ts).
  if (kept) request.server.fastPath.learn(request, { kind: "api", key, scope });
  await sendStored(request, reply, kept ?? { ...page, expiresAt: 0 }, "MISS", pageCache.now());
  return;
}
