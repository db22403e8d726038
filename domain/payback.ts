/**
 * Payback against the subscriptions a deal replaces (issue 34): a plan's one-time price against
 * the monthly prices of the deal's "Alternative to" tools. Pure; cents in, cents out (presenters
 * write major units). Decision 076.
 */

import { paysForItselfAgainst, paysForItselfIn } from "./messages";
import type { Cents } from "./money";

/** An "Alternative to" tool with its monthly price in US cents (null or 0: not priced). */
export type AlternativePrice = { name: string; monthlyPriceCents: Cents | null };

export type Payback = {
  /** Whole months after which the price has paid for itself: ceil(price / monthly total). */
  months: number;
  /** The priced alternatives' monthly prices summed. */
  monthlyTotalCents: Cents;
  /** The priced alternatives, in the deal's order. */
  against: { name: string; monthlyPriceCents: Cents }[];
};

/**
 * The payback of a price against the alternatives, or null when none has a price or when the
 * price is nothing to pay back (a free plan). `months * total >= price > (months - 1) * total`.
 */
export function paybackFor(
  priceCents: Cents,
  alternatives: readonly AlternativePrice[] | null | undefined,
): Payback | null {
  const against = (alternatives ?? [])
    .filter((a): a is { name: string; monthlyPriceCents: Cents } => (a.monthlyPriceCents ?? 0) > 0)
    .map((a) => ({ name: a.name, monthlyPriceCents: a.monthlyPriceCents }));
  if (against.length === 0 || !(priceCents > 0)) return null;
  const monthlyTotalCents = against.reduce((sum, a) => sum + a.monthlyPriceCents, 0);
  return { months: Math.ceil(priceCents / monthlyTotalCents), monthlyTotalCents, against };
}

/** "Asana", "Asana and Trello", "Asana, Trello and monday.com". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** The product page's line: "Pays for itself in 3 months against Asana and Trello". */
export const paybackText = (p: { months: number; against: readonly { name: string }[] }) =>
  paysForItselfAgainst(p.months, joinNames(p.against.map((a) => a.name)));

/** A card's short line: "Pays for itself in 3 months". */
export const paybackShortText = (p: Pick<Payback, "months">) => paysForItselfIn(p.months);

/** The API's shape (major units): `{months, monthly_total, against: [{name, monthly_price}]}`. */
export type PaybackJson = {
  months: number;
  monthly_total: number;
  against: { name: string; monthly_price: number }[];
};

export const paybackJson = (p: Payback | null): PaybackJson | null =>
  p
    ? {
        months: p.months,
        monthly_total: p.monthlyTotalCents / 100,
        against: p.against.map((a) => ({ name: a.name, monthly_price: a.monthlyPriceCents / 100 })),
      }
    : null;

/** The months for another price (a Plus member's) against the same alternatives, from the JSON. */
export function paybackMonths(
  priceMajor: number,
  payback: Pick<PaybackJson, "monthly_total"> | null | undefined,
): number | null {
  if (!payback) return null;
  const price = Math.round(priceMajor * 100);
  const total = Math.round(payback.monthly_total * 100);
  return price > 0 && total > 0 ? Math.ceil(price / total) : null;
}
