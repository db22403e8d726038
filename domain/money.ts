/**
 * Money is integer cents everywhere in the domain; major units (59.99) exist only at the API
 * boundary and on screen.
 */

export type Cents = number;

export const toMajor = (cents: Cents): number => cents / 100;

/** Rounds, because 59.99 * 100 is 5998.999... in floating point. */
export const toCents = (major: number): Cents => Math.round(major * 100);

// Intl.NumberFormat is costly to build and prices are formatted many times per page: keep one
// formatter per (locale, currency, digits).
const formatters = new Map<string, Intl.NumberFormat>();
function formatter(locale: string, currency: string, digits?: number): Intl.NumberFormat {
  const key = `${locale}|${currency}|${digits ?? ""}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      ...(digits === undefined
        ? {}
        : { minimumFractionDigits: digits, maximumFractionDigits: digits }),
    });
    formatters.set(key, f);
  }
  return f;
}

/** A whole number with en-US thousands separators ("1,234,567"), as Intl writes it. */
export const groupThousands = (n: number): string =>
  String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/**
 * US dollars in en-US, written by hand: exactly what Intl.NumberFormat writes ("$1,234.50",
 * "-$5"; pinned against it by domain/money.test.ts), without Intl. A browser's first
 * Intl.NumberFormat loads ICU data, 30-250 ms of main thread on a phone profile, in the middle of
 * the hydration render (issue 15, TBT). Other currencies, locales and fractions of a cent use Intl.
 */
function usdEnUs(cents: Cents, digits: 0 | 2): string | null {
  if (!Number.isSafeInteger(cents) || Object.is(cents, -0)) return null;
  const abs = Math.abs(cents);
  const whole = groupThousands(Math.floor(abs / 100));
  const fraction = digits === 2 ? `.${String(abs % 100).padStart(2, "0")}` : "";
  return `${cents < 0 ? "-" : ""}$${whole}${fraction}`;
}

export const formatMoney = (cents: Cents, currency = "USD", locale = "en-US"): string =>
  (currency === "USD" && locale === "en-US" ? usdEnUs(cents, 2) : null) ??
  formatter(locale, currency).format(toMajor(cents));

/** Price display: whole amounts drop the cents ($59), others keep two decimals ($59.99). */
export const formatPrice = (cents: Cents, currency = "USD", locale = "en-US"): string =>
  (currency === "USD" && locale === "en-US" ? usdEnUs(cents, cents % 100 === 0 ? 0 : 2) : null) ??
  formatter(locale, currency, cents % 100 === 0 ? 0 : 2).format(toMajor(cents));

/** Currency conversion (only when the experiment is on) rounds to 2 decimals, i.e. whole cents. */
export const convertCents = (cents: Cents, exchangeRate: number): Cents =>
  Math.round(cents * exchangeRate);
