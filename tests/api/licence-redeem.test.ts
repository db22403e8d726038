import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  LICENCE_CODE_HELD,
  LICENCE_CODE_REVOKED,
  LICENCE_CODE_UNKNOWN,
  PARTNER_API_KEY_INVALID,
} from "../../domain/messages";
import {
  auditLog,
  dealRoles,
  invoiceItems,
  licences,
  orders,
  partnerEndpoints,
} from "../../server/db/schema";
import { createTestApp } from "../helpers/app";
import { addPlan, checkout, dealPlans, newBuyer } from "../helpers/commerce";

// Issue 30: the partner's product redeems a buyer's code with the partner's API key; only its
// own deals' working codes, once (a retry is told so), and the buyer sees it.
const app = await createTestApp();
const db = app.database.db;
const taskflow = await dealPlans(app, "taskflow");
const pixelforge = await dealPlans(app, "pixelforge");

let addresses = 0;
/** Each call from an address of its own, so the rate limit is tested only where meant. */
const redeem = (key: string | undefined, body: unknown, remoteAddress?: string) => {
  addresses += 1;
  return app.inject({
    method: "POST",
    url: "/api/partners/licences/redeem/",
    payload: body as Record<string, unknown>,
    remoteAddress: remoteAddress ?? `10.30.${Math.floor(addresses / 250)}.${addresses % 250}`,
    headers: key === undefined ? {} : { authorization: `Bearer ${key}` },
  });
};

/** A new user made partner of the deal, with an API key. */
async function partnerWithKey(deal = taskflow) {
  const partner = await newBuyer(app, "partner");
  await db.insert(dealRoles).values({ dealId: deal.deal.id, userId: partner.id, role: "partner" });
  const res = await app.send("POST", "/api/partners/api_key/", {}, partner.creds);
  expect(res.statusCode, res.body).toBe(201);
  return { ...partner, key: res.json().key as string };
}

/** A new buyer's paid taskflow order and its codes. */
async function boughtCodes() {
  const buyer = await newBuyer(app, "buyer");
  await addPlan(app, buyer.creds, taskflow);
  const res = await checkout(app, buyer.creds, { payment_method: "pm_card_visa" });
  expect(res.statusCode, res.body).toBe(201);
  const [order] = await db.select().from(orders).where(eq(orders.userId, buyer.id));
  const codes = await db
    .select({ id: licences.id, code: licences.code, itemId: licences.invoiceItemId })
    .from(licences)
    .innerJoin(invoiceItems, eq(invoiceItems.id, licences.invoiceItemId))
    .where(eq(invoiceItems.orderId, order!.id));
  expect(codes.length).toBeGreaterThan(0);
  return { buyer, orderId: order!.id, codes };
}

const redeemedAt = async (id: number) =>
  (await db.select().from(licences).where(eq(licences.id, id)))[0]?.redeemedAt ?? null;

describe("API key", () => {
  it("is made by a partner, shown once, kept hashed; a new one replaces it", async () => {
    const anonymous = await app.send("POST", "/api/partners/api_key/", {});
    expect(anonymous.statusCode).toBe(401);
    const shopper = await newBuyer(app, "shopper");
    expect((await app.send("POST", "/api/partners/api_key/", {}, shopper.creds)).statusCode).toBe(
      403,
    );

    const partner = await partnerWithKey();
    expect(partner.key).toMatch(/^po_key_[A-Za-z0-9_-]{32}$/);
    const [row] = await db
      .select()
      .from(partnerEndpoints)
      .where(eq(partnerEndpoints.userId, partner.id));
    expect(row?.apiKeyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.apiKeyHash).not.toContain(partner.key);
    expect(row?.apiKeyPrefix).toBe(partner.key.slice(0, 11));
    const shown = (
      await app.send("GET", "/api/partners/webhook/", undefined, partner.creds)
    ).json();
    expect(shown.api_key).toEqual({ prefix: partner.key.slice(0, 11) });
    expect(JSON.stringify(shown)).not.toContain(partner.key);
    const audited = await db.select().from(auditLog).where(eq(auditLog.actorUserId, partner.id));
    expect(audited.map((a) => a.action)).toContain("partner.api_key.create");
    expect(JSON.stringify(audited)).not.toContain(partner.key);

    const { codes } = await boughtCodes();
    const again = await app.send("POST", "/api/partners/api_key/", {}, partner.creds);
    const newKey = again.json().key as string;
    expect(newKey).not.toBe(partner.key);
    const old = await redeem(partner.key, { licence_code: codes[0]!.code });
    expect(old.statusCode).toBe(401);
    expect(old.json().detail).toBe(PARTNER_API_KEY_INVALID);
    expect((await redeem(newKey, { licence_code: codes[0]!.code })).statusCode).toBe(200);
  });
});

describe("redemption", () => {
  it("marks the code redeemed once; a retry answers already_redeemed; the buyer sees it", async () => {
    const partner = await partnerWithKey();
    const { buyer, orderId, codes } = await boughtCodes();
    const code = codes[0]!;
    const first = await redeem(partner.key, { licence_code: code.code.toLowerCase() });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      licence_code: code.code,
      status: "active",
      redeemed: true,
      redeemed_at: expect.any(String),
      already_redeemed: false,
      deal: { id: taskflow.deal.id, slug: "taskflow" },
      plan: { id: taskflow.plan(1).id, public_name: taskflow.plan(1).publicName },
    });
    const at = await redeemedAt(code.id);
    expect(at).toBeInstanceOf(Date);

    const retry = await redeem(partner.key, { licence_code: code.code });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({
      already_redeemed: true,
      redeemed_at: first.json().redeemed_at,
    });
    expect(await redeemedAt(code.id)).toEqual(at);

    const products = (await app.send("GET", "/api/users/products/", undefined, buyer.creds)).json();
    const listed = products.results.flatMap(
      (p: { licence_codes: { code: string; redeemed: boolean }[] }) => p.licence_codes,
    );
    expect(listed.find((c: { code: string }) => c.code === code.code)?.redeemed).toBe(true);
    for (const other of codes.slice(1)) {
      expect(listed.find((c: { code: string }) => c.code === other.code)?.redeemed).toBe(false);
    }
    const order = (await app.send("GET", `/api/orders/${orderId}/`, undefined, buyer.creds)).json();
    expect(order.items[0].licences_redeemed).toEqual([code.code]);
  });

  it("refuses a held code and a revoked one (409), leaving them unredeemed", async () => {
    const partner = await partnerWithKey();
    const held = await boughtCodes();
    // A dispute holds codes (Stripe mode; tests/api/partner-webhooks.test.ts drives it).
    await db.update(licences).set({ status: "held" }).where(eq(licences.id, held.codes[0]!.id));
    const onHold = await redeem(partner.key, { licence_code: held.codes[0]!.code });
    expect(onHold.statusCode).toBe(409);
    expect(onHold.json().detail).toBe(LICENCE_CODE_HELD);
    expect(await redeemedAt(held.codes[0]!.id)).toBeNull();

    const refunded = await boughtCodes();
    const res = await app.send(
      "POST",
      `/api/users/products/${refunded.codes[0]!.itemId}/refund/`,
      {},
      refunded.buyer.creds,
    );
    expect(res.statusCode, res.body).toBeLessThan(300);
    const revoked = await redeem(partner.key, { licence_code: refunded.codes[0]!.code });
    expect(revoked.statusCode).toBe(409);
    expect(revoked.json().detail).toBe(LICENCE_CODE_REVOKED);
    expect(await redeemedAt(refunded.codes[0]!.id)).toBeNull();
  });

  it("answers 404 for another partner's code and for an unknown one", async () => {
    const other = await partnerWithKey(pixelforge);
    const { codes } = await boughtCodes();
    for (const code of [codes[0]!.code, "TASK-NOPE-NOPE-NOPE"]) {
      const res = await redeem(other.key, { licence_code: code });
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe(LICENCE_CODE_UNKNOWN);
    }
    expect(await redeemedAt(codes[0]!.id)).toBeNull();
  });

  it("needs a valid key (401) and a code (400)", async () => {
    const partner = await partnerWithKey();
    const { codes } = await boughtCodes();
    for (const key of [undefined, "", "po_key_wrong"]) {
      const res = await redeem(key, { licence_code: codes[0]!.code });
      expect(res.statusCode, String(key)).toBe(401);
    }
    const basic = await app.inject({
      method: "POST",
      url: "/api/partners/licences/redeem/",
      payload: { licence_code: codes[0]!.code },
      headers: { authorization: `Basic ${Buffer.from(`${partner.key}:`).toString("base64")}` },
    });
    expect(basic.statusCode).toBe(401);
    for (const body of [{}, { licence_code: "" }, { licence_code: 5 }, { code: "X" }]) {
      expect((await redeem(partner.key, body)).statusCode).toBe(400);
    }
    expect(await redeemedAt(codes[0]!.id)).toBeNull();
  });

  it("is rate-limited per address after repeated unknown keys, as logins are", async () => {
    const partner = await partnerWithKey();
    const { codes } = await boughtCodes();
    const address = "10.31.0.1";
    // A known key's calls do not count against the address.
    for (let i = 0; i < 35; i += 1) {
      expect(
        (await redeem(partner.key, { licence_code: codes[0]!.code }, address)).statusCode,
      ).toBe(200);
    }
    for (let i = 0; i < 30; i += 1) {
      expect((await redeem(`po_key_guess${i}`, { licence_code: "X" }, address)).statusCode).toBe(
        401,
      );
    }
    const limited = await redeem(partner.key, { licence_code: codes[0]!.code }, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
    expect((await redeem(partner.key, { licence_code: codes[0]!.code })).statusCode).toBe(200);
  });
});
