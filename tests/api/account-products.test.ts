import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  ALREADY_REFUNDED,
  REFUND_REQUESTED,
  REFUND_WINDOW_CLOSED,
  TRANSFER_ADDON,
  TRANSFER_PLAN_MISMATCH,
  TRANSFER_REFUNDED,
  TRANSFER_TO_SELF,
  TRANSFERRED_NOT_REFUNDABLE,
} from "../../domain/account";
import {
  emailNotAssociated,
  INVALID_CHOICE,
  NON_REFUNDABLE_DEAL,
  TRANSFER_INITIATED,
} from "../../domain/messages";
import {
  deals,
  invoiceItems,
  licences,
  orders,
  outbox,
  productTransfers,
} from "../../server/db/schema";
import { type Credentials, createTestApp } from "../helpers/app";

// The products list, its CSV, refunds and transfers (spec 001 sections 4, 5, 7, 8, 9;
// contract.md: /api/users/products/, /download/, /transfer/; /license/validate/email/{email}/).
const app = await createTestApp();
const db = app.database.db;

const get = (url: string, creds?: Credentials) => app.send("GET", url, undefined, creds);
const post = (url: string, payload: Record<string, unknown>, creds?: Credentials) =>
  app.send("POST", url, payload, creds);
const { userId } = app;
const dealBySlug = async (slug: string) =>
  (await db.select().from(deals).where(eq(deals.slug, slug)))[0] as typeof deals.$inferSelect;
const itemsOf = async (email: string) =>
  db
    .select()
    .from(invoiceItems)
    .where(eq(invoiceItems.userId, await userId(email)));
const itemOf = async (email: string, slug: string) => {
  const deal = await dealBySlug(slug);
  return (await itemsOf(email)).find(
    (i) => i.dealId === deal.id,
  ) as typeof invoiceItems.$inferSelect;
};
type Product = {
  invoice_item: number;
  deal: { slug: string };
  licence_codes: { code: string; redeemed: boolean }[];
  refund: { refundable: boolean; deadline: string | null; text: string; reason: string | null };
  received_by_transfer: boolean;
};

/** Gives a user `count` paid purchases of a deal, an order each, `daysAgo` days back. */
async function givePurchases(email: string, slug: string, count: number, daysAgo = 1) {
  const uid = await userId(email);
  const deal = await dealBySlug(slug);
  for (let i = 0; i < count; i++) {
    const at = new Date(Date.now() - daysAgo * 86_400_000 - i * 60_000);
    const [order] = await db
      .insert(orders)
      .values({
        userId: uid,
        status: "paid",
        subtotalCents: 4900,
        totalCents: 4900,
        createdAt: at,
        paidAt: at,
      })
      .returning({ id: orders.id });
    await db.insert(invoiceItems).values({
      orderId: order?.id as number,
      userId: uid,
      dealId: deal.id,
      priceCents: 4900,
      createdAt: at,
    });
  }
}

describe("product calls need a login", () => {
  it.each([
    ["GET", "/api/users/products/"],
    ["GET", "/api/users/products/download/"],
    ["GET", "/license/validate/email/buyer@payonce.test/"],
    ["POST", "/api/users/products/transfer/"],
    ["POST", "/api/users/products/1/refund/"],
  ] as const)("%s %s answers 401 to a visitor", async (method, url) => {
    const res = method === "GET" ? await get(url) : await post(url, {});
    expect(res.statusCode).toBe(401);
  });
});

describe("GET /api/users/products/", () => {
  it("lists the caller's own purchases with licence codes and the refund window", async () => {
    const buyer = await app.login("buyer@payonce.test");
    const res = await get("/api/users/products/", buyer);
    expect(res.statusCode).toBe(200);
    const own = await itemsOf("buyer@payonce.test");
    const body = res.json();
    expect(body.meta).toMatchObject({ total: own.length, page: 1, page_size: 10, f: "all", q: "" });
    expect(body.results.map((p: Product) => p.invoice_item).sort()).toEqual(
      own.map((i) => i.id).sort(),
    );
    const item = await itemOf("buyer@payonce.test", "taskflow");
    const taskflow = body.results.find((p: Product) => p.invoice_item === item.id);
    const codes = await db.select().from(licences).where(eq(licences.invoiceItemId, item.id));
    expect(taskflow.licence_codes).toEqual(
      codes.map((c) => ({ code: c.code, redeemed: c.redeemedAt !== null, status: c.status })),
    );
    const [order] = await db.select().from(orders).where(eq(orders.id, item.orderId));
    expect(taskflow).toMatchObject({
      deal: { slug: "taskflow", get_absolute_url: "/products/taskflow/" },
      price: item.priceCents / 100,
      refundable_days: 60,
      received_by_transfer: false,
      refund: {
        refundable: true,
        text: "60-day money-back guarantee",
        deadline: new Date(
          (order as { paidAt: Date }).paidAt.getTime() + 60 * 86_400_000,
        ).toISOString(),
      },
    });
  });

  it("filters (f) and searches (q) by deal, plan or licence code", async () => {
    const plus = await app.login("plus@payonce.test");
    const all = (await get("/api/users/products/", plus)).json();
    const slugs = all.results.map((p: Product) => p.deal.slug);
    expect(slugs).toEqual(expect.arrayContaining(["mailbeam", "pixelforge", "quickcrm"]));
    const pixel = (await get("/api/users/products/?q=PIXEL", plus)).json();
    expect(pixel.results.map((p: Product) => p.deal.slug)).toEqual(["pixelforge"]);
    const code = all.results.find((p: Product) => p.deal.slug === "quickcrm").licence_codes[0].code;
    const byCode = (await get(`/api/users/products/?q=${encodeURIComponent(code)}`, plus)).json();
    expect(byCode.results.map((p: Product) => p.deal.slug)).toEqual(["quickcrm"]);
    expect((await get("/api/users/products/?q=100%25", plus)).json().results).toEqual([]);

    const redeemed = (await get("/api/users/products/?f=redeemed", plus)).json()
      .results as Product[];
    const notRedeemed = (await get("/api/users/products/?f=not_redeemed", plus)).json()
      .results as Product[];
    expect(redeemed.length + notRedeemed.length).toBe(all.meta.total);
    for (const p of redeemed) expect(p.licence_codes.some((c) => c.redeemed)).toBe(true);
    for (const p of notRedeemed) expect(p.licence_codes.some((c) => c.redeemed)).toBe(false);
    expect((await get("/api/users/products/?f=refunded", plus)).json().results).toEqual([]);
    // An unknown filter falls back to all rather than failing.
    expect((await get("/api/users/products/?f=bogus", plus)).json().meta.f).toBe("all");
  });

  it("pages by 10", async () => {
    await givePurchases("shopper@payonce.test", "pixelforge", 11);
    const shopper = await app.login("shopper@payonce.test");
    const first = (await get("/api/users/products/?page=1", shopper)).json();
    const second = (await get("/api/users/products/?page=2", shopper)).json();
    expect(first.results).toHaveLength(10);
    expect(second.results).toHaveLength(1);
    expect(second.meta).toMatchObject({ total: 11, pages: 2, page: 2 });
    const ids = new Set([...first.results, ...second.results].map((p: Product) => p.invoice_item));
    expect(ids.size).toBe(11);
    const past = (await get("/api/users/products/?page=5", shopper)).json();
    expect(past).toMatchObject({ results: [], meta: { total: 11, pages: 2, page: 5 } });
  });
});

describe("GET /api/users/products/download/", () => {
  it("downloads the caller's products as CSV, honouring f and q", async () => {
    const plus = await app.login("plus@payonce.test");
    const res = await get("/api/users/products/download/?q=quickcrm", plus);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toContain("attachment");
    const lines = res.body.trim().split("\n");
    expect(lines[0]).toMatch(/^Product,Plan,Plan type,Price \(USD\),Purchased,Licence codes/);
    expect(lines).toHaveLength(2);
    const item = await itemOf("plus@payonce.test", "quickcrm");
    const [code] = await db.select().from(licences).where(eq(licences.invoiceItemId, item.id));
    expect(lines[1]).toContain(code?.code);
    expect(lines[1]).toContain("/products/quickcrm/");
    const buyer = await app.login("buyer@payonce.test");
    const theirs = await get("/api/users/products/download/?q=quickcrm", buyer);
    expect(theirs.body.trim().split("\n")).toHaveLength(1);
  });
});

describe("POST /api/users/products/{invoice_item}/refund/", () => {
  it("refunds within the window: the item leaves ownership, the order is refunded, a mail is sent", async () => {
    const blocked = await app.login("blocked@payonce.test");
    const item = await itemOf("blocked@payonce.test", "taskflow");
    const buyer = await app.login("buyer@payonce.test");
    expect((await post(`/api/users/products/${item.id}/refund/`, {}, buyer)).statusCode).toBe(404);

    const res = await post(`/api/users/products/${item.id}/refund/`, {}, blocked);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      detail: REFUND_REQUESTED,
      refunded_items: [item.id],
      amount: item.priceCents / 100,
    });
    const [order] = await db.select().from(orders).where(eq(orders.id, item.orderId));
    expect(order?.status).toBe("refunded");
    const dealId = (await dealBySlug("taskflow")).id;
    const status = (await get(`/api/v2/deals/${dealId}/user_status/`, blocked)).json();
    expect(status.user_has_purchased).toBe(false);
    expect((await get("/api/users/products/?f=refunded", blocked)).json().results).toMatchObject([
      { invoice_item: item.id, refund: { refundable: false, reason: ALREADY_REFUNDED } },
    ]);
    expect((await get("/api/users/products/?f=active", blocked)).json().results).toEqual([]);
    const mails = await db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'template' = 'product_refunded'`);
    expect(mails).toHaveLength(1);

    const again = await post(`/api/users/products/${item.id}/refund/`, {}, blocked);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: ALREADY_REFUNDED });
  });

  it("says so for a non-refundable deal and after the window", async () => {
    const plus = await app.login("plus@payonce.test");
    const mailbeam = await itemOf("plus@payonce.test", "mailbeam");
    await db.update(deals).set({ refundableDays: 0 }).where(eq(deals.id, mailbeam.dealId));
    const none = await post(`/api/users/products/${mailbeam.id}/refund/`, {}, plus);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ non_field_errors: [NON_REFUNDABLE_DEAL] });
    const listed = (await get("/api/users/products/?q=mailbeam", plus)).json().results[0];
    expect(listed.refund).toMatchObject({
      refundable: false,
      text: NON_REFUNDABLE_DEAL,
      deadline: null,
    });

    // mailbeam was bought 40 days ago: a 30-day window has closed.
    await db.update(deals).set({ refundableDays: 30 }).where(eq(deals.id, mailbeam.dealId));
    const late = await post(`/api/users/products/${mailbeam.id}/refund/`, {}, plus);
    expect(late.json()).toEqual({ non_field_errors: [REFUND_WINDOW_CLOSED] });
    expect((await itemOf("plus@payonce.test", "mailbeam")).refundedAt).toBeNull();
  });
});

describe("transfers", () => {
  it("GET /license/validate/email/{email}/ knows accounts (any case) and says so otherwise", async () => {
    const buyer = await app.login("buyer@payonce.test");
    const ok = await get("/license/validate/email/Shopper@Payonce.test/", buyer);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ valid: true });
    const nobody = await get("/license/validate/email/nobody@example.com/", buyer);
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json()).toEqual({ detail: emailNotAssociated() });
    expect(emailNotAssociated()).toBe("Email not associated to an Payonce account");
  });

  it("checks the body: an account address, not oneself, the product's plan, action=transfer", async () => {
    const buyer = await app.login("buyer@payonce.test");
    const item = await itemOf("buyer@payonce.test", "taskflow");
    const base = {
      invoice_item: item.id,
      email: "shopper@payonce.test",
      plan: item.planId,
      action: "transfer",
    };
    const unknown = await post(
      "/api/users/products/transfer/",
      { ...base, email: "nobody@example.com" },
      buyer,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ email: [emailNotAssociated()] });
    const self = await post(
      "/api/users/products/transfer/",
      { ...base, email: "BUYER@payonce.test" },
      buyer,
    );
    expect(self.json()).toEqual({ email: [TRANSFER_TO_SELF] });
    const plan = await post(
      "/api/users/products/transfer/",
      { ...base, plan: (item.planId ?? 0) + 1000 },
      buyer,
    );
    expect(plan.json()).toEqual({ plan: [TRANSFER_PLAN_MISMATCH] });
    const action = await post("/api/users/products/transfer/", { ...base, action: "gift" }, buyer);
    expect(action.json()).toEqual({ action: [INVALID_CHOICE] });
    expect((await itemOf("buyer@payonce.test", "taskflow")).id).toBe(item.id);
  });

  it("only the owner may transfer; ownership moves, so the review gate follows", async () => {
    const reviewer = await app.login("reviewer@payonce.test");
    const shopper = await app.login("shopper@payonce.test");
    const item = await itemOf("reviewer@payonce.test", "taskflow");
    const body = {
      invoice_item: item.id,
      email: "shopper@payonce.test",
      plan: item.planId,
      action: "transfer",
    };
    const stranger = await post(
      "/api/users/products/transfer/",
      { ...body, email: "buyer@payonce.test" },
      shopper,
    );
    expect(stranger.statusCode).toBe(404);

    const res = await post("/api/users/products/transfer/", body, reviewer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      detail: TRANSFER_INITIATED,
      status: "completed",
      moved_items: [item.id],
    });
    const [moved] = await db.select().from(invoiceItems).where(eq(invoiceItems.id, item.id));
    expect(moved).toMatchObject({
      userId: await userId("shopper@payonce.test"),
      transferredToUserId: await userId("shopper@payonce.test"),
    });
    const [record] = await db
      .select()
      .from(productTransfers)
      .where(eq(productTransfers.invoiceItemId, item.id));
    expect(record).toMatchObject({
      fromUserId: await userId("reviewer@payonce.test"),
      toEmail: "shopper@payonce.test",
    });

    const dealId = (await dealBySlug("taskflow")).id;
    expect(
      (await get(`/api/v2/deals/${dealId}/user_status/`, shopper)).json().user_has_purchased,
    ).toBe(true);
    expect(
      (await get(`/api/v2/deals/${dealId}/user_status/`, reviewer)).json().user_has_purchased,
    ).toBe(false);
    const theirs = (await get("/api/users/products/?q=taskflow", shopper)).json().results[0];
    expect(theirs).toMatchObject({
      invoice_item: item.id,
      received_by_transfer: true,
      refund: { refundable: false, reason: TRANSFERRED_NOT_REFUNDABLE },
    });
    expect((await post(`/api/users/products/${item.id}/refund/`, {}, shopper)).json()).toEqual({
      non_field_errors: [TRANSFERRED_NOT_REFUNDABLE],
    });
    const back = await post("/api/users/products/transfer/", body, reviewer);
    expect(back.statusCode).toBe(404);
    const mail = await db
      .select()
      .from(outbox)
      .where(
        and(
          sql`${outbox.payload}->>'template' = 'product_transferred'`,
          sql`${outbox.payload}->>'to' = 'shopper@payonce.test'`,
        ),
      );
    expect(mail).toHaveLength(1);
  });

  it("refunded products and add-ons alone cannot be transferred", async () => {
    const blocked = await app.login("blocked@payonce.test");
    const refunded = (
      await db
        .select()
        .from(invoiceItems)
        .where(eq(invoiceItems.userId, await userId("blocked@payonce.test")))
    )[0];
    const res = await post(
      "/api/users/products/transfer/",
      { invoice_item: refunded?.id, email: "buyer@payonce.test", action: "transfer" },
      blocked,
    );
    expect(res.json()).toEqual({ invoice_item: [TRANSFER_REFUNDED] });

    const plus = await app.login("plus@payonce.test");
    const parent = await itemOf("plus@payonce.test", "pixelforge");
    const [addon] = await db
      .insert(invoiceItems)
      .values({
        orderId: parent.orderId,
        userId: parent.userId,
        dealId: parent.dealId,
        priceCents: 500,
        parentInvoiceItemId: parent.id,
      })
      .returning({ id: invoiceItems.id });
    const alone = await post(
      "/api/users/products/transfer/",
      { invoice_item: addon?.id, email: "buyer@payonce.test", action: "transfer" },
      plus,
    );
    expect(alone.json()).toEqual({ invoice_item: [TRANSFER_ADDON] });
    const whole = await post(
      "/api/users/products/transfer/",
      {
        invoice_item: parent.id,
        email: "buyer@payonce.test",
        plan: parent.planId,
        action: "transfer",
      },
      plus,
    );
    expect(whole.json().moved_items.sort()).toEqual([parent.id, addon?.id].sort());
  });

  it("limits address checks per user (30 a minute): they reveal whether an account exists", async () => {
    const partner = await app.login("partner@payonce.test");
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      codes.push((await get(`/license/validate/email/probe${i}@example.com/`, partner)).statusCode);
    }
    expect(codes.slice(0, 30).every((c) => c === 404)).toBe(true);
    expect(codes[30]).toBe(429);
    const other = await app.login("moderator@payonce.test");
    expect((await get("/license/validate/email/probe@example.com/", other)).statusCode).toBe(404);
  });
});
