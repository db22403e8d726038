import { formatPrice, toCents } from "../../domain/money";

/** API money is in major units (59.99); the domain formats cents. "$59", "$59.99". */
export const priceLabel = (major: number | null | undefined): string =>
  major == null ? "" : formatPrice(toCents(major));

export const ratingLabel = (rating: number) => rating.toFixed(1);

/** Joins class names, skipping falsy parts. */
export const cx = (...parts: (string | false | null | undefined)[]) =>
  parts.filter(Boolean).join(" ");

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * "Nov 15, 2026": en-US's medium date in UTC (what Intl.DateTimeFormat writes with
 * `dateStyle: "medium"` or `month: "short", day: "numeric", year: "numeric"`; pinned against it by
 * format.test.ts), written without Intl. The browser's first Intl.DateTimeFormat loads ICU data,
 * 30-60 ms of main thread on a phone profile while the page's modules load (issue 15, TBT); on the
 * server it is also cheaper than an ICU format. An invalid date throws a RangeError, as Intl does.
 */
export function utcMediumDate(date: Date): string {
  const year = date.getUTCFullYear();
  if (Number.isNaN(year)) throw new RangeError("Invalid time value");
  // Years Intl writes differently (padding, eras) are rare enough to leave to it.
  if (year < 1000 || year > 9999) {
    return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(date);
  }
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${year}`;
}

/**
 * "Nov 15, 3:04 PM UTC" (or "Nov 15, 2026, 3:04 PM UTC" with the year): what en-US's
 * Intl.DateTimeFormat writes for month short, day, hour, 2-digit minute in UTC with the short zone
 * name (pinned against it by format.test.ts), without Intl (see utcMediumDate).
 */
export function utcDateTime(date: Date, withYear = false): string {
  const year = date.getUTCFullYear();
  if (Number.isNaN(year)) throw new RangeError("Invalid time value");
  if (year < 1000 || year > 9999) {
    return new Intl.DateTimeFormat("en-US", {
      ...(withYear ? { year: "numeric" } : {}),
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZone: "UTC",
      timeZoneName: "short",
    }).format(date);
  }
  const hours = date.getUTCHours();
  const minutes = String(date.getUTCMinutes()).padStart(2, "0");
  const day = `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}${withYear ? `, ${year}` : ""}`;
  return `${day}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? "AM" : "PM"} UTC`;
}
