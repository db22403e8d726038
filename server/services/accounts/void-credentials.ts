import { and, eq, inArray, isNull, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  emailVerificationTokens,
  passwordResetTokens,
  sessions,
  userEmails,
} from "../../db/schema";
import type { Tx } from "./account-records";

/**
 * What a credentials change (a new password, a new primary e-mail, a used reset link) does to
 * everything issued under the old ones (issue 31, decision 050): every outstanding reset and
 * verification link of the account is spent, and every session but `keepSessionId` (the one
 * that made the change, if any) ends. Links are rows, so spending them is an update: a link
 * being used at the same moment loses the race to the conditional `used_at is null` of its use.
 * Runs inside the caller's transaction, with the change itself.
 */
export async function voidCredentials(
  tx: Tx | Db,
  userId: number,
  now: Date,
  keepSessionId?: string,
): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  const addresses = tx
    .select({ id: userEmails.id })
    .from(userEmails)
    .where(eq(userEmails.userId, userId));
  await tx
    .update(emailVerificationTokens)
    .set({ usedAt: now })
    .where(
      and(
        inArray(emailVerificationTokens.userEmailId, addresses),
        isNull(emailVerificationTokens.usedAt),
      ),
    );
  await tx
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
        : eq(sessions.userId, userId),
    );
}
