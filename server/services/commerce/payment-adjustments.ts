/**
 * Refunds and disputes as the provider reports them (issue 29; docs/decisions/004, 005), applied
 * inside the webhook's transaction. Ours (a buyer's or staff's refund here) are already applied:
 * only a later failure undoes them. Every state only moves forward, so events in any order and
 * any number of times end in the same place.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { formatMoney } from "../../../domain/money";
import {
  disputeState,
  laterRefundStatus,
  type RefundSource,
  type RefundStatus,
  refundStatusOf,
} from "../../../domain/payments";
import type { Db } from "../../db/client";
import {
  dealRoles,
  deals,
  invoiceItems,
  orders,
  paymentDisputes,
  paymentRefunds,
  users,
} from "../../db/schema";
import type { Clock } from "../../providers/clock";
import type { PaymentIntentView, Payments } from "../../providers/payments";
import { EMAIL_TOPIC } from "../accounts/accounts";
import type { Outbox } from "../jobs/outbox";
import type { Tx } from "./cart";
import { syncLicences } from "./licences";

const str = (v: unknown): string | null => (typeof v === "string" && v ? v : null);
const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);

export function createPaymentAdjustments(deps: {
  db: Db;
  clock: Clock;
  gateway: Payments;
  outbox: Outbox;
  /** Completes a payment (payments.ts): a refund reported first makes the order first. */
  settle: (tx: Tx, intent: PaymentIntentView) => Promise<unknown>;
}) {
  const { clock, gateway, outbox, settle } = deps;

  async function email(tx: Tx, to: string, subject: string, text: string, template: string) {
    await outbox.enqueue(tx, {
      kind: "email",
      topic: EMAIL_TOPIC,
      payload: { to, subject, text, template },
    });
  }

  /**
   * The order a payment made. A refund or dispute may be reported before the payment's own
   * success event (events come in any order): the payment is settled first, making its order.
   */
  async function orderOfPayment(tx: Tx, providerPaymentId: string) {
    const found = await findOrderOfPayment(tx, providerPaymentId);
    if (found) return found;
    const intent = await gateway.retrieveIntent(providerPaymentId);
    if (!intent?.metadata.user_id) return null;
    await settle(tx, intent);
    return findOrderOfPayment(tx, providerPaymentId);
  }

  async function findOrderOfPayment(tx: Tx, providerPaymentId: string) {
    const [order] = await tx
      .select({ id: orders.id, userId: orders.userId, totalCents: orders.totalCents })
      .from(orders)
      .where(eq(orders.providerPaymentId, providerPaymentId))
      .limit(1)
      .for("update");
    return order ?? null;
  }

  /** The order's lines still owned, with what each paid by card, for a refund to cover. */
  async function linesToCover(tx: Tx, orderId: number, amountCents: number, total: number) {
    const lines = await tx
      .select({
        id: invoiceItems.id,
        paid: sql<number>`greatest(${invoiceItems.priceCents} - ${invoiceItems.discountCents}, 0)`,
      })
      .from(invoiceItems)
      .where(and(eq(invoiceItems.orderId, orderId), isNull(invoiceItems.refundedAt)))
      .orderBy(invoiceItems.id);
    const [done] = await tx
      .select({ n: sql<number>`coalesce(sum(${paymentRefunds.amountCents}), 0)::int` })
      .from(paymentRefunds)
      .where(
        and(
          eq(paymentRefunds.orderId, orderId),
          inArray(paymentRefunds.status, ["pending", "succeeded"]),
        ),
      );
    // A refund of everything the card paid (or more) is the whole order.
    if (amountCents + Number(done?.n ?? 0) >= total) return lines.map((l) => l.id);
    const covered: number[] = [];
    let left = amountCents;
    for (const line of lines) {
      const paid = Number(line.paid);
      if (paid > 0 && paid <= left) {
        covered.push(line.id);
        left -= paid;
      }
    }
    return covered;
  }

  async function setOrderStatus(tx: Tx, orderId: number) {
    const [left] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(invoiceItems)
      .where(and(eq(invoiceItems.orderId, orderId), isNull(invoiceItems.refundedAt)));
    await tx
      .update(orders)
      .set({ status: Number(left?.n ?? 0) === 0 ? "refunded" : "paid" })
      .where(eq(orders.id, orderId));
  }

  /**
   * A refund the provider reports (refund.created / updated / failed, charge.refunded). Ours
   * (made by a buyer's or staff's refund here) are already applied: only a later failure undoes
   * them. One made in the dashboard refunds the lines it pays for, revokes their codes and tells
   * the buyer once; a refund that fails gives the lines and their codes back.
   */
  async function applyRefund(tx: Tx, refund: Record<string, unknown>): Promise<string> {
    const id = str(refund.id);
    const paymentIntent = str(refund.payment_intent);
    if (!id || !paymentIntent) return "unknown";
    const order = await orderOfPayment(tx, paymentIntent);
    const [known] = await tx
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.providerRefundId, id))
      .for("update");
    const reported = refundStatusOf(str(refund.status));
    const metadata = (refund.metadata ?? {}) as Record<string, string>;
    if (!known) {
      if (!order) return "unknown";
      const source: RefundSource = metadata.payonce === "orphan" ? "orphan" : "dashboard";
      const items =
        metadata.payonce === "1" && metadata.items
          ? metadata.items.split(",").map(Number).filter(Number.isInteger)
          : await linesToCover(tx, order.id, num(refund.amount), order.totalCents);
      await tx.insert(paymentRefunds).values({
        providerRefundId: id,
        providerPaymentId: paymentIntent,
        orderId: order.id,
        amountCents: num(refund.amount),
        status: reported,
        source: metadata.payonce === "1" ? "payonce" : source,
        invoiceItemIds: items,
        createdAt: clock.now(),
        updatedAt: clock.now(),
      });
      if (reported === "failed" || reported === "canceled") return "applied";
      await refundLines(tx, order.id, items);
      if (order.userId) {
        const [buyer] = await tx
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, order.userId));
        if (buyer) {
          await email(
            tx,
            buyer.email,
            `Your refund for order #${order.id}`,
            [
              "Hi,",
              "",
              `We refunded ${formatMoney(num(refund.amount))} of your order #${order.id} to your card.`,
              "Its licence codes no longer work.",
            ].join("\n"),
            "order_refunded",
          );
        }
      }
      return "applied";
    }
    const next = laterRefundStatus(known.status as RefundStatus, reported);
    if (next === known.status) return "unchanged";
    await tx
      .update(paymentRefunds)
      .set({ status: next, updatedAt: clock.now() })
      .where(eq(paymentRefunds.id, known.id));
    const wasLive = known.status === "pending" || known.status === "succeeded";
    if (wasLive && (next === "failed" || next === "canceled") && known.orderId) {
      // The money did not go back: the buyer keeps what they paid for.
      await tx
        .update(invoiceItems)
        .set({ refundedAt: null })
        .where(inArray(invoiceItems.id, known.invoiceItemIds.length ? known.invoiceItemIds : [0]));
      await setOrderStatus(tx, known.orderId);
      await syncLicences(tx, [known.orderId], clock.now());
    }
    return "applied";
  }

  async function refundLines(tx: Tx, orderId: number, items: number[]) {
    if (items.length > 0) {
      await tx
        .update(invoiceItems)
        .set({ refundedAt: clock.now() })
        .where(and(inArray(invoiceItems.id, items), isNull(invoiceItems.refundedAt)));
    }
    await setOrderStatus(tx, orderId);
    await syncLicences(tx, [orderId], clock.now());
  }

  /** A dispute (chargeback): codes held while open, given back when won, revoked when lost. */
  async function applyDispute(tx: Tx, dispute: Record<string, unknown>): Promise<string> {
    const id = str(dispute.id);
    const paymentIntent = str(dispute.payment_intent);
    if (!id || !paymentIntent) return "unknown";
    const order = await orderOfPayment(tx, paymentIntent);
    if (!order) return "unknown";
    const state = disputeState(str(dispute.status) ?? "needs_response");
    const [known] = await tx
      .select()
      .from(paymentDisputes)
      .where(eq(paymentDisputes.providerDisputeId, id))
      .for("update");
    const outcome = state === "open" ? null : state;
    if (known?.outcome) {
      // Closed is final: a late "created" or "updated" does not reopen it.
      return "unchanged";
    }
    if (known) {
      await tx
        .update(paymentDisputes)
        .set({
          status: str(dispute.status) ?? known.status,
          outcome,
          closedAt: outcome ? clock.now() : null,
        })
        .where(eq(paymentDisputes.id, known.id));
    } else {
      await tx.insert(paymentDisputes).values({
        providerDisputeId: id,
        providerPaymentId: paymentIntent,
        orderId: order.id,
        amountCents: num(dispute.amount),
        reason: str(dispute.reason),
        status: str(dispute.status) ?? "needs_response",
        outcome,
        openedAt: clock.now(),
        closedAt: outcome ? clock.now() : null,
      });
      await tellPartners(tx, order.id, num(dispute.amount), str(dispute.reason));
    }
    await syncLicences(tx, [order.id], clock.now());
    return "applied";
  }

  /** The partners of the deals an order bought hear of its dispute (their payout may change). */
  async function tellPartners(tx: Tx, orderId: number, amount: number, reason: string | null) {
    const partners = await tx
      .selectDistinct({ email: users.email, deal: deals.publicName })
      .from(invoiceItems)
      .innerJoin(dealRoles, eq(dealRoles.dealId, invoiceItems.dealId))
      .innerJoin(users, eq(users.id, dealRoles.userId))
      .innerJoin(deals, eq(deals.id, invoiceItems.dealId))
      .where(and(eq(invoiceItems.orderId, orderId), eq(dealRoles.role, "partner")));
    for (const p of partners) {
      await email(
        tx,
        p.email,
        `A payment for ${p.deal} is disputed`,
        [
          "Hi,",
          "",
          `The buyer of order #${orderId} (${p.deal}) disputed the payment of ${formatMoney(amount)} with their bank${reason ? ` (${reason.replaceAll("_", " ")})` : ""}.`,
          "Its licence codes are on hold until the bank decides. We answer the dispute; nothing is needed from you.",
        ].join("\n"),
        "partner_dispute",
      );
    }
  }

  return { applyRefund, applyDispute };
}
