/**
 * Rules of the anonymous page HTML cache: which requests may share one cached page, and
 * until when a page stays true. Pure; the server applies them (server/http/page-cache.ts).
 */

import { matchPageRoute } from "./cache-routes";
import {
  BANNER_HURRY_UNDER_MS,
  NEW_BANNER_WINDOW_MS,
  PAGE_CACHE_HARMLESS_PARAMS,
  PAGE_CACHE_MAX_TTL_MS,
  RISING_STARS_MAX_AGE_DAYS,
} from "./constants";

/** A time-boxed thing the page shows or hides (campaign, staff message, block). */
export type TimeWindow = { start: Date | null; end: Date | null };

/** The deal's dates that change what its page says when they pass. */
export type DealTimes = {
  startDate: Date | null;
  endDate: Date | null;
  /** stage_details.next_stage_start_date: the timer counts to it and the stage flips then. */
  nextStageStartDate: Date | null;
};

/**
 * The earliest moment after `now` at which the page may read differently: the deal starts or
 * ends, the "new" banner goes (a day after the start), the ending banner turns into the hurry
 * message (a day before the end), the next stage starts, or a campaign or other window opens or
 * closes. Never later than now + maxTtlMs (relative times such as "in 3 days" age too).
 */
export function nextBoundary(
  deal: DealTimes,
  windows: readonly TimeWindow[],
  now: Date,
  maxTtlMs: number = PAGE_CACHE_MAX_TTL_MS,
): Date {
  const t = now.getTime();
  const candidates = [...dealWindows(deal), ...windows].flatMap((w) => [
    w.start?.getTime() ?? null,
    w.end?.getTime() ?? null,
  ]);
  let earliest = t + maxTtlMs;
  for (const c of candidates) if (c != null && c > t && c < earliest) earliest = c;
  return new Date(earliest);
}

/**
 * Ages at which a deal leaves a listing by rule: the rising-stars collection lists deals started
 * within RISING_STARS_MAX_AGE_DAYS (server/services/storefront/collection-pages.ts).
 */
const LISTING_AGE_LIMITS_MS = [RISING_STARS_MAX_AGE_DAYS * 86_400_000];

/** `dealWindows`, plus the moments a deal ages out of a rule-based listing. */
export function listedDealWindows(deal: DealTimes): TimeWindow[] {
  const start = deal.startDate?.getTime();
  const aged = LISTING_AGE_LIMITS_MS.map((ms) => ({
    start: start === undefined ? null : new Date(start + ms),
    end: null,
  }));
  return [...dealWindows(deal), ...aged];
}

/**
 * A deal's moments that change how it reads, as windows: it starts and ends, its "new" banner
 * goes, its hurry message comes, its next stage starts. A listing page shows many deals, so its
 * boundary is `nextBoundary` over every listed deal's windows.
 */
export function dealWindows(deal: DealTimes): TimeWindow[] {
  const plus = (d: Date | null, ms: number) => (d ? new Date(d.getTime() + ms) : null);
  return [
    { start: deal.startDate, end: deal.endDate },
    { start: plus(deal.startDate, NEW_BANNER_WINDOW_MS), end: null },
    { start: plus(deal.endDate, -BANNER_HURRY_UNDER_MS), end: null },
    { start: deal.nextStageStartDate, end: null },
  ];
}

const HARMLESS = new Set<string>(PAGE_CACHE_HARMLESS_PARAMS);

/**
 * True when a query string (without "?") changes nothing on the page, so the cached page may
 * answer it: empty, or only tracking parameters.
 */
export function isHarmlessQuery(search: string): boolean {
  if (search === "") return true;
  for (const name of new URLSearchParams(search).keys()) if (!HARMLESS.has(name)) return false;
  return true;
}

/** The slug of a product page path (/products/{slug}/), or null for any other path. */
export function productPageSlug(pathname: string): string | null {
  const m = /^\/products\/([A-Za-z0-9_-]{1,200})\/?$/.exec(pathname);
  return m ? (m[1] as string) : null;
}

/**
 * A page the anonymous cache may hold, by what invalidates it: a deal's own pages (its product
 * page and its review and question lists) go when that deal changes; listing pages (home,
 * collections, taxonomy, browse) go when any deal changes, as any deal may be listed there.
 * `path` is the page's canonical path (with its trailing slash), the cache key's first part.
 */
export type CacheablePage =
  | { kind: "deal"; slug: string; path: string }
  | { kind: "listing"; path: string };

const PLAIN_PATH = /^(?:\/[A-Za-z0-9_-]{1,200})*\/?$/;

/**
 * Which cacheable page a path is, or null for every other page: the page route it matches
 * (domain/cache-routes.ts, React Router's ranking) and that route's declared caching. A deal's
 * pages are named by their `:slug`.
 */
export function cacheablePage(pathname: string): CacheablePage | null {
  // Pages only: a React Router data request (`/products/x.data`, `/_root.data`) is a client
  // navigation, rendered for its reader, and never shared (decision 059); no dots in a segment.
  if (!PLAIN_PATH.test(pathname)) return null;
  const matched = matchPageRoute(pathname);
  if (!matched?.route.cached) return null;
  const path = pathname.endsWith("/") ? pathname : `${pathname}/`;
  if (matched.route.scope === "listings") return { kind: "listing", path };
  const slug = matched.params.slug;
  return slug ? { kind: "deal", slug, path } : null;
}

/**
 * What an anonymous visitor's page depends on besides the URL: the session's currency and its
 * campaign opt-ins (campaign banners and prices). Visitors who share these share one page.
 */
export function pageVariant(currency: string, campaigns: readonly string[]): string {
  return [currency.toUpperCase(), ...[...campaigns].sort()].join(",");
}
