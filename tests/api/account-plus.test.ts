import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  CANCEL_REASON_SAVED,
  CARD_DECLINED,
  CARD_EXPIRED,
  PLUS_CANCEL_REASONS,
  SUBSCRIPTION_ALREADY_CANCELING,
} from "../../domain/account";
import {
  INVALID_CHOICE,
  NO_ACTIVE_SUBSCRIPTION,
  NO_PAYMENT_METHOD,
  NO_PREVIOUS_SUBSCRIPTION,
  NO_SUBSCRIPTION_OR_REASON,
  SUBSCRIPTION_UPDATED,
} from "../../domain/messages";
import { paymentMethods, plusCancelReasons, plusSubscriptions } from "../../server/db/schema";
import { type Credentials, createTestApp } from "../helpers/app";

// Plus membership management (spec 001 sections 3, 4, 7, 8; contract.md paths).
const app = await createTestApp();
const db = app.database.db;

const { send: call, userId } = app;
const patch = (payload: Record<string, unknown>, creds: Credentials) =>
  call("PATCH", "/api/plus/subscription/", payload, creds);
const hasPlus = async (creds: Credentials) =>
  (await call("GET", "/api/users/profile/", undefined, creds)).json().user.has_plus as boolean;

describe("Plus calls need a login", () => {
  it.each([
    ["GET", "/api/plus/subscription/"],
    ["PATCH", "/api/plus/subscription/"],
    ["GET", "/api/plus/cancel-reasons/"],
    ["POST", "/api/plus/cancel-reasons/"],
  ] as const)("%s %s answers 401 to a visitor", async (method, url) => {
    const res = await call(method, url, method === "GET" ? undefined : { action: "cancel" });
    expect(res.statusCode).toBe(401);
  });
});

describe("a user without Plus", () => {
  it("sees no subscription and gets the spec's messages for every action", async () => {
    const shopper = await app.login("shopper@payonce.test");
    const res = await call("GET", "/api/plus/subscription/", undefined, shopper);
    expect(res.json()).toEqual({ has_plus: false, subscription: null });
    const cancel = await patch({ action: "cancel" }, shopper);
    expect(cancel.statusCode).toBe(404);
    expect(cancel.json()).toEqual({ detail: NO_ACTIVE_SUBSCRIPTION });
    expect((await patch({ action: "reactivate" }, shopper)).json()).toEqual({
      detail: NO_PREVIOUS_SUBSCRIPTION,
    });
    expect(
      (
        await patch({ action: "update_payment_method", payment_method_id: "pm_card_visa" }, shopper)
      ).json(),
    ).toEqual({
      detail: NO_ACTIVE_SUBSCRIPTION,
    });
    expect((await patch({ action: "upgrade" }, shopper)).json()).toEqual({
      action: [INVALID_CHOICE],
    });
    const reasons = await call("GET", "/api/plus/cancel-reasons/", undefined, shopper);
    expect(reasons.statusCode).toBe(404);
    expect(reasons.json()).toEqual({ detail: NO_SUBSCRIPTION_OR_REASON });
  });
});

describe("a Plus member", () => {
  it("reads their subscription with its card", async () => {
    const plus = await app.login("plus@payonce.test");
    const res = await call("GET", "/api/plus/subscription/", undefined, plus);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      has_plus: true,
      subscription: {
        stripe_subscription_id: "sub_demo_plus",
        status: "active",
        cancel_at_period_end: false,
        price: 99,
        payment_method: { brand: "visa", last4: "4242", is_expired: false },
      },
    });
  });

  it("gets the cancel reasons for their own subscription only, and records one with feedback", async () => {
    const plus = await app.login("plus@payonce.test");
    const subId = (await call("GET", "/api/plus/subscription/", undefined, plus)).json()
      .subscription.id;
    const res = await call(
      "GET",
      `/api/plus/cancel-reasons/?subscription_id=${subId}`,
      undefined,
      plus,
    );
    expect(res.json()).toMatchObject({ subscription_id: subId, submitted: [] });
    expect(res.json().reasons).toEqual(PLUS_CANCEL_REASONS.map((r) => ({ ...r })));

    const shopper = await app.login("shopper@payonce.test");
    const foreign = await call(
      "GET",
      `/api/plus/cancel-reasons/?subscription_id=${subId}`,
      undefined,
      shopper,
    );
    expect(foreign.statusCode).toBe(404);
    const foreignPost = await call(
      "POST",
      "/api/plus/cancel-reasons/",
      { subscription: subId, reason: "other" },
      shopper,
    );
    expect(foreignPost.json()).toEqual({ detail: NO_SUBSCRIPTION_OR_REASON });

    const missing = await call("POST", "/api/plus/cancel-reasons/", {}, plus);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      subscription: [NO_SUBSCRIPTION_OR_REASON],
      reason: [NO_SUBSCRIPTION_OR_REASON],
    });

    const ok = await call(
      "POST",
      "/api/plus/cancel-reasons/",
      { subscription: subId, reason: "too_expensive", feedback: "Great, but pricey" },
      plus,
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json().detail).toBe(CANCEL_REASON_SAVED);
    const rows = await db
      .select()
      .from(plusCancelReasons)
      .where(eq(plusCancelReasons.subscriptionId, subId));
    expect(rows).toMatchObject([{ reason: "too_expensive", feedback: "Great, but pricey" }]);
  });

  it("cancels at the period end (Plus stays until then), and reactivates before it", async () => {
    const plus = await app.login("plus@payonce.test");
    const wrong = await patch(
      { action: "cancel", stripe_subscription_id: "sub_someone_else" },
      plus,
    );
    expect(wrong.json()).toEqual({ detail: NO_ACTIVE_SUBSCRIPTION });
    const res = await patch({ action: "cancel", stripe_subscription_id: "sub_demo_plus" }, plus);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      detail: SUBSCRIPTION_UPDATED,
      has_plus: true,
      subscription: { status: "canceling", cancel_at_period_end: true },
    });
    expect(await hasPlus(plus)).toBe(true);
    const twice = await patch({ action: "cancel" }, plus);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: SUBSCRIPTION_ALREADY_CANCELING });

    const back = await patch({ action: "reactivate" }, plus);
    expect(back.json()).toMatchObject({
      detail: SUBSCRIPTION_UPDATED,
      subscription: { status: "active", cancel_at_period_end: false, canceled_at: null },
    });
  });

  it("updates the payment method: an own card or a new token; not an expired or a stranger's card", async () => {
    const plus = await app.login("plus@payonce.test");
    expect((await patch({ action: "update_payment_method" }, plus)).json()).toEqual({
      detail: NO_PAYMENT_METHOD,
    });
    const expired = await patch(
      { action: "update_payment_method", payment_method_id: "pm_demo_plus_mc" },
      plus,
    );
    expect(expired.json()).toEqual({ detail: CARD_EXPIRED });
    const [buyerCard] = await db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, await userId("buyer@payonce.test")));
    const stranger = await patch(
      { action: "update_payment_method", payment_method_id: String(buyerCard?.id) },
      plus,
    );
    expect(stranger.json()).toEqual({ detail: NO_PAYMENT_METHOD });
    const strangerPm = await patch(
      { action: "update_payment_method", payment_method_id: buyerCard?.providerId },
      plus,
    );
    expect(strangerPm.json()).toEqual({ detail: NO_PAYMENT_METHOD });

    const res = await patch(
      { action: "update_payment_method", payment_method_id: "pm_card_mastercard" },
      plus,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      detail: SUBSCRIPTION_UPDATED,
      subscription: { payment_method: { brand: "mastercard", last4: "4444", is_expired: false } },
    });
    const cards = (await call("GET", "/api/users/cards/", undefined, plus)).json().cards;
    expect(cards.filter((c: { is_plus: boolean }) => c.is_plus)).toMatchObject([
      { last4: "4444", is_expired: false },
    ]);
  });

  it("after the period ends: no Plus, no cancel; reactivating charges a new year to the card", async () => {
    const plus = await app.login("plus@payonce.test");
    const uid = await userId("plus@payonce.test");
    await db
      .update(plusSubscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 60_000) })
      .where(eq(plusSubscriptions.userId, uid));
    expect(await hasPlus(plus)).toBe(false);
    const lapsed = (await call("GET", "/api/plus/subscription/", undefined, plus)).json();
    expect(lapsed).toMatchObject({ has_plus: false, subscription: { status: "canceled" } });
    expect((await patch({ action: "cancel" }, plus)).json()).toEqual({
      detail: NO_ACTIVE_SUBSCRIPTION,
    });

    const declined = await patch(
      { action: "reactivate", payment_method_id: "pm_card_chargeDeclined" },
      plus,
    );
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ detail: CARD_DECLINED });
    expect(await hasPlus(plus)).toBe(false);

    const res = await patch({ action: "reactivate" }, plus);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      detail: SUBSCRIPTION_UPDATED,
      has_plus: true,
      subscription: { status: "active" },
    });
    expect(res.json().subscription.stripe_subscription_id).not.toBe("sub_demo_plus");
    expect(await hasPlus(plus)).toBe(true);
  });

  it("a lapsed member without a card gets the spec's message", async () => {
    const shopper = await app.login("shopper@payonce.test");
    await db.insert(plusSubscriptions).values({
      userId: await userId("shopper@payonce.test"),
      stripeSubscriptionId: "sub_test_lapsed_shopper",
      status: "active",
      priceCents: 9900,
      currentPeriodStart: new Date(Date.now() - 400 * 86_400_000),
      currentPeriodEnd: new Date(Date.now() - 35 * 86_400_000),
    });
    const res = await patch({ action: "reactivate" }, shopper);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: NO_PAYMENT_METHOD });
  });
});
