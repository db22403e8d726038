import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, deals, orders } from "../../server/db/schema";
import { createTestApp } from "../helpers/app";
import { checkout, freshCart } from "../helpers/commerce";
import { staffActors } from "../helpers/staff";

// Issue 16: the staff back office and the partner portal over the API. Every path answers staff
// only (401 anonymous, 403 anyone else); partner paths answer the deal's partners only (another
// deal's partner gets 404). Every staff and partner write is in the audit log.

const app = await createTestApp();
const { db } = app.database;
const send = app.send;

const { staff, partner, moderator, shopper, otherPartner, pixelforge, taskflow } =
  await staffActors(app);

type Json = Record<string, unknown>;
const json = async (
  method: "GET" | "POST" | "PUT" | "PATCH",
  url: string,
  body?: unknown,
  creds = staff,
) => {
  const res = await send(method, url, body, creds);
  return { status: res.statusCode, body: res.json() as Json & { items: Json[] } };
};

let counter = 0;
async function newDeal(extra: Json = {}) {
  counter += 1;
  const res = await json("POST", "/api/staff/deals/", {
    name: `Staff deal ${counter}`,
    slug: `staff-deal-${counter}`,
    public_name: `Staffdeal${counter} Public`,
    card_description: "Made in the back office",
    listing_type: "select",
    ...extra,
  });
  expect(res.status).toBe(201);
  return res.body as unknown as Json & { id: number; slug: string; public_name: string };
}

describe("permissions", () => {
  const staffPaths: [string, string, unknown?][] = [
    ["GET", "/api/staff/deals/"],
    ["POST", "/api/staff/deals/", {}],
    ["GET", `/api/staff/deals/${taskflow.deal.id}/`],
    ["PATCH", "/api/staff/deals/999999/", { name: "x" }],
    ["POST", `/api/staff/deals/${taskflow.deal.id}/plans/`, {}],
    ["PATCH", "/api/staff/plans/999999/", { price: 0 }],
    ["POST", "/api/staff/deals/999999/publish/"],
    ["POST", "/api/staff/deals/999999/unpublish/"],
    ["PUT", "/api/staff/deals/999999/roles/", {}],
    ["GET", `/api/staff/deals/${taskflow.deal.id}/blocks/`],
    ["PUT", "/api/staff/deals/999999/blocks/", { blocks: [] }],
    ["GET", "/api/staff/moderation/?status=pending"],
    ["GET", "/api/staff/pages/"],
    ["GET", "/api/staff/pages/home/"],
    ["PATCH", "/api/staff/pages/no-such-page/", {}],
    ["GET", "/api/staff/collections/"],
    ["POST", "/api/staff/collections/", {}],
    ["GET", "/api/staff/collections/1/"],
    ["PATCH", "/api/staff/collections/999999/", {}],
    ["GET", "/api/staff/campaigns/"],
    ["POST", "/api/staff/campaigns/", {}],
    ["PATCH", "/api/staff/campaigns/999999/", {}],
    ["GET", "/api/staff/coupons/"],
    ["POST", "/api/staff/coupons/", {}],
    ["PATCH", "/api/staff/coupons/999999/", {}],
    ["GET", "/api/staff/giftcards/"],
    ["POST", "/api/staff/giftcards/", {}],
    ["PATCH", "/api/staff/giftcards/999999/", {}],
    ["GET", "/api/staff/users/"],
    ["PATCH", "/api/staff/users/999999/", { is_staff: true }],
    ["GET", "/api/staff/orders/"],
    ["GET", "/api/staff/orders/1/"],
    ["POST", "/api/staff/orders/999999/refund/"],
    ["GET", "/api/staff/audit/"],
    ["GET", "/api/staff/changes/"],
    ["POST", "/api/staff/changes/999999/approve/"],
    ["POST", "/api/staff/changes/999999/decline/"],
    ["GET", "/api/staff/outbox/"],
  ];

  it.each(staffPaths)(
    "%s %s: 401 anonymous, 403 for everyone but staff",
    async (method, url, body) => {
      const m = method as "GET";
      expect((await send(m, url, body)).statusCode).toBe(401);
      for (const creds of [shopper, partner, moderator, otherPartner]) {
        expect((await send(m, url, body, creds)).statusCode).toBe(403);
      }
      // Staff get past the guard (the answer depends on the path and body).
      expect([401, 403]).not.toContain((await send(m, url, body, staff)).statusCode);
    },
  );

  it("refuses a staff write without the CSRF header", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/staff/deals/",
      payload: { name: "x", slug: "no-csrf", public_name: "x" },
      cookies: staff.cookies,
    });
    expect(res.statusCode).toBe(403);
  });

  const partnerPaths: [string, string, unknown?][] = [
    ["GET", `/api/partners/deals/${taskflow.deal.id}/questions/`],
    ["GET", `/api/partners/deals/${taskflow.deal.id}/questions/?needs_reply=1`],
    ["GET", `/api/partners/deals/${taskflow.deal.id}/changes/`],
    [
      "POST",
      `/api/partners/deals/${taskflow.deal.id}/changes/`,
      { deal: { card_description: "Hi" } },
    ],
  ];
  it.each(partnerPaths)(
    "%s %s: the deal's partner only, 404 for anyone else",
    async (method, url, body) => {
      const m = method as "GET";
      expect((await send(m, url, body)).statusCode).toBe(401);
      for (const creds of [otherPartner, shopper, moderator, staff]) {
        expect((await send(m, url, body, creds)).statusCode).toBe(404);
      }
      expect([200, 201]).toContain((await send(m, url, body, partner)).statusCode);
    },
  );

  it("GET /api/partners/deals/: 401 anonymous, 403 for users who partner no deal", async () => {
    expect((await send("GET", "/api/partners/deals/")).statusCode).toBe(401);
    for (const creds of [shopper, moderator, staff]) {
      expect((await send("GET", "/api/partners/deals/", undefined, creds)).statusCode).toBe(403);
    }
    const mine = await json("GET", "/api/partners/deals/", undefined, otherPartner);
    expect(mine.body.items.map((d) => d.slug)).toEqual(["pixelforge"]);
  });
});

describe("deals, plans and publishing", () => {
  it("creates a draft that is 404 to the public until published, then in search and its page at once", async () => {
    const deal = await newDeal();
    expect(deal).toMatchObject({ is_draft: true, url: `/products/${deal.slug}/` });
    const publicDetails = () => send("GET", `/api/v2/deals/${deal.slug}/details/`);
    const searchFinds = async () =>
      JSON.stringify(
        (await send("GET", `/api/v2/deals/?query=${deal.public_name}`)).json(),
      ).includes(deal.slug);
    expect((await publicDetails()).statusCode).toBe(404);
    expect(await searchFinds()).toBe(false);

    for (const [name, price, original] of [
      ["Single", 49, 299],
      ["Double", 98, 598],
    ] as const) {
      const plan = await json("POST", `/api/staff/deals/${deal.id}/plans/`, {
        name,
        price,
        original_price: original,
        plan_type: "lifetime_deal",
        codes: 1,
        features: ["Unlimited projects", `${name} seat`],
      });
      expect(plan.status).toBe(201);
      expect(plan.body).toMatchObject({ name, price, original_price: original, is_active: true });
      expect(plan.body.features).toEqual(["Unlimited projects", `${name} seat`]);
    }

    const published = await json("POST", `/api/staff/deals/${deal.id}/publish/`);
    expect(published.status).toBe(200);
    expect(published.body.is_draft).toBe(false);
    expect((await publicDetails()).statusCode).toBe(200);
    expect(await searchFinds()).toBe(true);

    await json("POST", `/api/staff/deals/${deal.id}/unpublish/`);
    expect((await publicDetails()).statusCode).toBe(404);
    expect(await searchFinds()).toBe(false);
  });

  it("lists deals by query and status, shaped for a table", async () => {
    const deal = await newDeal();
    const drafts = await json("GET", `/api/staff/deals/?status=draft&query=${deal.slug}`);
    expect(drafts.body).toMatchObject({ total: 1, page: 1 });
    expect(drafts.body.items[0]).toMatchObject({ id: deal.id, plan_count: 0 });
    const published = await json("GET", `/api/staff/deals/?status=published&query=${deal.slug}`);
    expect(published.body.total).toBe(0);
    expect((await json("GET", "/api/staff/deals/?status=bogus")).status).toBe(400);
  });

  it("refuses bad input with field maps: negative and inverted prices, taken slugs, unknown ids", async () => {
    const deal = await newDeal();
    const plans = `/api/staff/deals/${deal.id}/plans/`;
    const negative = await json("POST", plans, { name: "X", price: -1, original_price: 10 });
    expect(negative.status).toBe(400);
    expect(negative.body).toHaveProperty("price");
    const inverted = await json("POST", plans, { name: "X", price: 20, original_price: 10 });
    expect(inverted.status).toBe(400);
    expect(inverted.body.price).toEqual(["The price must not be above the original price."]);
    const plan = await json("POST", plans, { name: "Ok", price: 10, original_price: 20 });
    const patched = await json("PATCH", `/api/staff/plans/${plan.body.id}/`, { price: -0.01 });
    expect(patched.status).toBe(400);
    expect((await json("PATCH", `/api/staff/plans/${plan.body.id}/`, { price: 30 })).status).toBe(
      400,
    );
    expect(
      (await json("PATCH", `/api/staff/plans/${plan.body.id}/`, { price: 15.5 })).body.price,
    ).toBe(15.5);

    const taken = await json("POST", "/api/staff/deals/", {
      name: "Dup",
      slug: "taskflow",
      public_name: "Dup",
    });
    expect(taken).toMatchObject({
      status: 400,
      body: { slug: ["A deal with this slug already exists."] },
    });
    const renamed = await json("PATCH", `/api/staff/deals/${deal.id}/`, { slug: "taskflow" });
    expect(renamed.status).toBe(400);
    const missing = await json("POST", "/api/staff/deals/", {});
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body)).toEqual(
      expect.arrayContaining(["name", "slug", "public_name"]),
    );
    expect(
      (await json("PATCH", `/api/staff/deals/${deal.id}/`, { category_id: 999999 })).body,
    ).toHaveProperty("category_id");
    const window = await json("PATCH", `/api/staff/deals/${deal.id}/`, {
      start_date: "2030-01-02T00:00:00Z",
      end_date: "2030-01-01T00:00:00Z",
    });
    expect(window.body).toHaveProperty("end_date");
    expect((await json("GET", "/api/staff/deals/999999/")).status).toBe(404);
    expect((await json("PATCH", "/api/staff/plans/999999/", { name: "x" })).status).toBe(404);
    const raw = await send("POST", "/api/staff/deals/", "not json", staff, {
      "content-type": "application/json",
    });
    expect(raw.statusCode).toBe(400);
  });

  it("sets a deal's partners and user moderators; the new partner sees the deal in the portal", async () => {
    const deal = await newDeal();
    const shopperId = await app.userId("shopper@payonce.test");
    const moderatorId = await app.userId("moderator@payonce.test");
    const roles = await json("PUT", `/api/staff/deals/${deal.id}/roles/`, {
      partners: [shopperId],
      user_moderators: [moderatorId],
    });
    expect(roles.status).toBe(200);
    expect(roles.body).toMatchObject({
      partners: [{ id: shopperId }],
      user_moderators: [{ id: moderatorId }],
    });
    const portal = await json("GET", "/api/partners/deals/", undefined, shopper);
    expect(portal.body.items.map((d) => d.id)).toEqual([deal.id]);
    expect(
      (await json("PUT", `/api/staff/deals/${deal.id}/roles/`, { partners: [999999] })).status,
    ).toBe(400);
    await json("PUT", `/api/staff/deals/${deal.id}/roles/`, { partners: [] });
    expect((await send("GET", "/api/partners/deals/", undefined, shopper)).statusCode).toBe(403);
  });

  it("builds a deal's page from blocks validated by the block rules; the product page shows them", async () => {
    const deal = await newDeal();
    const template = await json("GET", `/api/staff/deals/${deal.id}/blocks/`);
    expect(template.body.source).toBe("template");
    const bad = await json("PUT", `/api/staff/deals/${deal.id}/blocks/`, {
      blocks: [
        { type: "no_such_block", data: {} },
        { type: "faq", data: { anchor_tag_id: "bad id!" } },
        {
          type: "hero",
          data: { start_date: "2030-01-02T00:00:00Z", end_date: "2030-01-01T00:00:00Z" },
        },
        { type: "use_cases", data: { use_cases: [{ title: "One" }] } },
      ],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body)).toEqual(
      expect.arrayContaining([
        "blocks.0.type",
        "blocks.1.data.anchor_tag_id",
        "blocks.2.data.end_date",
      ]),
    );
    const good = await json("PUT", `/api/staff/deals/${deal.id}/blocks/`, {
      blocks: [
        { type: "hero", data: { title: "Built in the editor" } },
        { type: "pricing_card", data: {} },
        { type: "faq", data: { anchor_tag_id: "questions-1" } },
      ],
    });
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({ source: "deal" });
    expect((good.body.blocks as Json[]).map((b) => b.type)).toEqual([
      "hero",
      "pricing_card",
      "faq",
    ]);
    const page = await app.services.productPage.getProductPage({ id: deal.id, slug: deal.slug });
    expect(page.blocks.map((b) => b.type)).toEqual(["hero", "pricing_card", "faq"]);
    // Other deals keep the shared template.
    const other = await app.services.productPage.getProductPage({
      id: taskflow.deal.id,
      slug: "taskflow",
    });
    expect(other.blocks.length).toBeGreaterThan(0);
    expect(other.blocks[0]?.data.title).not.toBe("Built in the editor");
  });
});

describe("pages and collections", () => {
  it("creates a collection of a published deal, puts it first on the home page and schedules it", async () => {
    const deal = await newDeal({ is_draft: false });
    const created = await json("POST", "/api/staff/collections/", {
      slug: `staff-collection-${deal.id}`,
      title: "Staff picks",
      modular_component_type: "product_carousel",
      deals: [deal.id],
      background_color: "#112233",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ deals: [deal.id], background_color: "#112233" });
    const id = created.body.id as number;
    const home = await json("GET", "/api/staff/pages/home/");
    const order = [id, ...(home.body.collections as number[])];
    const patched = await json("PATCH", "/api/staff/pages/home/", {
      collections: order,
      seo_meta: { title: "Payonce deals" },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.collections).toEqual(order);
    expect(patched.body.seo_meta).toEqual({ title: "Payonce deals" });
    const publicPage = await send("GET", "/api/modular/page/home/");
    expect(publicPage.body).toContain(deal.slug as string);

    const scheduled = await json("PATCH", `/api/staff/collections/${id}/`, {
      title: "Later picks",
      start_date: "2099-01-01T00:00:00Z",
      end_date: "2099-02-01T00:00:00Z",
    });
    expect(scheduled.body).toMatchObject({
      title: "Later picks",
      start_date: "2099-01-01T00:00:00.000Z",
    });
    expect((await send("GET", "/api/modular/page/home/")).body).not.toContain(deal.slug as string);

    expect(
      (await json("POST", "/api/staff/collections/", { ...created.body, id: undefined })).status,
    ).toBe(400);
    expect((await json("PATCH", `/api/staff/collections/${id}/`, { deals: [999999] })).status).toBe(
      400,
    );
    expect((await json("PATCH", "/api/staff/pages/home/", { collections: [999999] })).status).toBe(
      400,
    );
    expect((await json("GET", "/api/staff/pages/no-such-page/")).status).toBe(404);
    const list = await json("GET", "/api/staff/collections/?query=staff-collection");
    expect(list.body.total).toBeGreaterThan(0);
  });
});

describe("campaigns, coupons and gift cards", () => {
  it("creates and changes each, refusing negative amounts, percents above 100 and taken codes", async () => {
    const campaign = await json("POST", "/api/staff/campaigns/", {
      optin_slug: "staff-sale",
      name: "Staff sale",
      public_name: "Staff sale",
      type: "percent",
      value: 20,
      deals: [taskflow.deal.id],
    });
    expect(campaign.status).toBe(201);
    expect(campaign.body).toMatchObject({ value: 20, deals: [taskflow.deal.id] });
    expect(
      (await json("PATCH", `/api/staff/campaigns/${campaign.body.id}/`, { value: 101 })).status,
    ).toBe(400);
    expect(
      (await json("PATCH", `/api/staff/campaigns/${campaign.body.id}/`, { is_active: false })).body
        .is_active,
    ).toBe(false);

    const coupon = await json("POST", "/api/staff/coupons/", {
      code: "staff10",
      type: "fixed",
      value: 10,
    });
    expect(coupon.status).toBe(201);
    expect(coupon.body).toMatchObject({ code: "STAFF10", value: 10 });
    expect(
      (await json("POST", "/api/staff/coupons/", { code: "STAFF10", type: "percent", value: 5 }))
        .body,
    ).toEqual({
      code: ["This code is already in use."],
    });
    expect(
      (await json("POST", "/api/staff/coupons/", { code: "NEG1", type: "fixed", value: -5 }))
        .status,
    ).toBe(400);
    expect(
      (await json("PATCH", `/api/staff/coupons/${coupon.body.id}/`, { max_uses: 3 })).body.max_uses,
    ).toBe(3);

    const card = await json("POST", "/api/staff/giftcards/", { code: "GIFT-STAFF-1", amount: 25 });
    expect(card.status).toBe(201);
    expect(card.body.amount).toBe(25);
    expect(
      (await json("POST", "/api/staff/giftcards/", { code: "GIFT-X", amount: 0 })).status,
    ).toBe(400);
    expect(
      (await json("PATCH", `/api/staff/giftcards/${card.body.id}/`, { amount: 30 })).body.amount,
    ).toBe(30);
    expect((await json("GET", "/api/staff/coupons/?query=STAFF")).body.total).toBeGreaterThan(0);
    expect((await json("PATCH", "/api/staff/coupons/999999/", { max_uses: 1 })).status).toBe(404);
  });

  it("changes only the fields a PATCH sends (the create body's defaults stay out of it)", async () => {
    const coupon = await json("POST", "/api/staff/coupons/", {
      code: "KEEPME",
      type: "percent",
      value: 15,
      deal_ids: [taskflow.deal.id],
      max_uses: 9,
      single_use: true,
      start_date: "2030-01-01T00:00:00Z",
      end_date: "2031-01-01T00:00:00Z",
    });
    expect(coupon.status).toBe(201);
    const off = await json("PATCH", `/api/staff/coupons/${coupon.body.id}/`, { is_active: false });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ ...coupon.body, is_active: false });

    const campaign = await json("POST", "/api/staff/campaigns/", {
      name: "Kept campaign",
      public_name: "Kept",
      optin_slug: "kept-campaign",
      type: "percent",
      value: 10,
      deals: [taskflow.deal.id],
      start_date: "2030-01-01T00:00:00Z",
      end_date: "2031-01-01T00:00:00Z",
      is_active: false,
    });
    expect(campaign.status).toBe(201);
    const renamed = await json("PATCH", `/api/staff/campaigns/${campaign.body.id}/`, {
      name: "Kept campaign, renamed",
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      name: "Kept campaign, renamed",
      is_active: false,
      deals: [taskflow.deal.id],
      start_date: "2030-01-01T00:00:00.000Z",
      end_date: "2031-01-01T00:00:00.000Z",
    });
  });
});

describe("users", () => {
  it("finds users, blocks a login (signing the user out) and refuses to drop one's own staff flag", async () => {
    const blockedEmail = "plus@payonce.test";
    const victim = await app.login(blockedEmail);
    const found = await json("GET", "/api/staff/users/?query=plus%40payonce");
    expect(found.body.items[0]).toMatchObject({ email: blockedEmail, login_blocked: false });
    const id = found.body.items[0]!.id as number;
    const blocked = await json("PATCH", `/api/staff/users/${id}/`, {
      login_blocked: true,
      comment_blacklist: true,
      verified: false,
    });
    expect(blocked.body).toMatchObject({
      login_blocked: true,
      comment_blacklist: true,
      verified: false,
    });
    expect((await send("GET", "/api/users/profile/", undefined, victim)).statusCode).toBe(401);
    const login = await send("POST", "/api/users/login/", {
      email: blockedEmail,
      password: "payonce-demo-1",
    });
    expect(login.statusCode).not.toBe(200);
    await json("PATCH", `/api/staff/users/${id}/`, { login_blocked: false, verified: true });

    const me = await app.userId("staff@payonce.test");
    expect((await json("PATCH", `/api/staff/users/${me}/`, { is_staff: false })).status).toBe(400);
    expect((await json("PATCH", "/api/staff/users/999999/", { is_staff: true })).status).toBe(404);
  });
});

describe("orders, refunds, the partner's figures and the audit log", () => {
  let orderId = 0;

  it("refunds an order once, through the buyer's refund rules", async () => {
    const buyer = await freshCart(app, "shopper@payonce.test");
    await send(
      "POST",
      "/api/cart/items/",
      { dealId: taskflow.deal.id, planId: taskflow.plan(1).id },
      buyer,
    );
    const paid = await checkout(
      app,
      buyer,
      { payment_method: "pm_card_visa" },
      "staff-refund-0001",
    );
    expect(paid.statusCode).toBe(201);
    orderId = paid.json().order.id;

    const found = await json("GET", "/api/staff/orders/?query=shopper@payonce");
    expect(found.body.items.map((o) => o.id)).toContain(orderId);
    const order = await json("GET", `/api/staff/orders/${orderId}/`);
    expect(order.body).toMatchObject({ status: "paid", buyer: { email: "shopper@payonce.test" } });

    const before = (await json("GET", "/api/partners/deals/", undefined, partner)).body.items[0]!;
    const refund = await json("POST", `/api/staff/orders/${orderId}/refund/`);
    expect(refund.status).toBe(200);
    expect(refund.body).toMatchObject({ order: { status: "refunded" } });
    expect((await json("POST", `/api/staff/orders/${orderId}/refund/`)).status).toBe(409);
    const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(row?.status).toBe("refunded");

    const after = (await json("GET", "/api/partners/deals/", undefined, partner)).body.items[0]!;
    expect(after.refunds).toBe((before.refunds as number) + 1);
    // The refunded unit is no longer a sale.
    expect(after.units_sold).toBe((before.units_sold as number) - 1);
    expect(await send("POST", "/api/staff/orders/999999/refund/", undefined, staff)).toMatchObject({
      statusCode: 404,
    });
  });

  it("shows a partner their deal's figures", async () => {
    const mine = await json("GET", "/api/partners/deals/", undefined, partner);
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((d) => d.slug)).toEqual(["taskflow"]);
    expect(mine.body.items[0]).toEqual(
      expect.objectContaining({
        units_sold: expect.any(Number),
        revenue: expect.any(Number),
        refunds: expect.any(Number),
        rating: expect.any(Number),
        review_count: expect.any(Number),
        question_count: expect.any(Number),
        unanswered_questions: expect.any(Number),
        sales: expect.any(Array),
      }),
    );
    const waiting = await json(
      "GET",
      `/api/partners/deals/${taskflow.deal.id}/questions/?needs_reply=1`,
      undefined,
      partner,
    );
    expect(waiting.body.items.every((q) => q.has_founder_reply === false)).toBe(true);
    expect(waiting.body.total).toBe(mine.body.items[0]!.unanswered_questions);
  });

  it("records who changed what, when, before and after", async () => {
    const entries = await json("GET", "/api/staff/audit/");
    expect(entries.body.total).toBeGreaterThan(5);
    const refund = entries.body.items.find(
      (e) => e.action === "order.refund" && e.entity_id === orderId,
    );
    expect(refund).toMatchObject({
      who: { email: "staff@payonce.test", role: "staff" },
      entity: "order",
      before: { status: "paid" },
      after: { status: "refunded" },
    });
    expect(typeof refund?.when).toBe("string");
    const actions = new Set(
      (await db.select({ action: auditLog.action }).from(auditLog)).map((r) => r.action),
    );
    for (const action of [
      "deal.create",
      "plan.create",
      "deal.publish",
      "deal.blocks",
      "deal.roles",
      "coupon.create",
      "user.update",
    ]) {
      expect(actions).toContain(action);
    }
  });

  it("leaves no audit entry for a refused write", async () => {
    const before = (await db.select().from(auditLog)).length;
    await json("POST", `/api/staff/deals/${taskflow.deal.id}/plans/`, {
      name: "X",
      price: 5,
      original_price: 1,
    });
    await json("POST", `/api/staff/orders/${orderId}/refund/`);
    expect((await db.select().from(auditLog)).length).toBe(before);
  });
});

describe("partner proposals", () => {
  it("lets the deal's partner propose changes that staff approve (applied) or decline", async () => {
    const url = `/api/partners/deals/${taskflow.deal.id}/changes/`;
    const plan = taskflow.plan(1);
    expect((await json("POST", url, {}, partner)).status).toBe(400);
    const negative = await json("POST", url, { plans: [{ id: plan.id, price: -5 }] }, partner);
    expect(negative.status).toBe(400);
    const foreign = await json(
      "POST",
      url,
      { plans: [{ id: pixelforge.plan(1).id, name: "Mine now" }] },
      partner,
    );
    expect(foreign.body).toHaveProperty(["plans.0.id"]);
    // Another deal's partner cannot even see it.
    expect(
      (await json("POST", url, { deal: { public_name: "Hacked" } }, otherPartner)).status,
    ).toBe(404);

    const proposal = await json(
      "POST",
      url,
      {
        deal: { card_description: "Plan work together" },
        plans: [{ id: plan.id, name: "Solo founder" }],
        note: "New copy",
      },
      partner,
    );
    expect(proposal.status).toBe(201);
    expect(proposal.body.status).toBe("pending");
    const queue = await json("GET", "/api/staff/changes/?status=pending");
    expect(queue.body.items.map((p) => p.id)).toContain(proposal.body.id);

    const approved = await json("POST", `/api/staff/changes/${proposal.body.id}/approve/`);
    expect(approved.body.status).toBe("approved");
    const [deal] = await db.select().from(deals).where(eq(deals.id, taskflow.deal.id));
    expect(deal?.cardDescription).toBe("Plan work together");
    expect((await json("GET", `/api/staff/deals/${taskflow.deal.id}/`)).body.plans).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: plan.id, name: "Solo founder" })]),
    );
    expect((await json("POST", `/api/staff/changes/${proposal.body.id}/decline/`)).status).toBe(
      409,
    );

    const second = await json("POST", url, { deal: { public_name: "Nope" } }, partner);
    const declined = await json("POST", `/api/staff/changes/${second.body.id}/decline/`);
    expect(declined.body.status).toBe("declined");
    const [unchanged] = await db.select().from(deals).where(eq(deals.id, taskflow.deal.id));
    expect(unchanged?.publicName).not.toBe("Nope");
    const mine = await json("GET", url, undefined, partner);
    expect(mine.body.items.map((p) => p.status)).toEqual(
      expect.arrayContaining(["approved", "declined"]),
    );
    const partnerEntry = (await json("GET", "/api/staff/audit/")).body.items.find(
      (e) => e.action === "proposal.create",
    );
    expect(partnerEntry).toMatchObject({ who: { email: "partner@payonce.test", role: "partner" } });
  });
});

describe("moderation queue", () => {
  it("lists pending items across deals, oldest first, by kind", async () => {
    const reviewer = await app.login("buyer@payonce.test");
    const posted = await send(
      "POST",
      `/api/v2/deals/${pixelforge.deal.id}/questions/`,
      { title: "Staff queue question", comment: "Does it export to PNG?" },
      reviewer,
    );
    expect([200, 201]).toContain(posted.statusCode);
    const queue = await json("GET", "/api/staff/moderation/?status=pending&kind=question");
    expect(queue.status).toBe(200);
    const created = queue.body.items.map((i) => Date.parse(i.created as string));
    expect(created).toEqual([...created].sort((a, b) => a - b));
    expect(queue.body.items.every((i) => i.kind === "question" && i.status === "pending")).toBe(
      true,
    );
    const mine = queue.body.items.find((i) => i.title === "Staff queue question");
    if ((queue.body.total as number) <= 25) expect(mine).toBeDefined();
    expect((await json("GET", "/api/staff/moderation/?kind=poem")).status).toBe(400);
  });
});

describe("audited discussion writes", () => {
  it("records a partner's answer and a staff approval made through the discussion calls", async () => {
    const asker = await app.login("buyer@payonce.test");
    const asked = await send(
      "POST",
      `/api/v2/deals/${taskflow.deal.id}/questions/`,
      { title: "Audit question", comment: "Does it sync offline?" },
      asker,
    );
    const id = asked.json().id as number;
    const approved = await send(
      "POST",
      `/api/v2/deals/${taskflow.deal.id}/questions/${id}/approve/`,
      { approved: "approved" },
      staff,
    );
    expect(approved.statusCode).toBe(200);
    const waiting = await json(
      "GET",
      `/api/partners/deals/${taskflow.deal.id}/questions/?needs_reply=1`,
      undefined,
      partner,
    );
    const listed = waiting.body.items.find((q) => q.id === id);
    expect(listed).toBeDefined();
    const replied = await send(
      "POST",
      listed!.reply_url as string,
      { comment: "Yes, it does." },
      partner,
    );
    expect(replied.statusCode).toBe(201);
    const entries = (await json("GET", "/api/staff/audit/")).body.items;
    expect(entries.find((e) => e.action === "question.reply")).toMatchObject({
      who: { email: "partner@payonce.test", role: "partner" },
      after: { parent_id: id, comment: "Yes, it does." },
    });
    expect(
      entries.find((e) => e.action === "question.moderate" && e.entity_id === id),
    ).toMatchObject({
      who: { role: "staff" },
      before: { status: "pending" },
      after: { status: "approved" },
    });
    const after = await json(
      "GET",
      `/api/partners/deals/${taskflow.deal.id}/questions/?needs_reply=1`,
      undefined,
      partner,
    );
    expect(after.body.items.map((q) => q.id)).not.toContain(id);
  });
});
