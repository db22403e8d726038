import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PLUS_RENEWAL_REMINDER_DAYS } from "../../domain/constants";
import { orders, outbox, plusSubscriptions } from "../../server/db/schema";
import { createTestApp } from "../helpers/app";
import { checkout, dealPlans, newBuyer } from "../helpers/commerce";
import { offsetClock } from "../helpers/stripe";

// Issue 29: Plus renews itself, a yearly off-session payment on the membership's card, with a
// reminder before and an e-mail with a link to fix it when the renewal fails.
const clock = offsetClock();
const app = await createTestApp({ clock });
const db = app.database.db;
const plus = await dealPlans(app, "payonce-plus");
const DAY = 24 * 60 * 60 * 1000;
const publicUrl = "http://payonce.test";

/** A new member who bought Plus with the card they saved first. */
async function member(card: string) {
  const buyer = await newBuyer(app, "member");
  const saved = await app.send(
    "POST",
    "/account/cards/create/",
    { payment_method_id: card, country: "US", postal_code: "10001" },
    buyer.creds,
  );
  expect(saved.statusCode, saved.body).toBe(201);
  await app.send("POST", "/api/cart/items/", { dealId: plus.deal.id }, buyer.creds);
  const paid = await checkout(app, buyer.creds, { payment_method: String(saved.json().card_id) });
  expect(paid.statusCode, paid.body).toBe(201);
  const [sub] = await db
    .select()
    .from(plusSubscriptions)
    .where(eq(plusSubscriptions.userId, buyer.id));
  return { ...buyer, sub: sub! };
}

const mails = async (to: string, subject: string) =>
  (
    await db
      .select()
      .from(outbox)
      .where(
        and(sql`${outbox.payload}->>'to' = ${to}`, sql`${outbox.payload}->>'subject' = ${subject}`),
      )
  ).map((m) => String((m.payload as { text: string }).text));

describe("Plus renews itself", () => {
  it("reminds once before, then charges the year once and extends the same membership", async () => {
    const m = await member("pm_card_visa");
    const end = m.sub.currentPeriodEnd.getTime();
    clock.advance(end - Date.now() - (PLUS_RENEWAL_REMINDER_DAYS - 1) * DAY);
    await app.services.plus.renewDue(publicUrl);
    await app.services.plus.renewDue(publicUrl);
    const reminders = await mails(m.email, "Your Payonce Plus renews soon");
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toContain(`${publicUrl}/account/plus/`);

    clock.advance(PLUS_RENEWAL_REMINDER_DAYS * DAY);
    const first = await app.services.plus.renewDue(publicUrl);
    const second = await app.services.plus.renewDue(publicUrl);
    expect(first.renewed).toBeGreaterThanOrEqual(1);
    expect(second.renewed).toBe(0);
    const [after] = await db
      .select()
      .from(plusSubscriptions)
      .where(eq(plusSubscriptions.id, m.sub.id));
    expect(after!.currentPeriodStart.getTime()).toBe(end);
    expect(after!.currentPeriodEnd.getTime()).toBe(end + 365 * DAY);
    const mine = await db.select().from(orders).where(eq(orders.userId, m.id));
    expect(mine).toHaveLength(2);
    expect(mine.every((o) => o.status === "paid")).toBe(true);
    expect(await mails(m.email, "Your Payonce Plus is renewed")).toHaveLength(1);
    // Signed in again (a year on, the old session has expired): still a member.
    const again = await app.login(m.email, "correct horse 1");
    const profile = (await app.send("GET", "/api/users/profile/", undefined, again)).json();
    expect(profile.user.has_plus).toBe(true);
  });

  it("a renewal that fails e-mails the member a link to fix it and charges nothing", async () => {
    const m = await member("pm_card_visa");
    // The member moves Plus to a card that will be declined.
    const declining = await app.send(
      "POST",
      "/account/cards/create/",
      { payment_method_id: "pm_card_chargeDeclined", country: "US", postal_code: "10001" },
      m.creds,
    );
    const moved = await app.send(
      "PATCH",
      "/api/plus/subscription/",
      { action: "update_payment_method", payment_method_id: String(declining.json().card_id) },
      m.creds,
    );
    expect(moved.statusCode, moved.body).toBe(200);
    clock.advance(m.sub.currentPeriodEnd.getTime() - clock.now().getTime() + DAY);
    const run = await app.services.plus.renewDue(publicUrl);
    expect(run.failed).toBeGreaterThanOrEqual(1);
    const failures = await mails(m.email, "Your Payonce Plus renewal did not go through");
    expect(failures).toHaveLength(1);
    expect(failures[0]).toContain(`${publicUrl}/account/plus/`);
    expect(await db.select().from(orders).where(eq(orders.userId, m.id))).toHaveLength(1);
    // Not tried again on the same card by every run.
    await app.services.plus.renewDue(publicUrl);
    expect(await mails(m.email, "Your Payonce Plus renewal did not go through")).toHaveLength(1);
  });

  it("a cancelled membership is not renewed", async () => {
    const m = await member("pm_card_visa");
    const cancel = await app.send(
      "PATCH",
      "/api/plus/subscription/",
      { action: "cancel" },
      m.creds,
    );
    expect(cancel.statusCode).toBe(200);
    clock.advance(m.sub.currentPeriodEnd.getTime() - clock.now().getTime() + DAY);
    await app.services.plus.renewDue(publicUrl);
    expect(await db.select().from(orders).where(eq(orders.userId, m.id))).toHaveLength(1);
  });
});
