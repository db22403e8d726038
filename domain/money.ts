/**
 * Money is integer cents everywhere in the domain; major units (59.99) exist only at the API
 * boundary and on screen.
 */

export type Cents = number;

export const toMajor = (cents: Cents): number => cents / 100;

/** Rounds, because 59.99 * 100 is 5998.999... in floating point. */
export const toCents = (major: number): Cents => Math.round(major * 100);

export const formatMoney = (cents: Cents, currency = "USD", locale = "en-US"): string =>
  new Intl.NumberFormat(locale, { style: "currency", currency }).format(toMajor(cents));

/** Price display: whole amounts drop the cents ($59), others keep two decimals ($59.99). */
export const formatPrice = (cents: Cents, currency = "USD", locale = "en-US"): string => {
  const digits = cents % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(toMajor(cents));
};

/** Currency conversion (only when the experiment is on) rounds to 2 decimals, i.e. whole cents. */
export const convertCents = (cents: Cents, exchangeRate: number): Cents =>
  Math.round(cents * exchangeRate);
