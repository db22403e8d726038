/**
 * Rules of the anonymous product-page HTML cache: which requests may share one cached page, and
 * until when a page stays true. Pure; the server applies them (server/http/page-cache.ts).
 */
import {
  BANNER_HURRY_UNDER_MS,
  NEW_BANNER_WINDOW_MS,
  PAGE_CACHE_HARMLESS_PARAMS,
  PAGE_CACHE_MAX_TTL_MS,
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
  const candidates: (number | null)[] = [
    deal.startDate?.getTime() ?? null,
    deal.startDate ? deal.startDate.getTime() + NEW_BANNER_WINDOW_MS : null,
    deal.endDate?.getTime() ?? null,
    deal.endDate ? deal.endDate.getTime() - BANNER_HURRY_UNDER_MS : null,
    deal.nextStageStartDate?.getTime() ?? null,
    ...windows.flatMap((w) => [w.start?.getTime() ?? null, w.end?.getTime() ?? null]),
  ];
  let earliest = t + maxTtlMs;
  for (const c of candidates) if (c != null && c > t && c < earliest) earliest = c;
  return new Date(earliest);
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
 * What an anonymous visitor's page depends on besides the URL: the session's currency and its
 * campaign opt-ins (campaign banners and prices). Visitors who share these share one page.
 */
export function pageVariant(currency: string, campaigns: readonly string[]): string {
  return [currency.toUpperCase(), ...[...campaigns].sort()].join(",");
}
