import { and, eq } from "drizzle-orm";
import { invoiceItems, orders, userEmails } from "../../server/db/schema";
import type { TestApp } from "./app";
import { newBuyer } from "./commerce";

// Issue 33's factories: members who may post, and plan lines with the dates a test needs (a
// purchase some days ago, a refund, a transfer), written as the commerce side writes them (the
// ownership triggers keep deal_owners from these rows).

const DAY_MS = 86_400_000;

/** A new signed-in member with a verified e-mail (they may post). */
export async function verifiedMember(app: TestApp, tag = "member") {
  const member = await newBuyer(app, tag);
  await app.database.db
    .update(userEmails)
    .set({ verified: true })
    .where(and(eq(userEmails.userId, member.id)));
  return member;
}

/** A paid plan line of `dealId` held by `userId`, paid `daysAgo` days ago. */
export async function ownLine(
  app: TestApp,
  line: {
    userId: number;
    dealId: number;
    planId: number;
    daysAgo: number;
    /** The line came to its holder by a transfer this many days ago. */
    transferredDaysAgo?: number;
  },
) {
  const db = app.database.db;
  const paidAt = new Date(Date.now() - line.daysAgo * DAY_MS);
  const [order] = await db
    .insert(orders)
    .values({
      userId: line.userId,
      status: "paid",
      subtotalCents: 4900,
      totalCents: 4900,
      paymentProvider: "test",
      createdAt: paidAt,
      paidAt,
    })
    .returning({ id: orders.id });
  const transferredAt =
    line.transferredDaysAgo === undefined
      ? null
      : new Date(Date.now() - line.transferredDaysAgo * DAY_MS);
  const [item] = await db
    .insert(invoiceItems)
    .values({
      orderId: order?.id as number,
      userId: line.userId,
      dealId: line.dealId,
      planId: line.planId,
      priceCents: 4900,
      createdAt: paidAt,
      ...(transferredAt ? { transferredToUserId: line.userId, transferredAt } : {}),
    })
    .returning({ id: invoiceItems.id });
  return { orderId: order?.id as number, itemId: item?.id as number };
}

/** Refunds a line now (as a staff refund does: the line, then its order). */
export async function refundLine(app: TestApp, line: { orderId: number; itemId: number }) {
  const db = app.database.db;
  await db
    .update(invoiceItems)
    .set({ refundedAt: new Date() })
    .where(eq(invoiceItems.id, line.itemId));
  await db.update(orders).set({ status: "refunded" }).where(eq(orders.id, line.orderId));
}
