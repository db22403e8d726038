/**
 * The anonymous answer cache of the public read APIs ("Fast for everyone", issue 14): a deal's
 * review and question lists and the deal search. Their anonymous answers are the same for every
 * anonymous visitor (they read no currency, campaign opt-in, experiment or cart), so they are
 * stored through the page cache (server/services/cache/page-cache.ts) and replayed with
 * X-Cache: HIT until a page event moves their scope (a deal's lists: that deal; the search: the
 * listings, which every deal change moves) or their next time boundary passes (60 s at most).
 * A signed-in viewer goes around it (X-Cache: BYPASS): pending items, own votes and moderator
 * fields make the answer personal. Only plain 200 answers that set no cookie are stored. A JSON
 * body has no CSP nonce: it is stored as one part, with its gzip copy.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { PageCacheService, PageScope } from "../services/cache/page-cache";
import { accepts, varyOnEncoding } from "./compression";
import { CACHE_HEADER } from "./page-cache";
import { deflateParts, gzipWithNonce, joinWithNonce } from "./page-nonce";

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

// Every answer from here carries one part (no nonce): replays join it with none.
const NO_NONCE = "";

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
  if (request.session?.user || (request.method !== "GET" && request.method !== "HEAD")) {
    reply.header(CACHE_HEADER, "BYPASS");
    return produce();
  }
  const key = apiCacheKey(path, request.url);
  const hit = await pageCache.get(key, scope);
  if (hit) {
    request.server.fastPath.learn(request, { kind: "api", key, scope });
    reply.status(hit.status).headers(hit.headers).header(CACHE_HEADER, "HIT");
    // Awaiting the reply waits until it is sent: the handler then resolves with nothing to send.
    await sendStored(request, reply, hit.parts, hit.gzip);
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
  const parts = [body];
  const gzip = await deflateParts(parts);
  const headers = { "content-type": JSON_TYPE };
  await pageCache.put(key, scope, stamp, { status, headers, parts, gzip });
  // The next request for this URL may be answered before Fastify (server/http/fast-path.ts).
  request.server.fastPath.learn(request, { kind: "api", key, scope });
  reply.headers(headers);
  await sendStored(request, reply, parts, gzip);
  return;
}

/** A stored answer: its gzip copy to clients that take gzip, the plain bytes to the others. */
function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  parts: Buffer[],
  gzip: Buffer[],
): FastifyReply {
  varyOnEncoding(reply);
  const gzipped = accepts(request.headers["accept-encoding"], "gzip");
  if (gzipped) reply.header("content-encoding", "gzip");
  if (request.method === "HEAD") return reply.send();
  return reply.send(
    gzipped ? gzipWithNonce(parts, gzip, NO_NONCE) : joinWithNonce(parts, NO_NONCE),
  );
}
