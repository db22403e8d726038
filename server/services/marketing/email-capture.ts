import { randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { DEFAULT_EMAIL_CAPTURE_DISCOUNT_PERCENT } from "../../../domain/constants";
import type { Db } from "../../db/client";
import { coupons, emailSubscriptions } from "../../db/schema";
import type { Clock } from "../../providers/clock";
import { EMAIL_TOPIC } from "../accounts/accounts";
import { newToken } from "../accounts/sessions";
import type { Outbox } from "../jobs/outbox";

export type EmailSignup = {
  email: string;
  userId?: number | null;
  source?: string;
  campaign?: string;
  medium?: string;
  content?: string;
  component?: string;
  custom?: Record<string, unknown>;
  /** The first-order discount the capture offered, in percent (10 unless a campaign's). */
  discountPercent?: number;
  /**
   * allow_duplicate (spec 001 section 7, variant one): an address already subscribed is welcome
   * again (subscribed anew if it had left; no second coupon) instead of refused (decision 067).
   */
  allowDuplicate?: boolean;
};

/** Single-use first-order coupons read WELCOME-XXXXXX (no 0/O or 1/I to misread). */
const COUPON_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const couponCode = () =>
  `WELCOME-${Array.from(randomBytes(6), (b) => COUPON_ALPHABET[b % COUPON_ALPHABET.length]).join("")}`;

/**
 * The e-mail capture (404 page, subscribe banner): one subscription per address; a new one gets a
 * single-use coupon for that address, mailed through the outbox in the same transaction.
 */
export function createEmailSignupService(deps: {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  /** Absolute links in the e-mail (the unsubscribe link) are on this origin. */
  publicUrl?: string;
}) {
  const { db, clock, outbox } = deps;
  const origin = (deps.publicUrl ?? "").replace(/\/+$/, "");

  async function subscribe(
    signup: EmailSignup,
  ): Promise<"subscribed" | "duplicate" | "already_subscribed"> {
    const email = signup.email.trim();
    const percent = Math.min(
      100,
      Math.max(0, signup.discountPercent ?? DEFAULT_EMAIL_CAPTURE_DISCOUNT_PERCENT),
    );
    return db.transaction(async (tx) => {
      const code = couponCode();
      const unsubscribeToken = newToken();
      const unsubscribeUrl = `${origin}${unsubscribePath(unsubscribeToken)}`;
      const inserted = await tx
        .insert(emailSubscriptions)
        .values({
          email,
          userId: signup.userId ?? null,
          source: signup.source ?? null,
          campaign: signup.campaign ?? null,
          medium: signup.medium ?? null,
          content: signup.content ?? null,
          component: signup.component ?? null,
          custom: signup.custom ?? {},
          couponCode: code,
          unsubscribeToken,
          createdAt: clock.now(),
        })
        // The only conflict a new random token leaves possible is lower(email)'s unique index.
        .onConflictDoNothing()
        .returning({ id: emailSubscriptions.id });
      if (inserted.length === 0) {
        if (!signup.allowDuplicate) return "duplicate";
        // Back on the list if they had left; the coupon they got once stays theirs alone.
        await tx
          .update(emailSubscriptions)
          .set({ unsubscribedAt: null })
          .where(sql`lower(${emailSubscriptions.email}) = lower(${email})`);
        return "already_subscribed";
      }
      await tx.insert(coupons).values({
        code,
        type: "percent",
        value: percent,
        singleUse: true,
        maxUses: 1,
        email,
      });
      await outbox.enqueue(tx, {
        kind: "email",
        topic: EMAIL_TOPIC,
        payload: {
          to: email,
          subject: `Your ${percent}% off coupon from Payonce`,
          text: [
            "Hi,",
            "",
            `Thanks for signing up. Here is ${percent}% off your first order on Payonce:`,
            "",
            `    ${code}`,
            "",
            "Enter the code in your cart at checkout. It works once, for this email address.",
            "",
            `Unsubscribe anytime: ${unsubscribeUrl}`,
          ].join("\n"),
          template: "email_capture_coupon",
          unsubscribe_url: unsubscribeUrl,
        },
      });
      return "subscribed";
    });
  }

  /** The subscription an unsubscribe link names, if any (the page shows its address). */
  async function findByUnsubscribeToken(token: string) {
    if (!token || token.length > 100) return null;
    const rows = await db
      .select({
        email: emailSubscriptions.email,
        unsubscribedAt: emailSubscriptions.unsubscribedAt,
      })
      .from(emailSubscriptions)
      .where(eq(emailSubscriptions.unsubscribeToken, token))
      .limit(1);
    return rows[0] ?? null;
  }

  /**
   * Stops the e-mails of the subscription the token names; idempotent (a second click is fine).
   * The coupon stays valid: it was a gift, not a condition of subscribing.
   */
  async function unsubscribe(token: string): Promise<boolean> {
    const found = await findByUnsubscribeToken(token);
    if (!found) return false;
    await db
      .update(emailSubscriptions)
      .set({ unsubscribedAt: clock.now() })
      .where(
        and(
          eq(emailSubscriptions.unsubscribeToken, token),
          isNull(emailSubscriptions.unsubscribedAt),
        ),
      );
    return true;
  }

  return { subscribe, findByUnsubscribeToken, unsubscribe };
}

/** The unsubscribe page of a subscription (app/routes/email-unsubscribe.tsx). */
export const unsubscribePath = (token: string) => `/email/unsubscribe/${token}/`;

export type EmailSignupService = ReturnType<typeof createEmailSignupService>;
