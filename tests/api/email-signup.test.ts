import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { EMAIL_CAPTURE_SUCCESS, EMAIL_FORMAT_INVALID } from "../../domain/messages";
import { createTestApp, type TestApp } from "../helpers/app";

// POST /api/email-signup/ (contract.md): the 404 page's and the subscribe banner's e-mail capture.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});

const signup = (payload: Record<string, unknown>) =>
  app.inject({ method: "POST", url: "/api/email-signup/", payload });

describe("e-mail sign-up", () => {
  it("subscribes, stores a single-use coupon (the live campaign's 15%) and mails it", async () => {
    const res = await signup({ email: "  New.Visitor@Example.com ", component: "not_found" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: EMAIL_CAPTURE_SUCCESS, email_subscribed: true });
    const rows = (await app.database.db.execute(sql`select s.coupon_code, c.value, c.single_use
      from email_subscriptions s join coupons c on c.code = s.coupon_code
      where lower(s.email) = 'new.visitor@example.com'`)) as unknown as
      | { rows: { coupon_code: string; value: number; single_use: boolean }[] }
      | { coupon_code: string; value: number; single_use: boolean }[];
    const list = Array.isArray(rows) ? rows : rows.rows;
    expect(list).toHaveLength(1);
    // The 404 page names the same figure as the subscribe banner (issue 15: one offer).
    expect(list[0]).toMatchObject({ value: 15, single_use: true });
    const mail = (await app.database.db.execute(sql`select payload from outbox
      where payload->>'to' = 'New.Visitor@Example.com'`)) as unknown as
      | { rows: { payload: { text: string } }[] }
      | { payload: { text: string } }[];
    const mails = Array.isArray(mail) ? mail : mail.rows;
    expect(mails[0]?.payload.text).toContain(list[0]?.coupon_code);
  });

  it("answers 205 with no body for an address that already signed up (any case)", async () => {
    await signup({ email: "repeat@example.com" });
    const res = await signup({ email: "REPEAT@example.com" });
    expect(res.statusCode).toBe(205);
    expect(res.body).toBe("");
  });

  it("answers 400 with the field's message for an invalid address", async () => {
    const res = await signup({ email: "not-an-email" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: [EMAIL_FORMAT_INVALID] });
    expect((await signup({ email: "a@b.co", custom_properties: "{nope" })).statusCode).toBe(400);
  });

  it("gives the subscribe banner's sign-up the live campaign's percent", async () => {
    await signup({ email: "banner@example.com", component: "subscribe_banner" });
    const rows = (await app.database.db.execute(sql`select c.value from email_subscriptions s
      join coupons c on c.code = s.coupon_code where s.email = 'banner@example.com'`)) as unknown as
      | { rows: { value: number }[] }
      | { value: number }[];
    expect((Array.isArray(rows) ? rows : rows.rows)[0]?.value).toBe(15);
  });

  it("gives 10% from either capture once no percent campaign is live", async () => {
    await app.database.db.execute(sql`update campaigns set is_active = false`);
    try {
      for (const [email, component] of [
        ["after.banner@example.com", "subscribe_banner"],
        ["after.404@example.com", "not_found"],
      ] as const) {
        // From another address: the capture allows 10 sign-ups a minute per client.
        const res = await app.inject({
          method: "POST",
          url: "/api/email-signup/",
          payload: { email, component },
          remoteAddress: "10.7.7.7",
        });
        expect(res.statusCode).toBe(200);
        const rows = (await app.database.db.execute(sql`select c.value from email_subscriptions s
          join coupons c on c.code = s.coupon_code where s.email = ${email}`)) as unknown as
          | { rows: { value: number }[] }
          | { value: number }[];
        expect((Array.isArray(rows) ? rows : rows.rows)[0]?.value, component).toBe(10);
      }
    } finally {
      await app.database.db.execute(sql`update campaigns set is_active = true`);
    }
  });

  it("sends a plain form post back to its page with the outcome", async () => {
    const post = (body: string) =>
      app.inject({
        method: "POST",
        url: "/api/email-signup/",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: body,
      });
    const ok = await post("email=form%40example.com&next=%2Fmissing-page%2F");
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe("/missing-page/?email_signup=success");
    expect((await post("email=form%40example.com&next=%2Fx")).headers.location).toBe(
      "/x?email_signup=duplicate",
    );
    expect((await post("email=bad&next=%2Fx")).headers.location).toBe("/x?email_signup=invalid");
    // Never another site.
    expect((await post("email=x%40y.co&next=%2F%2Fevil.example")).headers.location).toBe(
      "/?email_signup=success",
    );
  });
});
