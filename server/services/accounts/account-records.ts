import { createHash, randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { throttled } from "../../../domain/errors";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { emailVerificationTokens, userEmails, users } from "../../db/schema";
import type { Clock } from "../../providers/clock";
import type { MailMessage } from "../../providers/mail";
import type { Outbox } from "../jobs/outbox";
import { LIMITS, type LimitName, type Limits, progressiveDelayMs, sleep } from "../limits/limits";
import { THROTTLED } from "./account-messages";

/**
 * What the account use cases share: tokens, the e-mail queue, the verification e-mail, account
 * creation, and the throttle of calls that cost an e-mail or a password hash.
 */

export const EMAIL_TOPIC = "email.send";
const VERIFY_TTL_MS = 3 * 24 * 60 * 60 * 1000;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");
export const newToken = () => randomBytes(32).toString("base64url");
export const lower = (email: string) => email.trim().toLowerCase();

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type AccountDeps = {
  db: Db;
  clock: Clock;
  config: Config;
  outbox: Outbox;
  limits: Limits;
};

export function createAccountRecords(deps: AccountDeps) {
  const { db, clock, config, outbox, limits } = deps;

  const link = (path: string) => `${config.publicUrl.replace(/\/$/, "")}${path}`;

  /**
   * Counts the call against each limit (or none when one is spent: 429 with Retry-After), then
   * waits the progressive delay once half of a limit's allowance is used, so a script is slowed
   * before it is refused.
   */
  async function throttle(checks: ReadonlyArray<readonly [LimitName, string]>): Promise<void> {
    const decision = await limits.consumeAll(checks);
    if (!decision.allowed) throw throttled(THROTTLED, decision.retryAfterSeconds);
    const delays = checks.map(([name], i) =>
      progressiveDelayMs((decision.used[i] ?? 1) - 1, Math.ceil(LIMITS[name].points / 2)),
    );
    await sleep(Math.max(0, ...delays));
  }

  async function enqueueEmail(tx: Tx | Db, message: MailMessage, template: string) {
    await outbox.enqueue(tx, {
      kind: "email",
      topic: EMAIL_TOPIC,
      payload: { ...message, template },
    });
  }

  async function sendVerification(tx: Tx | Db, userEmailId: number, email: string) {
    const token = newToken();
    await tx.insert(emailVerificationTokens).values({
      userEmailId,
      tokenHash: hashToken(token),
      expiresAt: new Date(clock.now().getTime() + VERIFY_TTL_MS),
    });
    const url = link(`/account/email/verify/${token}/`);
    await enqueueEmail(
      tx,
      {
        to: email,
        subject: "Confirm your email address for Payonce",
        text: [
          "Hi,",
          "",
          "Please confirm this email address for your Payonce account by opening this link:",
          "",
          url,
          "",
          "The link works for 3 days. If you did not ask for this, you can ignore this email.",
          "",
          "Payonce",
        ].join("\n"),
      },
      "email_verification",
    );
  }

  async function uniqueUsername(tx: Tx, email: string): Promise<string> {
    const base =
      (email.split("@")[0] ?? "")
        .toLowerCase()
        .replace(/[^a-z0-9_-]+/g, "-")
        .replace(/^-+|-+$/g, "")
        .slice(0, 24) || "member";
    const taken = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, base))
      .limit(1);
    return taken.length ? `${base}-${randomBytes(3).toString("hex")}` : base;
  }

  async function emailInUse(executor: Tx | Db, email: string): Promise<boolean> {
    const rows = await executor
      .select({ id: userEmails.id })
      .from(userEmails)
      .where(sql`lower(${userEmails.email}) = ${lower(email)}`)
      .limit(1);
    if (rows.length) return true;
    const legacy = await executor
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${lower(email)}`)
      .limit(1);
    return legacy.length > 0;
  }

  /** Creates an account with an unverified primary e-mail and sends the verification e-mail. */
  async function createUser(input: {
    email: string;
    passwordHash: string | null;
    requirePasswordReset: string | null;
    verified?: boolean;
    firstName?: string;
    lastName?: string;
  }): Promise<number | null> {
    try {
      return await db.transaction(async (tx) => {
        if (await emailInUse(tx, input.email)) return null;
        const now = clock.now();
        const [user] = await tx
          .insert(users)
          .values({
            email: input.email.trim(),
            passwordHash: input.passwordHash,
            requirePasswordReset: input.requirePasswordReset,
            username: await uniqueUsername(tx, input.email),
            firstName: input.firstName ?? "",
            lastName: input.lastName ?? "",
            dateJoined: now,
          })
          .returning({ id: users.id });
        if (!user) throw new Error("user insert returned nothing");
        const [row] = await tx
          .insert(userEmails)
          .values({
            userId: user.id,
            email: input.email.trim(),
            primary: true,
            verified: input.verified ?? false,
            verifiedAt: input.verified ? now : null,
            createdAt: now,
          })
          .returning({ id: userEmails.id });
        if (!row) throw new Error("user e-mail insert returned nothing");
        if (!input.verified) await sendVerification(tx, row.id, input.email.trim());
        return user.id;
      });
    } catch (err) {
      if (isUniqueViolation(err)) return null;
      throw err;
    }
  }

  return { link, throttle, enqueueEmail, sendVerification, emailInUse, createUser };
}

export type AccountRecords = ReturnType<typeof createAccountRecords>;
