/**
 * What a paid order leaves behind, written inside checkout's transaction: invoice items (the
 * coupon discount spread over them to the cent), licence codes, and the confirmation e-mail text.
 */
import { randomBytes } from "node:crypto";
import { formatMoney } from "../../../domain/money";
import { chargedInText, unitsLabel } from "../../../domain/receipt";
import { invoiceItems, licences } from "../../db/schema";
import { recordLicenceEvents } from "../partners/licence-events";
import type { CartLine, CartView, Tx } from "./cart";

const LICENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** A new licence code (upgrades add codes the same way). */
export const licenceCode = (prefix: string) =>
  `${prefix}-${Array.from(randomBytes(12), (b) => LICENCE_ALPHABET[b % LICENCE_ALPHABET.length])
    .join("")
    .replace(/(.{4})(?=.)/g, "$1-")}`;

/** A deal's code prefix: the first four letters of its slug ("TASK"). */
export const licencePrefix = (dealSlug: string) =>
  dealSlug
    .replace(/[^a-z]/g, "")
    .slice(0, 4)
    .toUpperCase() || "CODE";

/** Spreads the coupon discount over the lines it covered, in proportion, to the cent. */
function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total <= 0 || sum <= 0) return weights.map(() => 0);
  const shares = weights.map((w) => Math.floor((total * w) / sum));
  let left = total - shares.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0 && i < shares.length; i += 1) {
    if ((weights[i] ?? 0) > 0) {
      shares[i] = (shares[i] ?? 0) + 1;
      left -= 1;
    }
  }
  return shares;
}

export async function writeInvoiceItems(
  tx: Tx,
  v: CartView,
  orderId: number,
  userId: number,
  now: Date,
) {
  const top = v.lines.filter((l) => l.parentCartItemId == null);
  const addons = v.lines.filter((l) => l.parentCartItemId != null);
  const ordered = [...top, ...addons];
  const covered = ordered.map((l) => l.unitCents * l.units);
  const shares = allocate(v.couponDiscountCents, covered);
  const invoiceIdByLine = new Map<number, number>();
  const insert = async (group: CartLine[], offset: number) => {
    if (group.length === 0) return;
    const rows = await tx
      .insert(invoiceItems)
      .values(
        group.map((l, i) => ({
          orderId,
          userId,
          dealId: l.deal.id,
          planId: l.plan.id,
          dealGroupId: l.dealGroupId,
          priceCents: l.unitCents * l.units,
          originalPriceCents: l.originalCents * l.units,
          discountCents: shares[offset + i] ?? 0,
          campaignDiscountCents: l.campaignDiscountCents,
          plusDiscountCents: l.plusDiscountCents,
          quantity: l.quantity,
          unitQuantity: l.unitQuantity,
          parentInvoiceItemId:
            l.parentCartItemId != null
              ? (invoiceIdByLine.get(l.parentCartItemId) ?? null)
              : l.parentInvoiceItemId,
          createdAt: now,
        })),
      )
      .returning({ id: invoiceItems.id });
    group.forEach((l, i) => {
      const id = rows[i]?.id;
      if (id != null) invoiceIdByLine.set(l.id, id);
    });
  };
  await insert(top, 0);
  await insert(addons, top.length);

  // Licensing plans give codes: plan.codes per unit bought.
  const codes: { invoiceItemId: number; code: string; createdAt: Date }[] = [];
  for (const l of ordered) {
    if (!l.isLicensing) continue;
    const invoiceItemId = invoiceIdByLine.get(l.id);
    if (invoiceItemId == null) continue;
    const prefix = licencePrefix(l.deal.slug);
    const count = Math.max(1, l.plan.codes) * Math.max(1, l.units);
    for (let n = 0; n < count; n += 1)
      codes.push({ invoiceItemId, code: licenceCode(prefix), createdAt: now });
  }
  if (codes.length) {
    const made = await tx.insert(licences).values(codes).returning({ id: licences.id });
    // The deals' partners hear of each new code (issue 30), sent once this order commits.
    const licenceIds = made.map((m) => m.id);
    await recordLicenceEvents(tx, {
      type: "licence.activated",
      licenceIds,
      now,
      extra: { reason: "purchase" },
    });
  }
}

/** What the order e-mail lists under a line: its licence codes, in the order they were written. */
export type ConfirmationLine = { codes: string[]; unitName: string | null };

/**
 * The order confirmation e-mail (issue 30, "E-mails say the truth"): absolute links (a mail client
 * has no page to resolve a relative one against), each line's licence codes, an add-on's units
 * as bought ("10 seats", not its pack's name), the receipt, and the currency charged, with the
 * one the buyer's pages showed when that was another.
 */
export function confirmationText(input: {
  v: CartView;
  orderId: number;
  publicUrl: string;
  /** Per cart line (same order as v.lines). */
  lines?: ConfirmationLine[];
  currency?: string;
  displayCurrency?: string | null;
}): string {
  const { v, orderId } = input;
  const base = input.publicUrl.replace(/\/$/, "");
  const currency = input.currency ?? "USD";
  const money = (cents: number) => formatMoney(cents, currency);
  const lines = v.lines.flatMap((l, i) => {
    const extra = input.lines?.[i];
    const plan = l.isAddon
      ? unitsLabel(l.plan.publicName, l.unitQuantity, extra?.unitName ?? null)
      : l.plan.publicName;
    const indent = l.isAddon ? "    " : "  ";
    return [
      `${indent}${l.isAddon ? "+ " : ""}${l.deal.publicName}, ${plan}: ${money(l.unitCents * l.units)}`,
      ...(extra?.codes ?? []).map((code) => `${indent}    Licence code: ${code}`),
    ];
  });
  return [
    "Hi,",
    "",
    `Thanks for your order #${orderId} on Payonce.`,
    "",
    ...lines,
    "",
    `Subtotal: ${money(v.subtotalCents)}`,
    ...(v.couponDiscountCents ? [`Coupon: -${money(v.couponDiscountCents)}`] : []),
    ...(v.creditAppliedCents ? [`Credits: -${money(v.creditAppliedCents)}`] : []),
    `Total paid: ${money(v.totalCents)}`,
    chargedInText(currency, input.displayCurrency),
    "",
    `Your order and licence codes: ${base}/orders/${orderId}/`,
    `Your receipt (PDF): ${base}/api/orders/${orderId}/receipt/`,
    `All your products: ${base}/account/products/`,
  ].join("\n");
}
