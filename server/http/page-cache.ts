/**
 * The page HTML cache in front of React Router ("Fast for everyone"): most views of the product
 * pages, their review and question lists, home, collections, taxonomy and browse are the same for
 * every reader of one audience (domain/audience.ts), so they are rendered once and replayed until
 * what they show changes (page events: a deal's pages on its change, listing pages on any deal's)
 * or their next time boundary passes. Which routes are cached is declared in domain/cache-routes.ts.
 * Readers without an audience (signed in, a cart) and any query string beyond tracking parameters
 * go around it (X-Cache: BYPASS).
 *
 * A cached page's bytes are fixed (issue 32, decision 056): it is rendered without a nonce, and
 * its CSP allows its inline scripts by their hashes (server/http/page-csp.ts). Set-Cookie is
 * never stored nor replayed. So a hit is its stored buffer and headers (server/http/replay.ts),
 * which any shared cache in front may keep too (Cache-Control public, Surrogate-Key).
 */
import { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import { audienceKey } from "../../domain/audience";
import { surrogateKeys } from "../../domain/cache-routes";
import { cacheablePage, isHarmlessQuery } from "../../domain/page-cache";
import type { SessionState } from "../services/accounts/sessions";
import type { CachedHit, PageCacheService, PageScope } from "../services/cache/page-cache";
import { renderedBodyOf } from "../web/rendered-body";
import { fixedPage, newCspNonce } from "./page-csp";
import { CACHE_HEADER, replay, storable } from "./replay";
import { CSP_HEADER } from "./security-headers";

export { CACHE_HEADER };

/** What a page's own answer may never be kept by a shared cache with. */
export const PRIVATE = "private, no-store";

export type CacheDecision =
  /** Not a cacheable kind of page at all: no X-Cache header. */
  | { kind: "none" }
  | { kind: "bypass" }
  /** `key` is `${path}|${audience}`. */
  | { kind: "cache"; key: string; scope: PageScope; path: string; audience: string };

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
  const audience = audienceOf(session, cartCount);
  if (audience === null) {
    // Rendered for this reader alone now (a deal role, staff, a cart): the fast path must not
    // answer them from the audience it knew (server/http/fast-path.ts).
    if (session) request.server.fastPath.forget(session.id);
    return { kind: "bypass" };
  }
  const key = `${page.path}|${audience}`;
  const scope: PageScope =
    page.kind === "deal" ? { kind: "deal", slug: page.slug } : { kind: "listing" };
  return { kind: "cache", key, scope, path: page.path, audience };
}

/** The audience a page is kept for, for this session (none: anonymous). */
export function audienceOf(session: SessionState | null, cartCount: number): string | null {
  return audienceKey({
    sessionId: session?.id ?? null,
    currency: session?.currency ?? "USD",
    campaigns: session?.campaigns ?? [],
    user: session?.user ?? null,
    cartCount,
  });
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

/** Surrogate-Key (Fastly, Varnish xkey) and Cache-Tag (Cloudflare) of a scope's answers. */
export function surrogateHeaders(scope: PageScope): Record<string, string> {
  const keys =
    scope.kind === "deal" ? surrogateKeys("deal", scope.slug) : surrogateKeys("listings");
  return { "surrogate-key": keys.join(" "), "cache-tag": keys.join(",") };
}

/**
 * Answers a cacheable request from the cache, or renders it with `render` (under a one-off
 * nonce, removed from what is kept), stores it when it is a plain 200 HTML page, and sends it.
 * `pagePolicy` is the page CSP for its script sources: the hashes of the inline scripts the app
 * wrote (server/http/page-csp.ts).
 */
export async function serveCached(
  request: FastifyRequest,
  reply: FastifyReply,
  decision: Extract<CacheDecision, { kind: "cache" }>,
  pageCache: PageCacheService,
  render: (cspNonce: string) => Promise<Response>,
  pagePolicy: (sources: readonly string[]) => string,
): Promise<FastifyReply> {
  const hit = await pageCache.get(decision.key, decision.scope);
  const entry = {
    kind: "page",
    key: decision.key,
    scope: decision.scope,
    path: decision.path,
    audience: decision.audience,
  } as const;
  if (hit) {
    request.server.fastPath.learn(request, entry);
    return sendStored(request, reply, hit, "HIT", pageCache.now());
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
      return sendStored(request, reply, page, "HIT", pageCache.now());
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
    // A one-off nonce marks the scripts the app writes; the stored page carries none.
    const marker = newCspNonce();
    const response = await render(marker);
    const html = response.headers.get("content-type")?.startsWith("text/html") ?? false;
    if (!html)
      return sendResponse(
        reply.header(CACHE_HEADER, "MISS").header("cache-control", PRIVATE),
        response,
      );
    // Rendered whole (app/entry.server.tsx): its CSP is the hashes of its own inline scripts.
    const rendered = renderedBodyOf(response) ?? Buffer.from(await response.arrayBuffer());
    const { body, sources } = fixedPage(rendered, marker);
    const policy = pagePolicy(sources);
    const headers = storableHeaders(response);
    if (request.method !== "GET" || response.status !== 200 || !headers || !stamp) {
      // Sent once, never kept: with its own cookies, to this reader only.
      reply.raw.setHeader(CSP_HEADER, policy);
      const own = new Response(request.method === "HEAD" ? null : new Uint8Array(body), {
        status: response.status,
        headers: response.headers,
      });
      return sendResponse(reply.header(CACHE_HEADER, "MISS").header("cache-control", PRIVATE), own);
    }
    const page = await storable(
      response.status,
      {
        ...headers,
        [CSP_HEADER]: policy,
        ...surrogateHeaders(decision.scope),
      },
      body,
    );
    const kept = await pageCache.put(decision.key, decision.scope, stamp, page);
    // The next request for this URL may be answered before Fastify (server/http/fast-path.ts).
    if (kept) request.server.fastPath.learn(request, entry);
    // Not kept (its boundary is now, or the store failed): sent as this reader's alone.
    const sent: CachedHit = kept ?? { ...page, expiresAt: 0 };
    return sendStored(request, reply, sent, "MISS", pageCache.now());
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

/** A stored answer through Fastify: what `replay` says, as the fast path sends it. */
export function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  hit: CachedHit,
  xCache: "HIT" | "MISS",
  now: number,
): FastifyReply {
  const answer = replay(request, hit, xCache, now);
  reply.status(answer.status).headers(answer.headers);
  return answer.body ? reply.send(answer.body) : reply.send();
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
