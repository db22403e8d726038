import { and, eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import {
  CARD_AUTHENTICATION_FAILED,
  CARD_DECLINED,
  CARD_NEEDS_AUTHENTICATION,
} from "../../domain/messages";
import {
  invoiceItems,
  licences,
  orders,
  outbox,
  paymentCustomers,
  paymentDisputes,
  paymentEvents,
  paymentMethods,
  paymentRefunds,
  payments,
} from "../../server/db/schema";
import type { Credentials } from "../helpers/app";
import { addPlan, checkout, dealPlans, newBuyer } from "../helpers/commerce";
import { deliver, eventsOf, stripeApp, WEBHOOK_SECRET } from "../helpers/stripe";

// Issue 29 in Stripe mode: the real `stripe` SDK against a stateful stand-in of Stripe's API on
// 127.0.0.1 (tests/support/stripe-stand-in), and its events delivered through the webhook.
const { app, standIn, clock } = await stripeApp();
const db = app.database.db;
const taskflow = await dealPlans(app, "taskflow");
const pixelforge = await dealPlans(app, "pixelforge");
const stripe = new Stripe("sk_test_payonce", {
  host: "127.0.0.1",
  port: standIn.port,
  protocol: "http",
});

const ordersOf = (userId: number) => db.select().from(orders).where(eq(orders.userId, userId));
const cartLines = async (creds: Credentials) =>
  ((await app.send("GET", "/api/cart/", undefined, creds)).json() as { cart_items: unknown[] })
    .cart_items.length;
const codesOf = async (orderId: number) =>
  (
    await db
      .select({ status: licences.status })
      .from(licences)
      .innerJoin(invoiceItems, eq(invoiceItems.id, licences.invoiceItemId))
      .where(eq(invoiceItems.orderId, orderId))
  ).map((c) => c.status);
const emailsTo = async (to: string, template: string) =>
  (
    await db
      .select()
      .from(outbox)
      .where(
        and(
          sql`${outbox.payload}->>'to' = ${to}`,
          sql`${outbox.payload}->>'template' = ${template}`,
        ),
      )
  ).length;
const intentCalls = () =>
  standIn.calls.filter((c) => c.method === "POST" && c.path === "/v1/payment_intents");

/** A new buyer who paid for taskflow with 4242: the order, its payment and the buyer. */
async function paidOrder(extra?: (creds: Credentials) => Promise<unknown>) {
  const buyer = await newBuyer(app, "stripe");
  await addPlan(app, buyer.creds, taskflow);
  if (extra) await extra(buyer.creds);
  const res = await checkout(app, buyer.creds, { payment_method: "pm_card_visa" });
  expect(res.statusCode, res.body).toBe(201);
  const [order] = await ordersOf(buyer.id);
  return { buyer, order: order!, pi: order!.providerPaymentId! };
}

describe("Stripe mode: paying", () => {
  it("a buyer pays with 4242: one PaymentIntent, the order, its fee and net", async () => {
    const before = intentCalls().length;
    const { order, pi } = await paidOrder();
    expect(pi).toMatch(/^pi_/);
    expect(order).toMatchObject({ status: "paid", paymentProvider: "stripe" });
    expect(intentCalls().length - before).toBe(1);
    const [mirror] = await db.select().from(payments).where(eq(payments.providerPaymentId, pi));
    const fee = Math.round(order.totalCents * 0.029) + 30;
    expect(mirror).toMatchObject({
      orderId: order.id,
      status: "succeeded",
      feeCents: fee,
      netCents: order.totalCents - fee,
    });
    expect(mirror!.providerChargeId).toMatch(/^ch_/);
    // The webhook for the same payment changes nothing: still one order.
    for (const event of eventsOf(standIn, pi)) {
      expect((await deliver(app, event)).statusCode).toBe(200);
    }
    expect(await db.select().from(orders).where(eq(orders.providerPaymentId, pi))).toHaveLength(1);
  });

  it("a declined card says so and keeps the cart", async () => {
    const buyer = await newBuyer(app, "stripe");
    await addPlan(app, buyer.creds, taskflow);
    const res = await checkout(app, buyer.creds, { payment_method: "pm_card_chargeDeclined" });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: "declined", payment_method: [CARD_DECLINED] });
    expect(await ordersOf(buyer.id)).toEqual([]);
    expect(await cartLines(buyer.creds)).toBe(1);
  });

  it("3155 approved, webhook first then the browser: exactly one order", async () => {
    const buyer = await newBuyer(app, "stripe");
    await addPlan(app, buyer.creds, taskflow);
    const key = "stripe-3155-webhook-first";
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
    expect(body.client_secret).toMatch(new RegExp(`^${body.payment_intent}_secret_`));
    expect(await ordersOf(buyer.id)).toEqual([]);
    const mark = standIn.events().length;
    standIn.authenticate(body.payment_intent, "approve");
    for (const event of eventsOf(standIn, body.payment_intent, mark)) {
      expect((await deliver(app, event)).statusCode).toBe(200);
    }
    const made = await ordersOf(buyer.id);
    expect(made).toHaveLength(1);
    const back = await checkout(app, buyer.creds, { payment_intent: body.payment_intent }, key);
    expect(back.statusCode).toBe(200);
    expect(back.json().order.id).toBe(made[0]!.id);
    expect(await ordersOf(buyer.id)).toHaveLength(1);
    expect(await cartLines(buyer.creds)).toBe(0);
  });

  it("3155 approved, the browser first then the webhook: exactly one order", async () => {
    const buyer = await newBuyer(app, "stripe");
    await addPlan(app, buyer.creds, taskflow);
    const key = "stripe-3155-browser-first";
    const first = await checkout(
      app,
      buyer.creds,
      { payment_method: "pm_card_authenticationRequired" },
      key,
    );
    const { payment_intent } = first.json();
    const mark = standIn.events().length;
    standIn.authenticate(payment_intent, "approve");
    const back = await checkout(app, buyer.creds, { payment_intent }, key);
    expect(back.statusCode).toBe(201);
    const events = eventsOf(standIn, payment_intent, mark);
    // Delivered twice, and in reverse: nothing more.
    for (const event of [...events, ...events.reverse()]) await deliver(app, event);
    expect(await ordersOf(buyer.id)).toHaveLength(1);
  });

  it("3155 failed: no order, the cart kept", async () => {
    const buyer = await newBuyer(app, "stripe");
    await addPlan(app, buyer.creds, taskflow);
    const key = "stripe-3155-fail";
    const first = await checkout(
      app,
      buyer.creds,
      { payment_method: "pm_card_authenticationRequired" },
      key,
    );
    const { payment_intent } = first.json();
    const mark = standIn.events().length;
    standIn.authenticate(payment_intent, "fail");
    for (const event of eventsOf(standIn, payment_intent, mark)) await deliver(app, event);
    const back = await checkout(app, buyer.creds, { payment_intent }, key);
    expect(back.statusCode).toBe(402);
    expect(back.json()).toMatchObject({
      code: "declined",
      payment_method: [CARD_AUTHENTICATION_FAILED],
    });
    expect(await ordersOf(buyer.id)).toEqual([]);
    expect(await cartLines(buyer.creds)).toBe(1);
    const [mirror] = await db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, payment_intent));
    expect(mirror?.status).toBe("failed");
  });

  it("a saved card is a payment method attached to the buyer's Stripe customer, and pays", async () => {
    const buyer = await newBuyer(app, "stripe");
    const saved = await app.send(
      "POST",
      "/account/cards/create/",
      { payment_method_id: "pm_card_visa", country: "US", postal_code: "10001" },
      buyer.creds,
    );
    expect(saved.statusCode, saved.body).toBe(201);
    const [card] = await db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, buyer.id));
    const [customer] = await db
      .select()
      .from(paymentCustomers)
      .where(eq(paymentCustomers.userId, buyer.id));
    expect(card).toMatchObject({ provider: "stripe", brand: "visa", last4: "4242" });
    expect(card!.providerId).toMatch(/^pm_/);
    expect(card!.providerId).not.toBe("pm_card_visa");
    expect(customer!.customerId).toMatch(/^cus_/);
    const atStripe = await stripe.paymentMethods.retrieve(card!.providerId);
    expect(atStripe.customer).toBe(customer!.customerId);

    await addPlan(app, buyer.creds, taskflow);
    const res = await checkout(app, buyer.creds, { payment_method: String(card!.id) });
    expect(res.statusCode, res.body).toBe(201);
    const [order] = await ordersOf(buyer.id);
    const intent = await stripe.paymentIntents.retrieve(order!.providerPaymentId!);
    expect(intent.customer).toBe(customer!.customerId);
    expect(intent.payment_method).toBe(card!.providerId);
    expect(order!.paymentMethodId).toBe(card!.id);
  });

  it("a payment still processing makes no order until it clears, and none when it fails", async () => {
    const buyer = await newBuyer(app, "stripe");
    await addPlan(app, buyer.creds, taskflow);
    const res = await checkout(app, buyer.creds, { payment_method: "pm_card_processing" });
    expect(res.statusCode, res.body).toBe(202);
    const { payment_intent } = res.json();
    expect(await ordersOf(buyer.id)).toEqual([]);
    const mark = standIn.events().length;
    standIn.failLater(payment_intent);
    for (const event of eventsOf(standIn, payment_intent, mark)) await deliver(app, event);
    expect(await ordersOf(buyer.id)).toEqual([]);
    expect(await cartLines(buyer.creds)).toBe(1);

    const second = await checkout(
      app,
      buyer.creds,
      { payment_method: "pm_card_processing" },
      "processing-2",
    );
    expect(second.statusCode, second.body).toBe(202);
    const cleared = second.json().payment_intent as string;
    const mark2 = standIn.events().length;
    standIn.succeed(cleared);
    for (const event of eventsOf(standIn, cleared, mark2)) await deliver(app, event);
    expect(await ordersOf(buyer.id)).toHaveLength(1);
  });
});

describe("Stripe webhooks: trust", () => {
  const sample = () => standIn.events().at(-1);

  it("refuses a missing, forged, stale or altered signature with 400, and stores nothing", async () => {
    await paidOrder();
    const event = sample()!;
    const cases = [
      await deliver(app, event, { omit: true }),
      await deliver(app, event, { secret: "whsec_someone_else" }),
      await deliver(app, event, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      await deliver(app, event, { tamper: true }),
    ];
    for (const res of cases) expect(res.statusCode).toBe(400);
    expect(await db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id))).toEqual([]);
    expect((await deliver(app, event)).statusCode).toBe(200);
  });

  it("stores each event by id: a second delivery changes nothing", async () => {
    const { buyer, pi } = await paidOrder();
    const refund = standIn.dashboardRefund(pi);
    const created = eventsOf(standIn, pi).filter((e) => e.type === "refund.created");
    expect(created).toHaveLength(1);
    const first = await deliver(app, created[0]);
    const second = await deliver(app, created[0]);
    expect(first.json()).toMatchObject({ outcome: "applied" });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ outcome: "duplicate" });
    expect(
      await db.select().from(paymentRefunds).where(eq(paymentRefunds.providerRefundId, refund.id)),
    ).toHaveLength(1);
    expect(await emailsTo(buyer.email, "order_refunded")).toBe(1);
  });

  it("answers 2xx for types it does not handle and objects it does not know", async () => {
    const unknown = await deliver(app, {
      id: "evt_unknown_object_1",
      object: "event",
      type: "payment_intent.succeeded",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: "pi_not_ours_at_all", object: "payment_intent" } },
      livemode: false,
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({ outcome: "unknown" });
    const ignored = await deliver(app, {
      id: "evt_unhandled_type_1",
      object: "event",
      type: "customer.created",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: "cus_x", object: "customer" } },
      livemode: false,
    });
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json()).toMatchObject({ outcome: "ignored" });
    const junk = await app.inject({
      method: "POST",
      url: "/api/payments/stripe/webhook/",
      payload: "not json at all",
      headers: { "content-type": "text/plain", "stripe-signature": "t=1,v1=00" },
    });
    expect(junk.statusCode).toBe(400);
  });

  it("Stripe's own delivery reaches the app over HTTP and is applied", async () => {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    standIn.setWebhook(`http://127.0.0.1:${port}/api/payments/stripe/webhook/`, WEBHOOK_SECRET);
    try {
      const { order, pi } = await paidOrder();
      standIn.dashboardRefund(pi);
      await standIn.whenDelivered();
      const ours = standIn.deliveries.filter((d) => d.url.includes(String(port)));
      expect(ours.length).toBeGreaterThan(0);
      for (const d of ours) expect(d.status).toBe(200);
      const [after] = await db.select().from(orders).where(eq(orders.id, order.id));
      expect(after?.status).toBe("refunded");
    } finally {
      standIn.setWebhook(null);
    }
  });
});

describe("Stripe webhooks: refunds and disputes", () => {
  it("a dashboard refund refunds the order, revokes its codes and tells the buyer once; its failure restores them", async () => {
    const { buyer, order, pi } = await paidOrder();
    expect(await codesOf(order.id)).not.toContain("revoked");
    const mark = standIn.events().length;
    const refund = standIn.dashboardRefund(pi);
    for (const event of eventsOf(standIn, pi, mark)) await deliver(app, event);
    const [refunded] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(refunded?.status).toBe("refunded");
    const codes = await codesOf(order.id);
    expect(codes.length).toBeGreaterThan(0);
    expect(new Set(codes)).toEqual(new Set(["revoked"]));
    expect(await emailsTo(buyer.email, "order_refunded")).toBe(1);
    const products = (await app.send("GET", "/api/users/products/", undefined, buyer.creds)).json();
    const listed = products.results.flatMap(
      (p: { licence_codes: { status: string }[] }) => p.licence_codes,
    );
    for (const c of listed) expect(c.status).toBe("revoked");
    const shown = (
      await app.send("GET", `/api/orders/${order.id}/`, undefined, buyer.creds)
    ).json();
    const item = shown.items[0] as { licences: string[]; licence_status: Record<string, string> };
    expect(item.licences.length).toBeGreaterThan(0);
    for (const code of item.licences) expect(item.licence_status[code]).toBe("revoked");

    const mark2 = standIn.events().length;
    standIn.failRefund(refund.id);
    for (const event of eventsOf(standIn, pi, mark2)) await deliver(app, event);
    const [back] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(back?.status).toBe("paid");
    expect(new Set(await codesOf(order.id))).toEqual(new Set(["active"]));
  });

  it("a partial dashboard refund refunds the lines it pays for", async () => {
    const { order, pi } = await paidOrder((creds) => addPlan(app, creds, pixelforge));
    const lines = await db.select().from(invoiceItems).where(eq(invoiceItems.orderId, order.id));
    expect(lines).toHaveLength(2);
    const cheapest = lines.reduce((a, b) =>
      a.priceCents - a.discountCents <= b.priceCents - b.discountCents ? a : b,
    );
    const mark = standIn.events().length;
    standIn.dashboardRefund(pi, cheapest.priceCents - cheapest.discountCents);
    for (const event of eventsOf(standIn, pi, mark)) await deliver(app, event);
    const after = await db.select().from(invoiceItems).where(eq(invoiceItems.orderId, order.id));
    expect(after.filter((l) => l.refundedAt).map((l) => l.id)).toEqual([cheapest.id]);
    const [o] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(o?.status).toBe("paid");
  });

  it("a refund made here is not applied twice when its webhook arrives", async () => {
    const { buyer, order, pi } = await paidOrder();
    const [item] = await db.select().from(invoiceItems).where(eq(invoiceItems.orderId, order.id));
    const res = await app.send("POST", `/api/users/products/${item!.id}/refund/`, {}, buyer.creds);
    expect(res.statusCode, res.body).toBeLessThan(300);
    for (const event of eventsOf(standIn, pi)) await deliver(app, event);
    const rows = await db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: "payonce", status: "succeeded" });
    const refunds = standIn.refunds().filter((r) => r.payment_intent === pi);
    expect(refunds).toHaveLength(1);
  });

  it("a dispute holds the codes and tells the partner; won gives them back", async () => {
    const { buyer, order, pi } = await paidOrder();
    const mark = standIn.events().length;
    const dispute = standIn.openDispute(pi);
    for (const event of eventsOf(standIn, pi, mark)) await deliver(app, event);
    expect(new Set(await codesOf(order.id))).toEqual(new Set(["held"]));
    expect(await emailsTo("partner@payonce.test", "partner_dispute")).toBeGreaterThan(0);
    const products = (await app.send("GET", "/api/users/products/", undefined, buyer.creds)).json();
    for (const p of products.results as { licence_codes: { status: string }[] }[]) {
      for (const c of p.licence_codes) expect(c.status).toBe("held");
    }
    const staff = await app.login("staff@payonce.test");
    const report = (await app.send("GET", "/api/staff/payments/", undefined, staff)).json();
    expect(report.disputes.map((d: { id: string }) => d.id)).toContain(dispute.id);

    const mark2 = standIn.events().length;
    standIn.closeDispute(dispute.id, "won");
    for (const event of eventsOf(standIn, pi, mark2)) await deliver(app, event);
    expect(new Set(await codesOf(order.id))).toEqual(new Set(["active"]));
  });

  it("a dispute lost revokes the codes and records the loss, even when closed before it was seen opening", async () => {
    const { order, pi } = await paidOrder();
    const mark = standIn.events().length;
    const dispute = standIn.openDispute(pi);
    standIn.closeDispute(dispute.id, "lost");
    const events = eventsOf(standIn, pi, mark);
    for (const event of events.reverse()) await deliver(app, event);
    expect(new Set(await codesOf(order.id))).toEqual(new Set(["revoked"]));
    const [row] = await db
      .select()
      .from(paymentDisputes)
      .where(eq(paymentDisputes.providerDisputeId, dispute.id));
    expect(row).toMatchObject({ outcome: "lost", amountCents: order.totalCents });
  });

  it("a refund reported before its payment's success makes the order first, then refunds it", async () => {
    const buyer = await newBuyer(app, "stripe");
    await addPlan(app, buyer.creds, taskflow);
    const first = await checkout(
      app,
      buyer.creds,
      { payment_method: "pm_card_authenticationRequired" },
      "refund-before-success",
    );
    const { payment_intent } = first.json();
    const mark = standIn.events().length;
    standIn.authenticate(payment_intent, "approve");
    standIn.dashboardRefund(payment_intent);
    const events = eventsOf(standIn, payment_intent, mark).reverse();
    expect(events[0]?.type.startsWith("refund.") || events[0]?.type === "charge.refunded").toBe(
      true,
    );
    for (const event of events) await deliver(app, event);
    const made = await ordersOf(buyer.id);
    expect(made).toHaveLength(1);
    expect(made[0]?.status).toBe("refunded");
  });
});

describe("Stripe: nothing lost", () => {
  it("the sweep completes a payment whose commit crashed, and refunds one whose cart is gone", async () => {
    // A crash between Stripe's charge and our commit: the order insert fails for these buyers.
    const kept = await newBuyer(app, "crash");
    const gone = await newBuyer(app, "crash");
    await db.execute(
      sql.raw(`create or replace function payonce_test_crash() returns trigger
      language plpgsql as $$ begin raise exception 'simulated crash'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger payonce_test_crash before insert on orders for each row
        when (new.user_id in (${kept.id}, ${gone.id})) execute function payonce_test_crash()`),
    );
    const paid: string[] = [];
    try {
      for (const buyer of [kept, gone]) {
        await addPlan(app, buyer.creds, taskflow);
        const before = standIn.paymentIntents().length;
        const res = await checkout(app, buyer.creds, { payment_method: "pm_card_visa" });
        expect(res.statusCode).toBeGreaterThanOrEqual(500);
        const made = standIn.paymentIntents().slice(before);
        expect(made).toHaveLength(1);
        expect(made[0]?.status).toBe("succeeded");
        paid.push(made[0]!.id);
      }
    } finally {
      await db.execute(sql.raw("drop trigger payonce_test_crash on orders"));
    }
    expect(await ordersOf(kept.id)).toEqual([]);
    // The second buyer empties the cart before the sweep runs.
    const cart = (await app.send("GET", "/api/cart/", undefined, gone.creds)).json();
    for (const item of cart.cart_items as { id: number }[]) {
      await app.send("DELETE", `/api/cart/items/${item.id}/`, undefined, gone.creds);
    }
    // Too recent: the checkout may still be running.
    expect((await app.services.payments.sweepOrphans()).checked).toBe(0);
    clock.advance(11 * 60 * 1000);
    const swept = await app.services.payments.sweepOrphans();
    expect(swept).toMatchObject({ ordered: 1, refunded: 1 });
    const [order] = await ordersOf(kept.id);
    expect(order).toMatchObject({ status: "paid", providerPaymentId: paid[0] });
    expect(await ordersOf(gone.id)).toEqual([]);
    const refunded = await stripe.paymentIntents.retrieve(paid[1]!, { expand: ["latest_charge"] });
    expect((refunded.latest_charge as Stripe.Charge).refunded).toBe(true);
    expect(await emailsTo(gone.email, "payment_refunded")).toBe(1);
    // A second sweep finds nothing left to do.
    expect(await app.services.payments.sweepOrphans()).toMatchObject({ ordered: 0, refunded: 0 });
    const staff = await app.login("staff@payonce.test");
    const report = (await app.send("GET", "/api/staff/payments/", undefined, staff)).json();
    const rows = report.results as { payment_intent: string; state: string }[];
    expect(rows.find((r) => r.payment_intent === paid[0])?.state).toBe("matched");
  });

  it("the replay applies the events missed since a date, once", async () => {
    const { order, pi } = await paidOrder();
    standIn.dashboardRefund(pi);
    const since = new Date(Date.now() - 60 * 60 * 1000);
    const first = await app.services.payments.replay(since);
    expect(first.applied).toBeGreaterThan(0);
    const [after] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(after?.status).toBe("refunded");
    const second = await app.services.payments.replay(since);
    expect(second.applied).toBe(0);
    expect(second.duplicates).toBe(second.events);
  });

  it("staff see a payment missing its order on the reconciliation page; others may not look", async () => {
    const buyer = await newBuyer(app, "stripe");
    const stray = await stripe.paymentIntents.create({
      amount: 1234,
      currency: "usd",
      confirm: true,
      payment_method: "pm_card_visa",
      metadata: { user_id: String(buyer.id), idempotency_key: "stray", cart_signature: "x" },
    });
    const staff = await app.login("staff@payonce.test");
    const report = (await app.send("GET", "/api/staff/payments/", undefined, staff)).json();
    const row = (report.results as { payment_intent: string; state: string }[]).find(
      (r) => r.payment_intent === stray.id,
    );
    expect(row?.state).toBe("missing");
    expect(report.counts.missing).toBeGreaterThan(0);
    expect((await app.send("GET", "/api/staff/payments/", undefined, buyer.creds)).statusCode).toBe(
      403,
    );
  });
});
