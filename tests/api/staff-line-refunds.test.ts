import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { appContext } from "../../app/context";
import { refundOrderAction } from "../../app/staff/order-refund.server";
import { ALREADY_REFUNDED } from "../../domain/account";
import { REFUND_CHOOSE_LINES, REFUND_LINES_NOT_IN_ORDER } from "../../domain/messages";
import { STAFF_MESSAGES } from "../../domain/staff";
import { testConfig } from "../../server/config";
import {
  auditLog,
  credits,
  invoiceItems,
  licences,
  orders,
  outbox,
  paymentRefunds,
} from "../../server/db/schema";
import { pageCookies } from "../../server/web/cookies";
import type { Credentials, TestApp } from "../helpers/app";
import { createTestApp } from "../helpers/app";
import { addAddons, addPlan, checkout, dealPlans, newBuyer } from "../helpers/commerce";
import { stripeApp } from "../helpers/stripe";

// Issue 30, "Staff refund single lines": POST /api/staff/orders/{id}/refund/ with
// {"invoice_items": [ids]} refunds those lines (their add-ons follow), without it what is left of
// the order; audited, e-mailed to the buyer, through the provider, outside the buyer's window.
const app = await createTestApp();
const db = app.database.db;
const staff = await app.login("staff@payonce.test");
const taskflow = await dealPlans(app, "taskflow");
const pixelforge = await dealPlans(app, "pixelforge");
const ai = await dealPlans(app, "taskflow-ai-assistant");
// The same calls in Stripe mode: the real SDK against the local stand-in.
const stripe = await stripeApp();
afterAll(() => stripe.standIn.close());
const stripeStaff = await stripe.app.login("staff@payonce.test");

const refunds: { payment: string; cents: number }[] = [];
const gateway = app.services.gateway;
const realRefund = gateway.refund.bind(gateway);
gateway.refund = async (id, cents, key, metadata) => {
  refunds.push({ payment: id, cents });
  return realRefund(id, cents, key, metadata);
};

const cents = (major: number) => Math.round(major * 100);
const staffRefund = (on: TestApp, orderId: number, body?: unknown, creds = staff) =>
  on.send("POST", `/api/staff/orders/${orderId}/refund/`, body, creds);
const itemsOf = (on: TestApp, orderId: number) =>
  on.database.db
    .select()
    .from(invoiceItems)
    .where(eq(invoiceItems.orderId, orderId))
    .orderBy(invoiceItems.id);
const mailsTo = async (to: string, template: string) =>
  (
    await db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(
        and(
          sql`${outbox.payload}->>'to' = ${to}`,
          sql`${outbox.payload}->>'template' = ${template}`,
        ),
      )
  ).map((m) => (m.payload as { text: string }).text);
const balance = async (userId: number) =>
  Number(
    (
      await db
        .select({ n: sql<number>`coalesce(sum(${credits.amountCents}), 0)::int` })
        .from(credits)
        .where(eq(credits.userId, userId))
    )[0]?.n,
  );

/** A new buyer's paid order of taskflow (with an add-on) and pixelforge. */
async function twoLineOrder(on: TestApp = app, extra?: (c: Credentials) => Promise<unknown>) {
  const buyer = await newBuyer(on, "staff-lines");
  await addPlan(on, buyer.creds, taskflow);
  const addon = await addAddons(
    on,
    [
      {
        deal_id: ai.deal.id,
        plan_id: ai.plan(1).id,
        quantity: 1,
        primary_plan_id: taskflow.plan(1).id,
      },
    ],
    buyer.creds,
  );
  expect(addon.statusCode, addon.body).toBe(201);
  await on.send("POST", "/api/cart/items/", { dealId: pixelforge.deal.id }, buyer.creds);
  if (extra) await extra(buyer.creds);
  const res = await checkout(on, buyer.creds, { payment_method: "pm_card_visa" });
  expect(res.statusCode, res.body).toBe(201);
  const [order] = await on.database.db
    .select()
    .from(orders)
    .where(eq(orders.id, res.json().order.id));
  const lines = await itemsOf(on, order!.id);
  const line = (dealId: number) => lines.find((l) => l.dealId === dealId)!;
  return {
    buyer,
    order: order!,
    main: line(taskflow.deal.id),
    addon: line(ai.deal.id),
    pix: line(pixelforge.deal.id),
  };
}

describe("staff refund chosen lines", () => {
  it("refunds the chosen line and its add-on through the provider, audits and e-mails; then the rest without a body", async () => {
    const { buyer, order, main, addon, pix } = await twoLineOrder();
    const before = refunds.length;
    const res = await staffRefund(app, order.id, { invoice_items: [main.id] });
    expect(res.statusCode, res.body).toBe(200);
    const lineCents = main.priceCents - main.discountCents + addon.priceCents - addon.discountCents;
    expect(res.json()).toMatchObject({
      refunded_items: [main.id, addon.id],
      amount: lineCents / 100,
      order: { status: "paid" },
    });
    expect(refunds.slice(before)).toEqual([{ payment: order.providerPaymentId, cents: lineCents }]);
    const rows = await itemsOf(app, order.id);
    expect(rows.map((r) => [r.id, r.refundedAt !== null])).toEqual(
      [
        [main.id, true],
        [addon.id, true],
        [pix.id, false],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    const codes = await db
      .select({ item: licences.invoiceItemId, status: licences.status })
      .from(licences)
      .innerJoin(invoiceItems, eq(invoiceItems.id, licences.invoiceItemId))
      .where(eq(invoiceItems.orderId, order.id));
    for (const c of codes) expect(c.status).toBe(c.item === pix.id ? "active" : "revoked");
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "order.refund"), eq(auditLog.entityId, order.id)));
    expect(entry).toMatchObject({
      actorEmail: "staff@payonce.test",
      before: { status: "paid" },
      after: {
        status: "paid",
        refund: { chosen_items: [main.id], refunded_items: [main.id, addon.id] },
      },
    });
    const mails = await mailsTo(buyer.email, "product_refunded");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`(${(lineCents / 100).toFixed(2)} USD)`);

    // Without a body: what is left of the order.
    const rest = await staffRefund(app, order.id);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ refunded_items: [pix.id], order: { status: "refunded" } });
    const total = refunds.slice(before).reduce((s, r) => s + r.cents, 0);
    expect(total).toBe(order.totalCents);
    const again = await staffRefund(app, order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: STAFF_MESSAGES.alreadyRefunded });
  });

  it("refuses lines not in the order and lines already refunded, changing nothing", async () => {
    const { order, main, pix } = await twoLineOrder();
    const other = await twoLineOrder();
    const audits = (await db.select().from(auditLog)).length;
    const foreign = await staffRefund(app, order.id, { invoice_items: [main.id, other.pix.id] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ invoice_items: [REFUND_LINES_NOT_IN_ORDER] });
    const none = await staffRefund(app, order.id, { invoice_items: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ invoice_items: [REFUND_CHOOSE_LINES] });
    expect((await staffRefund(app, order.id, { invoice_items: ["x"] })).statusCode).toBe(400);
    expect((await itemsOf(app, order.id)).every((i) => i.refundedAt === null)).toBe(true);
    expect((await db.select().from(auditLog)).length).toBe(audits);

    expect((await staffRefund(app, order.id, { invoice_items: [pix.id] })).statusCode).toBe(200);
    const twice = await staffRefund(app, order.id, { invoice_items: [pix.id, main.id] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: ALREADY_REFUNDED });
    expect((await itemsOf(app, order.id)).find((i) => i.id === main.id)?.refundedAt).toBeNull();
    // Only staff.
    const shopper = await app.login("shopper@payonce.test");
    expect(
      (await staffRefund(app, order.id, { invoice_items: [main.id] }, shopper)).statusCode,
    ).toBe(403);
  });

  it("refunds a line once under parallel refunds, staff and buyer alike", async () => {
    const { buyer, order, main, pix } = await twoLineOrder();
    const before = refunds.length;
    const answers = await Promise.all([
      staffRefund(app, order.id, { invoice_items: [pix.id] }),
      staffRefund(app, order.id, { invoice_items: [pix.id] }),
      app.send("POST", `/api/users/products/${pix.id}/refund/`, {}, buyer.creds),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(refunds.slice(before)).toEqual([
      { payment: order.providerPaymentId, cents: pix.priceCents - pix.discountCents },
    ]);
    expect((await itemsOf(app, order.id)).find((i) => i.id === main.id)?.refundedAt).toBeNull();
  });

  it("refunds outside the buyer's window and a transferred line, the money and credits to the payer", async () => {
    const payer = await newBuyer(app, "staff-payer");
    await db.insert(credits).values({ userId: payer.id, amountCents: 500, reason: "adjustment" });
    await addPlan(app, payer.creds, taskflow);
    await app.send("POST", "/api/cart/credits/", { use_credit: true }, payer.creds);
    const res = await checkout(app, payer.creds, { payment_method: "pm_card_visa" });
    expect(res.statusCode, res.body).toBe(201);
    const [paid] = await db.select().from(orders).where(eq(orders.id, res.json().order.id));
    expect(paid?.creditCents).toBe(500);
    const [line] = await itemsOf(app, paid!.id);
    const recipient = await newBuyer(app, "staff-recipient");
    const moved = await app.send(
      "POST",
      "/api/users/products/transfer/",
      { invoice_item: line!.id, email: recipient.email, action: "transfer" },
      payer.creds,
    );
    expect(moved.statusCode).toBe(200);
    await db
      .update(invoiceItems)
      .set({ windowStartedAt: new Date(Date.now() - 400 * 86_400_000) })
      .where(eq(invoiceItems.id, line!.id));
    expect(
      (await app.send("POST", `/api/users/products/${line!.id}/refund/`, {}, payer.creds)).json(),
    ).toMatchObject({ non_field_errors: [expect.any(String)] });

    const before = refunds.length;
    const done = await staffRefund(app, paid!.id, { invoice_items: [line!.id] });
    expect(done.statusCode, done.body).toBe(200);
    expect(cents(done.json().amount)).toBe(paid!.totalCents + 500);
    expect(refunds.slice(before)).toEqual([
      { payment: paid!.providerPaymentId, cents: paid!.totalCents },
    ]);
    expect(await balance(payer.id)).toBe(500);
    expect(await balance(recipient.id)).toBe(0);
    expect(await mailsTo(payer.email, "product_refunded")).toHaveLength(1);
    expect(await mailsTo(recipient.email, "transferred_product_refunded")).toHaveLength(1);
    const status = await db
      .select({ s: licences.status })
      .from(licences)
      .where(eq(licences.invoiceItemId, line!.id));
    expect(status.map((c) => c.s).every((s) => s === "revoked")).toBe(true);
  });
});

describe("staff refunds that reach Plus and upgrades", () => {
  it("refunds a whole order of Plus and member-priced lines in full: nothing is kept", async () => {
    const plusDeal = await dealPlans(app, "payonce-plus");
    const buyer = await newBuyer(app, "staff-plus");
    await app.send("POST", "/api/cart/items/", { dealId: plusDeal.deal.id }, buyer.creds);
    await addPlan(app, buyer.creds, taskflow);
    const res = await checkout(app, buyer.creds, { payment_method: "pm_card_visa" });
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().order.id as number;
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect((await itemsOf(app, orderId)).some((i) => i.plusDiscountCents > 0)).toBe(true);
    const done = await staffRefund(app, orderId);
    expect(done.statusCode, done.body).toBe(200);
    expect(cents(done.json().amount)).toBe(order!.totalCents);
    expect(done.json().deduction).toBeUndefined();
    expect(
      (await app.send("GET", "/api/plus/subscription/", undefined, buyer.creds)).json().has_plus,
    ).toBe(false);
  });

  it("refunds an upgraded line with its whole chain, each order through its own payment", async () => {
    const first = await twoLineOrder();
    const second = await twoLineOrder();
    // The second order's pixelforge line becomes the upgrade of the first order's taskflow line.
    await db
      .update(invoiceItems)
      .set({
        upgradedFromInvoiceItemId: first.main.id,
        windowStartedAt: first.main.createdAt,
        userId: first.buyer.id,
      })
      .where(eq(invoiceItems.id, second.pix.id));
    await db
      .update(invoiceItems)
      .set({ upgradedAt: new Date() })
      .where(eq(invoiceItems.id, first.main.id));
    const before = refunds.length;
    const res = await staffRefund(app, first.order.id, { invoice_items: [first.main.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refunded_items).toEqual(
      [first.main.id, first.addon.id, second.pix.id].sort((a, b) => a - b),
    );
    const line = (l: typeof first.pix) => l.priceCents - l.discountCents;
    expect(refunds.slice(before)).toEqual([
      { payment: first.order.providerPaymentId, cents: line(first.main) + line(first.addon) },
      { payment: second.order.providerPaymentId, cents: line(second.pix) },
    ]);
  });
});

describe("the staff order page's refund", () => {
  async function contextOf(creds: Credentials) {
    const session = await app.services.sessions.load(creds.cookies.sessionid ?? "");
    const value = {
      services: app.services,
      session,
      publicConfig: { reportListingUrl: "", publicUrl: "http://localhost" },
      cookies: pageCookies(testConfig()),
      cspNonce: "test-nonce",
    };
    return { get: (_key: typeof appContext) => value };
  }
  const post = async (orderId: number, fields: [string, string][], creds = staff) =>
    refundOrderAction({
      request: new Request(`http://localhost/staff/orders/${orderId}/`, {
        method: "POST",
        body: new URLSearchParams(fields),
      }),
      context: await contextOf(creds),
      params: { id: String(orderId) },
    });

  it("refunds the ticked lines through the same service, and says why it refuses", async () => {
    const { order, pix } = await twoLineOrder();
    const none = (await post(order.id, [["intent", "refund_selected"]])) as {
      init: { status: number };
      data: { errors: Record<string, string[]> };
    };
    expect(none.init.status).toBe(400);
    expect(none.data.errors).toEqual({ invoice_items: [REFUND_CHOOSE_LINES] });
    const done = await post(order.id, [
      ["intent", "refund_selected"],
      ["invoice_items", String(pix.id)],
    ]);
    expect(done).toBeInstanceOf(Response);
    expect((done as Response).headers.get("location")).toBe(
      `/staff/orders/${order.id}/?notice=refunded`,
    );
    expect((await itemsOf(app, order.id)).filter((i) => i.refundedAt).map((i) => i.id)).toEqual([
      pix.id,
    ]);
    const again = (await post(order.id, [
      ["intent", "refund_selected"],
      ["invoice_items", String(pix.id)],
    ])) as { init: { status: number }; data: { errors: Record<string, string[]> } };
    expect(again.init.status).toBe(409);
    expect(again.data.errors).toEqual({ non_field_errors: [ALREADY_REFUNDED] });
    const rest = await post(order.id, [["intent", "refund_rest"]]);
    expect(rest).toBeInstanceOf(Response);
    expect((await itemsOf(app, order.id)).every((i) => i.refundedAt !== null)).toBe(true);
  });
});

describe("staff line refunds in Stripe mode", () => {
  it("refunds one line as a partial refund of the PaymentIntent at the stand-in", async () => {
    const { order, main, addon, pix } = await twoLineOrder(stripe.app);
    expect(order.providerPaymentId).toMatch(/^pi_/);
    const res = await staffRefund(stripe.app, order.id, { invoice_items: [pix.id] }, stripeStaff);
    expect(res.statusCode, res.body).toBe(200);
    const pixCents = pix.priceCents - pix.discountCents;
    const atStripe = stripe.standIn
      .refunds()
      .filter((r) => r.payment_intent === order.providerPaymentId);
    expect(atStripe.map((r) => r.amount)).toEqual([pixCents]);
    const [row] = await stripe.app.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.orderId, order.id))
      .orderBy(desc(paymentRefunds.id));
    expect(row).toMatchObject({
      amountCents: pixCents,
      source: "payonce",
      invoiceItemIds: [pix.id],
    });
    const rest = await staffRefund(stripe.app, order.id, undefined, stripeStaff);
    expect(rest.json().refunded_items).toEqual([main.id, addon.id].sort((a, b) => a - b));
    const all = stripe.standIn
      .refunds()
      .filter((r) => r.payment_intent === order.providerPaymentId)
      .reduce((s, r) => s + r.amount, 0);
    expect(all).toBe(order.totalCents);
  });
});
