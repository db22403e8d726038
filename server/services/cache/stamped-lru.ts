/**
 * The one in-process stamped LRU (issue 32): values kept between requests under the page-cache
 * generation stamp taken before loading them (server/services/cache/page-cache.ts), so an entry
 * is never used after a page event that moves its scope; each lives MAX age at most, and its own
 * `expiry` (a time boundary) may end it sooner. Concurrent misses for one key share one load; a
 * failed load, or one that found nothing, is not remembered. The per-deal data cache
 * (deal-data.ts) and the discussions' anonymous deal contexts use it.
 */
import type { Clock } from "../../providers/clock";

type Entry<V> = { stamp: string; expiresAt: number; value: Promise<V> };

export function createStampedLru<V>(options: {
  clock: Clock;
  /** Entries kept; the least recently used goes first. */
  maxEntries: number;
  /** An upper bound on any entry's life, for reads no page event covers. */
  maxAgeMs: number;
}) {
  const entries = new Map<string, Entry<V>>();

  /**
   * `load()`'s value for `key` under `stamp`, from memory while fresh. `expiry(value, now)` is
   * when a loaded value stops being true (ms since the epoch), when it may be sooner than the
   * max age. Values are shared between requests: callers must not mutate them.
   */
  async function get(
    key: string,
    stamp: string,
    load: () => Promise<V>,
    expiry?: (value: V, now: Date) => Promise<number>,
  ): Promise<V> {
    const now = options.clock.now();
    const hit = entries.get(key);
    if (hit && hit.stamp === stamp && hit.expiresAt > now.getTime()) {
      // Recency order for the LRU.
      entries.delete(key);
      entries.set(key, hit);
      return hit.value;
    }
    const entry: Entry<V> = { stamp, expiresAt: now.getTime() + options.maxAgeMs, value: load() };
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > options.maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    const forget = () => {
      if (entries.get(key) === entry) entries.delete(key);
    };
    try {
      const result = await entry.value;
      // Nothing found is not remembered (any key could be asked for).
      if (result == null) forget();
      else if (expiry) entry.expiresAt = Math.min(entry.expiresAt, await expiry(result, now));
      return result;
    } catch (err) {
      forget();
      throw err;
    }
  }

  return { get, clear: () => entries.clear(), size: () => entries.size };
}

export type StampedLru<V> = ReturnType<typeof createStampedLru<V>>;
