import { cardAddressError } from "../../../domain/billing";
import { invalid } from "../../../domain/errors";
import { checkoutBilling } from "./billing";
import type { Tx } from "./cart";

/**
 * The cards page's rule (spec 001 section 5), for the card a checkout charges: a saved card's own
 * country and postal code; a new card's come from the billing details the buyer gave (the cart
 * saves them before paying), else the country by IP. Thrown before the charge, so the checkout's
 * transaction rolls back and nothing is taken. A card whose country nobody knows yet is left to
 * the provider, which reads it from the card itself (decision 014).
 */
export async function cardAddress(
  tx: Tx,
  userId: number,
  card: { country: string | null; postalCode: string | null } | null,
  ipCountry: string | null,
): Promise<void> {
  const billing = await checkoutBilling(tx, userId);
  const country = (card?.country || billing.country || ipCountry || "").toUpperCase() || null;
  if (!country) return;
  const postal =
    card?.postalCode || (billing.country === country ? (billing.postal_code ?? "") : "");
  const problem = cardAddressError(country, postal);
  if (problem) throw invalid({ [problem.field]: [problem.message] });
}
