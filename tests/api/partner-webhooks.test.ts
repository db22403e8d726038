import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { WEBHOOK_URL_PRIVATE, WEBHOOK_URL_UNRESOLVED } from "../../domain/messages";
import { verifyWebhook } from "../../domain/webhook-signature";
import {
  dealRoles,
  invoiceItems,
  licences,
  orders,
  outbox,
  partnerWebhookDeliveries,
} from "../../server/db/schema";
import { createPageEvents } from "../../server/services/cache/page-events";
import { MAX_ATTEMPTS } from "../../server/services/jobs/outbox";
import { PARTNER_WEBHOOK_TOPIC } from "../../server/services/partners/licence-events";
import { createPartnerEndpointService } from "../../server/services/partners/partner-endpoints";
import { createWebhookDelivery } from "../../server/services/partners/webhook-delivery";
import type { Credentials } from "../helpers/app";
import { addPlan, checkout, dealPlans, newBuyer } from "../helpers/commerce";
import { deliver, eventsOf, stripeApp } from "../helpers/stripe";
import { type PartnerReceiver, startPartnerReceiver } from "../support/partner-receiver";

// Issue 30: the partner's product hears of every licence change, signed, at least once, through
// the outbox with its back-off, against a local receiver. Stripe mode (the stand-in), so refunds
// and disputes arrive as Stripe's events do; the clock runs with real time plus an offset that
// the tests move instead of sleeping.
const { app, standIn, clock } = await stripeApp();
const db = app.database.db;
const taskflow = await dealPlans(app, "taskflow");
const receivers: PartnerReceiver[] = [];
afterAll(async () => {
  for (const r of receivers) await r.close();
  await standIn.close?.();
});

/** Runs every due outbox message until none is left due now. */
const drain = async () => {
  while ((await app.services.outbox.runOnce()) > 0) {}
};

/** A new user made partner of taskflow, with a receiver and the webhook pointing at it. */
async function partnerWithWebhook() {
  const partner = await newBuyer(app, "partner");
  await db
    .insert(dealRoles)
    .values({ dealId: taskflow.deal.id, userId: partner.id, role: "partner" });
  const receiver = await startPartnerReceiver();
  receivers.push(receiver);
  const res = await app.send("PUT", "/api/partners/webhook/", { url: receiver.url }, partner.creds);
  expect(res.statusCode, res.body).toBe(200);
  receiver.setSecret(res.json().secret);
  return { ...partner, receiver, secret: res.json().secret as string };
}

/** A new buyer pays for taskflow: the order, its payment intent and its licence codes. */
async function paidOrder() {
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
  return { buyer, order: order!, pi: order!.providerPaymentId!, codes };
}

const settings = async (creds: Credentials) =>
  (await app.send("GET", "/api/partners/webhook/", undefined, creds)).json();

const deliveriesOf = (userId: number) =>
  db
    .select()
    .from(partnerWebhookDeliveries)
    .where(eq(partnerWebhookDeliveries.userId, userId))
    .orderBy(partnerWebhookDeliveries.id);

/** Delivers to the app the stand-in's events about this payment since `mark`. */
async function deliverSince(pi: string, mark: number) {
  for (const event of eventsOf(standIn, pi, mark)) {
    const res = await deliver(app, event);
    expect(res.statusCode, res.body).toBe(200);
  }
}

describe("webhook settings", () => {
  it("is for partners only: 401 anonymous, 403 for a user who partners no deal", async () => {
    const shopper = await newBuyer(app, "shopper");
    expect((await app.send("GET", "/api/partners/webhook/")).statusCode).toBe(401);
    for (const [method, body] of [
      ["GET", undefined],
      ["PUT", { url: "https://example.com/hook" }],
    ] as const) {
      const res = await app.send(method, "/api/partners/webhook/", body, shopper.creds);
      expect(res.statusCode).toBe(403);
    }
    expect((await app.send("POST", "/api/partners/api_key/", {}, shopper.creds)).statusCode).toBe(
      403,
    );
  });

  it("validates the URL and changes nothing when it is refused", async () => {
    const partner = await newBuyer(app, "partner");
    await db
      .insert(dealRoles)
      .values({ dealId: taskflow.deal.id, userId: partner.id, role: "partner" });
    for (const url of [
      "ftp://example.com/hook",
      "javascript:alert(1)",
      "not a url",
      "",
      "https://user:secret@example.com/hook",
      `https://example.com/${"a".repeat(2001)}`,
      42,
    ]) {
      const res = await app.send("PUT", "/api/partners/webhook/", { url }, partner.creds);
      expect(res.statusCode, String(url)).toBe(400);
      expect(Object.keys(res.json())).toEqual(["url"]);
    }
    const unknownField = await app.send(
      "PUT",
      "/api/partners/webhook/",
      { url: "https://example.com/h", secret: "mine" },
      partner.creds,
    );
    expect(unknownField.statusCode).toBe(400);
    expect(await settings(partner.creds)).toMatchObject({
      url: null,
      secret: null,
      deliveries: [],
    });
  });

  it("makes a secret once, keeps it when only the URL changes, and rotates it on request", async () => {
    const partner = await newBuyer(app, "partner");
    await db
      .insert(dealRoles)
      .values({ dealId: taskflow.deal.id, userId: partner.id, role: "partner" });
    const first = await app.send(
      "PUT",
      "/api/partners/webhook/",
      { url: "https://example.com/hook#frag" },
      partner.creds,
    );
    expect(first.statusCode, first.body).toBe(200);
    const { secret } = first.json();
    expect(first.json()).toEqual({ url: "https://example.com/hook", secret });
    expect(secret).toMatch(/^whsec_[0-9a-f]{48}$/);

    const moved = await app.send(
      "PUT",
      "/api/partners/webhook/",
      { url: "https://hooks.example.com/payonce" },
      partner.creds,
    );
    expect(moved.json()).toEqual({ url: "https://hooks.example.com/payonce", secret });

    const rotated = await app.send(
      "PUT",
      "/api/partners/webhook/",
      { url: "https://hooks.example.com/payonce", rotate_secret: true },
      partner.creds,
    );
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(rotated.json().secret).not.toBe(secret);
    expect(await settings(partner.creds)).toMatchObject({
      url: "https://hooks.example.com/payonce",
      secret: rotated.json().secret,
    });

    const off = await app.send("PUT", "/api/partners/webhook/", { url: null }, partner.creds);
    expect(off.json()).toEqual({ url: null, secret: rotated.json().secret });
  });
});

describe("licence events", () => {
  it("a purchase sends licence.activated, signed with the partner's secret, once per code", async () => {
    const partner = await partnerWithWebhook();
    const before = Math.floor(clock.now().getTime() / 1000);
    const { codes } = await paidOrder();
    expect(partner.receiver.received).toHaveLength(0); // sent by the outbox, not in the request
    await drain();
    const got = partner.receiver.received;
    expect(got).toHaveLength(codes.length);
    for (const r of got) {
      expect(r.headers["content-type"]).toBe("application/json");
      expect(r.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      const t = Number(/^t=(\d+)/.exec(r.signature ?? "")?.[1]);
      expect(verifyWebhook(partner.secret, r.body, r.signature, t)).toBe(true);
      expect(verifyWebhook("whsec_wrong", r.body, r.signature, t)).toBe(false);
      expect(r.verified).toBe(true);
      expect(r.json).toEqual({
        id: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
        type: "licence.activated",
        created: expect.any(Number),
        data: expect.objectContaining({
          licence_code: expect.any(String),
          status: "active",
          redeemed: false,
          reason: "purchase",
          deal: { id: taskflow.deal.id, slug: "taskflow" },
          plan: { id: taskflow.plan(1).id, public_name: taskflow.plan(1).publicName },
        }),
      });
      expect(r.json!.created).toBeGreaterThanOrEqual(before);
      // The body is exactly the stored payload.
      const [row] = await db
        .select()
        .from(partnerWebhookDeliveries)
        .where(
          and(
            eq(partnerWebhookDeliveries.eventId, r.json!.id),
            eq(partnerWebhookDeliveries.userId, partner.id),
          ),
        );
      expect(r.body).toBe(JSON.stringify(row!.payload));
    }
    expect(new Set(got.map((r) => r.json!.data.licence_code))).toEqual(
      new Set(codes.map((c) => c.code)),
    );
    const shown = await settings(partner.creds);
    expect(shown.deliveries).toHaveLength(codes.length);
    expect(shown.deliveries[0]).toMatchObject({
      type: "licence.activated",
      status: "delivered",
      attempts: 1,
      response_status: 200,
      response_body: "ok",
      error: null,
      delivered_at: expect.any(String),
    });
    // A second run sends nothing again.
    await drain();
    expect(partner.receiver.received).toHaveLength(codes.length);
  });

  it("a partner who turned the webhook off, or of another deal, hears nothing", async () => {
    const off = await partnerWithWebhook();
    await app.send("PUT", "/api/partners/webhook/", { url: null }, off.creds);
    const other = await newBuyer(app, "partner");
    const pixelforge = await dealPlans(app, "pixelforge");
    await db
      .insert(dealRoles)
      .values({ dealId: pixelforge.deal.id, userId: other.id, role: "partner" });
    const receiver = await startPartnerReceiver();
    receivers.push(receiver);
    await app.send("PUT", "/api/partners/webhook/", { url: receiver.url }, other.creds);
    await paidOrder();
    await drain();
    expect(off.receiver.received).toHaveLength(0);
    expect(await deliveriesOf(off.id)).toHaveLength(0);
    expect(receiver.received).toHaveLength(0);
  });

  it("a refund sends licence.deactivated with the reason", async () => {
    const partner = await partnerWithWebhook();
    const { buyer, codes } = await paidOrder();
    await drain();
    const sent = partner.receiver.received.length;
    const res = await app.send(
      "POST",
      `/api/users/products/${codes[0]!.itemId}/refund/`,
      {},
      buyer.creds,
    );
    expect(res.statusCode, res.body).toBeLessThan(300);
    clock.advance(1000);
    await drain();
    const events = partner.receiver.events().slice(sent);
    expect(events.map((e) => e.type)).toEqual(codes.map(() => "licence.deactivated"));
    for (const e of events) {
      expect(e.data).toMatchObject({ status: "revoked", reason: "refund" });
    }
    expect(partner.receiver.received.slice(sent).every((r) => r.verified)).toBe(true);
  });

  it("a dispute holds the codes (licence.held); won activates them again; lost deactivates", async () => {
    const partner = await partnerWithWebhook();
    const won = await paidOrder();
    const lost = await paidOrder();
    await drain();
    const sent = partner.receiver.received.length;

    const mark = standIn.events().length;
    const d1 = standIn.openDispute(won.pi);
    await deliverSince(won.pi, mark);
    await drain();
    const held = partner.receiver.events().slice(sent);
    expect(held.map((e) => [e.type, e.data.licence_code, e.data.reason])).toEqual(
      won.codes.map((c) => ["licence.held", c.code, "dispute_opened"]),
    );
    expect(held[0]?.data.status).toBe("held");

    const mark2 = standIn.events().length;
    standIn.closeDispute(d1.id, "won");
    await deliverSince(won.pi, mark2);
    await drain();
    const back = partner.receiver.events().slice(sent + held.length);
    expect(back.map((e) => [e.type, e.data.reason, e.data.status])).toEqual(
      won.codes.map(() => ["licence.activated", "dispute_won", "active"]),
    );

    const seen = partner.receiver.received.length;
    const mark3 = standIn.events().length;
    const d2 = standIn.openDispute(lost.pi);
    standIn.closeDispute(d2.id, "lost");
    await deliverSince(lost.pi, mark3);
    await drain();
    const gone = partner.receiver.events().slice(seen);
    expect(gone.at(-1)).toMatchObject({
      type: "licence.deactivated",
      data: { status: "revoked", reason: "dispute_lost" },
    });
    expect(
      new Set(gone.filter((e) => e.type === "licence.deactivated").map((e) => e.data.licence_code)),
    ).toEqual(new Set(lost.codes.map((c) => c.code)));
  });
});

describe("delivery", () => {
  it("retries with the outbox's back-off after the receiver fails twice, then delivers", async () => {
    const partner = await partnerWithWebhook();
    // Only this purchase's events fail: the receiver is this partner's own.
    const { codes } = await paidOrder();
    partner.receiver.failNext(2 * codes.length, 503, "busy, try later");
    await drain();
    expect(partner.receiver.received).toHaveLength(codes.length);
    let rows = await deliveriesOf(partner.id);
    for (const row of rows) {
      expect(row).toMatchObject({
        status: "pending",
        attempts: 1,
        responseStatus: 503,
        responseBody: "busy, try later",
        error: "HTTP 503",
        deliveredAt: null,
      });
    }
    // Not again before the back-off (30 s after the first failure).
    clock.advance(20_000);
    await drain();
    expect(partner.receiver.received).toHaveLength(codes.length);
    clock.advance(11_000);
    await drain();
    expect(partner.receiver.received).toHaveLength(2 * codes.length);
    // The second wait is longer (1 min).
    clock.advance(45_000);
    await drain();
    expect(partner.receiver.received).toHaveLength(2 * codes.length);
    clock.advance(16_000);
    await drain();
    expect(partner.receiver.received).toHaveLength(3 * codes.length);
    rows = await deliveriesOf(partner.id);
    for (const row of rows) {
      expect(row).toMatchObject({
        status: "delivered",
        attempts: 3,
        responseStatus: 200,
        responseBody: "ok",
        error: null,
      });
      expect(row.deliveredAt).toBeInstanceOf(Date);
    }
    // Each attempt was the same event, signed afresh.
    const ids = partner.receiver.received.map((r) => r.json!.id);
    expect(new Set(ids).size).toBe(codes.length);
    expect(partner.receiver.received.every((r) => r.verified)).toBe(true);
  });

  it("is failed after the outbox's last attempt, with the last answer kept (short)", async () => {
    const partner = await partnerWithWebhook();
    const { codes } = await paidOrder();
    partner.receiver.failNext(MAX_ATTEMPTS * codes.length, 500, "x".repeat(2000));
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      await drain();
      clock.advance(30_000 * 2 ** (attempt - 1) + 1000);
    }
    expect(partner.receiver.received).toHaveLength(MAX_ATTEMPTS * codes.length);
    const rows = await deliveriesOf(partner.id);
    for (const row of rows) {
      expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, responseStatus: 500 });
      expect(row.responseBody).toHaveLength(500);
    }
    const jobs = await db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.topic, PARTNER_WEBHOOK_TOPIC),
          inArray(
            sql`(${outbox.payload}->>'delivery_id')::int`,
            rows.map((r) => r.id),
          ),
        ),
      );
    expect(jobs.map((j) => j.status)).toEqual(rows.map(() => "failed"));
    await drain();
    expect(partner.receiver.received).toHaveLength(MAX_ATTEMPTS * codes.length);
    expect((await settings(partner.creds)).deliveries[0]).toMatchObject({
      status: "failed",
      attempts: MAX_ATTEMPTS,
      response_status: 500,
    });
  });

  it("gives up on an answer that does not come within the deadline", async () => {
    const partner = await partnerWithWebhook();
    await paidOrder();
    const [row] = await deliveriesOf(partner.id);
    partner.receiver.failNext(1, 200, "", true);
    // The app's deadline is 5 s; a sender with a short one shows the same path without waiting.
    const send = createWebhookDelivery({
      db,
      clock,
      allowPrivateAddresses: true,
      maxAttempts: MAX_ATTEMPTS,
      timeoutMs: 200,
    }).send;
    const job = {
      id: 0,
      kind: "job" as const,
      topic: PARTNER_WEBHOOK_TOPIC,
      payload: { delivery_id: row!.id },
      attempts: 0,
    };
    await expect(send(job)).rejects.toThrow(/timed out/);
    expect(partner.receiver.received).toHaveLength(1);
    const [after] = await db
      .select()
      .from(partnerWebhookDeliveries)
      .where(eq(partnerWebhookDeliveries.id, row!.id));
    expect(after).toMatchObject({
      status: "pending",
      attempts: 1,
      responseStatus: null,
      error: "timed out after 0.2 s",
    });
  });

  it("records a network error as a failed attempt", async () => {
    const partner = await partnerWithWebhook();
    await partner.receiver.close();
    await paidOrder();
    await drain();
    const rows = await deliveriesOf(partner.id);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toMatchObject({ status: "pending", attempts: 1, responseStatus: null });
      expect(row.error).toMatch(/ECONNREFUSED|connect/);
    }
  });
});

describe("private addresses (SSRF), without PARTNER_WEBHOOK_ALLOW_PRIVATE", () => {
  const strict = createPartnerEndpointService({
    db,
    clock,
    pageEvents: createPageEvents(),
    allowPrivateAddresses: false,
  });

  it("refuses loopback, private and link-local URLs when saved", async () => {
    const partner = await newBuyer(app, "partner");
    await db
      .insert(dealRoles)
      .values({ dealId: taskflow.deal.id, userId: partner.id, role: "partner" });
    const actor = { id: partner.id, email: partner.email, role: "partner" as const };
    for (const url of [
      "http://127.0.0.1:8080/hook",
      "http://localhost/hook",
      "http://[::1]/hook",
      "http://10.0.0.5/hook",
      "http://192.168.1.10/hook",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::ffff:127.0.0.1]/hook",
    ]) {
      await expect(strict.setWebhook(actor, { url }), url).rejects.toMatchObject({
        kind: "invalid",
        fields: { url: [WEBHOOK_URL_PRIVATE] },
      });
    }
    await expect(
      strict.setWebhook(actor, { url: "https://no-such-host.invalid/hook" }),
    ).rejects.toMatchObject({ fields: { url: [WEBHOOK_URL_UNRESOLVED] } });
    expect(await settings(partner.creds)).toMatchObject({ url: null });
    // A public address is accepted.
    await expect(
      strict.setWebhook(actor, { url: "https://93.184.215.14/hook" }),
    ).resolves.toMatchObject({ url: "https://93.184.215.14/hook" });
  });

  it("refuses them again at delivery time (the name may point elsewhere now)", async () => {
    const partner = await partnerWithWebhook();
    // Saved while allowed; "localhost" resolves to loopback when it is sent.
    await app.send(
      "PUT",
      "/api/partners/webhook/",
      { url: `http://localhost:${partner.receiver.port}/hook` },
      partner.creds,
    );
    await paidOrder();
    const send = createWebhookDelivery({
      db,
      clock,
      allowPrivateAddresses: false,
      maxAttempts: MAX_ATTEMPTS,
    }).send;
    const rows = await deliveriesOf(partner.id);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      await expect(
        send({
          id: 0,
          kind: "job",
          topic: PARTNER_WEBHOOK_TOPIC,
          payload: { delivery_id: row.id },
          attempts: 0,
        }),
      ).rejects.toThrow(/not allowed/);
    }
    expect(partner.receiver.received).toHaveLength(0);
    for (const row of await deliveriesOf(partner.id)) {
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
      expect(row.error).toMatch(/not allowed/);
    }
    // Pointed straight at an address, too.
    await app.send(
      "PUT",
      "/api/partners/webhook/",
      { url: `http://127.0.0.1:${partner.receiver.port}/hook` },
      partner.creds,
    );
    await expect(
      send({
        id: 0,
        kind: "job",
        topic: PARTNER_WEBHOOK_TOPIC,
        payload: { delivery_id: rows[0]!.id },
        attempts: 1,
      }),
    ).rejects.toThrow(/not allowed/);
    expect(partner.receiver.received).toHaveLength(0);
  });
});
