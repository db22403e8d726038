import { formatPrice, toCents } from "../../domain/money";

/** API money is in major units (59.99); the domain formats cents. "$59", "$59.99". */
export const priceLabel = (major: number | null | undefined): string =>
  major == null ? "" : formatPrice(toCents(major));

export const ratingLabel = (rating: number) => rating.toFixed(1);

/** Joins class names, skipping falsy parts. */
export const cx = (...parts: (string | false | null | undefined)[]) =>
  parts.filter(Boolean).join(" ");

const DAY_MS = 86_400_000;

/**
 * `format` (a date-only Intl.DateTimeFormat in UTC) with its answers kept per UTC day: a page
 * formats the same few dozen dates on every request, and an ICU format costs ~20 µs where the
 * lookup costs a Date parse. An invalid date still throws, as Intl does.
 */
export function utcDayFormat(format: Intl.DateTimeFormat): (date: Date) => string {
  const byDay = new Map<number, string>();
  return (date) => {
    const time = date.getTime();
    if (Number.isNaN(time)) return format.format(date);
    const day = Math.floor(time / DAY_MS);
    let label = byDay.get(day);
    if (label === undefined) {
      // Bounded: dates span a few years of days; start over if that is ever exceeded.
      if (byDay.size >= 10_000) byDay.clear();
      label = format.format(date);
      byDay.set(day, label);
    }
    return label;
  };
}
