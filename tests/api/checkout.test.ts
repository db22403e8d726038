import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PLUS_DEAL_SLUG } from "../../domain/constants";
import {
  CARD_DECLINED,
  CARD_NEEDS_AUTHENTICATION,
  CART_EMPTY,
  DEAL_SOLD_OUT,
  INVALID_PAYMENT_METHOD_ID,
  PAYMENT_METHOD_REQUIRED,
  PLUS_ALREADY_MEMBER,
} from "../../domain/messages";
import {
  couponRedemptions,
  coupons,
  credits,
  deals,
  invoiceItems,
  licences,
  orders,
  outbox,
  paymentMethods,
  plans,
  plusSubscriptions,
} from "../../server/db/schema";
import { type Credentials, createTestApp } from "../helpers/app";
import { addAddons, addonLine, addPlan, checkout, dealPlans, freshCart } from "../helpers/commerce";

// POST /checkout/ and GET /api/orders/{id}/ (spec 001 sections 4, 7, 9; contract.md).
const app = await createTestApp();
const db = app.database.db;

type Json = Record<string, unknown>;
const { send } = app;

const pay = (creds: Credentials | undefined, body: Json, key?: string) =>
  checkout(app, creds, body, key);

const { userId } = app;

const paidOrders = async (email: string) =>
  db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, await userId(email)), eq(orders.status, "paid")));

const taskflow = await dealPlans(app, "taskflow");
const ai = await dealPlans(app, "taskflow-ai-assistant");
const pixelforge = await dealPlans(app, "pixelforge");
const quickcrm = await dealPlans(app, "quickcrm");

async function taskflowWithAddon(creds: Credentials) {
  await addPlan(app, creds, taskflow);
  await addAddons(app, [addonLine(ai, taskflow)], creds);
}

describe("POST /checkout/ refusals", () => {
  it("needs a signed-in buyer: 401 for JSON, a redirect to login with next=/cart for a form", async () => {
    const json = await pay(undefined, { payment_method: "pm_card_visa" });
    expect(json.statusCode).toBe(401);
    const form = await app.inject({
      method: "POST",
      url: "/checkout/",
      payload: "payment_method=pm_card_visa",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe("/accounts/login/?next=/cart");
  });

  it("refuses an empty cart and a card cart without a payment method", async () => {
    const creds = await freshCart(app, "shopper@payonce.test");
    const empty = await pay(creds, { payment_method: "pm_card_visa" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ non_field_errors: [CART_EMPTY] });
    await send("POST", "/api/cart/items/", { dealId: pixelforge.deal.id }, creds);
    const none = await pay(creds, {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ payment_method: [PAYMENT_METHOD_REQUIRED] });
    const unknown = await pay(creds, { payment_method: "pm_not_a_card" });
    expect(unknown.json()).toMatchObject({ payment_method: [INVALID_PAYMENT_METHOD_ID] });
  });

  it("declines the declined test card: an error, no paid order, no coupon use, the cart kept", async () => {
    const creds = await freshCart(app, "shopper@payonce.test");
    await taskflowWithAddon(creds);
    await send("POST", "/api/cart/coupon/", { code: "TASKFLOW25" }, creds);
    const [before] = await db.select().from(coupons).where(eq(coupons.code, "TASKFLOW25"));
    for (const card of ["pm_card_chargeDeclined", "4000 0000 0000 0002"]) {
      const res = await pay(creds, { payment_method: card });
      expect(res.statusCode, card).toBe(402);
      expect(res.json(), card).toMatchObject({ payment_method: [CARD_DECLINED], code: "declined" });
    }
    expect(await paidOrders("shopper@payonce.test")).toEqual([]);
    const [after] = await db.select().from(coupons).where(eq(coupons.code, "TASKFLOW25"));
    expect(after!.usedCount).toBe(before!.usedCount);
    const cart = (await send("GET", "/api/cart/", undefined, creds)).json();
    expect(cart.cart_items).toHaveLength(1);
    expect(cart.coupon.code).toBe("TASKFLOW25");
  });

  it("answers clearly when the card needs authentication", async () => {
    const creds = await freshCart(app, "shopper@payonce.test");
    await send("POST", "/api/cart/items/", { dealId: pixelforge.deal.id }, creds);
    for (const card of ["pm_card_authenticationRequired", "4000002500003155"]) {
      const res = await pay(creds, { stripe_token: card, stripe: "1" });
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({
        payment_method: [CARD_NEEDS_AUTHENTICATION],
        code: "requires_action",
      });
    }
    expect(await paidOrders("shopper@payonce.test")).toEqual([]);
  });

  it("sends a form post back to the cart with the reason", async () => {
    const creds = await freshCart(app, "shopper@payonce.test");
    await send("POST", "/api/cart/items/", { dealId: pixelforge.deal.id }, creds);
    const res = await app.inject({
      method: "POST",
      url: "/checkout/",
      payload: `payment_method=pm_card_chargeDeclined&csrfmiddlewaretoken=${creds.cookies.csrftoken}`,
      cookies: creds.cookies,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/cart?checkout_error=declined");
  });

  it("rejects a form post without the CSRF token", async () => {
    const creds = await freshCart(app, "shopper@payonce.test");
    const res = await app.inject({
      method: "POST",
      url: "/checkout/",
      payload: "payment_method=pm_card_visa",
      cookies: creds.cookies,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("POST /checkout/ paying", () => {
  it("charges the test card and writes the order, items, licences, coupon use, e-mail; opens the review gate", async () => {
    const creds = await freshCart(app, "shopper@payonce.test");
    const status = async () =>
      (
        await send("GET", `/api/v2/deals/${taskflow.deal.id}/user_status/`, undefined, creds)
      ).json();
    expect((await status()).user_has_purchased).toBe(false);
    await taskflowWithAddon(creds);
    await send("POST", "/api/cart/coupon/", { code: "TASKFLOW25" }, creds);
    const res = await pay(creds, { payment_method: "pm_card_visa" }, "first-order-0001");
    expect(res.statusCode).toBe(201);
    const { order, redirect } = res.json();
    expect(redirect).toBe(`/orders/${order.id}/`);
    // 59 + 29, 25% off taskflow only (14.75).
    expect(order).toMatchObject({
      status: "paid",
      subtotal: 88,
      coupon_discount: 14.75,
      coupon: "TASKFLOW25",
      total: 73.25,
      payment_provider: "test",
    });
    expect(order.items).toHaveLength(1);
    expect(order.items[0]).toMatchObject({ deal: { slug: "taskflow" }, price: 59 });
    expect(order.items[0].licences).toHaveLength(1);
    expect(order.items[0].addons).toMatchObject([
      { deal: { slug: "taskflow-ai-assistant" }, price: 29 },
    ]);

    const items = await db.select().from(invoiceItems).where(eq(invoiceItems.orderId, order.id));
    expect(items).toHaveLength(2);
    const parent = items.find((i) => i.dealId === taskflow.deal.id)!;
    expect(items.find((i) => i.dealId === ai.deal.id)?.parentInvoiceItemId).toBe(parent.id);
    expect(
      await db.select().from(licences).where(eq(licences.invoiceItemId, parent.id)),
    ).toHaveLength(1);
    const redemptions = await db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.orderId, order.id));
    expect(redemptions).toMatchObject([{ discountCents: 1475, email: "shopper@payonce.test" }]);
    const mails = await db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(
        sql`${outbox.payload}->>'template' = 'order_confirmation' and ${outbox.payload}->>'to' = 'shopper@payonce.test'`,
      );
    expect(mails).toHaveLength(1);
    expect(String(mails[0]!.payload.text)).toContain(`/orders/${order.id}/`);
    expect((await send("GET", "/api/cart/", undefined, creds)).json()).toMatchObject({
      cart_items: [],
      coupon: null,
    });
    expect((await status()).user_has_purchased).toBe(true);

    // The same Idempotency-Key again: the same order, no second charge.
    const retry = await pay(creds, { payment_method: "pm_card_visa" }, "first-order-0001");
    expect(retry.statusCode).toBe(200);
    expect(retry.json().order.id).toBe(order.id);
    expect(await paidOrders("shopper@payonce.test")).toHaveLength(1);
  });

  it("re-reads prices on the server at checkout", async () => {
    const creds = await freshCart(app, "buyer@payonce.test");
    await addPlan(app, creds, quickcrm);
    const original = quickcrm.plan(1).priceCents;
    await db
      .update(plans)
      .set({ priceCents: original + 1000 })
      .where(eq(plans.id, quickcrm.plan(1).id));
    const res = await pay(creds, { payment_method: "4242 4242 4242 4242" });
    await db
      .update(plans)
      .set({ priceCents: original })
      .where(eq(plans.id, quickcrm.plan(1).id));
    expect(res.statusCode).toBe(201);
    expect(res.json().order.total).toBe((original + 1000) / 100);
  });

  it("pays with a saved card of the buyer, never another user's", async () => {
    const buyer = await freshCart(app, "buyer@payonce.test");
    const [card] = await db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, await userId("buyer@payonce.test")));
    const [plusCard] = await db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, await userId("plus@payonce.test")));
    await send("POST", "/api/cart/items/", { dealId: pixelforge.deal.id }, buyer);
    const foreign = await pay(buyer, { payment_method: String(plusCard!.id) });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ payment_method: [INVALID_PAYMENT_METHOD_ID] });
    const own = await pay(buyer, { payment_method: String(card!.id) });
    expect(own.statusCode).toBe(201);
    expect(own.json().order.card).toEqual({ brand: card!.brand, last4: card!.last4 });
  });

  it("lets credits pay a cart they cover, and records the spend in the ledger", async () => {
    const email = "reviewer@payonce.test";
    await db
      .insert(credits)
      .values({ userId: await userId(email), amountCents: 20000, reason: "adjustment" });
    const creds = await freshCart(app, email);
    await addPlan(app, creds, pixelforge);
    const cart = (await send("POST", "/api/cart/credits/", { use_credit: true }, creds)).json();
    expect(cart).toMatchObject({ total: 0, credits_pay: true, payment_kind: "credits" });
    const res = await pay(creds, {});
    expect(res.statusCode).toBe(201);
    expect(res.json().order).toMatchObject({ payment_provider: "credits", credit: 69, total: 0 });
    const ledger = await db.select().from(credits).where(eq(credits.orderId, res.json().order.id));
    expect(ledger).toMatchObject([{ amountCents: -6900, reason: "purchase" }]);
  });

  it("gives a freebie without a card", async () => {
    const creds = await freshCart(app, "reviewer@payonce.test");
    const free = await dealPlans(app, "freebie-kit");
    await send("POST", "/api/cart/items/", { dealId: free.deal.id }, creds);
    const res = await pay(creds, {});
    expect(res.statusCode).toBe(201);
    expect(res.json().order).toMatchObject({ payment_provider: "free", total: 0 });
  });

  it("makes the buyer of the Plus deal a Plus member at 99 a year", async () => {
    const creds = await freshCart(app, "moderator@payonce.test");
    const plus = await dealPlans(app, PLUS_DEAL_SLUG);
    const cart = (await send("POST", "/api/cart/items/", { dealId: plus.deal.id }, creds)).json();
    expect(cart).toMatchObject({ total: 99, paypal_available: false, has_plus_deal: true });
    const res = await pay(creds, { payment_method: "pm_card_visa" });
    expect(res.statusCode).toBe(201);
    const subs = await db
      .select()
      .from(plusSubscriptions)
      .where(eq(plusSubscriptions.userId, await userId("moderator@payonce.test")));
    expect(subs).toMatchObject([{ status: "active", priceCents: 9900 }]);
    const again = await send("POST", "/api/cart/items/", { dealId: plus.deal.id }, creds);
    expect(again.json()).toEqual({ planId: [PLUS_ALREADY_MEMBER] });
    const member = (await addPlan(app, creds, taskflow)).json();
    expect(member).toMatchObject({ total: 53.1, has_plus: true });
  });

  it("redirects a form post to the order page", async () => {
    const creds = await freshCart(app, "partner@payonce.test");
    await send("POST", "/api/cart/items/", { dealId: pixelforge.deal.id }, creds);
    const res = await app.inject({
      method: "POST",
      url: "/checkout/",
      payload: `payment_method=pm_card_visa&idempotency_key=form-key-00000001&csrfmiddlewaretoken=${creds.cookies.csrftoken}`,
      cookies: creds.cookies,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^\/orders\/\d+\/$/);
  });
});

describe("concurrency", () => {
  it("two simultaneous checkouts of one cart make one order", async () => {
    const creds = await freshCart(app, "unverified@payonce.test");
    await send("POST", "/api/cart/items/", { dealId: pixelforge.deal.id }, creds);
    // A double submit of the same form (same key), and a second tab (no key).
    const results = await Promise.all([
      pay(creds, { payment_method: "pm_card_visa" }, "double-submit-01"),
      pay(creds, { payment_method: "pm_card_visa" }, "double-submit-01"),
      pay(creds, { payment_method: "pm_card_visa" }),
    ]);
    const paid = await paidOrders("unverified@payonce.test");
    expect(paid).toHaveLength(1);
    const ok = results.filter((r) => r.statusCode === 200 || r.statusCode === 201);
    for (const r of ok) expect(r.json().order.id).toBe(paid[0]!.id);
    for (const r of results.filter((r) => r.statusCode >= 400)) {
      expect(r.json()).toEqual({ non_field_errors: [CART_EMPTY] });
    }
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
  });

  it("never oversells: the last unit of a limited deal goes to one of two buyers", async () => {
    const [deal] = await db.select().from(deals).where(eq(deals.id, pixelforge.deal.id));
    await db
      .update(deals)
      .set({ quantityTotal: deal!.quantitySold + 1 })
      .where(eq(deals.id, deal!.id));
    const a = await freshCart(app, "blocked@payonce.test");
    const b = await freshCart(app, "staff@payonce.test");
    await send("POST", "/api/cart/items/", { dealId: pixelforge.deal.id }, a);
    await send("POST", "/api/cart/items/", { dealId: pixelforge.deal.id }, b);
    const results = await Promise.all([
      pay(a, { payment_method: "pm_card_visa" }),
      pay(b, { payment_method: "pm_card_visa" }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(201);
    expect([400, 409]).toContain(codes[1]);
    const loser = results.find((r) => r.statusCode !== 201)!;
    expect(JSON.stringify(loser.json())).toContain(DEAL_SOLD_OUT);
    const [after] = await db.select().from(deals).where(eq(deals.id, deal!.id));
    expect(after!.quantitySold).toBe(after!.quantityTotal);
    await db.update(deals).set({ quantityTotal: null }).where(eq(deals.id, deal!.id));
  });
});

describe("GET /api/orders/{id}/", () => {
  it("shows an order to its owner and staff; 404 to anyone else, 401 anonymous", async () => {
    const creds = await freshCart(app, "shopper@payonce.test");
    await send("POST", "/api/cart/items/", { dealId: quickcrm.deal.id }, creds);
    const id = (await pay(creds, { payment_method: "pm_card_visa" })).json().order.id;
    const own = await send("GET", `/api/orders/${id}/`, undefined, creds);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      id,
      status: "paid",
      items: [{ deal: { slug: "quickcrm" } }],
    });
    const staff = await send(
      "GET",
      `/api/orders/${id}`,
      undefined,
      await app.login("staff@payonce.test"),
    );
    expect(staff.statusCode).toBe(200);
    const other = await send(
      "GET",
      `/api/orders/${id}/`,
      undefined,
      await app.login("buyer@payonce.test"),
    );
    expect(other.statusCode).toBe(404);
    expect((await send("GET", "/api/orders/not-a-number/", undefined, creds)).statusCode).toBe(404);
    expect((await send("GET", `/api/orders/${id}/`)).statusCode).toBe(401);
  });
});
