import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PLUS_DEAL_SLUG } from "../../domain/constants";
import { REFUND_FAILED } from "../../domain/refunds";
import { coupons, credits, invoiceItems, orders, outbox } from "../../server/db/schema";
import type { Credentials } from "../helpers/app";
import { createTestApp } from "../helpers/app";
import { addPlan } from "../helpers/commerce";
import { moneyClient } from "../helpers/money";

// Refunds give back what was paid, through the provider, and Plus ends with its refund.
const app = await createTestApp();
const { db, send, pay, dealPlans, userId, freshCart } = moneyClient(app);
const pixelforge = await dealPlans("pixelforge");
const taskflow = await dealPlans("taskflow");
const plusDeal = await dealPlans(PLUS_DEAL_SLUG);

const refunds: [string, number, string][] = [];
const gateway = app.services.gateway;
const realRefund = gateway.refund.bind(gateway);
gateway.refund = async (id, cents, key) => {
  refunds.push([id, cents, key]);
  return realRefund(id, cents, key);
};

const balance = async (email: string) =>
  Number(
    (
      await db
        .select({ n: sql<number>`coalesce(sum(${credits.amountCents}), 0)::int` })
        .from(credits)
        .where(eq(credits.userId, await userId(email)))
    )[0]?.n ?? 0,
  );
const refundOf = (itemId: number, creds: Credentials) =>
  send("POST", `/api/users/products/${itemId}/refund/`, {}, creds);
const itemsOf = (orderId: number) =>
  db.select().from(invoiceItems).where(eq(invoiceItems.orderId, orderId));
const lastMail = async () =>
  (
    await db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'template' = 'product_refunded'`)
      .orderBy(sql`${outbox.id} desc`)
      .limit(1)
  )[0]?.payload as { text: string };

describe("refund amounts and destinations", () => {
  it("gives nothing back for an order a coupon paid in full, and never says the card", async () => {
    await db.insert(coupons).values({ code: "ALLFREE", type: "percent", value: 100 });
    const creds = await freshCart("shopper@payonce.test");
    await send("POST", "/api/cart/items/", { dealId: pixelforge.deal.id }, creds);
    expect((await send("POST", "/api/cart/coupon/", { code: "ALLFREE" }, creds)).statusCode).toBe(
      200,
    );
    const paid = await pay(creds, {});
    expect(paid.statusCode).toBe(201);
    const [item] = await itemsOf(paid.json().order.id);
    const before = refunds.length;
    const res = await refundOf(item!.id, creds);
    expect(res.statusCode).toBe(200);
    expect(res.json().amount).toBe(0);
    expect(refunds.length).toBe(before);
    expect((await lastMail()).text).not.toMatch(/card|payment method/);
  });

  it("splits a refund between credits and card, through the provider, once under parallel calls", async () => {
    const email = "buyer@payonce.test";
    await db
      .insert(credits)
      .values({ userId: await userId(email), amountCents: 3000, reason: "adjustment" });
    const startBalance = await balance(email);
    const creds = await freshCart(email);
    await send("POST", "/api/cart/items/", { dealId: pixelforge.deal.id }, creds);
    await addPlan(app, creds, taskflow);
    const cart = (await send("POST", "/api/cart/credits/", { use_credit: true }, creds)).json();
    const paid = await pay(creds);
    expect(paid.statusCode).toBe(201);
    const order = paid.json().order;
    const creditSpent = Math.round(cart.credit_applied * 100);
    expect(creditSpent).toBeGreaterThan(0);
    const items = await itemsOf(order.id);
    const before = refunds.length;
    const answers = await Promise.all(
      items.flatMap((i) => [refundOf(i.id, creds), refundOf(i.id, creds)]),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 409, 409]);
    const refunded = answers
      .filter((a) => a.statusCode === 200)
      .reduce((s, a) => s + Math.round(a.json().amount * 100), 0);
    // Everything the order took comes back: card total plus credits spent, no more.
    expect(refunded).toBe(Math.round(order.total * 100) + creditSpent);
    expect(await balance(email)).toBe(startBalance);
    const provider = refunds.slice(before);
    expect(provider.reduce((s, r) => s + r[1], 0)).toBe(Math.round(order.total * 100));
    expect(new Set(provider.map((r) => r[2])).size).toBe(provider.length);
    expect((await lastMail()).text).toMatch(/back to your .*ending in \d{4}|credit balance/);
  });

  it("refuses, and refunds nothing, when the provider refuses", async () => {
    const creds = await freshCart("reviewer@payonce.test");
    await send("POST", "/api/cart/items/", { dealId: pixelforge.deal.id }, creds);
    const paid = await pay(creds);
    await db
      .update(orders)
      .set({ providerPaymentId: "ch_unknown" })
      .where(eq(orders.id, paid.json().order.id));
    const [item] = await itemsOf(paid.json().order.id);
    const res = await refundOf(item!.id, creds);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: [REFUND_FAILED] });
    expect((await itemsOf(paid.json().order.id))[0]?.refundedAt).toBeNull();
  });
});

describe("Plus and refunds", () => {
  const hasPlus = async (creds: Credentials) =>
    (await send("GET", "/api/plus/subscription/", undefined, creds)).json().has_plus as boolean;

  it("ends Plus with the refund of the Plus purchase: no member price afterwards", async () => {
    const creds = await freshCart("shopper@payonce.test");
    await send("POST", "/api/cart/items/", { dealId: plusDeal.deal.id }, creds);
    const paid = await pay(creds);
    expect(paid.statusCode).toBe(201);
    expect(await hasPlus(creds)).toBe(true);
    const [item] = await itemsOf(paid.json().order.id);
    expect((await refundOf(item!.id, creds)).statusCode).toBe(200);
    expect(await hasPlus(creds)).toBe(false);
    await send("POST", "/api/cart/items/", { dealId: pixelforge.deal.id }, creds);
    expect((await send("GET", "/api/cart/", undefined, creds)).json().plus_discount).toBe(0);
    // The refunded year cannot be reactivated for free either.
    const back = await send("PATCH", "/api/plus/subscription/", { action: "reactivate" }, creds);
    expect(back.statusCode).not.toBe(200);
    expect(await hasPlus(creds)).toBe(false);
  });

  it("charges a lapsed member's reactivation as a recorded order", async () => {
    const creds = await app.login("plus@payonce.test");
    const uid = await userId("plus@payonce.test");
    await db.execute(
      sql`update plus_subscriptions set current_period_end = now() - interval '1 minute' where user_id = ${uid}`,
    );
    const before = await db.select().from(orders).where(eq(orders.userId, uid));
    const [a, b] = await Promise.all([
      send("PATCH", "/api/plus/subscription/", { action: "reactivate" }, creds),
      send("PATCH", "/api/plus/subscription/", { action: "reactivate" }, creds),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await hasPlus(creds)).toBe(true);
    const after = await db.select().from(orders).where(eq(orders.userId, uid));
    const renewals = after.filter((o) => !before.some((p) => p.id === o.id));
    expect(renewals).toMatchObject([{ status: "paid", totalCents: 9900 }]);
    expect(renewals[0]?.providerPaymentId).toMatch(/^pi_test_/);
    const [item] = await itemsOf(renewals[0]!.id);
    expect(item).toMatchObject({ dealId: plusDeal.deal.id, priceCents: 9900 });
    expect((await refundOf(item!.id, creds)).json().amount).toBe(99);
    expect(await hasPlus(creds)).toBe(false);
  });
});
