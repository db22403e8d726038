import { createContext, useCallback, useContext } from "react";
import { convertCents, formatPrice, toCents } from "../../domain/money";

/**
 * The currency prices are shown in: null means USD as served. Set only when the session picked
 * another currency AND is in the currency experiment's enabled variant (spec 000 section 9).
 * It comes from the root loader (the session), never from a page's own loader data, so a page's
 * HTML stays the same for every anonymous visitor.
 */
export type DisplayCurrency = { currency: string; rate: number } | null;

export const DisplayCurrencyContext = createContext<DisplayCurrency>(null);

/** A USD amount in major units, in the display currency (rounded to 2 decimals, i.e. cents). */
export function displayPrice(major: number | null | undefined, display: DisplayCurrency): string {
  if (major == null) return "";
  const cents = toCents(major);
  if (!display) return formatPrice(cents);
  return formatPrice(convertCents(cents, display.rate), display.currency);
}

/**
 * A server-made price text ("Starting at $59", "$59.99") with its USD amount replaced by the
 * display currency's; texts without that amount (FREE) are left alone.
 */
export function displayPriceText(
  text: string,
  major: number | null | undefined,
  display: DisplayCurrency,
): string {
  if (!display || major == null || major === 0) return text;
  const usd = formatPrice(toCents(major));
  return text.includes(usd) ? text.replace(usd, displayPrice(major, display)) : text;
}

export const useDisplayCurrency = () => useContext(DisplayCurrencyContext);

/** priceLabel that follows the session's display currency: use it for every price shown. */
export function usePriceLabel(): (major: number | null | undefined) => string {
  const display = useDisplayCurrency();
  return useCallback((major) => displayPrice(major, display), [display]);
}

/** A price in the display currency; `major` is the API's USD amount. */
export function Price({ major }: { major: number | null | undefined }) {
  const display = useDisplayCurrency();
  return <>{displayPrice(major, display)}</>;
}

/** A deal's server-made price text ("Starting at $59") in the display currency. */
export function PriceText({ text, major }: { text: string; major: number | null | undefined }) {
  const display = useDisplayCurrency();
  return <>{displayPriceText(text, major, display)}</>;
}
