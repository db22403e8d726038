import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  CARD_AUTHENTICATION_FAILED,
  CARD_DECLINED,
  CARD_NEEDS_AUTHENTICATION,
  MISSING_PAYMENT_METHOD,
  PAYMENT_NOT_FOUND,
} from "../../domain/messages";
import { invoiceItems, licences, orders, payments } from "../../server/db/schema";
import { createTestApp } from "../helpers/app";
import { addPlan, checkout, dealPlans, newBuyer } from "../helpers/commerce";

// Issue 29 on the built-in test gateway: the same flows as Stripe, offline. The 3155 card asks
// for 3-D Secure; the gateway's challenge page approves or fails it.
const app = await createTestApp();
const db = app.database.db;
const taskflow = await dealPlans(app, "taskflow");

const ordersOf = (userId: number) => db.select().from(orders).where(eq(orders.userId, userId));
const cartOf = async (creds: Awaited<ReturnType<typeof newBuyer>>["creds"]) =>
  (await app.send("GET", "/api/cart/", undefined, creds)).json() as { cart_items: unknown[] };

describe("test gateway: cards and 3-D Secure", () => {
  it("pays with 4242 and gives the order licence codes that are active", async () => {
    const buyer = await newBuyer(app);
    await addPlan(app, buyer.creds, taskflow);
    const res = await checkout(app, buyer.creds, { payment_method: "pm_card_visa" }, "key-4242-a");
    expect(res.statusCode).toBe(201);
    const [order] = await ordersOf(buyer.id);
    expect(order?.status).toBe("paid");
    const [mirror] = await db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, order!.providerPaymentId!));
    expect(mirror).toMatchObject({ orderId: order!.id, status: "succeeded" });
    expect(mirror!.feeCents).toBe(Math.round(order!.totalCents * 0.029) + 30);
    const products = (await app.send("GET", "/api/users/products/", undefined, buyer.creds)).json();
    const codes = products.results.flatMap((p: { licence_codes: unknown[] }) => p.licence_codes);
    expect(codes.length).toBeGreaterThan(0);
    for (const c of codes) expect(c).toMatchObject({ status: "active" });
  });

  it("says a declined card was declined and keeps the cart", async () => {
    const buyer = await newBuyer(app);
    await addPlan(app, buyer.creds, taskflow);
    const res = await checkout(app, buyer.creds, { payment_method: "pm_card_chargeDeclined" });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: "declined", payment_method: [CARD_DECLINED] });
    expect(await ordersOf(buyer.id)).toEqual([]);
    expect((await cartOf(buyer.creds)).cart_items).toHaveLength(1);
  });

  it("3155 approved: requires_action with a client secret, then exactly one order", async () => {
    const buyer = await newBuyer(app);
    await addPlan(app, buyer.creds, taskflow);
    const key = "key-3155-approve";
    const first = await checkout(
      app,
      buyer.creds,
      { payment_method: "pm_card_authenticationRequired" },
      key,
    );
    expect(first.statusCode).toBe(402);
    const body = first.json();
    expect(body).toMatchObject({
      code: "requires_action",
      payment_method: [CARD_NEEDS_AUTHENTICATION],
    });
    expect(body.client_secret).toMatch(/^pi_test_.+_secret_/);
    expect(await ordersOf(buyer.id)).toEqual([]);
    // Nothing taken while the bank asks: the cart is still there.
    expect((await cartOf(buyer.creds)).cart_items).toHaveLength(1);

    // The bank's page approves (as Stripe's webhook would, this makes the order at once)...
    // Nobody else answers the buyer's bank.
    const other = await newBuyer(app);
    await expect(
      app.services.payments.authenticateTestIntent(body.payment_intent, "approve", other.id),
    ).rejects.toMatchObject({ kind: "not_found" });
    expect(await app.services.payments.testIntent(body.payment_intent, null)).toBeNull();
    const answer = await app.services.payments.authenticateTestIntent(
      body.payment_intent,
      "approve",
      buyer.id,
    );
    expect(answer.status).toBe("succeeded");
    expect(answer.orderId).toEqual(expect.any(Number));
    // ...and the browser comes back with the same key: the same order, not a second one.
    const back = await checkout(app, buyer.creds, { payment_intent: body.payment_intent }, key);
    expect(back.statusCode).toBe(200);
    expect(back.json().order.id).toBe(answer.orderId);
    const again = await checkout(app, buyer.creds, { payment_intent: body.payment_intent }, key);
    expect(again.json().order.id).toBe(answer.orderId);
    const mine = await ordersOf(buyer.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: "paid", providerPaymentId: body.payment_intent });
    expect((await cartOf(buyer.creds)).cart_items).toHaveLength(0);
    // A second answer of the bank changes nothing.
    await app.services.payments.authenticateTestIntent(body.payment_intent, "fail", buyer.id);
    expect(await ordersOf(buyer.id)).toHaveLength(1);
  });

  it("3155 approved with the browser back first: one order", async () => {
    const buyer = await newBuyer(app);
    await addPlan(app, buyer.creds, taskflow);
    const key = "key-3155-browser-first";
    const first = await checkout(app, buyer.creds, { payment_method: "4000002500003155" }, key);
    const { payment_intent } = first.json();
    // The browser is back before the bank answered: the payment still needs the buyer.
    const early = await checkout(app, buyer.creds, { payment_intent }, key);
    expect(early.statusCode).toBe(402);
    expect(early.json()).toMatchObject({ code: "requires_action" });
    await app.services.gateway.authenticate?.(payment_intent, "approve");
    const back = await checkout(app, buyer.creds, { payment_intent }, key);
    expect(back.statusCode).toBe(201);
    // The webhook-like settle arriving after the browser finds the order made.
    const late = await app.services.payments.authenticateTestIntent(
      payment_intent,
      "approve",
      buyer.id,
    );
    expect(late.orderId).toBe(back.json().order.id);
    expect(await ordersOf(buyer.id)).toHaveLength(1);
  });

  it("3155 failed: no order, the cart kept, the failure said", async () => {
    const buyer = await newBuyer(app);
    await addPlan(app, buyer.creds, taskflow);
    const key = "key-3155-fail";
    const first = await checkout(
      app,
      buyer.creds,
      { payment_method: "pm_card_authenticationRequired" },
      key,
    );
    const { payment_intent } = first.json();
    const answer = await app.services.payments.authenticateTestIntent(
      payment_intent,
      "fail",
      buyer.id,
    );
    expect(answer).toEqual({ status: "failed", orderId: null });
    const back = await checkout(app, buyer.creds, { payment_intent }, key);
    expect(back.statusCode).toBe(402);
    expect(back.json()).toMatchObject({
      code: "declined",
      payment_method: [CARD_AUTHENTICATION_FAILED],
    });
    expect(await ordersOf(buyer.id)).toEqual([]);
    expect((await cartOf(buyer.creds)).cart_items).toHaveLength(1);
    // The buyer can pay with another card on the same page (same key): it is a new payment.
    const retry = await checkout(app, buyer.creds, { payment_method: "pm_card_visa" }, key);
    expect(retry.statusCode).toBe(201);
    expect(await ordersOf(buyer.id)).toHaveLength(1);
  });

  it("a cart changed during 3-D Secure gets its money back, not an order", async () => {
    const buyer = await newBuyer(app);
    await addPlan(app, buyer.creds, taskflow);
    const first = await checkout(
      app,
      buyer.creds,
      { payment_method: "pm_card_authenticationRequired" },
      "key-3155-changed",
    );
    const { payment_intent } = first.json();
    await addPlan(app, buyer.creds, taskflow, 2);
    const answer = await app.services.payments.authenticateTestIntent(
      payment_intent,
      "approve",
      buyer.id,
    );
    expect(answer.orderId).toBeNull();
    const [mirror] = await db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, payment_intent));
    expect(mirror?.status).toBe("refunded");
    expect(await ordersOf(buyer.id)).toEqual([]);
    const back = await checkout(app, buyer.creds, { payment_intent }, "key-3155-changed");
    expect(back.statusCode).toBe(409);
  });

  it("never completes someone else's payment", async () => {
    const owner = await newBuyer(app);
    const thief = await newBuyer(app);
    await addPlan(app, owner.creds, taskflow);
    await addPlan(app, thief.creds, taskflow);
    const first = await checkout(
      app,
      owner.creds,
      { payment_method: "pm_card_authenticationRequired" },
      "key-owner",
    );
    const { payment_intent } = first.json();
    await app.services.gateway.authenticate?.(payment_intent, "approve");
    const stolen = await checkout(app, thief.creds, { payment_intent }, "key-thief");
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().detail).toBe(PAYMENT_NOT_FOUND);
    expect(await ordersOf(thief.id)).toEqual([]);
    // A made-up intent is refused the same way, with no 500.
    const forged = await checkout(
      app,
      thief.creds,
      { payment_intent: "pi_test_e30" },
      "key-forged",
    );
    expect(forged.statusCode).toBe(404);
    const junk = await checkout(app, thief.creds, { payment_intent: "pi_test_%%%" }, "key-junk");
    expect(junk.statusCode).toBe(400);
  });

  it("revokes a refunded line's licence codes", async () => {
    const buyer = await newBuyer(app);
    await addPlan(app, buyer.creds, taskflow);
    const res = await checkout(app, buyer.creds, { payment_method: "pm_card_visa" });
    const orderId = res.json().order.id as number;
    const [item] = await db.select().from(invoiceItems).where(eq(invoiceItems.orderId, orderId));
    const refund = await app.send(
      "POST",
      `/api/users/products/${item!.id}/refund/`,
      {},
      buyer.creds,
    );
    expect(refund.statusCode, refund.body).toBeLessThan(300);
    const codes = await db
      .select({ status: licences.status })
      .from(licences)
      .where(and(eq(licences.invoiceItemId, item!.id)));
    expect(codes.length).toBeGreaterThan(0);
    for (const c of codes) expect(c.status).toBe("revoked");
  });

  it("an XHR card call without payment_method_id answers 400 Missing payment method", async () => {
    const buyer = await newBuyer(app);
    const res = await app.inject({
      method: "POST",
      url: "/account/cards/create/",
      payload: "country=US&postal_code=10001",
      cookies: buyer.creds.cookies,
      headers: {
        ...buyer.creds.headers,
        "content-type": "application/x-www-form-urlencoded",
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ payment_method_id: [MISSING_PAYMENT_METHOD] });
  });

  it("pays with a saved card: the order records that card", async () => {
    const buyer = await newBuyer(app);
    const saved = await app.send(
      "POST",
      "/account/cards/create/",
      { payment_method_id: "pm_card_mastercard", country: "US", postal_code: "10001" },
      buyer.creds,
    );
    expect(saved.statusCode, saved.body).toBe(201);
    const cardId = saved.json().card_id as number;
    await addPlan(app, buyer.creds, taskflow);
    const res = await checkout(app, buyer.creds, { payment_method: String(cardId) });
    expect(res.statusCode, res.body).toBe(201);
    const [order] = await ordersOf(buyer.id);
    expect(order).toMatchObject({ status: "paid", paymentMethodId: cardId });
    // Another user's card id is not a way to pay.
    const other = await newBuyer(app);
    await addPlan(app, other.creds, taskflow);
    const stolen = await checkout(app, other.creds, { payment_method: String(cardId) });
    expect(stolen.statusCode).toBe(400);
    expect(await ordersOf(other.id)).toEqual([]);
  });
});
