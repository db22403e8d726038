import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  SUBSCRIBED_DEFAULT_SUCCESS,
  WAITLIST_EMAIL_INVALID,
  WAITLIST_SUBMITTED,
} from "../../domain/messages";
import { deals, notificationSignups, outbox, waitlistSignups } from "../../server/db/schema";
import { type Credentials, createTestApp } from "../helpers/app";

// Waitlist, restock sign-ups and the restock e-mails (spec 001 sections 4 and 7; contract.md).
const app = await createTestApp();
const db = app.database.db;

const post = (url: string, payload: Record<string, unknown>, creds?: Credentials) =>
  app.send("POST", url, payload, creds);

const dealId = async (slug: string) =>
  (await db.select({ id: deals.id }).from(deals).where(eq(deals.slug, slug)))[0]?.id as number;

const mailsTo = async (email: string) =>
  db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(sql`lower(${outbox.payload}->>'to') = ${email.toLowerCase()}`);

describe("POST /api/waitlist/", () => {
  it("signs an address up once: 200 with the message, then 205 with no body (any case)", async () => {
    const res = await post("/api/waitlist/", {
      waitlist_email: " Wait.Lister@Example.com ",
      deal_slug: "infohub",
      content: "waitlist",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: WAITLIST_SUBMITTED, email_subscribed: true });
    const again = await post("/api/waitlist", {
      waitlist_email: "WAIT.LISTER@example.com",
      deal_slug: "infohub",
    });
    expect(again.statusCode).toBe(205);
    expect(again.body).toBe("");
    const rows = await db
      .select()
      .from(waitlistSignups)
      .where(sql`lower(${waitlistSignups.email}) = 'wait.lister@example.com'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "Wait.Lister@Example.com", content: "waitlist" });
  });

  it("rejects an address the spec rejects with its message, and needs a deal", async () => {
    for (const waitlist_email of ["not-an-email", "a@", "", "two@@example.com"]) {
      const res = await post("/api/waitlist/", { waitlist_email, deal_slug: "infohub" });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ waitlist_email: [WAITLIST_EMAIL_INVALID] });
    }
    const noDeal = await post("/api/waitlist/", { waitlist_email: "x@example.com" });
    expect(noDeal.statusCode).toBe(400);
    expect(noDeal.json().deal_slug).toBeDefined();
  });

  it("answers 404 for an unknown deal", async () => {
    const res = await post("/api/waitlist/", {
      waitlist_email: "x@example.com",
      deal_slug: "no-such-deal",
    });
    expect(res.statusCode).toBe(404);
  });

  it("uses a signed-in user's primary e-mail when none is given", async () => {
    const creds = await app.login("reviewer@payonce.test");
    const res = await post("/api/waitlist/", { deal_slug: "infohub" }, creds);
    expect(res.statusCode).toBe(200);
    const rows = await db
      .select()
      .from(waitlistSignups)
      .where(eq(waitlistSignups.email, "reviewer@payonce.test"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.userId).not.toBeNull();
    expect((await post("/api/waitlist/", { deal_slug: "infohub" }, creds)).statusCode).toBe(205);
  });
});

describe("POST /api/notification-signup/", () => {
  it("signs up for an ended deal once per address and component (205 on repeat)", async () => {
    const res = await post("/api/notification-signup/", {
      email: "Fan.One@Example.com",
      deal_slug: "mailbeam",
      component_slug: "sold_out_notification_signup",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: SUBSCRIBED_DEFAULT_SUCCESS, email_subscribed: true });
    const again = await post("/api/notification-signup/", {
      email: "fan.one@example.COM",
      deal_slug: "mailbeam",
      component_slug: "sold_out_notification_signup",
    });
    expect(again.statusCode).toBe(205);
    expect(again.body).toBe("");
    const rows = await db
      .select()
      .from(notificationSignups)
      .where(sql`lower(${notificationSignups.email}) = 'fan.one@example.com'`);
    expect(rows).toHaveLength(1);
  });

  it("refuses a deal that is not ended (400), an unknown deal (404), a bad e-mail (400)", async () => {
    const live = await post("/api/notification-signup/", {
      email: "x@example.com",
      deal_slug: "taskflow",
    });
    expect(live.statusCode).toBe(400);
    expect(live.json().deal_slug).toBeDefined();
    const unknown = await post("/api/notification-signup/", {
      email: "x@example.com",
      deal_slug: "no-such-deal",
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await post("/api/notification-signup/", { email: "nope", deal_slug: "mailbeam" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ email: [WAITLIST_EMAIL_INVALID] });
    const anonymousWithout = await post("/api/notification-signup/", { deal_slug: "mailbeam" });
    expect(anonymousWithout.statusCode).toBe(400);
  });

  it("uses the signed-in user's e-mail and accepts `component` for the inline sign-up", async () => {
    const creds = await app.login("buyer@payonce.test");
    const res = await post(
      "/api/notification-signup/",
      { deal_slug: "mailbeam", component: "inline_notification_signup" },
      creds,
    );
    expect(res.statusCode).toBe(200);
    const rows = await db
      .select()
      .from(notificationSignups)
      .where(eq(notificationSignups.email, "buyer@payonce.test"));
    expect(rows.map((r) => r.componentSlug)).toEqual(["inline_notification_signup"]);
  });
});

describe("POST /api/staff/deals/{slug}/restock/", () => {
  it("is staff only", async () => {
    const shopper = await app.login("shopper@payonce.test");
    expect((await post("/api/staff/deals/mailbeam/restock/", {}, shopper)).statusCode).toBe(403);
    expect((await post("/api/staff/deals/mailbeam/restock/", {})).statusCode).toBe(401);
  });

  it("marks the deal live and mails every signed-up address exactly once", async () => {
    // The same address under two components (any case) gets one e-mail.
    await post("/api/notification-signup/", {
      email: "Twice@Example.com",
      deal_slug: "mailbeam",
      component_slug: "sold_out_notification_signup",
    });
    await post("/api/notification-signup/", {
      email: "twice@example.com",
      deal_slug: "mailbeam",
      component_slug: "inline_notification_signup",
    });
    const staff = await app.login("staff@payonce.test");
    const res = await post("/api/staff/deals/mailbeam/restock/", { quantity: 500 }, staff);
    expect(res.statusCode).toBe(200);
    // restock.fan (seeded), fan.one, buyer and twice.
    expect(res.json()).toEqual({ restocked: true, notified: 4 });
    const deal = (await db.select().from(deals).where(eq(deals.slug, "mailbeam")))[0];
    expect(deal).toMatchObject({
      dealStatus: "Public",
      browseDealStatus: "active",
      endDate: null,
      currentStage: "live",
      quantityTotal: 1500,
    });
    expect(await mailsTo("twice@example.com")).toHaveLength(1);
    const fan = await mailsTo("restock.fan@example.com");
    expect(fan).toHaveLength(1);
    expect(fan[0]?.payload).toMatchObject({ template: "deal_restocked" });
    expect(String(fan[0]?.payload.text)).toContain("/products/mailbeam/");
    const pending = await db
      .select()
      .from(notificationSignups)
      .where(
        and(
          eq(notificationSignups.dealId, await dealId("mailbeam")),
          sql`${notificationSignups.notifiedAt} is null`,
        ),
      );
    expect(pending).toHaveLength(0);
    // The deal is live now: a second restock is refused and nobody is mailed again.
    const again = await post("/api/staff/deals/mailbeam/restock/", {}, staff);
    expect(again.statusCode).toBe(400);
    expect(await mailsTo("restock.fan@example.com")).toHaveLength(1);
    const signup = await post("/api/notification-signup/", {
      email: "late@example.com",
      deal_slug: "mailbeam",
    });
    expect(signup.statusCode).toBe(400);
  });

  it("answers 404 for an unknown deal and 400 for a bad quantity", async () => {
    const staff = await app.login("staff@payonce.test");
    expect((await post("/api/staff/deals/nope/restock/", {}, staff)).statusCode).toBe(404);
    const bad = await post("/api/staff/deals/dormant-db/restock/", { quantity: -3 }, staff);
    expect(bad.statusCode).toBe(400);
  });
});
