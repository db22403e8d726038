import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import type { LoginThrottle } from "./login-throttle";
import { verifyPassword } from "./passwords";

/**
 * The one check of a password an account already has (issue 31, decision 050). Every door that
 * takes one (login, e-mail add, password change, anything new) calls this, never verifyPassword:
 * each check runs under the login throttle, counted per account and per address, so guesses
 * through a session left open share the login form's count, its slow-down and its 429.
 *
 * The account's key is its current e-mail, lowercased, as login keys it: a guess at e-mail add
 * and a guess at the login form count against the same budget.
 */
export function createPasswordCheck(deps: { db: Db; loginThrottle: LoginThrottle }) {
  const { db, loginThrottle } = deps;

  async function accountBy(where: ReturnType<typeof sql> | ReturnType<typeof eq>) {
    const rows = await db
      .select({
        id: users.id,
        email: users.email,
        passwordHash: users.passwordHash,
        isActive: users.isActive,
      })
      .from(users)
      .where(where)
      .limit(1);
    return rows[0];
  }

  /** Login: the active account's id when the e-mail and password match, else null. */
  async function byEmail(email: string, password: string, ip: string): Promise<number | null> {
    return loginThrottle.attempt(email, ip, async () => {
      const user = await accountBy(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
      // verifyPassword hashes against a decoy when there is no account: same time either way.
      const ok = await verifyPassword(password, user?.passwordHash);
      return ok && user?.isActive ? user.id : null;
    });
  }

  /**
   * A signed-in user confirms their password. True when it matches; false when it does not or
   * the account has none (callers that allow "no password yet" ask hasPassword first).
   * Throws throttled (429) when the account or address is over the login limits.
   */
  async function forUser(userId: number, password: string, ip: string): Promise<boolean> {
    const user = await accountBy(eq(users.id, userId));
    if (!user) return false;
    const ok = await loginThrottle.attempt(user.email, ip, async () =>
      user.passwordHash !== null && (await verifyPassword(password, user.passwordHash))
        ? true
        : null,
    );
    return ok === true;
  }

  return { byEmail, forUser };
}

export type PasswordCheck = ReturnType<typeof createPasswordCheck>;
