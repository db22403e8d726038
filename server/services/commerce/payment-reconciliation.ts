/**
 * Staff: the provider's payments against our orders (issue 29; docs/decisions/007): matched,
 * missing (paid there, no order and not refunded here) or different (amounts that disagree), the
 * disputes and the events as stored.
 */
import { desc, eq, inArray, sql } from "drizzle-orm";
import { formatMoney } from "../../../domain/money";
import type { Db } from "../../db/client";
import { orders, paymentDisputes, paymentEvents, paymentRefunds, payments } from "../../db/schema";
import type { Clock } from "../../providers/clock";
import type { Payments } from "../../providers/payments";

export function createPaymentReconciliation(deps: { db: Db; clock: Clock; gateway: Payments }) {
  const { db, clock, gateway } = deps;

  /**
   * The provider's payments of the last `days` against our orders: matched, missing (paid there,
   * no order and not refunded here) or different (amounts that disagree).
   */
  async function reconciliation(days = 30) {
    const since = new Date(clock.now().getTime() - days * 24 * 60 * 60 * 1000);
    const found = await gateway.listIntents(since);
    const ids = found.map((i) => i.id);
    const ours = ids.length
      ? await db
          .select({
            providerPaymentId: payments.providerPaymentId,
            status: payments.status,
            orderId: payments.orderId,
            orderTotal: orders.totalCents,
            orderStatus: orders.status,
          })
          .from(payments)
          .leftJoin(orders, eq(orders.id, payments.orderId))
          .where(inArray(payments.providerPaymentId, ids))
      : [];
    const byId = new Map(ours.map((o) => [o.providerPaymentId, o]));
    const refundRows = ids.length
      ? await db
          .select({
            providerPaymentId: paymentRefunds.providerPaymentId,
            amount: sql<number>`coalesce(sum(${paymentRefunds.amountCents}) filter (where ${paymentRefunds.status} in ('pending', 'succeeded')), 0)::int`,
          })
          .from(paymentRefunds)
          .where(inArray(paymentRefunds.providerPaymentId, ids))
          .groupBy(paymentRefunds.providerPaymentId)
      : [];
    const refunded = new Map(refundRows.map((r) => [r.providerPaymentId, Number(r.amount)]));
    const rows = found
      .filter((i) => i.status === "succeeded" || i.status === "processing")
      .map((intent) => {
        const mine = byId.get(intent.id);
        let state: "matched" | "missing" | "different";
        let note = "";
        if (!mine || (!mine.orderId && mine.status !== "refunded")) {
          state = "missing";
          note = "Paid at the provider, no order here";
        } else if (mine.status === "refunded") {
          state = "matched";
          note = "Refunded: no order was made";
        } else if (mine.orderTotal !== intent.amountCents) {
          state = "different";
          note = `Order total ${formatMoney(mine.orderTotal ?? 0)}, charged ${formatMoney(intent.amountCents)}`;
        } else {
          state = "matched";
        }
        return {
          payment_intent: intent.id,
          created: intent.created.toISOString(),
          amount: intent.amountCents / 100,
          fee: intent.feeCents == null ? null : intent.feeCents / 100,
          net: intent.netCents == null ? null : intent.netCents / 100,
          provider_status: intent.status,
          order_id: mine?.orderId ?? null,
          order_status: mine?.orderStatus ?? null,
          refunded: (refunded.get(intent.id) ?? 0) / 100,
          state,
          note,
        };
      });
    const disputes = await db
      .select()
      .from(paymentDisputes)
      .orderBy(desc(paymentDisputes.openedAt))
      .limit(50);
    return {
      since: since.toISOString(),
      counts: {
        matched: rows.filter((r) => r.state === "matched").length,
        missing: rows.filter((r) => r.state === "missing").length,
        different: rows.filter((r) => r.state === "different").length,
      },
      results: rows,
      disputes: disputes.map((d) => ({
        id: d.providerDisputeId,
        payment_intent: d.providerPaymentId,
        order_id: d.orderId,
        amount: d.amountCents / 100,
        reason: d.reason,
        status: d.status,
        outcome: d.outcome,
        opened_at: d.openedAt.toISOString(),
        closed_at: d.closedAt?.toISOString() ?? null,
      })),
    };
  }

  /** Recent events as stored (the staff page's log). */
  async function recentEvents(limit = 50) {
    return db
      .select({
        id: paymentEvents.id,
        type: paymentEvents.type,
        objectId: paymentEvents.objectId,
        outcome: paymentEvents.outcome,
        receivedAt: paymentEvents.receivedAt,
      })
      .from(paymentEvents)
      .orderBy(desc(paymentEvents.receivedAt))
      .limit(limit);
  }

  return { reconciliation, recentEvents };
}
