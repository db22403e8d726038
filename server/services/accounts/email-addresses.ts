import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { DomainError, fieldError } from "../../../domain/errors";
import {
  ALREADY_PRIMARY_EMAIL,
  EMAIL_ADDED,
  EMAIL_ALREADY_VERIFIED,
  EMAIL_NOT_VERIFIED,
  EMAIL_REMOVED,
  PASSWORD_VALIDATION_FAILED,
  PRIMARY_EMAIL_CANNOT_BE_REMOVED,
  VERIFICATION_SENT,
} from "../../../domain/messages";
import { emailVerificationTokens, userEmails, users } from "../../db/schema";
import { EMAIL_IN_USE, EMAIL_NOT_ON_ACCOUNT, PRIMARY_EMAIL_SET } from "./account-messages";
import {
  type AccountDeps,
  type AccountRecords,
  hashToken,
  isUniqueViolation,
  lower,
} from "./account-records";
import type { PasswordCheck } from "./password-check";
import type { SessionUser } from "./sessions";
import { voidCredentials } from "./void-credentials";

export type EmailEntry = { id: number; email: string; verified: boolean; primary: boolean };

/** The account's e-mail addresses: list, add, remove, make primary, verify (spec 001 s. 5, 8). */
export function createEmailAddressService(
  deps: AccountDeps & { records: AccountRecords; passwordCheck: PasswordCheck },
) {
  const { db, clock, records, passwordCheck } = deps;
  const { throttle, emailInUse, sendVerification } = records;

  async function listEmails(userId: number): Promise<EmailEntry[]> {
    return db
      .select({
        id: userEmails.id,
        email: userEmails.email,
        verified: userEmails.verified,
        primary: userEmails.primary,
      })
      .from(userEmails)
      .where(eq(userEmails.userId, userId))
      .orderBy(desc(userEmails.primary), userEmails.id);
  }

  /** Marks the address of an e-mailed link verified; null when the link is unknown or expired. */
  async function verifyEmail(token: string): Promise<{ email: string } | null> {
    if (!token || token.length > 200) return null;
    const now = clock.now();
    return db.transaction(async (tx) => {
      const rows = await tx
        .update(emailVerificationTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailVerificationTokens.tokenHash, hashToken(token)),
            isNull(emailVerificationTokens.usedAt),
            gt(emailVerificationTokens.expiresAt, now),
          ),
        )
        .returning({ userEmailId: emailVerificationTokens.userEmailId });
      const row = rows[0];
      if (!row) return null;
      const updated = await tx
        .update(userEmails)
        .set({ verified: true, verifiedAt: now })
        .where(eq(userEmails.id, row.userEmailId))
        .returning({ email: userEmails.email });
      return updated[0] ? { email: updated[0].email } : null;
    });
  }

  async function ownEmail(userId: number, email: string) {
    const rows = await db
      .select()
      .from(userEmails)
      .where(and(eq(userEmails.userId, userId), sql`lower(${userEmails.email}) = ${lower(email)}`))
      .limit(1);
    return rows[0] ?? null;
  }

  /** The e-mail settings actions of spec 001 sections 5 and 8; answers the success message. */
  async function emailAction(
    user: SessionUser,
    input: { action: "add" | "remove" | "verify" | "primary"; email: string; password?: string },
    ip: string,
    /** The session making the change: it stays signed in when the primary address changes. */
    keepSessionId?: string,
  ): Promise<string> {
    const email = input.email.trim();
    switch (input.action) {
      case "add": {
        // The one password check, under the login throttle: a session left open is no faster
        // way to guess the password than the login form (issue 31).
        if (!(await passwordCheck.forUser(user.id, input.password ?? "", ip))) {
          throw new DomainError("unauthenticated", {
            password: [PASSWORD_VALIDATION_FAILED],
            detail: PASSWORD_VALIDATION_FAILED,
          });
        }
        await throttle([
          ["resend.email", `user:${user.id}`],
          ["resend.address", ip],
        ]);
        try {
          await db.transaction(async (tx) => {
            if (await emailInUse(tx, email)) throw fieldError("email", EMAIL_IN_USE);
            const [row] = await tx
              .insert(userEmails)
              .values({ userId: user.id, email, primary: false, verified: false })
              .returning({ id: userEmails.id });
            if (!row) throw new Error("user e-mail insert returned nothing");
            await sendVerification(tx, row.id, email);
          });
        } catch (err) {
          if (isUniqueViolation(err)) throw fieldError("email", EMAIL_IN_USE);
          throw err;
        }
        return EMAIL_ADDED;
      }
      case "remove": {
        const row = await ownEmail(user.id, email);
        if (!row) throw fieldError("email", EMAIL_NOT_ON_ACCOUNT);
        if (row.primary) throw fieldError("email", PRIMARY_EMAIL_CANNOT_BE_REMOVED);
        await db.delete(userEmails).where(eq(userEmails.id, row.id));
        return EMAIL_REMOVED;
      }
      case "verify": {
        const row = await ownEmail(user.id, email);
        if (!row) throw fieldError("email", EMAIL_NOT_ON_ACCOUNT);
        if (row.verified) throw fieldError("email", EMAIL_ALREADY_VERIFIED);
        await throttle([
          ["resend.email", lower(email)],
          ["resend.address", ip],
        ]);
        await db.transaction((tx) => sendVerification(tx, row.id, row.email));
        return VERIFICATION_SENT;
      }
      case "primary": {
        const row = await ownEmail(user.id, email);
        if (!row) throw fieldError("email", EMAIL_NOT_ON_ACCOUNT);
        if (row.primary) throw fieldError("email", ALREADY_PRIMARY_EMAIL);
        if (!row.verified) throw fieldError("email", EMAIL_NOT_VERIFIED);
        await db.transaction(async (tx) => {
          // Exactly one primary (a partial unique index): clear the old one first.
          await tx
            .update(userEmails)
            .set({ primary: false })
            .where(and(eq(userEmails.userId, user.id), eq(userEmails.primary, true)));
          await tx.update(userEmails).set({ primary: true }).where(eq(userEmails.id, row.id));
          await tx.update(users).set({ email: row.email }).where(eq(users.id, user.id));
          // A new primary address is a credentials change: old links and other sessions go.
          await voidCredentials(tx, user.id, clock.now(), keepSessionId);
        });
        return PRIMARY_EMAIL_SET;
      }
    }
  }

  return { listEmails, verifyEmail, emailAction };
}
