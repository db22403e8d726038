import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { fieldError } from "../../../domain/errors";
import { PASSWORD_VALIDATION_FAILED } from "../../../domain/messages";
import { passwordResetTokens, userEmails, users } from "../../db/schema";
import { RESET_LINK_INVALID } from "./account-messages";
import {
  type AccountDeps,
  type AccountRecords,
  hashToken,
  lower,
  newToken,
} from "./account-records";
import type { PasswordCheck } from "./password-check";
import { hashPassword } from "./passwords";
import type { SessionUser } from "./sessions";
import { voidCredentials } from "./void-credentials";

const RESET_TTL_MS = 60 * 60 * 1000;

/** Passwords: set or change one, and the e-mailed reset link. */
export function createPasswordService(
  deps: AccountDeps & { records: AccountRecords; passwordCheck: PasswordCheck },
) {
  const { db, clock, records, passwordCheck } = deps;
  const { throttle, link, enqueueEmail } = records;

  async function storedHash(userId: number): Promise<string | null> {
    const rows = await db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId));
    return rows[0]?.passwordHash ?? null;
  }

  /**
   * Sets the password; every reset and verification link of the account is spent and every
   * other session ends (the current one stays: voidCredentials). An
   * account that has a password must give it: a stolen session cookie alone must not be enough
   * to take the account over. Accounts without one (session sign-up, Google) set it freely.
   * The check is the one password check (password-check.ts), under the login throttle.
   */
  async function setPassword(
    user: SessionUser,
    input: { password: string; currentPassword?: string | undefined; ip: string },
    keepSessionId?: string,
  ) {
    const current = await storedHash(user.id);
    if (current !== null) {
      const ok = await passwordCheck.forUser(user.id, input.currentPassword ?? "", input.ip);
      if (!ok) throw fieldError("current_password", PASSWORD_VALIDATION_FAILED);
    }
    const passwordHash = await hashPassword(input.password);
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash, requirePasswordReset: null })
        .where(eq(users.id, user.id));
      await voidCredentials(tx, user.id, clock.now(), keepSessionId);
    });
  }

  /** Always resolves alike, whether or not the e-mail has an account (no enumeration). */
  async function requestPasswordReset(email: string, ip: string): Promise<void> {
    await throttle([
      ["reset.email", lower(email)],
      ["reset.address", ip],
    ]);
    const rows = await db
      .select({ id: users.id, email: users.email, isActive: users.isActive, isBot: users.isBot })
      .from(users)
      .where(sql`lower(${users.email}) = ${lower(email)}`)
      .limit(1);
    const user = rows[0];
    if (!user?.isActive || user.isBot) return;
    const token = newToken();
    await db.transaction(async (tx) => {
      await tx.insert(passwordResetTokens).values({
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(clock.now().getTime() + RESET_TTL_MS),
      });
      const url = link(`/accounts/password/reset/${token}/`);
      await enqueueEmail(
        tx,
        {
          to: user.email,
          subject: "Reset your Payonce password",
          text: [
            "Hi,",
            "",
            "Someone asked to reset the password of the Payonce account for this email address.",
            "To choose a new password, open this link within an hour:",
            "",
            url,
            "",
            "If it was not you, ignore this email: your password stays as it is.",
            "",
            "Payonce",
          ].join("\n"),
        },
        "password_reset",
      );
    });
  }

  async function findResetToken(token: string) {
    if (!token || token.length > 200) return null;
    const rows = await db
      .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId })
      .from(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, clock.now()),
        ),
      )
      .limit(1);
    return rows[0] ?? null;
  }

  /**
   * Sets a new password from an e-mailed link. The link proves the primary address, so it is
   * marked verified; every session of the account ends, and the caller signs in afresh.
   */
  async function confirmPasswordReset(token: string, password: string): Promise<void> {
    const found = await findResetToken(token);
    if (!found) throw fieldError("token", RESET_LINK_INVALID);
    const passwordHash = await hashPassword(password);
    const now = clock.now();
    await db.transaction(async (tx) => {
      const used = await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.id, found.id), isNull(passwordResetTokens.usedAt)))
        .returning({ id: passwordResetTokens.id });
      if (!used.length) throw fieldError("token", RESET_LINK_INVALID);
      await tx
        .update(users)
        .set({ passwordHash, requirePasswordReset: null })
        .where(eq(users.id, found.userId));
      await tx
        .update(userEmails)
        .set({ verified: true, verifiedAt: now })
        .where(
          and(
            eq(userEmails.userId, found.userId),
            eq(userEmails.primary, true),
            eq(userEmails.verified, false),
          ),
        );
      // Every other reset and verification link of the account is spent with this one.
      await voidCredentials(tx, found.userId, now);
    });
  }

  return {
    setPassword,
    hasPassword: async (userId: number) => (await storedHash(userId)) !== null,
    requestPasswordReset,
    resetTokenValid: async (token: string) => (await findResetToken(token)) !== null,
    confirmPasswordReset,
  };
}
