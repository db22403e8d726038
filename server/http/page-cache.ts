/**
 * The anonymous page HTML cache in front of React Router ("Fast for everyone"): most views of
 * the product pages, their review and question lists, home, collections, taxonomy and browse are
 * anonymous and identical, so they are rendered once and replayed until what they show changes
 * (page events: a deal's pages on its change, listing pages on any deal's) or their next time
 * boundary passes. Signed-in visitors, sessions
 * with a cart, and any query string beyond tracking parameters go around it (X-Cache: BYPASS).
 * Set-Cookie is never stored nor replayed; the visitor's own CSRF cookie is issued per request.
 * Nor is a CSP nonce: every answer, a hit included, carries its own (server/http/page-nonce.ts).
 */
import { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import { audienceKey } from "../../domain/audience";
import { cacheablePage, isHarmlessQuery } from "../../domain/page-cache";
import type { PageCacheService, PageScope } from "../services/cache/page-cache";
import { renderedBodyOf } from "../web/rendered-body";
import { accepts, varyOnEncoding } from "./compression";
import { cutAtNonce, deflateParts, gzipWithNonce, joinWithNonce } from "./page-nonce";

export const CACHE_HEADER = "x-cache";

export type CacheDecision =
  /** Not a cacheable kind of page at all: no X-Cache header. */
  { kind: "none" } | { kind: "bypass" } | { kind: "cache"; key: string; scope: PageScope };

/** Decides, before rendering, whether this request may be answered from (and fill) the cache. */
export async function cacheDecision(
  request: FastifyRequest,
  pageCache: PageCacheService,
): Promise<CacheDecision> {
  if (request.method !== "GET" && request.method !== "HEAD") return { kind: "none" };
  const q = request.url.indexOf("?");
  const pathname = q === -1 ? request.url : request.url.slice(0, q);
  const page = cacheablePage(pathname);
  if (!page) return { kind: "none" };
  if (!isHarmlessQuery(q === -1 ? "" : request.url.slice(q + 1))) return { kind: "bypass" };
  const session = request.session;
  // The cart count decides only for an anonymous reader; the session load counted it already
  // (add-ons only ever come with their plan).
  const cartCount =
    !session || session.user
      ? 0
      : session.cartCountAtLoad !== undefined
        ? session.cartCountAtLoad
        : (await pageCache.sessionHasCart(session.id))
          ? 1
          : 0;
  const audience = audienceKey({
    sessionId: session?.id ?? null,
    currency: session?.currency ?? "USD",
    campaigns: session?.campaigns ?? [],
    user: session?.user ?? null,
    cartCount,
  });
  if (audience === null) return { kind: "bypass" };
  const key = `${page.path}|${audience}`;
  const scope: PageScope =
    page.kind === "deal" ? { kind: "deal", slug: page.slug } : { kind: "listing" };
  return { kind: "cache", key, scope };
}

/** Headers worth replaying: everything React Router set except cookies. */
function storableHeaders(response: Response): Record<string, string> | null {
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) {
    // A page that sets a cookie is about its visitor: never shared.
    if (name === "set-cookie") return null;
    // A page that says it is private (the for-you collection, a staff preview) is not shared.
    if (name === "cache-control" && /\b(private|no-store)\b/.test(value)) return null;
    // Fastify computes the length of what it sends (identity or gzip).
    if (name === "content-length" || name === "content-encoding") continue;
    headers[name] = value;
  }
  return headers;
}

/**
 * Answers a cacheable request from the cache, or renders it with `render`, stores it when it is
 * a plain 200 HTML page, and sends it. `nonce` is this response's CSP nonce: the one `render`
 * renders with, and the one a stored page is replayed with.
 */
export async function serveCached(
  request: FastifyRequest,
  reply: FastifyReply,
  decision: Extract<CacheDecision, { kind: "cache" }>,
  pageCache: PageCacheService,
  render: () => Promise<Response>,
  nonce: string,
): Promise<FastifyReply> {
  const hit = await pageCache.get(decision.key, decision.scope);
  const entry = { kind: "page", key: decision.key, scope: decision.scope } as const;
  if (hit) {
    request.server.fastPath.learn(request, entry);
    reply.status(hit.status).headers(hit.headers).header(CACHE_HEADER, "HIT");
    return sendStored(request, reply, hit.parts, hit.gzip, nonce);
  }
  // Taken before rendering: an invalidation during the render leaves this page stale on arrival.
  const stamp = await pageCache.stamp(decision.scope);
  const fills = fillsOf(pageCache);
  // The same page under the same stamp is being rendered for another request: wait for that
  // render and read the cache again, rather than render the page once more (a cold or just
  // invalidated page under load: one render, not one per waiting request). What it stored is
  // what this request's own render would store (no event came between), and the read applies
  // the stamp and the time boundary as any hit does; nothing stored: this request renders.
  const pending = stamp ? fills.get(decision.key) : undefined;
  if (pending && pending.stamp === stamp) {
    await pending.done;
    const page = await pageCache.get(decision.key, decision.scope);
    if (page) {
      request.server.fastPath.learn(request, entry);
      reply.status(page.status).headers(page.headers).header(CACHE_HEADER, "HIT");
      return sendStored(request, reply, page.parts, page.gzip, nonce);
    }
  }
  // Only a GET's render may be stored: only a GET leads (in place of a render under an older
  // stamp, whose page no request waits for any more).
  let settle: () => void = () => {};
  const fill: Fill | null =
    stamp && request.method === "GET" && fills.get(decision.key)?.stamp !== stamp
      ? { stamp, done: new Promise<void>((resolve) => (settle = resolve)) }
      : null;
  if (fill) fills.set(decision.key, fill);
  try {
    const response = await render();
    const headers = storableHeaders(response);
    const html = response.headers.get("content-type")?.startsWith("text/html") ?? false;
    if (request.method !== "GET" || response.status !== 200 || !headers || !html || !stamp) {
      return sendResponse(reply.header(CACHE_HEADER, "MISS"), response);
    }
    const body = renderedBodyOf(response) ?? Buffer.from(await response.arrayBuffer());
    // Stored without this visitor's nonce: a replay puts its own where it stood.
    const parts = cutAtNonce(body, nonce);
    const gzip = await deflateParts(parts);
    await pageCache.put(decision.key, decision.scope, stamp, {
      status: response.status,
      headers,
      parts,
      gzip,
    });
    // The next request for this URL may be answered before Fastify (server/http/fast-path.ts).
    request.server.fastPath.learn(request, entry);
    reply.status(response.status).headers(headers).header(CACHE_HEADER, "MISS");
    return sendStored(request, reply, parts, gzip, nonce);
  } finally {
    if (fill) {
      if (fills.get(decision.key) === fill) fills.delete(decision.key);
      settle();
    }
  }
}

/** A render in progress for a key, under the stamp taken before it; `done` once it is over. */
type Fill = { stamp: string; done: Promise<void> };
/** Each cache's renders in progress, by key (several apps may share a process: tests). */
const fillsByCache = new WeakMap<PageCacheService, Map<string, Fill>>();
function fillsOf(pageCache: PageCacheService): Map<string, Fill> {
  let fills = fillsByCache.get(pageCache);
  if (!fills) {
    fills = new Map();
    fillsByCache.set(pageCache, fills);
  }
  return fills;
}

/**
 * A stored page with `nonce`: its stored gzip copy to clients that take gzip (even those that
 * prefer brotli: a replay then costs a CRC, not a compression), the plain bytes to the others.
 */
function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  parts: Buffer[],
  gzip: Buffer[],
  nonce: string,
): FastifyReply {
  varyOnEncoding(reply);
  const gzipped = accepts(request.headers["accept-encoding"], "gzip");
  if (gzipped) reply.header("content-encoding", "gzip");
  if (request.method === "HEAD") return reply.send();
  return reply.send(gzipped ? gzipWithNonce(parts, gzip, nonce) : joinWithNonce(parts, nonce));
}

/** Sends a web Response through Fastify (streamed; cookies as separate headers). */
export async function sendResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header("set-cookie", cookies);
  if (!response.body) return reply.send();
  // A page rendered whole: its one buffer (compressed in one call by the onSend hook).
  const rendered = renderedBodyOf(response);
  if (rendered) return reply.send(rendered);
  return reply.send(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream));
}
