/**
 * Refund arithmetic (spec 001 section 7, "refund"): a refunded line gives back what the buyer
 * actually paid for it, after its coupon share, its Plus member price and its share of the
 * credits the order spent. Credits go back to the credit balance, the rest to the card. Money is
 * integer cents.
 */
import type { Cents } from "./money";
import { formatMoney } from "./money";

export const REFUND_FAILED =
  "We could not refund this payment right now. Nothing was refunded; please try again later.";

/** Spreads `total` over the weights in proportion, to the cent, the remainder to the first lines. */
export function allocateCents(total: Cents, weights: readonly Cents[]): Cents[] {
  const sum = weights.reduce((a, b) => a + Math.max(0, b), 0);
  if (total <= 0 || sum <= 0) return weights.map(() => 0);
  const shares = weights.map((w) => Math.floor((total * Math.max(0, w)) / sum));
  let left = total - shares.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0 && i < shares.length; i += 1) {
    if ((weights[i] ?? 0) > 0) {
      shares[i] = (shares[i] ?? 0) + 1;
      left -= 1;
    }
  }
  return shares;
}

/** One line of a paid order as it was recorded: its price (member price) and coupon share. */
export interface RecordedLine {
  id: number;
  priceCents: Cents;
  discountCents: Cents;
}

export interface LineRefund {
  id: number;
  /** What the buyer paid for the line: price less coupon share (never below 0). */
  netCents: Cents;
  /** The part of it paid with credits: goes back to the credit balance. */
  creditCents: Cents;
  /** The part paid by card: goes back to the card. */
  cardCents: Cents;
}

/**
 * How each line of an order was paid: the order's credits spread over its lines by what each
 * cost after its coupon share, so the lines' refunds add up to exactly what the order took
 * (total paid by card plus credits spent), however the order is refunded, line by line or at once.
 */
export function orderLineRefunds(
  lines: readonly RecordedLine[],
  order: { creditCents: Cents; totalCents: Cents },
): LineRefund[] {
  const sorted = [...lines].sort((a, b) => a.id - b.id);
  const nets = sorted.map((l) => Math.max(0, l.priceCents - l.discountCents));
  const paidTotal = order.totalCents + order.creditCents;
  // The order's own record wins: lines never give back more than the order took.
  const scaled =
    nets.reduce((a, b) => a + b, 0) === paidTotal ? nets : allocateCents(paidTotal, nets);
  const creditShares = allocateCents(order.creditCents, scaled);
  return sorted.map((l, i) => {
    const netCents = scaled[i] ?? 0;
    const creditCents = Math.min(netCents, creditShares[i] ?? 0);
    return { id: l.id, netCents, creditCents, cardCents: netCents - creditCents };
  });
}

/** The refund e-mail's lines on where the money went. */
export function refundDestinationText(
  refund: { cardCents: Cents; creditCents: Cents },
  card: { brand: string | null; last4: string | null } | null,
): string[] {
  const parts: string[] = [];
  if (refund.cardCents > 0) {
    const named = card?.last4
      ? `your ${card.brand ?? "card"} ending in ${card.last4}`
      : "your card";
    parts.push(`${formatMoney(refund.cardCents)} goes back to ${named}.`);
  }
  if (refund.creditCents > 0) {
    parts.push(`${formatMoney(refund.creditCents)} goes back to your Payonce credit balance.`);
  }
  if (parts.length === 0) parts.push("Nothing was paid for it, so no money is returned.");
  return parts;
}

/**
 * Plus refunded while its member prices are kept (docs/decisions/011): the Plus line gives back
 * what was paid for it less the member discounts still kept, floored at 0. The deduction comes
 * off the card and credits parts in proportion, so the line's mix of the two is unchanged.
 */
export function afterPlusClawback(
  line: { cardCents: Cents; creditCents: Cents },
  keptDiscountCents: Cents,
): { cardCents: Cents; creditCents: Cents; deductedCents: Cents } {
  const paid = line.cardCents + line.creditCents;
  const deducted = Math.min(paid, Math.max(0, keptDiscountCents));
  const [fromCard = 0, fromCredit = 0] = allocateCents(deducted, [
    line.cardCents,
    line.creditCents,
  ]);
  return {
    cardCents: line.cardCents - fromCard,
    creditCents: line.creditCents - fromCredit,
    deductedCents: deducted,
  };
}

/** The refund e-mail's (and answer's) line on a Plus refund's deduction. */
export function plusClawbackText(deductedCents: Cents, keptNames: readonly string[]): string {
  const count = keptNames.length;
  const names = [...new Set(keptNames)].join(", ");
  return `We kept ${formatMoney(deductedCents)} of the Plus price: the member discounts on ${count} ${count === 1 ? "purchase" : "purchases"} you keep (${names}).`;
}
