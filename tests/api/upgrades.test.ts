import { and, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadUpgrades, upgradeAction } from "../../app/account/upgrade-actions.server";
import {
  PAYMENT_METHOD_REQUIRED,
  PLUS_REQUIRED,
  UPGRADE_ADDON,
  UPGRADE_ALREADY_UPGRADED,
  UPGRADE_KEY_REQUIRED,
  UPGRADE_NOT_HIGHER,
  UPGRADE_PLAN_UNKNOWN,
  UPGRADE_REFUNDED,
} from "../../domain/messages";
import { testConfig } from "../../server/config";
import {
  campaigns,
  invoiceItems,
  licences,
  orders,
  partnerEndpoints,
  partnerWebhookDeliveries,
  payments,
  plans,
  plusSubscriptions,
} from "../../server/db/schema";
import { pageCookies } from "../../server/web/cookies";
import { type Credentials, createTestApp, type TestApp } from "../helpers/app";
import { addAddons, addonLine, addPlan, checkout, dealPlans, newBuyer } from "../helpers/commerce";
import { deliver, eventsOf, stripeApp } from "../helpers/stripe";

// Issue 30, tier upgrades: POST /api/users/products/{invoice_item}/upgrade/ charges the difference
// between the new plan's price for the buyer now and what was paid, moves the licence codes and
// writes the upgrade as an order of its own. The app runs with campaign pricing on, so the
// Lifetime Fest (15% off TaskFlow's tiers 1 to 3) prices the cart when a test turns it on.
const app = await createTestApp({ config: { campaignPricingExperiment: true } });
const db = app.database.db;
const taskflow = await dealPlans(app, "taskflow");
const pixelforge = await dealPlans(app, "pixelforge");
const tier = (n: number) => taskflow.plan(n);

// This file's own data: TaskFlow's Tier 3 gives two codes per unit, and a Plus-only Tier 4.
await db
  .update(plans)
  .set({ codes: 2 })
  .where(eq(plans.id, tier(3).id));
const [tier4] = await db
  .insert(plans)
  .values({
    dealId: taskflow.deal.id,
    publicName: "Tier 4",
    tier: 4,
    priceCents: 23600,
    originalPriceCents: 139200,
    isPlusTier: true,
    position: 3,
  })
  .returning();
// TaskFlow's founder listens for licence events.
const partnerId = await app.userId("partner@payonce.test");
await db
  .insert(partnerEndpoints)
  .values({ userId: partnerId, webhookUrl: "http://127.0.0.1:9/hooks", webhookSecret: "whsec_t" })
  .onConflictDoUpdate({
    target: partnerEndpoints.userId,
    set: { webhookUrl: "http://127.0.0.1:9/hooks" },
  });

// The same flows in Stripe mode: the real SDK against the stand-in, events through the webhook.
const stripe = await stripeApp();
// Its database is a copy of the same template: the same plan ids, the same own data.
await stripe.app.database.db
  .update(plans)
  .set({ codes: 2 })
  .where(eq(plans.id, tier(3).id));

const FEST = "Lifetime Fest";
const setFest = (isActive: boolean, value = 15) =>
  db.update(campaigns).set({ isActive, value }).where(eq(campaigns.name, FEST));

type Buyer = Awaited<ReturnType<typeof newBuyer>>;

/** A new buyer who paid for one TaskFlow tier: the buyer and the line. */
async function owner(
  n: number,
  on: TestApp = app,
  tag = "upgrade",
): Promise<Buyer & { line: number }> {
  const buyer = await newBuyer(on, tag);
  await addPlan(on, buyer.creds, taskflow, n);
  const paid = await checkout(on, buyer.creds, { payment_method: "pm_card_visa" });
  expect(paid.statusCode, paid.body).toBe(201);
  const [line] = await on.database.db
    .select({ id: invoiceItems.id })
    .from(invoiceItems)
    .where(eq(invoiceItems.userId, buyer.id))
    .orderBy(desc(invoiceItems.id))
    .limit(1);
  return { ...buyer, line: line!.id };
}

async function savedCard(creds: Credentials, on: TestApp = app): Promise<number> {
  const res = await on.send(
    "POST",
    "/account/cards/create/",
    { payment_method_id: "pm_card_visa", country: "US", postal_code: "10001" },
    creds,
  );
  expect(res.statusCode, res.body).toBeLessThan(300);
  const cards = (await on.send("GET", "/api/users/cards/", undefined, creds)).json() as {
    cards: { id: number }[];
  };
  return cards.cards[0]!.id;
}

const upgrade = (
  creds: Credentials | undefined,
  line: number,
  body: Record<string, unknown>,
  key?: string,
  on: TestApp = app,
) =>
  on.send(
    "POST",
    `/api/users/products/${line}/upgrade/`,
    body,
    creds,
    key ? { "idempotency-key": key } : {},
  );

const choices = (creds: Credentials | undefined, line: number, on: TestApp = app) =>
  on.send("GET", `/api/users/products/${line}/upgrade/`, undefined, creds);

const lineRow = async (id: number, on: TestApp = app) =>
  (await on.database.db.select().from(invoiceItems).where(eq(invoiceItems.id, id)))[0]!;
const codesOf = async (id: number, on: TestApp = app) =>
  (
    await on.database.db
      .select({ id: licences.id, code: licences.code, status: licences.status })
      .from(licences)
      .where(eq(licences.invoiceItemId, id))
      .orderBy(licences.id)
  ).map((c) => c);
const upgradeOrders = (userId: number, on: TestApp = app) =>
  on.database.db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.kind, "upgrade")));
const upgradePayments = (userId: number, on: TestApp = app) =>
  on.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.purpose, "upgrade")));

describe("upgrading a tier pays the difference", () => {
  it("plain: lists the plans above with their difference, then charges $59 for Tier 2", async () => {
    await setFest(false);
    const buyer = await owner(1);
    const before = await codesOf(buyer.line);
    const listed = await choices(buyer.creds, buyer.line);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({
      invoice_item: buyer.line,
      paid: 59,
      plans: [
        { id: tier(2).id, tier: 2, price: 118, difference: 59, available: true, reason: null },
        { id: tier(3).id, tier: 3, price: 177, difference: 118, available: true },
        { id: tier4!.id, tier: 4, available: false, reason: PLUS_REQUIRED },
      ],
    });

    const card = await savedCard(buyer.creds);
    const res = await upgrade(
      buyer.creds,
      buyer.line,
      { plan: tier(2).id, payment_method: card },
      "up-plain-1",
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    const [order] = await upgradeOrders(buyer.id);
    expect(body).toMatchObject({ order_id: order!.id, product: { plan: { id: tier(2).id } } });
    expect(order).toMatchObject({
      status: "paid",
      kind: "upgrade",
      totalCents: 5900,
      paymentProvider: "test",
      paymentMethodId: card,
      idempotencyKey: `u${buyer.id}:up-plain-1`,
    });
    const old = await lineRow(buyer.line);
    const fresh = await lineRow(body.invoice_item);
    expect(old.upgradedAt).not.toBeNull();
    expect(fresh).toMatchObject({
      orderId: order!.id,
      userId: buyer.id,
      planId: tier(2).id,
      priceCents: 5900,
      originalPriceCents: 11800,
      upgradedFromInvoiceItemId: buyer.line,
      windowStartedAt: old.createdAt,
    });
    // The same codes, now on the new line.
    expect((await codesOf(fresh.id)).map((c) => c.code)).toEqual(before.map((c) => c.code));
    expect(await codesOf(buyer.line)).toEqual([]);
    const [payment] = await upgradePayments(buyer.id);
    expect(payment).toMatchObject({
      orderId: order!.id,
      status: "succeeded",
      amountCents: 5900,
      upgrade: { invoice_item_id: buyer.line, plan_id: tier(2).id, amount_cents: 5900 },
    });
    // The owned plan is Tier 2 now: Tier 3 costs what is left ($177 - $118 paid).
    const next = await choices(buyer.creds, fresh.id);
    expect(next.json()).toMatchObject({ paid: 118, plans: [{ tier: 3, difference: 59 }, {}] });
    // The replaced line is upgraded: it cannot be upgraded again.
    const again = await upgrade(
      buyer.creds,
      buyer.line,
      { plan: tier(3).id, payment_method: card },
      "up-plain-2",
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(UPGRADE_ALREADY_UPGRADED);
  });

  it("with a live campaign: the new plan at the campaign price less what was paid", async () => {
    await setFest(false);
    const buyer = await owner(1);
    await setFest(true);
    const card = await savedCard(buyer.creds);
    const listed = (await choices(buyer.creds, buyer.line)).json();
    // Tier 2: $118 less 15% = $100.30; paid $59.
    expect(listed.plans[0]).toMatchObject({ tier: 2, price: 100.3, difference: 41.3 });
    const res = await upgrade(
      buyer.creds,
      buyer.line,
      { plan: tier(2).id, payment_method: card },
      "up-fest-1",
    );
    expect(res.statusCode, res.body).toBe(201);
    const fresh = await lineRow(res.json().invoice_item);
    expect(fresh).toMatchObject({
      priceCents: 4130,
      originalPriceCents: 10030,
      campaignDiscountCents: 1770,
    });
    expect((await upgradeOrders(buyer.id))[0]?.totalCents).toBe(4130);
    await setFest(false);
  });

  it("as a Plus member: the member price, and the Plus-only tier opens", async () => {
    await setFest(false);
    const buyer = await newBuyer(app, "plus-up");
    await db.insert(plusSubscriptions).values({
      userId: buyer.id,
      stripeSubscriptionId: `sub_test_upgrade_${buyer.id}`,
      status: "active",
      priceCents: 9900,
      currentPeriodStart: new Date(Date.now() - 86_400_000),
      currentPeriodEnd: new Date(Date.now() + 300 * 86_400_000),
    });
    await addPlan(app, buyer.creds, taskflow, 1);
    expect((await checkout(app, buyer.creds, { payment_method: "pm_card_visa" })).statusCode).toBe(
      201,
    );
    const [line] = await db.select().from(invoiceItems).where(eq(invoiceItems.userId, buyer.id));
    expect(line!.priceCents).toBe(5310);
    const listed = (await choices(buyer.creds, line!.id)).json();
    // Tier 2 for a member: $106.20, less $53.10 paid. Tier 4 (Plus only): $212.40 less $53.10.
    expect(listed.plans).toMatchObject([
      { tier: 2, price: 106.2, difference: 53.1, available: true },
      { tier: 3, price: 159.3, difference: 106.2, available: true },
      { tier: 4, price: 212.4, difference: 159.3, available: true },
    ]);
    const res = await upgrade(
      buyer.creds,
      line!.id,
      { plan: tier4!.id, payment_method: "pm_card_visa" },
      "up-plus-1",
    );
    expect(res.statusCode, res.body).toBe(201);
    const fresh = await lineRow(res.json().invoice_item);
    // Without Plus it would have cost $236 - $53.10 = $182.90: Plus saved $23.60.
    expect(fresh).toMatchObject({ planId: tier4!.id, priceCents: 15930, plusDiscountCents: 2360 });
  });

  it("a Plus-only tier needs Plus", async () => {
    await setFest(false);
    const buyer = await owner(1);
    const res = await upgrade(
      buyer.creds,
      buyer.line,
      { plan: tier4!.id, payment_method: "pm_card_visa" },
      "up-noplus-1",
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ plan: [PLUS_REQUIRED] });
    expect(await upgradeOrders(buyer.id)).toEqual([]);
  });
});

describe("the licence follows the upgrade", () => {
  it("moves the codes, adds the ones the new plan gives, and tells the partner", async () => {
    await setFest(false);
    const buyer = await owner(2);
    const [code] = await codesOf(buyer.line);
    const res = await upgrade(
      buyer.creds,
      buyer.line,
      { plan: tier(3).id, payment_method: "pm_card_visa" },
      "up-codes-1",
    );
    expect(res.statusCode, res.body).toBe(201);
    const fresh = res.json().invoice_item as number;
    const codes = await codesOf(fresh);
    // Tier 3 gives two codes: the one owned (the same code) and one more.
    expect(codes).toHaveLength(2);
    expect(codes[0]).toMatchObject({ id: code!.id, code: code!.code, status: "active" });
    expect(codes[1]!.code).toMatch(/^TASK-/);
    expect(res.json().product.licence_codes.map((c: { code: string }) => c.code)).toEqual(
      codes.map((c) => c.code),
    );
    const events = await db
      .select()
      .from(partnerWebhookDeliveries)
      .where(
        sql`${partnerWebhookDeliveries.payload}->'data'->>'invoice_item_id' = ${String(fresh)}`,
      );
    const byType = Object.fromEntries(
      events.map((e) => [e.type, (e.payload as { data: Record<string, unknown> }).data]),
    );
    expect(byType["licence.upgraded"]).toMatchObject({
      licence_code: code!.code,
      plan: { id: tier(3).id },
      previous_plan: { id: tier(2).id, public_name: "Tier 2" },
    });
    expect(byType["licence.activated"]).toMatchObject({ licence_code: codes[1]!.code });
  });

  it("moves the line's add-ons to the new line; an add-on itself is not upgradable", async () => {
    await setFest(false);
    const buyer = await newBuyer(app, "addon-up");
    await addPlan(app, buyer.creds, taskflow, 1);
    const ai = await dealPlans(app, "taskflow-ai-assistant");
    const added = await addAddons(app, [addonLine(ai, taskflow)], buyer.creds);
    expect(added.statusCode, added.body).toBeLessThan(300);
    expect((await checkout(app, buyer.creds, { payment_method: "pm_card_visa" })).statusCode).toBe(
      201,
    );
    const lines = await db.select().from(invoiceItems).where(eq(invoiceItems.userId, buyer.id));
    const main = lines.find((l) => l.parentInvoiceItemId === null)!;
    const addon = lines.find((l) => l.parentInvoiceItemId !== null)!;
    const refused = await upgrade(buyer.creds, addon.id, { plan: tier(2).id }, "up-addon-1");
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ invoice_item: [UPGRADE_ADDON] });
    expect((await choices(buyer.creds, addon.id)).json()).toEqual({
      invoice_item: [UPGRADE_ADDON],
    });
    const res = await upgrade(
      buyer.creds,
      main.id,
      { plan: tier(2).id, payment_method: "pm_card_visa" },
      "up-addon-2",
    );
    expect(res.statusCode, res.body).toBe(201);
    expect((await lineRow(addon.id)).parentInvoiceItemId).toBe(res.json().invoice_item);
  });

  it("is free when the new plan costs no more than was paid: no payment at all", async () => {
    await setFest(false);
    const buyer = await owner(1);
    // A 60% campaign: Tier 2 costs $47.20 now, less than the $59 paid.
    await setFest(true, 60);
    try {
      const listed = (await choices(buyer.creds, buyer.line)).json();
      expect(listed.plans[0]).toMatchObject({ tier: 2, price: 47.2, difference: 0 });
      const res = await upgrade(buyer.creds, buyer.line, { plan: tier(2).id }, "up-free-1");
      expect(res.statusCode, res.body).toBe(201);
      const [order] = await upgradeOrders(buyer.id);
      expect(order).toMatchObject({
        totalCents: 0,
        paymentProvider: "free",
        providerPaymentId: null,
      });
      expect(await lineRow(res.json().invoice_item)).toMatchObject({
        priceCents: 0,
        planId: tier(2).id,
      });
      expect(await upgradePayments(buyer.id)).toEqual([]);
    } finally {
      await setFest(false);
    }
  });

  it("a paid upgrade without a card asks for one and changes nothing", async () => {
    await setFest(false);
    const buyer = await owner(1);
    const res = await upgrade(buyer.creds, buyer.line, { plan: tier(2).id }, "up-nocard-1");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ payment_method: [PAYMENT_METHOD_REQUIRED] });
    expect((await lineRow(buyer.line)).upgradedAt).toBeNull();
    const nokey = await upgrade(buyer.creds, buyer.line, {
      plan: tier(2).id,
      payment_method: "pm_card_visa",
    });
    expect(nokey.statusCode).toBe(400);
    expect(nokey.json()).toEqual({ idempotency_key: [UPGRADE_KEY_REQUIRED] });
  });
});

describe("the refund rules follow the upgraded line", () => {
  it("lists only the new line; refunding it refunds the chain and revokes the codes", async () => {
    await setFest(false);
    const buyer = await owner(1);
    const [code] = await codesOf(buyer.line);
    const up = await upgrade(
      buyer.creds,
      buyer.line,
      { plan: tier(2).id, payment_method: "pm_card_visa" },
      "up-chain-1",
    );
    expect(up.statusCode, up.body).toBe(201);
    const fresh = up.json().invoice_item as number;
    const listed = (await app.send("GET", "/api/users/products/", undefined, buyer.creds)).json();
    expect(listed.results.map((p: { invoice_item: number }) => p.invoice_item)).toEqual([fresh]);
    expect(listed.results[0]).toMatchObject({
      plan: { id: tier(2).id },
      licence_codes: [{ code: code!.code, status: "active" }],
      refund: { refundable: true },
    });
    const alone = await app.send(
      "POST",
      `/api/users/products/${buyer.line}/refund/`,
      {},
      buyer.creds,
    );
    expect(alone.statusCode).toBe(400);
    const back = await app.send("POST", `/api/users/products/${fresh}/refund/`, {}, buyer.creds);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().refunded_items).toEqual([buyer.line, fresh]);
    expect(back.json().amount).toBe(118);
    expect(await codesOf(fresh)).toMatchObject([{ code: code!.code, status: "revoked" }]);
  });
});

describe("an upgrade is charged once", () => {
  it("a retried upgrade (same key) answers the same upgrade and is charged once", async () => {
    await setFest(false);
    const buyer = await owner(1);
    const body = { plan: tier(2).id, payment_method: "pm_card_visa" };
    const [a, b] = await Promise.all([
      upgrade(buyer.creds, buyer.line, body, "up-retry-1"),
      upgrade(buyer.creds, buyer.line, body, "up-retry-1"),
    ]);
    const later = await upgrade(buyer.creds, buyer.line, body, "up-retry-1");
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(later.statusCode).toBe(200);
    const ids = new Set([a, b, later].map((r) => r.json().order_id));
    expect(ids.size).toBe(1);
    expect(await upgradeOrders(buyer.id)).toHaveLength(1);
    expect(await upgradePayments(buyer.id)).toHaveLength(1);
  });

  it("two keys racing for one line: one upgrade, the other 409 and not charged", async () => {
    await setFest(false);
    const buyer = await owner(1);
    const body = { plan: tier(2).id, payment_method: "pm_card_visa" };
    const answers = await Promise.all([
      upgrade(buyer.creds, buyer.line, body, "up-race-a"),
      upgrade(buyer.creds, buyer.line, { ...body, plan: tier(3).id }, "up-race-b"),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await upgradeOrders(buyer.id)).toHaveLength(1);
    expect(await upgradePayments(buyer.id)).toHaveLength(1);
  });
});

describe("who and what may be upgraded", () => {
  it("someone else's line is 404, a visitor 401", async () => {
    const buyer = await owner(1);
    const other = await newBuyer(app, "other");
    const res = await upgrade(
      other.creds,
      buyer.line,
      { plan: tier(2).id, payment_method: "pm_card_visa" },
      "up-other-1",
    );
    expect(res.statusCode).toBe(404);
    expect((await choices(other.creds, buyer.line)).statusCode).toBe(404);
    expect((await choices(undefined, buyer.line)).statusCode).toBe(401);
    expect(
      (await upgrade(undefined, buyer.line, { plan: tier(2).id }, "up-other-2")).statusCode,
    ).toBe(401);
    expect((await choices(buyer.creds, 99999999999 as number)).statusCode).toBe(404);
    expect((await lineRow(buyer.line)).upgradedAt).toBeNull();
  });

  it("a lower or the same tier, or another deal's plan, is 400", async () => {
    const buyer = await owner(2);
    for (const plan of [tier(1).id, tier(2).id]) {
      const res = await upgrade(
        buyer.creds,
        buyer.line,
        { plan, payment_method: "pm_card_visa" },
        `up-lower-${plan}`,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ plan: [UPGRADE_NOT_HIGHER] });
    }
    const foreign = await upgrade(
      buyer.creds,
      buyer.line,
      { plan: pixelforge.plan(5).id, payment_method: "pm_card_visa" },
      "up-foreign-1",
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ plan: [UPGRADE_PLAN_UNKNOWN] });
    expect(await upgradeOrders(buyer.id)).toEqual([]);
  });

  it("a refunded line is 400", async () => {
    const buyer = await owner(1);
    const refund = await app.send(
      "POST",
      `/api/users/products/${buyer.line}/refund/`,
      {},
      buyer.creds,
    );
    expect(refund.statusCode, refund.body).toBe(200);
    const res = await upgrade(
      buyer.creds,
      buyer.line,
      { plan: tier(2).id, payment_method: "pm_card_visa" },
      "up-refunded-1",
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ invoice_item: [UPGRADE_REFUNDED] });
    expect(await upgradePayments(buyer.id)).toEqual([]);
  });
});

describe("3-D Secure", () => {
  it("402 requires_action changes nothing; approved, the upgrade is made once", async () => {
    await setFest(false);
    const buyer = await owner(1);
    const key = "up-3ds-1";
    const first = await upgrade(
      buyer.creds,
      buyer.line,
      { plan: tier(2).id, payment_method: "pm_card_authenticationRequired" },
      key,
    );
    expect(first.statusCode).toBe(402);
    const { payment_intent, client_secret, code } = first.json();
    expect(code).toBe("requires_action");
    expect(client_secret).toMatch(/^pi_test_.+_secret_/);
    expect((await lineRow(buyer.line)).upgradedAt).toBeNull();
    expect(await upgradeOrders(buyer.id)).toEqual([]);
    const [waiting] = await upgradePayments(buyer.id);
    expect(waiting).toMatchObject({ status: "requires_action", orderId: null });
    // The bank's page approves: as Stripe's webhook would, the upgrade is made at once...
    const answer = await app.services.payments.authenticateTestIntent(
      payment_intent,
      "approve",
      buyer.id,
    );
    expect(answer.orderId).toEqual(expect.any(Number));
    // ...and the browser comes back with the same key: the same upgrade.
    const back = await upgrade(buyer.creds, buyer.line, { payment_intent }, key);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().order_id).toBe(answer.orderId);
    expect(await upgradeOrders(buyer.id)).toHaveLength(1);
    expect((await lineRow(back.json().invoice_item)).planId).toBe(tier(2).id);
  });

  it("the browser back first completes it (201); someone else's intent is 404", async () => {
    await setFest(false);
    const buyer = await owner(1);
    const key = "up-3ds-2";
    const first = await upgrade(
      buyer.creds,
      buyer.line,
      { plan: tier(2).id, payment_method: "4000002500003155" },
      key,
    );
    const { payment_intent } = first.json();
    const early = await upgrade(buyer.creds, buyer.line, { payment_intent }, key);
    expect(early.statusCode).toBe(402);
    await app.services.gateway.authenticate?.(payment_intent, "approve");
    const thief = await owner(1);
    expect(
      (await upgrade(thief.creds, thief.line, { payment_intent }, "up-3ds-thief")).statusCode,
    ).toBe(404);
    const back = await upgrade(buyer.creds, buyer.line, { payment_intent }, key);
    expect(back.statusCode, back.body).toBe(201);
    expect(await upgradeOrders(buyer.id)).toHaveLength(1);
    expect(await upgradeOrders(thief.id)).toEqual([]);
  });

  it("a line upgraded by another key during the challenge: the money goes back", async () => {
    await setFest(false);
    const buyer = await owner(1);
    const first = await upgrade(
      buyer.creds,
      buyer.line,
      { plan: tier(3).id, payment_method: "pm_card_authenticationRequired" },
      "up-3ds-3a",
    );
    const { payment_intent } = first.json();
    const other = await upgrade(
      buyer.creds,
      buyer.line,
      { plan: tier(2).id, payment_method: "pm_card_visa" },
      "up-3ds-3b",
    );
    expect(other.statusCode).toBe(201);
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
    expect(mirror).toMatchObject({ status: "refunded", failureMessage: UPGRADE_ALREADY_UPGRADED });
    const back = await upgrade(buyer.creds, buyer.line, { payment_intent }, "up-3ds-3a");
    expect(back.statusCode).toBe(409);
    expect(await upgradeOrders(buyer.id)).toHaveLength(1);
  });
});

describe("Stripe mode against the stand-in", () => {
  const intentCalls = () =>
    stripe.standIn.calls.filter((c) => c.method === "POST" && c.path === "/v1/payment_intents")
      .length;

  it("charges the difference with a saved card once, however often the key and the webhook come", async () => {
    const buyer = await owner(1, stripe.app, "stripe-up");
    const card = await savedCard(buyer.creds, stripe.app);
    const before = intentCalls();
    const body = { plan: tier(2).id, payment_method: card };
    const res = await upgrade(buyer.creds, buyer.line, body, "sup-saved-1", stripe.app);
    expect(res.statusCode, res.body).toBe(201);
    const again = await upgrade(buyer.creds, buyer.line, body, "sup-saved-1", stripe.app);
    expect(again.statusCode).toBe(200);
    expect(again.json().order_id).toBe(res.json().order_id);
    expect(intentCalls() - before).toBe(1);
    const [order] = await upgradeOrders(buyer.id, stripe.app);
    expect(order).toMatchObject({ totalCents: 5900, paymentProvider: "stripe" });
    expect(order!.providerPaymentId).toMatch(/^pi_/);
    for (const event of eventsOf(stripe.standIn, order!.providerPaymentId!)) {
      expect((await deliver(stripe.app, event)).statusCode).toBe(200);
    }
    expect(await upgradeOrders(buyer.id, stripe.app)).toHaveLength(1);
    const [mirror] = await upgradePayments(buyer.id, stripe.app);
    expect(mirror).toMatchObject({ orderId: order!.id, status: "succeeded" });
    expect(mirror!.providerChargeId).toMatch(/^ch_/);
  });

  it("3-D Secure: the webhook completes the upgrade, the browser then finds it", async () => {
    const buyer = await owner(1, stripe.app, "stripe-up");
    const key = "sup-3ds-1";
    const first = await upgrade(
      buyer.creds,
      buyer.line,
      { plan: tier(3).id, payment_method: "pm_card_authenticationRequired" },
      key,
      stripe.app,
    );
    expect(first.statusCode, first.body).toBe(402);
    const { payment_intent } = first.json();
    const mark = stripe.standIn.events().length;
    stripe.standIn.authenticate(payment_intent, "approve");
    for (const event of eventsOf(stripe.standIn, payment_intent, mark)) {
      expect((await deliver(stripe.app, event)).statusCode).toBe(200);
    }
    const made = await upgradeOrders(buyer.id, stripe.app);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ totalCents: 11800, providerPaymentId: payment_intent });
    const back = await upgrade(buyer.creds, buyer.line, { payment_intent }, key, stripe.app);
    expect(back.statusCode).toBe(200);
    expect(back.json().order_id).toBe(made[0]!.id);
    const fresh = await lineRow(back.json().invoice_item, stripe.app);
    expect(fresh).toMatchObject({ planId: tier(3).id, upgradedFromInvoiceItemId: buyer.line });
    expect(await codesOf(fresh.id, stripe.app)).toHaveLength(2);
  });

  it("3-D Secure approved but nothing came back: the orphan sweep makes the upgrade", async () => {
    const buyer = await owner(1, stripe.app, "stripe-up");
    const first = await upgrade(
      buyer.creds,
      buyer.line,
      { plan: tier(2).id, payment_method: "pm_card_authenticationRequired" },
      "sup-sweep-1",
      stripe.app,
    );
    const { payment_intent } = first.json();
    stripe.standIn.authenticate(payment_intent, "approve");
    stripe.clock.advance(11 * 60 * 1000);
    await stripe.app.services.payments.sweepOrphans();
    const made = await upgradeOrders(buyer.id, stripe.app);
    expect(made).toHaveLength(1);
    expect(made[0]!.providerPaymentId).toBe(payment_intent);
    expect((await lineRow(buyer.line, stripe.app)).upgradedAt).not.toBeNull();
  });
});

describe("the products page's Upgrade button", () => {
  /** The page's load context for this buyer, as React Router hands it to the action. */
  async function pageContext(creds: Credentials) {
    const session = await app.services.sessions.load(creds.cookies.sessionid ?? "");
    return {
      services: app.services,
      session,
      publicConfig: { reportListingUrl: "", publicUrl: "http://localhost" },
      cookies: pageCookies(testConfig()),
      cspNonce: "test-nonce",
    };
  }
  const post = (fields: Record<string, string>) =>
    // A JavaScript submission: React Router posts to the page's data URL.
    new Request("http://localhost/account/products.data", {
      method: "POST",
      body: new URLSearchParams(fields),
    });
  const location = async (answer: Promise<unknown>) => {
    try {
      const res = (await answer) as Response;
      return res.headers.get("location");
    } catch (thrown) {
      return (thrown as Response).headers.get("location");
    }
  };

  it("offers each plan above with its difference, and upgrades through the same service", async () => {
    await setFest(false);
    const buyer = await owner(1);
    const card = await savedCard(buyer.creds);
    const ctx = await pageContext(buyer.creds);
    const page = await loadUpgrades(ctx, [buyer.line]);
    expect(page.cards.map((c) => c.id)).toEqual([card]);
    expect(page.upgrades[String(buyer.line)]).toMatchObject([
      { tier: 2, difference: 59, available: true },
      { tier: 3, difference: 118, available: true },
      { tier: 4, available: false },
    ]);
    // No plan chosen: the plan's message and a 400, nothing charged.
    const planless = {
      intent: "upgrade",
      invoice_item: String(buyer.line),
      idempotency_key: "upg-page-none",
    };
    const refused = (await upgradeAction(ctx, post(planless), planless, "upgrade")) as unknown as {
      data: { errors: Record<string, string[]> };
      init: { status?: number } | null;
    };
    expect(refused.init?.status).toBe(400);
    expect(refused.data.errors).toEqual({ plan: [UPGRADE_PLAN_UNKNOWN] });
    const fields = {
      intent: "upgrade",
      invoice_item: String(buyer.line),
      plan: String(tier(3).id),
      payment_method: String(card),
      idempotency_key: `${page.upgradeKey}-${buyer.line}`,
    };
    const to = await location(upgradeAction(ctx, post(fields), fields, "upgrade"));
    expect(to).toBe("/account/products?notice=upgraded");
    const [order] = await upgradeOrders(buyer.id);
    expect(order).toMatchObject({ totalCents: 11800, paymentMethodId: card });
    // The upgraded line offers nothing more; the new one offers only what is above Tier 3.
    const after = await loadUpgrades(ctx, [buyer.line]);
    expect(after.upgrades).toEqual({});
  });

  it("sends a 3-D Secure card to the test bank's page, and confirms on the way back", async () => {
    await setFest(false);
    const buyer = await owner(1);
    const ctx = await pageContext(buyer.creds);
    const fields = {
      intent: "upgrade",
      invoice_item: String(buyer.line),
      plan: String(tier(2).id),
      payment_method: "pm_card_authenticationRequired",
      idempotency_key: "upg-page-3ds-1",
    };
    const to = await location(upgradeAction(ctx, post(fields), fields, "upgrade"));
    const challenge = new URL(to ?? "", "http://localhost");
    expect(challenge.pathname).toBe("/payments/test-gateway/challenge/");
    expect(challenge.searchParams.get("return_to")).toBe("/account/products");
    const paymentIntent = challenge.searchParams.get("payment_intent") ?? "";
    await app.services.gateway.authenticate?.(paymentIntent, "approve");
    const confirm = { intent: "upgrade_confirm", payment_intent: paymentIntent };
    const back = await location(upgradeAction(ctx, post(confirm), confirm, "upgrade_confirm"));
    expect(back).toBe("/account/products?notice=upgraded");
    expect(await upgradeOrders(buyer.id)).toHaveLength(1);
  });
});
