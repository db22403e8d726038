/**
 * The public, per-deal data every view of a product page (and the deal details API) reads the
 * same way, kept in process between requests: a signed-in page then spends its statements on
 * what is personal only. Freshness follows the anonymous page cache exactly (page-cache.ts): an
 * entry is stamped with its deal's generation taken before loading, and lives until that
 * generation moves (a page event: in Redis when REDIS_URL is set, so every process sees it) or the
 * deal's next time boundary passes, whichever is first; MAX_AGE_MS bounds anything else.
 * Concurrent misses for one key share one load (one embedded PGlite connection must not run the
 * same 12 statements for every queued request).
 */
import type { Clock } from "../../providers/clock";
import type { PageCacheService } from "./page-cache";

/** An upper bound on any entry's life, for reads no page event covers (vote counts...). */
const MAX_AGE_MS = 60_000;
/** Deals kept; the least recently used goes first. */
const MAX_ENTRIES = 500;

type Entry = { stamp: string; expiresAt: number; value: Promise<unknown> };

export function createDealDataCache(deps: { pageCache: PageCacheService; clock: Clock }) {
  const entries = new Map<string, Entry>();

  /**
   * `load()`'s value for this deal (by slug) and part, from memory while fresh. Values are shared
   * between requests: callers must not mutate them.
   */
  async function get<T>(slug: string, part: string, load: () => Promise<T>): Promise<T> {
    // By id: the page events name deals by slug, so an id's entry could not be invalidated.
    if (/^\d+$/.test(slug)) return load();
    const scope = { kind: "deal" as const, slug };
    const stamp = await deps.pageCache.stamp(scope);
    // The store is failing: no way to know what is fresh, so read through.
    if (stamp === null) return load();
    const key = `${part}\u0000${slug}`;
    const now = deps.clock.now();
    const hit = entries.get(key);
    if (hit && hit.stamp === stamp && hit.expiresAt > now.getTime()) {
      // Recency order for the LRU.
      entries.delete(key);
      entries.set(key, hit);
      return hit.value as Promise<T>;
    }
    const value = load();
    const entry: Entry = { stamp, expiresAt: now.getTime() + MAX_AGE_MS, value };
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > MAX_ENTRIES) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    try {
      const result = await value;
      // A missing deal is not remembered (any slug could be asked for).
      if (result == null) {
        if (entries.get(key) === entry) entries.delete(key);
        return result;
      }
      // The deal's next boundary (its dates, campaigns, staff messages), as the page cache uses.
      const boundary = (await deps.pageCache.expiryOf(scope, now)).getTime();
      entry.expiresAt = Math.min(entry.expiresAt, boundary);
      return result;
    } catch (err) {
      // A failed load is not remembered.
      if (entries.get(key) === entry) entries.delete(key);
      throw err;
    }
  }

  return { get, clear: () => entries.clear() };
}

export type DealDataCache = ReturnType<typeof createDealDataCache>;
