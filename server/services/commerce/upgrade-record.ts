/**
 * What an upgrade leaves behind (issue 30), in the caller's transaction with the old line locked:
 * the paid order of kind 'upgrade', the new line pointing at the one it replaced, the licence
 * codes moved (the same codes) and added (what the new plan gives beyond them), the add-ons moved,
 * the payments mirror (purpose 'upgrade'), the partners' events and the buyer's e-mail.
 */
import { asc, eq } from "drizzle-orm";
import { formatMoney } from "../../../domain/money";
import type { UpgradeQuote } from "../../../domain/upgrades";
import { invoiceItems, licences, orders, type plans } from "../../db/schema";
import type { Clock } from "../../providers/clock";
import { EMAIL_TOPIC } from "../accounts/accounts";
import type { Outbox } from "../jobs/outbox";
import { recordLicenceEvents } from "../partners/licence-events";
import { checkoutBilling } from "./billing";
import type { Tx } from "./cart";
import type { OrderPayment } from "./checkout";
import { licenceCode, licencePrefix } from "./order-fulfilment";
import { recordPaidPayment } from "./paid-payment";
import type { Buyer, UpgradeLine } from "./upgrade-lines";

/** What the payment row and the provider's metadata say an upgrade payment is for. */
export type UpgradeTerms = { invoice_item_id: number; plan_id: number; amount_cents: number };

/**
 * Everything an upgrade leaves behind, in the caller's transaction (the old line locked): the
 * paid order, the new line, the codes moved (and added), the add-ons moved, the payment
 * mirror, the partners' events and the buyer's e-mail.
 */
export async function writeUpgrade(
  tx: Tx,
  deps: { clock: Clock; outbox: Outbox; publicUrl: string },
  input: {
    user: Buyer;
    line: UpgradeLine;
    plan: typeof plans.$inferSelect;
    quote: UpgradeQuote;
    payment: OrderPayment;
    orderKey: string;
  },
) {
  const { user, line, plan, quote, payment } = input;
  const { clock, outbox } = deps;
  const now = clock.now();
  const [order] = await tx
    .insert(orders)
    .values({
      userId: user.id,
      status: "paid",
      kind: "upgrade",
      subtotalCents: quote.amountCents,
      totalCents: quote.amountCents,
      currency: "USD",
      paymentProvider: payment.provider,
      providerPaymentId: payment.providerPaymentId,
      paymentMethodId: payment.paymentMethodId,
      idempotencyKey: input.orderKey,
      // Billed as a purchase is: the details the buyer saved last (the receipt reads them).
      billing: { email: user.email, ...(await checkoutBilling(tx, user.id)) },
      createdAt: now,
      paidAt: now,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error("upgrade order insert returned nothing");
  const [item] = await tx
    .insert(invoiceItems)
    .values({
      orderId: order.id,
      userId: user.id,
      dealId: line.dealId,
      planId: plan.id,
      dealGroupId: line.dealGroupId,
      priceCents: quote.amountCents,
      // The new plan's price for this buyer now: less what was paid, it is price_cents.
      originalPriceCents: quote.newPriceCents,
      campaignDiscountCents: quote.campaignDiscountCents,
      plusDiscountCents: quote.plusDiscountCents,
      quantity: quote.quantity,
      upgradedFromInvoiceItemId: line.id,
      // The refund window runs from the first purchase of the chain, not from the upgrade.
      windowStartedAt: line.windowStartedAt ?? line.createdAt,
      // A line received by transfer stays one: its refund rules do not change by upgrading.
      transferredToUserId: line.transferredToUserId,
      transferredAt: line.transferredAt,
      createdAt: now,
    })
    .returning({ id: invoiceItems.id });
  if (!item) throw new Error("upgrade line insert returned nothing");
  await tx.update(invoiceItems).set({ upgradedAt: now }).where(eq(invoiceItems.id, line.id));
  await tx
    .update(invoiceItems)
    .set({ parentInvoiceItemId: item.id })
    .where(eq(invoiceItems.parentInvoiceItemId, line.id));

  // The same codes follow the licence (a partner's app keeps recognising them)...
  const moved = await tx
    .update(licences)
    .set({ invoiceItemId: item.id })
    .where(eq(licences.invoiceItemId, line.id))
    .returning({ id: licences.id });
  // ...and a plan that gives more codes per unit adds the rest.
  const extra = Math.max(0, quote.codes - moved.length);
  const added = extra
    ? await tx
        .insert(licences)
        .values(
          Array.from({ length: extra }, () => ({
            invoiceItemId: item.id,
            code: licenceCode(licencePrefix(line.deal.slug)),
            createdAt: now,
          })),
        )
        .returning({ id: licences.id })
    : [];
  await recordLicenceEvents(tx, {
    type: "licence.upgraded",
    licenceIds: moved.map((m) => m.id),
    now,
    extra: { previous_plan: { id: line.planId, public_name: line.planName } },
  });
  await recordLicenceEvents(tx, {
    type: "licence.activated",
    licenceIds: added.map((a) => a.id),
    now,
  });

  if (payment.providerPaymentId) {
    const terms: UpgradeTerms = {
      invoice_item_id: line.id,
      plan_id: plan.id,
      amount_cents: quote.amountCents,
    };
    // The payments mirror: the webhook and the sweep find this payment's order here.
    await recordPaidPayment(tx, {
      provider: payment.provider,
      providerPaymentId: payment.providerPaymentId,
      userId: user.id,
      idempotencyKey: input.orderKey,
      purpose: "upgrade",
      upgrade: terms,
      amountCents: quote.amountCents,
      orderId: order.id,
      chargeId: payment.chargeId,
      feeCents: payment.feeCents,
      netCents: payment.netCents,
      now,
    });
  }

  const codes = await tx
    .select({ code: licences.code })
    .from(licences)
    .where(eq(licences.invoiceItemId, item.id))
    .orderBy(asc(licences.id));
  await outbox.enqueue(tx, {
    kind: "email",
    topic: EMAIL_TOPIC,
    payload: {
      to: user.email,
      subject: `Your ${line.deal.publicName} upgrade to ${plan.publicName}`,
      text: [
        "Hi,",
        "",
        `${line.deal.publicName} moved from ${line.planName ?? "your plan"} to ${plan.publicName} (order #${order.id}).`,
        `Paid: ${formatMoney(quote.amountCents)}`,
        ...(codes.length ? ["", "Your licence codes:", ...codes.map((c) => `  ${c.code}`)] : []),
        "",
        `Your products: ${deps.publicUrl.replace(/\/$/, "")}/account/products/`,
      ].join("\n"),
      template: "product_upgraded",
    },
  });
  return { orderId: order.id, invoiceItemId: item.id };
}
