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
import { createStampedLru } from "./stamped-lru";

/** An upper bound on any entry's life, for reads no page event covers (vote counts...). */
const MAX_AGE_MS = 60_000;
/** Deals kept; the least recently used goes first. */
const MAX_ENTRIES = 500;

export function createDealDataCache(deps: { pageCache: PageCacheService; clock: Clock }) {
  const entries = createStampedLru<unknown>({
    clock: deps.clock,
    maxEntries: MAX_ENTRIES,
    maxAgeMs: MAX_AGE_MS,
  });

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
    // The deal's next boundary (its dates, campaigns, staff messages), as the page cache uses.
    const boundary = async (_value: unknown, now: Date) =>
      (await deps.pageCache.expiryOf(scope, now)).getTime();
    return entries.get(`${part}\u0000${slug}`, stamp, load, boundary) as Promise<T>;
  }

  return { get, clear: () => entries.clear() };
}

export type DealDataCache = ReturnType<typeof createDealDataCache>;
