import { DomainError, fieldError, forbidden, invalid, throttled } from "../../../domain/errors";
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import {
  ACCOUNT_SETUP_EMAIL,
  ACCOUNT_SETUP_EMAIL_AND_PASSWORD,
  ACCOUNT_SETUP_PASSWORD,
  ALREADY_PRIMARY_EMAIL,
  EMAIL_ADDED,
  EMAIL_ALREADY_VERIFIED,
  EMAIL_NOT_VERIFIED,
  EMAIL_REMOVED,
  PASSWORD_VALIDATION_FAILED,
  PRIMARY_EMAIL_CANNOT_BE_REMOVED,
  USER_CREATION_FAILED,
  VERIFICATION_SENT,
} from "../../../domain/messages";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import {
  emailVerificationTokens,
  outbox as outboxTable,
  passwordResetTokens,
  sessions as sessionsTable,
  userEmails,
  users,
} from "../../db/schema";
import type { Clock } from "../../providers/clock";
import type { MailMessage, MailProvider } from "../../providers/mail";
import { ACCOUNT_LIMITS, createRateLimiter, type Limit, sleep } from "./account-limits";
import type { LoginThrottle } from "./login-throttle";
import type { Outbox } from "../jobs/outbox";
import { hashPassword, verifyPassword } from "./passwords";
import type { RecaptchaProvider } from "./recaptcha";
import type { SessionService, SessionState, SessionUser } from "./sessions";

// Our wording where the spec is silent.
export const LOGIN_FAILED = "Unable to log in with provided credentials.";
export const LOGIN_THROTTLED = "Too many failed login attempts. Please try again later.";
export const THROTTLED = "Too many attempts. Please try again later.";
export const EMAIL_TAKEN =
  "An account with this email already exists. Log in or reset your password.";
export const EMAIL_IN_USE = "This email is already in use.";
export const EMAIL_NOT_ON_ACCOUNT = "This email is not on your account.";
export const RESET_SENT =
  "If an account exists for that email, we've sent a link to reset its password. Check your inbox.";
export const RESET_LINK_INVALID = "This password reset link is invalid or has expired.";
export const PASSWORD_SET = "Your password has been set.";
export const PRIMARY_EMAIL_SET = "Your primary email has been updated.";
export const VERIFY_LINK_INVALID = "This verification link is invalid or has expired.";

export const EMAIL_TOPIC = "email.send";
const VERIFY_TTL_MS = 3 * 24 * 60 * 60 * 1000;
const RESET_TTL_MS = 60 * 60 * 1000;

export type EmailEntry = { id: number; email: string; verified: boolean; primary: boolean };

export type AccountSetup = {
  needsPassword: boolean;
  needsEmailVerification: boolean;
  /** One of the three account-setup messages of spec 000 section 8, or null when done. */
  message: string | null;
};

/**
 * Which account-setup message applies (spec 000 section 8). A pure rule: it belongs in domain/
 * beside the roles, where it can move once domain/ is open to this work.
 */
export function accountSetup(user: {
  emailVerified: boolean;
  requirePasswordReset: string | null;
}): AccountSetup {
  const needsPassword = user.requirePasswordReset != null;
  const needsEmailVerification = !user.emailVerified;
  const message =
    needsPassword && needsEmailVerification
      ? ACCOUNT_SETUP_EMAIL_AND_PASSWORD
      : needsPassword
        ? ACCOUNT_SETUP_PASSWORD
        : needsEmailVerification
          ? ACCOUNT_SETUP_EMAIL
          : null;
  return { needsPassword, needsEmailVerification, message };
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");
const newToken = () => randomBytes(32).toString("base64url");
const lower = (email: string) => email.trim().toLowerCase();

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type StartedSession = { userId: number; token: string; maxAgeSeconds: number };

export function createAccountService(deps: {
  db: Db;
  clock: Clock;
  config: Config;
  outbox: Outbox;
  sessions: SessionService;
  loginThrottle: LoginThrottle;
  recaptcha: RecaptchaProvider;
  mail: MailProvider;
}) {
  const { db, clock, config, outbox, sessions, loginThrottle, recaptcha, mail } = deps;
  const limiter = createRateLimiter();

  // E-mails leave through the outbox worker; the provider decides SMTP or "keep it readable".
  outbox.handle(EMAIL_TOPIC, async (message) => {
    await mail.send(message.payload as MailMessage);
  });

  const link = (path: string) => `${config.publicUrl.replace(/\/$/, "")}${path}`;

  async function throttle(checks: Array<[string, Limit]>): Promise<void> {
    const { retryAfter, delayMs } = limiter.hit(checks);
    if (retryAfter > 0) throw throttled(THROTTLED, retryAfter);
    await sleep(delayMs);
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

  /** Logs in with the login throttle: slowed after a few failures, then refused with 429. */
  async function login(input: {
    email: string;
    password: string;
    ip: string;
    session: SessionState | null;
  }): Promise<StartedSession> {
    const wait = loginThrottle.retryAfter(input.email, input.ip);
    if (wait > 0) throw throttled(LOGIN_THROTTLED, wait);
    await sleep(loginThrottle.delayMs(input.email));
    const userId = await sessions.authenticate(input.email, input.password);
    if (!userId) {
      loginThrottle.fail(input.email, input.ip);
      throw invalid({ non_field_errors: [LOGIN_FAILED] });
    }
    const started = await sessions.start(userId, input.session);
    return { userId, ...started };
  }

  async function signup(input: {
    email: string;
    password: string;
    ip: string;
    session: SessionState | null;
  }): Promise<StartedSession> {
    await throttle([[`signup:a:${input.ip}`, ACCOUNT_LIMITS.signupPerAddress]]);
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
    await throttle([[`signup:a:${input.ip}`, ACCOUNT_LIMITS.signupPerAddress]]);
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

  /** Sets the password; every other session of the account ends (the current one stays). */
  async function setPassword(user: SessionUser, password: string, keepSessionId?: string) {
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash, requirePasswordReset: null })
        .where(eq(users.id, user.id));
      await tx
        .delete(sessionsTable)
        .where(
          keepSessionId
            ? and(eq(sessionsTable.userId, user.id), ne(sessionsTable.id, keepSessionId))
            : eq(sessionsTable.userId, user.id),
        );
    });
  }

  /** Always resolves alike, whether or not the e-mail has an account (no enumeration). */
  async function requestPasswordReset(email: string, ip: string): Promise<void> {
    await throttle([
      [`reset:e:${lower(email)}`, ACCOUNT_LIMITS.resetPerEmail],
      [`reset:a:${ip}`, ACCOUNT_LIMITS.resetPerAddress],
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
      await tx.delete(sessionsTable).where(eq(sessionsTable.userId, found.userId));
    });
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
  ): Promise<string> {
    const email = input.email.trim();
    switch (input.action) {
      case "add": {
        const rows = await db
          .select({ passwordHash: users.passwordHash })
          .from(users)
          .where(eq(users.id, user.id));
        if (!(await verifyPassword(input.password ?? "", rows[0]?.passwordHash))) {
          throw new DomainError("unauthenticated", {
            password: [PASSWORD_VALIDATION_FAILED],
            detail: PASSWORD_VALIDATION_FAILED,
          });
        }
        await throttle([
          [`resend:u:${user.id}`, ACCOUNT_LIMITS.resendPerEmail],
          [`resend:a:${ip}`, ACCOUNT_LIMITS.resendPerAddress],
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
          [`resend:e:${lower(email)}`, ACCOUNT_LIMITS.resendPerEmail],
          [`resend:a:${ip}`, ACCOUNT_LIMITS.resendPerAddress],
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
        });
        return PRIMARY_EMAIL_SET;
      }
    }
  }

  /**
   * Signs in through Google (the OAuth callback resolved a Google-verified address). An
   * existing account whose address we have not verified had a password set by whoever signed
   * up with it, possibly not the address's owner: the password is cleared (NEW_ACCOUNT) so that
   * person loses access, and the address becomes verified.
   */
  async function googleSignIn(profile: {
    email: string;
    firstName?: string;
    lastName?: string;
  }): Promise<number> {
    const rows = await db
      .select({
        userId: userEmails.userId,
        id: userEmails.id,
        verified: userEmails.verified,
        isActive: users.isActive,
      })
      .from(userEmails)
      .innerJoin(users, eq(users.id, userEmails.userId))
      .where(sql`lower(${userEmails.email}) = ${lower(profile.email)}`)
      .limit(1);
    const found = rows[0];
    if (found) {
      if (!found.isActive) throw forbidden(LOGIN_FAILED);
      if (!found.verified) {
        await db.transaction(async (tx) => {
          await tx
            .update(userEmails)
            .set({ verified: true, verifiedAt: clock.now() })
            .where(eq(userEmails.id, found.id));
          await tx
            .update(users)
            .set({ passwordHash: null, requirePasswordReset: "NEW_ACCOUNT" })
            .where(eq(users.id, found.userId));
          await tx.delete(sessionsTable).where(eq(sessionsTable.userId, found.userId));
        });
      }
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

  /** The e-mails in the outbox, newest first, for the staff page. */
  async function outboxEmails(limit = 100) {
    const rows = await db
      .select({
        id: outboxTable.id,
        topic: outboxTable.topic,
        payload: outboxTable.payload,
        status: outboxTable.status,
        attempts: outboxTable.attempts,
        lastError: outboxTable.lastError,
        createdAt: outboxTable.createdAt,
        doneAt: outboxTable.doneAt,
      })
      .from(outboxTable)
      .where(eq(outboxTable.kind, "email"))
      .orderBy(desc(outboxTable.id))
      .limit(limit);
    return rows.map((r) => {
      const p = r.payload as Partial<MailMessage> & { template?: string };
      return {
        id: r.id,
        topic: r.topic,
        template: p.template ?? null,
        to: String(p.to ?? ""),
        subject: String(p.subject ?? ""),
        text: String(p.text ?? ""),
        status: r.status,
        attempts: r.attempts,
        lastError: r.lastError,
        createdAt: r.createdAt,
        doneAt: r.doneAt,
      };
    });
  }

  return {
    login,
    signup,
    sessionSignup,
    listEmails,
    setPassword,
    requestPasswordReset,
    resetTokenValid: async (token: string) => (await findResetToken(token)) !== null,
    confirmPasswordReset,
    verifyEmail,
    emailAction,
    googleSignIn,
    outboxEmails,
    recaptcha,
    mail,
    googleConfigured: Boolean(config.googleClientId && config.googleClientSecret),
    /** Test hook: forget the sign-up, reset and resend counters. */
    resetLimits: () => limiter.reset(),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
