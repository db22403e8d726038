import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PLUS_DEAL_SLUG } from "../../domain/constants";
import {
  ADDONS_ADD_FAILED,
  CART_ITEM_NOT_FOUND,
  COUPON_CODE_REQUIRED,
  COUPON_EXPIRED,
  COUPON_NOT_FOR_CART,
  COUPON_NOT_FOUND,
  couponNotApplied,
  couponRemoved,
  DEAL_NOT_FOR_SALE,
  DEAL_NOT_FOUND,
  DEAL_NOT_STARTED,
  DEAL_OR_GROUP_REQUIRED,
  DEAL_SOLD_OUT,
  INVALID_PLAN_ID,
  PLAN_NOT_AVAILABLE,
  PLUS_REQUIRED,
  QUANTITY_FIXED,
} from "../../domain/messages";
import { campaignDeals, campaigns, plans } from "../../server/db/schema";
import { systemClock } from "../../server/providers/clock";
import { createCartService } from "../../server/services/commerce/cart";
import { createTestApp } from "../helpers/app";
import { addAddons, addonLine, addPlan, dealPlans, freshCart } from "../helpers/commerce";

// The cart calls of contract.md (spec 001 sections 3, 5, 7, 8, 9).
const app = await createTestApp();
const db = app.database.db;

type Json = Record<string, unknown>;
const { send } = app;

const taskflow = await dealPlans(app, "taskflow");
const ai = await dealPlans(app, "taskflow-ai-assistant");
const seats = await dealPlans(app, "taskflow-extra-seats");
const pixelforge = await dealPlans(app, "pixelforge");

describe("GET /api/cart/", () => {
  it("answers an empty cart to an anonymous visitor without starting a session", async () => {
    const res = await send("GET", "/api/cart/");
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === "sessionid")).toBeUndefined();
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.json()).toMatchObject({
      cart_items: [],
      subtotal: 0,
      total: 0,
      use_credit: false,
      credit: 0,
      coupon: null,
      coupon_discount: 0,
      is_freebie: false,
      paypal_available: false,
    });
  });
});

describe("POST /api/cart/items/", () => {
  it("adds a plan for an anonymous visitor (201, a session cookie) with prices in major units", async () => {
    const res = await send("POST", "/api/cart/items/", {
      dealId: taskflow.deal.id,
      planId: taskflow.plan(1).id,
      quantity: 1,
    });
    expect(res.statusCode).toBe(201);
    expect(res.cookies.find((c) => c.name === "sessionid")).toBeDefined();
    const cart = res.json();
    expect(cart.cart_items).toHaveLength(1);
    expect(cart.cart_items[0]).toMatchObject({
      deal: { slug: "taskflow" },
      plan: { id: taskflow.plan(1).id, price: 59 },
      price: 59,
      quantity: 1,
      addons: [],
    });
    expect(cart).toMatchObject({ subtotal: 59, total: 59, coupon_discount: 0 });
    // The same session sees its cart.
    const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
    const again = await app.inject({ method: "GET", url: "/api/cart", cookies });
    expect(again.json().cart_items).toHaveLength(1);
  });

  it("needs a deal id or a deal group id, and real ids", async () => {
    const creds = await freshCart(app, "shopper@payonce.test");
    const none = await send("POST", "/api/cart/items/", { planId: taskflow.plan(1).id }, creds);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ dealId: [DEAL_OR_GROUP_REQUIRED] });
    const unknown = await send("POST", "/api/cart/items/", { dealId: 999999 }, creds);
    expect(unknown.json()).toEqual({ dealId: [DEAL_NOT_FOUND] });
    const otherPlan = await send(
      "POST",
      "/api/cart/items/",
      { dealId: taskflow.deal.id, planId: pixelforge.plan(1).id },
      creds,
    );
    expect(otherPlan.statusCode).toBe(400);
    expect(otherPlan.json()).toEqual({ planId: [PLAN_NOT_AVAILABLE] });
    const cart = (await send("GET", "/api/cart/", undefined, creds)).json();
    expect(cart.cart_items).toEqual([]);
  });

  it("refuses what is not for sale: ended, informational, not started, Private", async () => {
    const creds = await freshCart(app, "shopper@payonce.test");
    const cases: [string, string][] = [
      ["mailbeam", DEAL_SOLD_OUT],
      ["infohub", DEAL_NOT_FOR_SALE],
      ["launchpad-x", DEAL_NOT_STARTED],
      ["taskflow-ai-assistant", DEAL_NOT_FOR_SALE],
    ];
    for (const [slug, message] of cases) {
      const { deal } = await dealPlans(app, slug);
      const res = await send("POST", "/api/cart/items/", { dealId: deal.id }, creds);
      expect(res.statusCode, slug).toBe(400);
      expect(res.json(), slug).toEqual({ planId: [message] });
    }
  });

  it("sells Plus-tier plans to Plus members, or to a buyer with Plus in the cart", async () => {
    const vault = await dealPlans(app, "plusvault");
    const shopper = await freshCart(app, "shopper@payonce.test");
    const refused = await send("POST", "/api/cart/items/", { dealId: vault.deal.id }, shopper);
    expect(refused.json()).toEqual({ planId: [PLUS_REQUIRED], code: "plus_required" });
    const plus = await dealPlans(app, PLUS_DEAL_SLUG);
    const joined = await send("POST", "/api/cart/items/", { dealId: plus.deal.id }, shopper);
    expect(joined.statusCode).toBe(201);
    expect(joined.json()).toMatchObject({ has_plus_deal: true, paypal_available: false });
    const now = await send("POST", "/api/cart/items/", { dealId: vault.deal.id }, shopper);
    expect(now.statusCode).toBe(201);
    const member = await freshCart(app, "plus@payonce.test");
    const direct = await send("POST", "/api/cart/items/", { dealId: vault.deal.id }, member);
    expect(direct.statusCode).toBe(201);
  });

  it("applies the quantity rule itself: 1 for licensing, the plan's codes otherwise", async () => {
    const creds = await freshCart(app, "shopper@payonce.test");
    await db
      .update(plans)
      .set({ codes: 3 })
      .where(eq(plans.id, pixelforge.plan(1).id));
    const res = await send(
      "POST",
      "/api/cart/items/",
      { dealId: taskflow.deal.id, planId: taskflow.plan(1).id, quantity: 7 },
      creds,
    );
    expect(res.json().cart_items[0].quantity).toBe(1);
    const px = await send(
      "POST",
      "/api/cart/items/",
      { dealId: pixelforge.deal.id, planId: pixelforge.plan(1).id, quantity: 1 },
      creds,
    );
    const line = px.json().cart_items.find((i: Json) => (i.deal as Json).slug === "pixelforge");
    expect(line).toMatchObject({ quantity: 3, price: 69 });
    await db
      .update(plans)
      .set({ codes: 1 })
      .where(eq(plans.id, pixelforge.plan(1).id));
  });

  it("keeps one line per deal: the same plan again changes nothing, another plan replaces it", async () => {
    const creds = await freshCart(app, "shopper@payonce.test");
    const body = { dealId: taskflow.deal.id, planId: taskflow.plan(1).id };
    await send("POST", "/api/cart/items/", body, creds);
    const same = await send("POST", "/api/cart/items/", body, creds);
    expect(same.json().cart_items).toHaveLength(1);
    const switched = await send(
      "POST",
      "/api/cart/items/",
      { ...body, planId: taskflow.plan(2).id },
      creds,
    );
    expect(switched.json().cart_items).toHaveLength(1);
    expect(switched.json().cart_items[0]).toMatchObject({ plan: { tier: 2 }, price: 118 });
  });

  it("adds every deal of a deal group, and applies the couponCode the last deal carries", async () => {
    const creds = await freshCart(app, "shopper@payonce.test");
    const res = await send(
      "POST",
      "/api/cart/items/",
      { dealId: taskflow.deal.id, planId: taskflow.plan(1).id, couponCode: "welcome10" },
      creds,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ coupon: { code: "WELCOME10" }, coupon_discount: 5.9 });
    const bad = await send(
      "POST",
      "/api/cart/items/",
      { dealId: pixelforge.deal.id, couponCode: "NOPE" },
      creds,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ couponCode: [couponNotApplied(COUPON_NOT_FOUND)] });
    // All or nothing: pixelforge was not added either.
    const cart = (await send("GET", "/api/cart/", undefined, creds)).json();
    expect(cart.cart_items.map((i: { deal: Json }) => i.deal.slug)).toEqual(["taskflow"]);
  });

  it("asks a signed-in browser for the CSRF header", async () => {
    const creds = await freshCart(app, "shopper@payonce.test");
    const res = await app.inject({
      method: "POST",
      url: "/api/cart/items/",
      payload: { dealId: taskflow.deal.id },
      cookies: creds.cookies,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("Plus member price and campaigns", () => {
  it("gives Plus members a further 10% off", async () => {
    const creds = await freshCart(app, "plus@payonce.test");
    const res = await addPlan(app, creds, taskflow);
    expect(res.json()).toMatchObject({
      subtotal: 53.1,
      total: 53.1,
      plus_discount: 5.9,
      has_plus: true,
    });
    expect(res.json().cart_items[0]).toMatchObject({ price: 53.1, plan: { price: 59 } });
  });

  it("applies a campaign only to listed tiers and only with the experiment on", async () => {
    // Only this test's campaign counts: the seeded ones taskflow takes part in are paused.
    const seeded = await db
      .update(campaigns)
      .set({ isActive: false })
      .where(
        sql`${campaigns.id} in (select campaign_id from campaign_deals where deal_id = ${taskflow.deal.id})`,
      )
      .returning({ id: campaigns.id });
    const [campaign] = await db
      .insert(campaigns)
      .values({
        optinSlug: "cart-test-campaign",
        type: "percent",
        value: 20,
        name: "Cart test",
        publicName: "Cart test",
        dealTiers: [1],
        startDate: new Date(Date.now() - 86400000),
        endDate: new Date(Date.now() + 86400000),
      })
      .returning({ id: campaigns.id });
    await db.insert(campaignDeals).values({ campaignId: campaign!.id, dealId: taskflow.deal.id });
    const creds = await freshCart(app, "shopper@payonce.test");
    await addPlan(app, creds, taskflow);
    // The app runs with the experiment off: no campaign price.
    expect((await send("GET", "/api/cart/", undefined, creds)).json().total).toBe(59);
    const session = await app.services.sessions.load(creds.cookies.sessionid);
    const actor = {
      sessionId: session!.id,
      user: {
        id: session!.user!.id,
        email: "shopper@payonce.test",
        emailVerified: true,
        hasPlus: false,
        isStaff: false,
      },
    };
    const on = createCartService({ db, clock: systemClock, campaignExperimentEnabled: true });
    expect((await on.get(actor)).totalCents).toBe(4720);
    await on.addItem(actor, { dealId: taskflow.deal.id, planId: taskflow.plan(2).id });
    expect((await on.get(actor)).totalCents).toBe(11800);
    // A fixed campaign is floored at 0.
    await db
      .update(campaigns)
      .set({ type: "fixed", value: 50000, dealTiers: [2] })
      .where(eq(campaigns.id, campaign!.id));
    expect((await on.get(actor)).totalCents).toBe(0);
    await db.delete(campaigns).where(eq(campaigns.id, campaign!.id));
    if (seeded.length) {
      await db
        .update(campaigns)
        .set({ isActive: true })
        .where(
          inArray(
            campaigns.id,
            seeded.map((c) => c.id),
          ),
        );
    }
  });
});

describe("PATCH and DELETE /api/cart/items/{id}/", () => {
  it("stacks licensing lines and refuses to change a fixed quantity", async () => {
    const creds = await freshCart(app, "shopper@payonce.test");
    const added = await addPlan(app, creds, taskflow);
    const id = added.json().cart_items[0].id;
    const res = await send("PATCH", `/api/cart/items/${id}/`, { quantity: 2 }, creds);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ subtotal: 118 });
    const tooMany = await send("PATCH", `/api/cart/items/${id}/`, { quantity: 11 }, creds);
    expect(tooMany.statusCode).toBe(400);
    const px = await addPlan(app, creds, pixelforge);
    const pxId = px.json().cart_items.find((i: { deal: Json }) => i.deal.slug === "pixelforge").id;
    const fixed = await send("PATCH", `/api/cart/items/${pxId}/`, { quantity: 2 }, creds);
    expect(fixed.statusCode).toBe(400);
    expect(fixed.json()).toEqual({ quantity: [QUANTITY_FIXED] });
  });

  it("answers 404 for another cart's line, and removes a plan with its add-ons", async () => {
    const creds = await freshCart(app, "shopper@payonce.test");
    const added = await addPlan(app, creds, taskflow);
    const id = added.json().cart_items[0].id;
    await addAddons(app, [addonLine(ai, taskflow)], creds);
    const other = await freshCart(app, "buyer@payonce.test");
    const foreign = await send("DELETE", `/api/cart/items/${id}/`, undefined, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: CART_ITEM_NOT_FOUND });
    const patch = await send("PATCH", `/api/cart/items/${id}/`, { quantity: 2 }, other);
    expect(patch.statusCode).toBe(404);
    const removed = await send("DELETE", `/api/cart/items/${id}`, undefined, creds);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ cart_items: [], subtotal: 0 });
  });
});

describe("POST /api/cart/addons/", () => {
  it("adds add-ons under their plan, priced from the add-on configuration", async () => {
    const creds = await freshCart(app, "shopper@payonce.test");
    await addPlan(app, creds, taskflow);
    const res = await addAddons(
      app,
      [
        addonLine(ai, taskflow),
        {
          deal_id: seats.deal.id,
          plan_id: String(seats.plan(1).id),
          quantity: 2,
          unit_quantity: 10,
          primary_plan_id: taskflow.plan(1).id,
          parent_invoice_data: null,
        },
      ],
      creds,
    );
    expect(res.statusCode).toBe(201);
    const line = res.json().cart_items[0];
    expect(line.addons.map((a: Json) => [(a.deal as Json).slug, a.price])).toEqual([
      ["taskflow-ai-assistant", 29],
      ["taskflow-extra-seats", 45],
    ]);
    expect(res.json().subtotal).toBe(59 + 29 + 45);
    // Choosing the same add-on again replaces it.
    const again = await addAddons(
      app,
      {
        items: [
          {
            deal_id: seats.deal.id,
            plan_id: seats.plan(1).id,
            quantity: 1,
            unit_quantity: 5,
            primary_plan_id: taskflow.plan(1).id,
          },
        ],
      },
      creds,
    );
    expect(again.json().cart_items[0].addons).toHaveLength(2);
    expect(again.json().subtotal).toBe(59 + 29 + 25);
  });

  it("prices an included_free add-on at 0 (top tier)", async () => {
    const creds = await freshCart(app, "shopper@payonce.test");
    await addPlan(app, creds, taskflow, 3);
    const res = await addAddons(
      app,
      [{ deal_id: ai.deal.id, plan_id: ai.plan(1).id, primary_plan_id: taskflow.plan(3).id }],
      creds,
    );
    expect(res.json().cart_items[0].addons[0].price).toBe(0);
  });

  it('answers "Invalid plan ID provided." for a plan id that is not a positive number', async () => {
    const creds = await freshCart(app, "shopper@payonce.test");
    for (const plan_id of [0, -3, "abc", null, 1.5]) {
      const res = await addAddons(app, [{ deal_id: ai.deal.id, plan_id }], creds);
      expect(res.statusCode, String(plan_id)).toBe(400);
      expect(res.json(), String(plan_id)).toMatchObject({
        detail: INVALID_PLAN_ID,
        plan_id: [INVALID_PLAN_ID],
      });
    }
  });

  it('adds nothing when one add-on fails: "Failed to add add-ons to cart."', async () => {
    const creds = await freshCart(app, "shopper@payonce.test");
    await addPlan(app, creds, taskflow);
    const res = await addAddons(
      app,
      [
        { deal_id: ai.deal.id, plan_id: ai.plan(1).id, primary_plan_id: taskflow.plan(1).id },
        // Not an add-on of taskflow at all.
        {
          deal_id: pixelforge.deal.id,
          plan_id: pixelforge.plan(1).id,
          primary_plan_id: taskflow.plan(1).id,
        },
      ],
      creds,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: ADDONS_ADD_FAILED });
    const cart = (await send("GET", "/api/cart/", undefined, creds)).json();
    expect(cart.cart_items[0].addons).toEqual([]);
    // An add-on whose primary plan is not in the cart fails too.
    const orphan = await addAddons(
      app,
      [{ deal_id: ai.deal.id, plan_id: ai.plan(1).id, primary_plan_id: taskflow.plan(2).id }],
      creds,
    );
    expect(orphan.json()).toEqual({ detail: ADDONS_ADD_FAILED });
  });
});

describe("POST and DELETE /api/cart/coupon/", () => {
  it("applies percent and fixed coupons, case-insensitively", async () => {
    const creds = await freshCart(app, "shopper@payonce.test");
    await addPlan(app, creds, taskflow);
    const pct = await send("POST", "/api/cart/coupon/", { code: "welcome10" }, creds);
    expect(pct.statusCode).toBe(200);
    expect(pct.json()).toMatchObject({
      coupon: { code: "WELCOME10", type: "percent", value: 10 },
      coupon_discount: 5.9,
      total: 53.1,
    });
    const fixed = await send("POST", "/api/cart/coupon/", { code: "SAVE20" }, creds);
    expect(fixed.json()).toMatchObject({
      coupon: { code: "SAVE20", value: 20 },
      coupon_discount: 20,
      total: 39,
    });
    const removed = await send("DELETE", "/api/cart/coupon/", undefined, creds);
    expect(removed.json()).toMatchObject({
      coupon: null,
      coupon_discount: 0,
      detail: couponRemoved("SAVE20"),
    });
  });

  it("explains why a coupon cannot be applied", async () => {
    const creds = await freshCart(app, "shopper@payonce.test");
    await addPlan(app, creds, pixelforge);
    const cases: [string, string][] = [
      ["TASKFLOW25", COUPON_NOT_FOR_CART],
      ["EXPIRED5", COUPON_EXPIRED],
      ["NO-SUCH-CODE", COUPON_NOT_FOUND],
    ];
    for (const [code, reason] of cases) {
      const res = await send("POST", "/api/cart/coupon/", { code }, creds);
      expect(res.statusCode, code).toBe(400);
      expect(res.json(), code).toEqual({ code: [couponNotApplied(reason)] });
    }
    const missing = await send("POST", "/api/cart/coupon/", {}, creds);
    expect(missing.json()).toEqual({ code: [COUPON_CODE_REQUIRED] });
  });
});

describe("POST /api/cart/credits/", () => {
  it("spends credits only when use_credit is on, never more than the total", async () => {
    const creds = await freshCart(app, "plus@payonce.test");
    await addPlan(app, creds, taskflow);
    const off = (await send("GET", "/api/cart/", undefined, creds)).json();
    expect(off).toMatchObject({ use_credit: false, credit: 10, credit_applied: 0, total: 53.1 });
    const on = await send("POST", "/api/cart/credits/", { use_credit: "true" }, creds);
    expect(on.json()).toMatchObject({
      use_credit: true,
      credit_applied: 10,
      total: 43.1,
      credits_pay: false,
      payment_kind: "card",
    });
    const bad = await send("POST", "/api/cart/credits/", { use_credit: "maybe" }, creds);
    expect(bad.statusCode).toBe(400);
  });
});

describe("cart kinds", () => {
  it("calls a zero-subtotal cart a freebie, paid without a card", async () => {
    const creds = await freshCart(app, "shopper@payonce.test");
    const free = await dealPlans(app, "freebie-kit");
    const res = await send("POST", "/api/cart/items/", { dealId: free.deal.id }, creds);
    expect(res.json()).toMatchObject({
      is_freebie: true,
      total: 0,
      payment_kind: "free",
      paypal_available: true,
    });
  });
});

describe("login keeps the anonymous cart", () => {
  it("moves the session's lines into the user's cart; a deal in both keeps the newer choice", async () => {
    const shopper = await freshCart(app, "shopper@payonce.test");
    await addPlan(app, shopper, taskflow);
    const anon = await send("POST", "/api/cart/items/", {
      dealId: taskflow.deal.id,
      planId: taskflow.plan(2).id,
    });
    const cookies = Object.fromEntries(anon.cookies.map((c) => [c.name, c.value]));
    await app.inject({
      method: "POST",
      url: "/api/cart/items/",
      payload: { dealId: pixelforge.deal.id },
      cookies,
      headers: { "x-csrftoken": cookies.csrftoken ?? "" },
    });
    const login = await app.inject({
      method: "POST",
      url: "/api/users/login/",
      payload: { email: "shopper@payonce.test", password: "payonce-demo-1" },
      cookies,
      headers: { "x-csrftoken": cookies.csrftoken ?? "" },
    });
    expect(login.statusCode).toBe(200);
    const after = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]));
    const cart = (await app.inject({ method: "GET", url: "/api/cart/", cookies: after })).json();
    const lines = cart.cart_items.map((i: { deal: Json; plan: Json }) => [
      i.deal.slug,
      i.plan.tier,
    ]);
    expect(lines.sort()).toEqual([
      ["pixelforge", pixelforge.plans.find((p) => p.highlight)?.tier ?? 1],
      ["taskflow", 2],
    ]);
  });
});

describe("POST /api/giftcards/{code}/redeem/", () => {
  it("credits a signed-in user once; unknown codes answer 404 with the spec's text", async () => {
    const anon = await send("POST", "/api/giftcards/DEMO-GIFT-25/redeem/", {});
    expect(anon.statusCode).toBe(401);
    const creds = await app.login("shopper@payonce.test");
    const unknown = await send("POST", "/api/giftcards/NOPE-0000/redeem/", {}, creds);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: "Code could not be found" });
    const ok = await send("POST", "/api/giftcards/demo-gift-25/redeem/", {}, creds);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      detail: "Gift card has been applied to your credits.",
      amount: 25,
      credit: 25,
    });
    const twice = await send(
      "POST",
      "/api/giftcards/DEMO-GIFT-25/redeem/",
      {},
      await app.login("buyer@payonce.test"),
    );
    expect(twice.statusCode).toBe(409);
    const cart = (await send("GET", "/api/cart/", undefined, creds)).json();
    expect(cart.credit).toBe(25);
  });
});

describe("rewards", () => {
  it("lists the active give and receive campaigns", async () => {
    const res = await send("GET", "/api/rewards/campaigns/");
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .results.map((c: Json) => c.reward_type)
        .sort(),
    ).toEqual(["give", "receive"]);
  });

  it("redeems one coupon per user and campaign, removes it, and reports failures with the spec's text", async () => {
    // plus@ has 2+ purchases (the incentivized share); a "receive" reward also needs a referral
    // (tests/api/money-rewards.test.ts), so this redeems the "give" campaign.
    const creds = await app.login("plus@payonce.test");
    const list = (await send("GET", "/api/rewards/campaigns/", undefined, creds)).json()
      .results as Json[];
    const give = list.find((c) => c.reward_type === "give")!;
    expect(give.coupons).toEqual([]);
    const anon = await send("POST", `/api/rewards/${give.id}/redeem/`, {});
    expect(anon.statusCode).toBe(401);
    const first = await send("POST", `/api/rewards/${give.id}/redeem/`, {}, creds);
    expect(first.statusCode).toBe(201);
    const code = first.json().coupons[0].code as string;
    expect(code).toMatch(/^REWARD-/);
    const second = await send("POST", `/api/rewards/${give.id}/redeem/`, {}, creds);
    expect(second.json().coupons).toEqual([{ code }]);
    // The give code works in a friend's cart, and not in the sharer's own.
    const friend = await freshCart(app, "reviewer@payonce.test");
    await send("POST", "/api/cart/items/", { dealId: pixelforge.deal.id }, friend);
    expect((await send("POST", "/api/cart/coupon/", { code }, friend)).statusCode).toBe(200);
    await freshCart(app, "plus@payonce.test");
    await send("POST", "/api/cart/items/", { dealId: pixelforge.deal.id }, creds);
    expect((await send("POST", "/api/cart/coupon/", { code }, creds)).statusCode).toBe(400);
    const bad = await send("POST", "/api/rewards/999999/redeem/", {}, creds);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      detail: "There was an error redeeming your reward. Please try again.",
    });
    const removed = await send("POST", "/api/rewards/remove/", { code }, creds);
    expect(removed.statusCode).toBe(200);
    expect((await send("GET", "/api/cart/", undefined, creds)).json().coupon).toBeNull();
    const again = await send("POST", "/api/rewards/remove/", { code }, creds);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      detail: "There was an error removing your reward. Please try again.",
    });
    // One coupon per user and campaign, ever: a removed one is not replaced.
    const redeemAgain = await send("POST", `/api/rewards/${give.id}/redeem/`, {}, creds);
    expect(redeemAgain.json()).toEqual({
      detail: "There was an error redeeming your reward. Please try again.",
    });
  });

  it("offers the incentivized share only from 2 purchases", async () => {
    const shopper = await app.login("shopper@payonce.test");
    expect(
      (await send("GET", "/api/rewards/share-campaigns/", undefined, shopper)).json(),
    ).toMatchObject({ eligible: false, give: null });
    const plus = await app.login("plus@payonce.test");
    const res = (await send("GET", "/api/rewards/share-campaigns/", undefined, plus)).json();
    expect(res).toMatchObject({
      eligible: true,
      give: { reward_type: "give" },
      receive: { reward_type: "receive" },
      discount_display: "$10",
    });
  });
});
