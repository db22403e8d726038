import { asc, desc, eq, inArray } from "drizzle-orm";
import { invoiceItems, licences, sessions } from "../../db/schema";
import type { CartView, Tx } from "./cart";
import { type ConfirmationLine, confirmationText } from "./order-fulfilment";
import { addonUnitNames } from "./receipts";

/**
 * The currency the buyer's pages last showed prices in, when the order is made without their
 * request (a webhook, the sweep, a 3-D Secure return): their most recently seen session's.
 */
async function shownCurrency(tx: Tx, userId: number): Promise<string | null> {
  const [row] = await tx
    .select({ currency: sessions.currency })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(1);
  return row?.currency ?? null;
}

/**
 * Each cart line's licence codes and add-on unit, read back after they were written: invoice
 * items are inserted primary lines first, then add-ons, each group in cart order, so the i-th
 * row by id is the i-th line of that order.
 */
async function confirmationLines(
  tx: Tx,
  v: CartView,
  orderId: number,
): Promise<ConfirmationLine[]> {
  const rows = await tx
    .select({ id: invoiceItems.id })
    .from(invoiceItems)
    .where(eq(invoiceItems.orderId, orderId))
    .orderBy(asc(invoiceItems.id));
  const written = [
    ...v.lines.filter((l) => l.parentCartItemId == null),
    ...v.lines.filter((l) => l.parentCartItemId != null),
  ];
  const itemOfLine = new Map(written.map((l, i) => [l.id, rows[i]?.id]));
  const ids = rows.map((r) => r.id);
  const codes = ids.length
    ? await tx
        .select({ invoiceItemId: licences.invoiceItemId, code: licences.code })
        .from(licences)
        .where(inArray(licences.invoiceItemId, ids))
        .orderBy(asc(licences.id))
    : [];
  const units = await addonUnitNames(
    tx,
    v.lines.filter((l) => l.isAddon).map((l) => l.plan.id),
  );
  return v.lines.map((l) => {
    const itemId = itemOfLine.get(l.id);
    return {
      codes: codes.filter((c) => c.invoiceItemId === itemId).map((c) => c.code),
      unitName: l.isAddon ? (units.get(l.plan.id) ?? null) : null,
    };
  });
}

/**
 * The order confirmation e-mail's text, in the order's transaction once its invoice items and
 * licence codes are written (issue 30, "E-mails say the truth"; text in confirmationText).
 */
export async function orderEmail(
  tx: Tx,
  input: {
    v: CartView;
    orderId: number;
    userId: number;
    publicUrl: string;
    displayCurrency: string | null;
  },
): Promise<string> {
  return confirmationText({
    v: input.v,
    orderId: input.orderId,
    publicUrl: input.publicUrl,
    lines: await confirmationLines(tx, input.v, input.orderId),
    currency: "USD",
    displayCurrency: input.displayCurrency ?? (await shownCurrency(tx, input.userId)),
  });
}
