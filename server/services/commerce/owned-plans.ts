/**
 * The plans of a deal a user owns now (issue 32: "you own Tier 2" on the product page, filled per
 * person after a page kept for an audience loads). Owning follows ownership-sql.ts: a line the
 * user holds on a paid order, not refunded; a line upgraded to another plan no longer counts (its
 * new line does), nor does an add-on line (it rides on its plan).
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { invoiceItems, orders } from "../../db/schema";

export function createOwnedPlansService(deps: { db: Db }) {
  const { db } = deps;
  const query = db
    .selectDistinct({ planId: invoiceItems.planId })
    .from(invoiceItems)
    .innerJoin(orders, eq(orders.id, invoiceItems.orderId))
    .where(
      and(
        eq(invoiceItems.userId, sql.placeholder("userId")),
        eq(invoiceItems.dealId, sql.placeholder("dealId")),
        eq(orders.status, "paid"),
        isNull(invoiceItems.refundedAt),
        isNull(invoiceItems.upgradedAt),
        isNull(invoiceItems.parentInvoiceItemId),
      ),
    )
    .prepare("owned_plans");

  /** Plan ids of `dealId` that `userId` owns, ascending; none for an anonymous reader. */
  async function forDeal(userId: number | null, dealId: number): Promise<number[]> {
    if (userId === null) return [];
    const rows = await query.execute({ userId, dealId });
    return rows
      .map((r) => r.planId)
      .filter((id): id is number => id !== null)
      .sort((a, b) => a - b);
  }

  return { forDeal };
}

export type OwnedPlansService = ReturnType<typeof createOwnedPlansService>;
