/**
 * The one way a stored answer (a page or an API answer) is replayed (issue 32): the fast path
 * (server/http/fast-path.ts, before Fastify), the page cache's slow path (page-cache.ts) and the
 * API answer cache (api-cache.ts) all send what `replay` returns, so a header added here reaches
 * every hit. A replay is the stored bytes (plain or their stored gzip) and headers: the stored
 * ones (content type, the page's hash-based CSP, Surrogate-Key and Cache-Tag), X-Cache, Vary,
 * the encoding, the ETag (304 on a matching If-None-Match) and Cache-Control: `public` with an
 * s-maxage up to the answer's own expiry for a reader without a session cookie (whose answer
 * any shared cache may keep and give to any such reader), `private, no-cache` for a reader with
 * one (their audience may be their currency or campaign opt-ins, which a shared cache keyed by URL
 * cannot tell apart).
 */
import { createHash } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { CachedHit, CachedPage } from "../services/cache/page-cache";
import { SESSION_COOKIE } from "../web/cookies";
import { accepts, varyWithEncoding } from "./compression";

export const CACHE_HEADER = "x-cache";

/** How long a shared cache may serve an answer stale while it fetches a fresh one (seconds). */
export const STALE_WHILE_REVALIDATE_S = 30;

/** What to send for a stored answer: status, headers in order, and the bytes (none for HEAD, 304). */
export type Replay = { status: number; headers: Record<string, string>; body: Buffer | null };

/** The request as replay reads it (Node's request, or Fastify's). */
type Asked = { method?: string | undefined; headers: IncomingHttpHeaders };

/** A session cookie (valid or not): the reader's answer is theirs, never a shared cache's. */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader?.includes(SESSION_COOKIE) === true;
}

/** The Cache-Control of a stored answer for this reader, `expiresAt` its own expiry. */
export function storedCacheControl(asked: Asked, expiresAt: number, now: number): string {
  // Not kept at all (its boundary is now): this reader's alone.
  if (expiresAt <= now) return "private, no-store";
  if (hasSessionCookie(asked.headers.cookie)) return "private, no-cache";
  const ttl = Math.max(0, Math.floor((expiresAt - now) / 1000));
  return `public, max-age=0, s-maxage=${ttl}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_S}`;
}

/** A stored answer made from its bytes: the gzip copy and the ETag computed once. */
export async function storable(
  status: number,
  headers: Record<string, string>,
  body: Buffer,
): Promise<CachedPage> {
  const digest = createHash("sha256").update(body).digest("base64url").slice(0, 27);
  return { status, headers, body, gzip: await gzipAsync(body), etag: `W/"${digest}"` };
}

const gzipAsync = promisify(gzip);

/** True when If-None-Match names this ETag (weak comparison, RFC 9110 section 13.1.2). */
function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch
    .split(",")
    .map((t) => t.trim())
    .some((t) => t === "*" || t.replace(/^W\//, "") === opaque);
}

/**
 * The answer to `asked` from `hit`: the stored gzip copy to clients that take gzip (even those
 * that prefer brotli: a replay then costs nothing), the plain bytes to the others.
 */
export function replay(asked: Asked, hit: CachedHit, xCache: "HIT" | "MISS", now: number): Replay {
  const headers: Record<string, string> = { ...hit.headers };
  headers[CACHE_HEADER] = xCache;
  headers.vary = varyWithEncoding(headers.vary);
  headers.etag = hit.etag;
  headers["cache-control"] = storedCacheControl(asked, hit.expiresAt, now);
  if (notModified(asked.headers["if-none-match"] as string | undefined, hit.etag)) {
    delete headers["content-type"];
    return { status: 304, headers, body: null };
  }
  const gzipped = accepts(asked.headers["accept-encoding"], "gzip");
  if (gzipped) headers["content-encoding"] = "gzip";
  if (asked.method === "HEAD") return { status: hit.status, headers, body: null };
  const body = gzipped ? hit.gzip : hit.body;
  headers["content-length"] = String(body.length);
  return { status: hit.status, headers, body };
}
