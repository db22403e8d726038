import { eq } from "drizzle-orm";
import {
  comments,
  dealRoles,
  deals,
  founderPosts,
  invoiceItems,
  orders,
  users,
} from "../../server/db/schema";
import type { TestApp } from "./app";
import { newBuyer } from "./commerce";

// Factories of a founder's record (issue 34, decision 077): a founder of the test's own, their
// deals (published, draft or private), sales and refunds, reviews and updates.

let made = 0;

/** A signed-up member made the partner (founder) of nothing yet; `slug` is their username. */
export async function newFounder(app: TestApp) {
  const account = await newBuyer(app, "founder");
  const [row] = await app.database.db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, account.id));
  return { ...account, slug: row?.username as string };
}

/** A deal of the founder's: published unless `draft` or `private`. */
export async function founderDeal(
  app: TestApp,
  founderId: number,
  opts: { draft?: boolean; private?: boolean } = {},
) {
  made += 1;
  const slug = `founder-deal-${process.pid}-${Date.now()}-${made}`;
  const [deal] = await app.database.db
    .insert(deals)
    .values({
      slug,
      name: `Founder deal ${made}`,
      publicName: `Founder deal ${made}`,
      isDraft: opts.draft ?? false,
      dealStatus: opts.private ? "Private" : "Public",
    })
    .returning({ id: deals.id, slug: deals.slug });
  if (!deal) throw new Error("deal not inserted");
  await app.database.db
    .insert(dealRoles)
    .values({ dealId: deal.id, userId: founderId, role: "partner" });
  return deal;
}

/** `count` paid plan purchases of the deal by `buyerId`; the first `refunded` of them refunded. */
export async function sales(
  app: TestApp,
  dealId: number,
  buyerId: number,
  count: number,
  refunded = 0,
) {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    made += 1;
    const [order] = await app.database.db
      .insert(orders)
      .values({
        userId: buyerId,
        status: "paid",
        subtotalCents: 1000,
        totalCents: 1000,
        idempotencyKey: `founder-sale-${process.pid}-${Date.now()}-${made}`,
        paidAt: new Date(),
      })
      .returning({ id: orders.id });
    const [item] = await app.database.db
      .insert(invoiceItems)
      .values({
        orderId: order?.id as number,
        userId: buyerId,
        dealId,
        priceCents: 1000,
        refundedAt: i < refunded ? new Date() : null,
      })
      .returning({ id: invoiceItems.id });
    ids.push(item?.id as number);
  }
  return ids;
}

/** An approved review of the deal, rated `rating`, written at `at`. */
export async function approvedReview(
  app: TestApp,
  dealId: number,
  userId: number,
  rating: number,
  at: Date,
) {
  await app.database.db.insert(comments).values({
    dealId,
    userId,
    kind: "review",
    title: `Rated ${rating}`,
    comment: "A review of the test's own.",
    rating,
    status: "approved",
    createdAt: at,
  });
}

/** A founder post (an update) of the deal at `at`. */
export async function update(app: TestApp, dealId: number, authorId: number, at: Date) {
  await app.database.db.insert(founderPosts).values({
    dealId,
    authorUserId: authorId,
    title: "Version 2 is out",
    message: "What changed.",
    createdAt: at,
    modifiedAt: at,
  });
}
