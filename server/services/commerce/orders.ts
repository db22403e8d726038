import { and, asc, eq, inArray } from "drizzle-orm";
import { refundState } from "../../../domain/account";
import { isId } from "../../../domain/ids";
import type { Db } from "../../db/client";
import {
  coupons,
  deals,
  invoiceItems,
  licences,
  orders,
  paymentMethods,
  plans,
} from "../../db/schema";
import type { Clock } from "../../providers/clock";

/**
 * Orders as their owner (or staff) reads them: GET /api/orders/{id}/ and the /orders/{id}/
 * confirmation page. Anyone else gets null, so the caller answers 404 and no order id leaks.
 * The JSON both show is orderJson (server/web/commerce-presenters.ts).
 */
export function createOrderService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function get(orderId: number, viewer: { id: number; isStaff: boolean } | null) {
    if (!viewer || !isId(orderId)) return null;
    const [row] = await db
      .select({
        order: orders,
        couponCode: coupons.code,
        cardBrand: paymentMethods.brand,
        cardLast4: paymentMethods.last4,
      })
      .from(orders)
      .leftJoin(coupons, eq(coupons.id, orders.couponId))
      .leftJoin(paymentMethods, eq(paymentMethods.id, orders.paymentMethodId))
      .where(eq(orders.id, orderId))
      .limit(1);
    if (!row) return null;
    if (row.order.userId !== viewer.id && !viewer.isStaff) return null;
    const now = clock.now();
    const items = await db
      .select({
        item: invoiceItems,
        deal: {
          id: deals.id,
          slug: deals.slug,
          publicName: deals.publicName,
          productLogo: deals.productLogo,
          refundableDays: deals.refundableDays,
        },
        plan: { id: plans.id, publicName: plans.publicName, tier: plans.tier },
      })
      .from(invoiceItems)
      .innerJoin(deals, eq(deals.id, invoiceItems.dealId))
      .leftJoin(plans, eq(plans.id, invoiceItems.planId))
      .where(eq(invoiceItems.orderId, orderId))
      .orderBy(asc(invoiceItems.id));
    const ids = items.map((i) => i.item.id);
    const codes = ids.length
      ? await db
          .select({
            invoiceItemId: licences.invoiceItemId,
            code: licences.code,
            status: licences.status,
            redeemedAt: licences.redeemedAt,
          })
          .from(licences)
          .where(inArray(licences.invoiceItemId, ids))
          .orderBy(asc(licences.id))
      : [];
    return {
      order: row.order,
      couponCode: row.couponCode,
      card: row.cardBrand ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
      items: items.map((i) => ({
        ...i,
        /**
         * Whether the order's buyer may refund this line now. It matters on the order page for a
         * line they gave away: it is no longer in their products, yet its money is theirs to ask
         * back (decision 011). A line replaced by an upgrade is refunded through its new line.
         */
        refund: refundState(
          {
            refundableDays: i.deal.refundableDays,
            purchasedAt: i.item.windowStartedAt ?? i.item.createdAt,
            refundedAt: i.item.refundedAt,
            receivedByTransfer: false,
          },
          now,
        ),
        licences: codes.filter((c) => c.invoiceItemId === i.item.id).map((c) => c.code),
        /** The codes that do not work now (held while disputed, revoked once refunded). */
        licencesNotActive: codes
          .filter((c) => c.invoiceItemId === i.item.id && c.status !== "active")
          .map((c) => ({ code: c.code, status: c.status })),
        /** The codes the partner's product has redeemed (issue 30). */
        licencesRedeemed: codes
          .filter((c) => c.invoiceItemId === i.item.id && c.redeemedAt != null)
          .map((c) => c.code),
      })),
    };
  }

  /** Whether the user has a paid order (used by tests and the order page's copy). */
  async function paidCount(userId: number) {
    const rows = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, "paid")));
    return rows.length;
  }

  return { get, paidCount };
}

export type OrderService = ReturnType<typeof createOrderService>;
/** An order with its invoice items and their licence codes (server/web/commerce-presenters.ts shows it). */
export type OrderRecord = NonNullable<Awaited<ReturnType<OrderService["get"]>>>;
