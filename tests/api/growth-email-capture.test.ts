import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { EMAIL_CAPTURE_SUCCESS, EMAIL_FORMAT_INVALID } from "../../domain/messages";
import { emailSubscriptions, outbox } from "../../server/db/schema";
import { unsubscribePath } from "../../server/services/marketing/email-capture";
import { createTestApp } from "../helpers/app";

// E-mail capture, variant two (spec 001 section 7): a multipart POST with the CSRF header and
// the utm fields; the coupon e-mail's unsubscribe link.
const app = await createTestApp();
const db = app.database.db;

const multipart = (fields: Record<string, string>, extra: Record<string, unknown> = {}) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return app.inject({ method: "POST", url: "/api/email-signup/", payload: form, ...extra });
};

describe("unsubscribe", () => {
  it("mails a working unsubscribe link with the coupon", async () => {
    expect((await multipart({ email: "leaver@example.com" })).statusCode).toBe(200);
    const [sub] = await db
      .select()
      .from(emailSubscriptions)
      .where(eq(emailSubscriptions.email, "leaver@example.com"));
    const mails = await db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(sql`${outbox.payload}->>'to' = 'leaver@example.com'`);
    const text = String((mails[0]?.payload as { text?: string } | undefined)?.text);
    expect(text).toContain(sub?.couponCode ?? "missing");
    expect(text).toContain(`http://localhost:3000${unsubscribePath(sub?.unsubscribeToken ?? "")}`);

    const found = await app.services.emailSignup.findByUnsubscribeToken(
      sub?.unsubscribeToken ?? "",
    );
    expect(found).toMatchObject({ email: "leaver@example.com", unsubscribedAt: null });
    expect(await app.services.emailSignup.unsubscribe(sub?.unsubscribeToken ?? "")).toBe(true);
    // A second click is harmless and keeps the first time.
    const first = await app.services.emailSignup.findByUnsubscribeToken(
      sub?.unsubscribeToken ?? "",
    );
    expect(first?.unsubscribedAt).toBeInstanceOf(Date);
    expect(await app.services.emailSignup.unsubscribe(sub?.unsubscribeToken ?? "")).toBe(true);
    const second = await app.services.emailSignup.findByUnsubscribeToken(
      sub?.unsubscribeToken ?? "",
    );
    expect(second?.unsubscribedAt?.getTime()).toBe(first?.unsubscribedAt?.getTime());
    expect(await app.services.emailSignup.unsubscribe("no-such-token")).toBe(false);
  });
});

describe("POST /api/email-signup/ as multipart", () => {
  it("stores source, campaign, medium, content and component, then 205 on a repeat", async () => {
    const res = await multipart({
      email: "utm.visitor@example.com",
      source: "newsletter",
      campaign: "spring",
      medium: "email",
      content: "subscribe-banner",
      component: "not_found",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: EMAIL_CAPTURE_SUCCESS, email_subscribed: true });
    const rows = await db
      .select()
      .from(emailSubscriptions)
      .where(eq(emailSubscriptions.email, "utm.visitor@example.com"));
    expect(rows[0]).toMatchObject({
      source: "newsletter",
      campaign: "spring",
      medium: "email",
      content: "subscribe-banner",
      component: "not_found",
    });
    const again = await multipart({ email: "UTM.Visitor@example.com" });
    expect(again.statusCode).toBe(205);
    expect(again.body).toBe("");
    const count = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailSubscriptions)
      .where(sql`lower(${emailSubscriptions.email}) = 'utm.visitor@example.com'`);
    expect(count[0]?.n).toBe(1);
  });

  it("accepts the CSRF header from a visitor with a session, and refuses a post without it", async () => {
    const creds = await app.login("shopper@payonce.test");
    const ok = await multipart(
      { email: "with.session@example.com" },
      { cookies: creds.cookies, headers: creds.headers },
    );
    expect(ok.statusCode).toBe(200);
    const refused = await multipart({ email: "no.header@example.com" }, { cookies: creds.cookies });
    expect(refused.statusCode).toBe(403);
  });

  it("accepts no address the rules reject, and stores none of them", async () => {
    for (const email of ["plain", "a@b", "@example.com", "a b@example.com", "a@.com", ""]) {
      // From another address: the capture allows 10 sign-ups a minute per client.
      const res = await multipart({ email }, { remoteAddress: "10.9.8.7" });
      expect(res.statusCode, email).toBe(400);
      expect(res.json()).toEqual({ email: [EMAIL_FORMAT_INVALID] });
    }
    const stored = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailSubscriptions)
      .where(sql`${emailSubscriptions.email} in ('plain', 'a@b', '@example.com', 'a@.com')`);
    expect(stored[0]?.n).toBe(0);
  });
});
