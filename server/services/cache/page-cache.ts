/**
 * The anonymous page cache's storage: an in-process LRU with a byte budget by default, or Redis
 * (shared by every app process) when REDIS_URL is set. Invalidation is by generation: every page
 * is stored with the generation stamp of its deal (or, for listing pages, of the listings, which
 * every deal change bumps) and of "everything" taken *before* it was rendered; an event bumps a generation, so every page stamped earlier stops matching (and a page
 * rendered while the event happened is never stored as fresh). Expiry is the page's own next time
 * boundary (domain/page-cache.ts), read from the clock provider so tests can move time.
 */
import { and, eq, inArray, or, sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { purgeKeys } from "../../../domain/cache-routes";
import { PAGE_CACHE_MEMORY_BYTES } from "../../../domain/constants";
import {
  type DealTimes,
  listedDealWindows,
  nextBoundary,
  type TimeWindow,
} from "../../../domain/page-cache";
import type { Db } from "../../db/client";
import {
  campaignDeals,
  campaigns,
  cartItems,
  carts,
  deals,
  modularPageItems,
  staffMessages,
  subCollections,
} from "../../db/schema";
import type { Clock } from "../../providers/clock";
import type { CdnPurge } from "./cdn-purge";
import type { PageEvents } from "./page-events";

export type CachedPage = {
  status: number;
  /**
   * Response headers without set-cookie (never stored, never replayed); a page's own
   * Content-Security-Policy among them (hashes of its inline scripts, server/http/page-csp.ts).
   */
  headers: Record<string, string>;
  /**
   * The answer's bytes, the same for every reader of its audience (no nonce, no cookie): a hit
   * sends them as they are, and any shared cache may keep them.
   */
  body: Buffer;
  /** The body gzipped once at store time, for the (nearly all) clients that accept gzip. */
  gzip: Buffer;
  /** A validator of the body (a weak ETag: the gzip and plain copies are the same content). */
  etag: string;
};

/** A stored page as read: with the moment it stops being true (its s-maxage). */
export type CachedHit = CachedPage & { expiresAt: number };

type StoredPage = CachedPage & { stamp: string; expiresAt: number };

/**
 * What a page's freshness follows (domain/page-cache.ts `CacheablePage`): a deal's own pages that
 * deal's generation, listing pages the listings' generation, which every deal change bumps.
 */
export type PageScope =
  /** `slug` is the deal's slug, or `#<id>` for answers addressed by its id (bumped together). */
  { kind: "deal"; slug: string } | { kind: "listing" };

/** Where pages live; both implementations answer the same questions. */
interface PageStore {
  /** The generation stamp of a scope's pages now (take it before rendering). */
  stamp(scope: PageScope): Promise<string>;
  /** The page when stored under the current stamp and not expired; else null. */
  get(key: string, scope: PageScope, now: number): Promise<CachedHit | null>;
  set(key: string, page: StoredPage, now: number): Promise<void>;
  /** A deal changed: its own pages and every listing page (a null slug: the listings only). */
  bumpDeal(slug: string | null): Promise<void>;
  bumpAll(): Promise<void>;
  close(): Promise<void>;
}

const pageBytes = (key: string, p: StoredPage) =>
  key.length +
  p.body.length +
  p.gzip.length +
  Object.entries(p.headers).reduce((n, [k, v]) => n + k.length + v.length, 64);

/** An LRU over a Map (insertion order is recency order), evicting past a byte budget. */
export function createMemoryPageStore(maxBytes = PAGE_CACHE_MEMORY_BYTES): PageStore & {
  bytes(): number;
} {
  const entries = new Map<string, { page: StoredPage; bytes: number }>();
  const dealGenerations = new Map<string, number>();
  let listingGeneration = 0;
  let allGeneration = 0;
  let bytes = 0;
  const stampOf = (scope: PageScope) =>
    scope.kind === "deal"
      ? `${allGeneration}.${dealGenerations.get(scope.slug) ?? 0}`
      : `${allGeneration}.L${listingGeneration}`;
  const drop = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    bytes -= e.bytes;
    entries.delete(key);
  };
  return {
    async stamp(scope) {
      return stampOf(scope);
    },
    async get(key, scope, now) {
      const e = entries.get(key);
      if (!e) return null;
      if (e.page.stamp !== stampOf(scope) || e.page.expiresAt <= now) {
        drop(key);
        return null;
      }
      entries.delete(key);
      entries.set(key, e);
      return e.page;
    },
    async set(key, page) {
      const size = pageBytes(key, page);
      if (size > maxBytes) return;
      drop(key);
      entries.set(key, { page, bytes: size });
      bytes += size;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        drop(oldest);
      }
    },
    async bumpDeal(slug) {
      if (slug) dealGenerations.set(slug, (dealGenerations.get(slug) ?? 0) + 1);
      listingGeneration++;
    },
    async bumpAll() {
      allGeneration++;
      // Nothing stored can match any more: free the memory now rather than on the next read.
      entries.clear();
      bytes = 0;
    },
    async close() {},
    bytes: () => bytes,
  };
}

// The stored value's shape: 3 = one body and its gzip (base64), hash-based CSP, an ETag.
const REDIS_FORMAT = 3;

/**
 * Redis: pages under {prefix}page:{key} with a PX expiry, generations under {prefix}gen:*. A read
 * is one MGET (page and both generations). Redis failures make the cache miss, never the page fail.
 */
export function createRedisPageStore(url: string, prefix: string, log: (err: unknown) => void) {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    commandTimeout: 500,
    lazyConnect: false,
    // While disconnected a command fails at once (a miss) instead of queueing until Redis is
    // back or the command times out: an outage costs no latency.
    enableOfflineQueue: false,
  });
  redis.on("error", log);
  const allKey = `${prefix}gen:all`;
  const dealKey = (slug: string) => `${prefix}gen:deal:${slug}`;
  const listingKey = `${prefix}gen:listing`;
  const scopeKey = (scope: PageScope) => (scope.kind === "deal" ? dealKey(scope.slug) : listingKey);
  const pageKey = (key: string) => `${prefix}page:${key}`;
  const stampFrom = (all: string | null | undefined, deal: string | null | undefined) =>
    `${all ?? 0}.${deal ?? 0}`;
  const store: PageStore = {
    async stamp(scope) {
      const [all, deal] = await redis.mget(allKey, scopeKey(scope));
      return stampFrom(all, deal);
    },
    async get(key, scope, now) {
      const [raw, all, deal] = await redis.mget(pageKey(key), allKey, scopeKey(scope));
      if (!raw) return null;
      const stored = JSON.parse(raw) as Omit<StoredPage, "body" | "gzip"> & {
        format?: number;
        body: string;
        gzip: string;
      };
      // A page stored by an older release (a nonce-cut body) is a miss, not a page whose
      // scripts the CSP would block.
      if (stored.format !== REDIS_FORMAT) return null;
      if (stored.stamp !== stampFrom(all, deal) || stored.expiresAt <= now) return null;
      return {
        status: stored.status,
        headers: stored.headers,
        body: Buffer.from(stored.body, "base64"),
        gzip: Buffer.from(stored.gzip, "base64"),
        etag: stored.etag,
        expiresAt: stored.expiresAt,
      };
    },
    async set(key, page, now) {
      const ttl = Math.max(1, page.expiresAt - now);
      const value = JSON.stringify({
        ...page,
        format: REDIS_FORMAT,
        body: page.body.toString("base64"),
        gzip: page.gzip.toString("base64"),
      });
      await redis.set(pageKey(key), value, "PX", ttl);
    },
    async bumpDeal(slug) {
      const bump = redis.multi().incr(listingKey);
      if (slug) bump.incr(dealKey(slug));
      await bump.exec();
    },
    async bumpAll() {
      await redis.incr(allKey);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
  return store;
}

export function createPageCacheService(deps: {
  db: Db;
  clock: Clock;
  events: PageEvents;
  /** The shared cache in front: purged by each event's keys once this cache has moved. */
  purge: CdnPurge;
  redisUrl?: string | undefined;
  redisKeyPrefix?: string;
  maxBytes?: number;
  log?: (err: unknown, message: string) => void;
}) {
  const { db, clock } = deps;
  const report = deps.log ?? (() => {});
  // One line when the store fails and one when it answers again, not one per request or retry:
  // an outage must not flood the log (pages are served uncached meanwhile).
  let failing = false;
  const log = (err: unknown, message: string) => {
    if (failing) return;
    failing = true;
    report(err, `${message}; pages are served uncached until the store answers again`);
  };
  const recovered = () => {
    if (!failing) return;
    failing = false;
    report(null, "page cache: the store answers again");
  };
  const store: PageStore = deps.redisUrl
    ? createRedisPageStore(deps.redisUrl, deps.redisKeyPrefix ?? "payonce:", (err) =>
        log(err, "page cache: redis error"),
      )
    : createMemoryPageStore(deps.maxBytes);

  /**
   * A deal's scope keys: its slug, and `#<id>` (answers of the APIs addressed by id,
   * server/http/api-cache.ts). Writers name deals as routes do: an id (number or digits) or a slug.
   */
  async function scopeKeysOf(deal: number | string): Promise<string[]> {
    const byId = typeof deal === "number" || /^\d+$/.test(deal);
    const [row] = await db
      .select({ id: deals.id, slug: deals.slug })
      .from(deals)
      .where(byId ? eq(deals.id, Number(deal)) : eq(deals.slug, String(deal)));
    if (!row) return byId ? [`#${Number(deal)}`] : [String(deal)];
    return [row.slug, `#${row.id}`];
  }

  deps.events.subscribe(async (event) => {
    let keys: string[] = [];
    try {
      if (event.kind === "all") {
        await store.bumpAll();
      } else {
        keys = await scopeKeysOf(event.deal);
        // Each bump moves the listings too (any deal may be listed there).
        for (const key of keys) await store.bumpDeal(key);
      }
    } catch (err) {
      log(err, "page cache: invalidation failed");
    }
    // After this cache moved: a refetch the purge causes finds the new page here, not the old.
    deps.purge.purge(
      purgeKeys(event.kind === "all" ? { kind: "all" } : { kind: "deal", dealKeys: keys }),
    );
  });

  /** When a page next reads differently. */
  function expiryOf(scope: PageScope, now: Date): Promise<Date> {
    return scope.kind === "deal" ? dealExpiry(scope.slug, now) : listingExpiry(now);
  }

  /** When a deal's pages next read differently (its dates, its campaigns, its staff messages). */
  async function dealExpiry(slug: string, now: Date): Promise<Date> {
    const [deal] = await db
      .select({
        id: deals.id,
        startDate: deals.startDate,
        endDate: deals.endDate,
        nextStageStartDate: deals.nextStageStartDate,
        participation: deals.participation,
      })
      .from(deals)
      // `#<id>`: the scope of answers addressed by the deal's id.
      .where(slug.startsWith("#") ? eq(deals.id, Number(slug.slice(1))) : eq(deals.slug, slug));
    if (!deal) return now;
    const [campaignRows, messageRows] = await Promise.all([
      db
        .select({ start: campaigns.startDate, end: campaigns.endDate })
        .from(campaigns)
        .where(
          and(
            eq(campaigns.isActive, true),
            or(
              deal.participation.length
                ? inArray(campaigns.optinSlug, deal.participation)
                : sql`false`,
              sql`exists (select 1 from ${campaignDeals} where ${campaignDeals.campaignId} = ${campaigns.id} and ${campaignDeals.dealId} = ${deal.id})`,
            ),
          ),
        ),
      db
        .select({ start: staffMessages.startDate, end: staffMessages.endDate })
        .from(staffMessages)
        .where(eq(staffMessages.dealId, deal.id)),
    ]);
    const windows: TimeWindow[] = [...campaignRows, ...messageRows];
    return nextBoundary(deal, windows, now);
  }

  /**
   * When a listing page next reads differently: any deal's moments (it may be listed there, its
   * card shows its banners and timer), site-wide campaign banners, time-boxed blocks and
   * sub-collections. Read on a miss only; a few columns of each row.
   */
  async function listingExpiry(now: Date): Promise<Date> {
    const [dealRows, campaignRows, itemRows, subRows] = await Promise.all([
      db
        .select({
          startDate: deals.startDate,
          endDate: deals.endDate,
          nextStageStartDate: deals.nextStageStartDate,
        })
        .from(deals),
      db
        .select({ start: campaigns.startDate, end: campaigns.endDate })
        .from(campaigns)
        .where(eq(campaigns.isActive, true)),
      db
        .select({ start: modularPageItems.startDate, end: modularPageItems.endDate })
        .from(modularPageItems),
      db
        .select({ start: subCollections.startDate, end: subCollections.endDate })
        .from(subCollections),
    ]);
    const none: DealTimes = { startDate: null, endDate: null, nextStageStartDate: null };
    const windows: TimeWindow[] = [
      ...dealRows.flatMap(listedDealWindows),
      ...campaignRows,
      ...itemRows,
      ...subRows,
    ];
    return nextBoundary(none, windows, now);
  }

  /** Safe reads: a broken store makes a miss. */
  async function get(key: string, scope: PageScope): Promise<CachedHit | null> {
    try {
      const page = await store.get(key, scope, clock.now().getTime());
      recovered();
      return page;
    } catch (err) {
      log(err, "page cache: read failed");
      return null;
    }
  }

  async function stamp(scope: PageScope): Promise<string | null> {
    try {
      const stamped = await store.stamp(scope);
      recovered();
      return stamped;
    } catch (err) {
      log(err, "page cache: read failed");
      return null;
    }
  }

  /**
   * Stores a page rendered under `stamp` until its next boundary; returns it as a hit reads it
   * (with its expiry), or null when it is not kept (already expired, or the store failed).
   */
  async function put(
    key: string,
    scope: PageScope,
    stampBefore: string,
    page: CachedPage,
  ): Promise<CachedHit | null> {
    try {
      const now = clock.now();
      const expiresAt = (await expiryOf(scope, now)).getTime();
      if (expiresAt <= now.getTime()) return null;
      await store.set(key, { ...page, stamp: stampBefore, expiresAt }, now.getTime());
      return { ...page, expiresAt };
    } catch (err) {
      log(err, "page cache: write failed");
      return null;
    }
  }

  /**
   * Whether an anonymous session has a cart with items (its header shows a count, so its pages
   * are personal). One indexed lookup, only for visitors who carry a session cookie.
   */
  async function sessionHasCart(sessionId: string): Promise<boolean> {
    const rows = await db
      .select({ one: sql<number>`1` })
      .from(carts)
      .innerJoin(cartItems, eq(cartItems.cartId, carts.id))
      .where(eq(carts.sessionId, sessionId))
      .limit(1);
    return rows.length > 0;
  }

  return {
    get,
    stamp,
    put,
    sessionHasCart,
    expiryOf,
    /** Purges sent to the shared cache in front are over (tests). */
    purgesSettled: () => deps.purge.settled(),
    /** The clock's now (ms), which stored expiries are on. */
    now: () => clock.now().getTime(),
    close: () => store.close(),
  };
}

export type PageCacheService = ReturnType<typeof createPageCacheService>;
