import { eq, sql } from "drizzle-orm";
import { DomainError, fieldError, forbidden, invalid } from "../../../domain/errors";
import { GOOGLE_SIGN_IN_REFUSED, USER_CREATION_FAILED } from "../../../domain/messages";
import { userEmails, users } from "../../db/schema";
import { EMAIL_TAKEN, LOGIN_FAILED } from "./account-messages";
import { type AccountDeps, type AccountRecords, lower } from "./account-records";
import type { PasswordCheck } from "./password-check";
import { hashPassword } from "./passwords";
import type { RecaptchaProvider } from "./recaptcha";
import type { SessionService, SessionState } from "./sessions";

export type StartedSession = { userId: number; token: string; maxAgeSeconds: number };

/** Sign-up and sign-in: password login, sign-up, session sign-up and Google. */
export function createSignInService(
  deps: AccountDeps & {
    records: AccountRecords;
    sessions: SessionService;
    passwordCheck: PasswordCheck;
    recaptcha: RecaptchaProvider;
  },
) {
  const { db, records, sessions, passwordCheck, recaptcha } = deps;
  const { throttle, createUser } = records;

  /**
   * Logs in through the one password check (password-check.ts), under the login throttle:
   * counted before the password check, slowed after a few failures, then refused with 429.
   */
  async function login(input: {
    email: string;
    password: string;
    ip: string;
    session: SessionState | null;
  }): Promise<StartedSession> {
    const userId = await passwordCheck.byEmail(input.email, input.password, input.ip);
    if (!userId) throw invalid({ non_field_errors: [LOGIN_FAILED] });
    const started = await sessions.start(userId, input.session);
    return { userId, ...started };
  }

  async function signup(input: {
    email: string;
    password: string;
    ip: string;
    session: SessionState | null;
  }): Promise<StartedSession> {
    await throttle([["signup.address", input.ip]]);
    const passwordHash = await hashPassword(input.password);
    const userId = await createUser({
      email: input.email,
      passwordHash,
      requirePasswordReset: null,
    });
    if (!userId) throw fieldError("email", EMAIL_TAKEN);
    const started = await sessions.start(userId, input.session);
    return { userId, ...started };
  }

  /**
   * User creation via session sign-up (after checkout or an e-mail capture): an account without
   * a password (require_password_reset NEW_ACCOUNT), signed in when auto_login_user is set. An
   * e-mail that already has an account is refused with the same message as a failed bot check:
   * signing someone in by their e-mail alone would hand their account to anyone.
   */
  async function sessionSignup(input: {
    email: string;
    token: string | undefined;
    autoLogin: boolean;
    ip: string;
    session: SessionState | null;
  }): Promise<StartedSession | { userId: number; token: null; maxAgeSeconds: 0 }> {
    await throttle([["signup.address", input.ip]]);
    const fail = new DomainError("invalid", {
      detail: USER_CREATION_FAILED,
      non_field_errors: [USER_CREATION_FAILED],
    });
    if (!(await recaptcha.verify(input.token, input.ip))) throw fail;
    const userId = await createUser({
      email: input.email,
      passwordHash: null,
      requirePasswordReset: "NEW_ACCOUNT",
    });
    if (!userId) throw fail;
    if (!input.autoLogin) return { userId, token: null, maxAgeSeconds: 0 };
    const started = await sessions.start(userId, input.session);
    return { userId, ...started };
  }

  /**
   * Signs in through Google (the OAuth callback resolved a Google-verified address). An existing
   * account is matched only through its verified primary address (decision 050): an address
   * that is a secondary (verified or not) or an unverified primary proves nothing about who owns
   * the account, so Google is refused there and nothing is changed (no address marked verified,
   * no password cleared). The owner of such an address logs in with e-mail and password, or
   * proves the address with a reset link, which verifies it.
   */
  async function googleSignIn(profile: {
    email: string;
    firstName?: string;
    lastName?: string;
  }): Promise<number> {
    const rows = await db
      .select({
        userId: userEmails.userId,
        verified: userEmails.verified,
        primary: userEmails.primary,
        isActive: users.isActive,
      })
      .from(userEmails)
      .innerJoin(users, eq(users.id, userEmails.userId))
      .where(sql`lower(${userEmails.email}) = ${lower(profile.email)}`);
    if (rows.length > 0) {
      const found = rows.find((row) => row.primary && row.verified);
      if (!found) throw forbidden(GOOGLE_SIGN_IN_REFUSED);
      if (!found.isActive) throw forbidden(LOGIN_FAILED);
      return found.userId;
    }
    const userId = await createUser({
      email: profile.email,
      passwordHash: null,
      requirePasswordReset: "NEW_ACCOUNT",
      verified: true,
      firstName: profile.firstName,
      lastName: profile.lastName,
    });
    if (!userId) throw new DomainError("invalid", { detail: USER_CREATION_FAILED });
    return userId;
  }

  return { login, signup, sessionSignup, googleSignIn };
}
