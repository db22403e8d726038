import { and, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  ACCOUNT_SETUP_EMAIL,
  ACCOUNT_SETUP_EMAIL_AND_PASSWORD,
  ACCOUNT_SETUP_PASSWORD,
  ALREADY_PRIMARY_EMAIL,
  EMAIL_ADDED,
  EMAIL_ALREADY_VERIFIED,
  EMAIL_NOT_VERIFIED,
  EMAIL_REMOVED,
  EMAIL_REQUIRED,
  PASSWORD_REQUIRED,
  PASSWORD_TOO_SHORT,
  PASSWORD_VALIDATION_FAILED,
  PASSWORDS_MUST_MATCH,
  PRIMARY_EMAIL_CANNOT_BE_REMOVED,
  SIGNUP_EMAIL_INVALID,
  USER_CREATION_FAILED,
  VERIFICATION_SENT,
} from "../../domain/messages";
import { outbox, users } from "../../server/db/schema";
import {
  accountSetup,
  EMAIL_TAKEN,
  LOGIN_FAILED,
  RESET_LINK_INVALID,
  RESET_SENT,
} from "../../server/services/accounts/accounts";
import { safeNextPath } from "../../server/services/accounts/next-path";
import { type Credentials, createTestApp, DEMO_PASSWORD } from "../helpers/app";

const app = await createTestApp();
const { db } = app.database;

let ipCounter = 0;
/** A fresh client address per call, so the per-address limits of one test do not leak. */
const ip = () => `10.77.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
let n = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${++n}@example.test`;

async function signup(email: string, password = "correct horse 1") {
  const res = await app.inject({
    method: "POST",
    url: "/api/users/signup/",
    remoteAddress: ip(),
    payload: { email, password, password_confirm: password },
  });
  const cookies: Record<string, string> = {};
  for (const c of res.cookies) cookies[c.name] = c.value;
  const creds: Credentials = { cookies, headers: { "x-csrftoken": cookies.csrftoken ?? "" } };
  return { res, creds };
}

/** The newest e-mail to an address, from the outbox (where verification and reset go). */
async function lastEmailTo(to: string) {
  const rows = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, "email"), sql`${outbox.payload}->>'to' = ${to}`))
    .orderBy(desc(outbox.id))
    .limit(1);
  const payload = rows[0]?.payload as { to: string; subject: string; text: string } | undefined;
  return payload;
}

const linkIn = (text: string, path: string) => {
  const match = text.match(new RegExp(`https?://[^\\s]+(${path}[A-Za-z0-9_-]+/)`));
  return match?.[1] ?? "";
};

describe("POST /api/users/signup/", () => {
  it("creates an account, signs in, and sends a verification e-mail through the outbox", async () => {
    const email = uniqueEmail("new");
    const { res, creds } = await signup(email);
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({
      email,
      is_authenticated: true,
      email_verified: false,
      require_password_reset: null,
    });
    expect(res.cookies.find((c) => c.name === "sessionid")?.httpOnly).toBe(true);
    const mail = await lastEmailTo(email);
    expect(mail?.subject).toMatch(/confirm your email/i);
    expect(linkIn(mail?.text ?? "", "/account/email/verify/")).toMatch(
      /^\/account\/email\/verify\//,
    );
    const session = await app.inject({
      method: "GET",
      url: "/api/sessions/",
      cookies: creds.cookies,
    });
    expect(session.json().user.email).toBe(email);
  });

  it("validates exactly as spec 001 section 5", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/users/signup/",
      remoteAddress: ip(),
      payload: { email: "not-an-email", password: "short", password_confirm: "other" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      email: [SIGNUP_EMAIL_INVALID],
      password: [PASSWORD_TOO_SHORT],
      password_confirm: [PASSWORDS_MUST_MATCH],
    });
    const long = await app.inject({
      method: "POST",
      url: "/api/users/signup/",
      remoteAddress: ip(),
      payload: {
        email: uniqueEmail("long"),
        password: "x".repeat(101),
        password_confirm: "x".repeat(101),
      },
    });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json())).toEqual(["password"]);
  });

  it("refuses an e-mail that already has an account, case-insensitively", async () => {
    const { res } = await signup("Buyer@Payonce.test");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: [EMAIL_TAKEN] });
  });

  it("rate-limits sign-ups per address with 429 and Retry-After", async () => {
    app.services.accounts.resetLimits();
    const address = "10.88.0.1";
    let last = await app.inject({ method: "GET", url: "/healthz" });
    for (let i = 0; i < 21; i++) {
      last = await app.inject({
        method: "POST",
        url: "/api/users/signup/",
        remoteAddress: address,
        // Invalid bodies are refused before counting; a taken e-mail still counts.
        payload: {
          email: "buyer@payonce.test",
          password: "whatever-1",
          password_confirm: "whatever-1",
        },
      });
    }
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers["retry-after"])).toBeGreaterThan(0);
    app.services.accounts.resetLimits();
  }, 60_000);
});

describe("login", () => {
  it("answers the same message for an unknown e-mail and a wrong password", async () => {
    const unknown = await app.inject({
      method: "POST",
      url: "/api/users/login/",
      remoteAddress: ip(),
      payload: { email: uniqueEmail("nobody"), password: "whatever-1" },
    });
    const wrong = await app.inject({
      method: "POST",
      url: "/api/users/login/",
      remoteAddress: ip(),
      payload: { email: "shopper@payonce.test", password: "whatever-1" },
    });
    expect(unknown.statusCode).toBe(400);
    expect(wrong.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ non_field_errors: [LOGIN_FAILED] });
    expect(wrong.json()).toEqual(unknown.json());
  });

  it("slows a brute force down before refusing it with 429", async () => {
    const email = "plus@payonce.test";
    const address = ip();
    const times: number[] = [];
    let last = await app.inject({ method: "GET", url: "/healthz" });
    for (let i = 0; i < 11; i++) {
      const t = performance.now();
      last = await app.inject({
        method: "POST",
        url: "/api/users/login/",
        remoteAddress: address,
        payload: { email, password: `nope-${i}` },
      });
      times.push(performance.now() - t);
    }
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers["retry-after"])).toBeGreaterThan(0);
    // The 8th to 10th attempts wait (progressive delay); the refused 11th answers at once.
    expect(Math.min(...times.slice(7, 10))).toBeGreaterThanOrEqual(400);
  }, 60_000);
});

describe("account profile and account setup", () => {
  it("answers 401 without a session", async () => {
    const res = await app.inject({ method: "GET", url: "/api/users/profile/" });
    expect(res.statusCode).toBe(401);
  });

  it("shows the user, the e-mails and the account-setup message", async () => {
    const email = uniqueEmail("profile");
    const { creds } = await signup(email);
    const res = await app.inject({
      method: "GET",
      url: "/api/users/profile",
      cookies: creds.cookies,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user: { email, email_verified: false },
      emailaddress_list: [{ email, verified: false, primary: true }],
      account_setup: {
        needs_password: false,
        needs_email_verification: true,
        message: ACCOUNT_SETUP_EMAIL,
      },
    });
  });

  it("picks the three account-setup messages of spec 000 section 8", () => {
    expect(
      accountSetup({ emailVerified: false, requirePasswordReset: "NEW_ACCOUNT" }).message,
    ).toBe(ACCOUNT_SETUP_EMAIL_AND_PASSWORD);
    expect(accountSetup({ emailVerified: true, requirePasswordReset: "NEW_ACCOUNT" }).message).toBe(
      ACCOUNT_SETUP_PASSWORD,
    );
    expect(accountSetup({ emailVerified: false, requirePasswordReset: null }).message).toBe(
      ACCOUNT_SETUP_EMAIL,
    );
    expect(accountSetup({ emailVerified: true, requirePasswordReset: null }).message).toBeNull();
  });
});

describe("POST /api/users/session-signup/", () => {
  it("creates a NEW_ACCOUNT user and signs in with auto_login_user", async () => {
    const email = uniqueEmail("checkout");
    const res = await app.inject({
      method: "POST",
      url: "/api/users/session-signup/",
      remoteAddress: ip(),
      payload: { email, content: "checkout", token: "a-long-enough-token", auto_login_user: true },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({
      email,
      is_authenticated: true,
      require_password_reset: "NEW_ACCOUNT",
    });
    const cookies: Record<string, string> = {};
    for (const c of res.cookies) cookies[c.name] = c.value;
    const profile = await app.inject({ method: "GET", url: "/api/users/profile/", cookies });
    expect(profile.json().account_setup.message).toBe(ACCOUNT_SETUP_EMAIL_AND_PASSWORD);

    // Setting the password clears NEW_ACCOUNT; the setup message becomes the e-mail one.
    const set = await app.inject({
      method: "POST",
      url: "/api/users/password/",
      cookies,
      headers: { "x-csrftoken": cookies.csrftoken ?? "" },
      payload: { password: "brand new pass", password_confirm: "brand new pass" },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().user.require_password_reset).toBeNull();
    const after = await app.inject({ method: "GET", url: "/api/users/profile/", cookies });
    expect(after.json().account_setup.message).toBe(ACCOUNT_SETUP_EMAIL);
  });

  it("fails with the spec's message (two spaces) for a short recaptcha token", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/users/session-signup/",
      remoteAddress: ip(),
      payload: { email: uniqueEmail("bot"), content: "x", token: "short", auto_login_user: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(
      "Unable to login with this email.  Please refresh and try again.",
    );
    expect(res.json().detail).toBe(USER_CREATION_FAILED);
  });

  it("never signs anyone into an existing account by e-mail alone", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/users/session-signup/",
      remoteAddress: ip(),
      payload: { email: "buyer@payonce.test", token: "a-long-enough-token", auto_login_user: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(USER_CREATION_FAILED);
    expect(res.cookies.find((c) => c.name === "sessionid")).toBeUndefined();
  });
});

describe("POST /api/users/password/", () => {
  it("needs a session and validates the pair", async () => {
    const anon = await app.inject({
      method: "POST",
      url: "/api/users/password/",
      payload: { password: "abcdefgh", password_confirm: "abcdefgh" },
    });
    expect(anon.statusCode).toBe(401);
    const { creds } = await signup(uniqueEmail("pw"));
    const bad = await app.inject({
      method: "POST",
      url: "/api/users/password/",
      ...creds,
      payload: { password: "abcdefgh", password_confirm: "abcdefgX" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ password_confirm: [PASSWORDS_MUST_MATCH] });
  });

  it("ends the account's other sessions and keeps the current one", async () => {
    const email = uniqueEmail("rotate");
    const { creds } = await signup(email, "first password");
    const other = await app.login(email, "first password");
    const res = await app.inject({
      method: "POST",
      url: "/api/users/password/",
      ...creds,
      payload: {
        current_password: "first password",
        password: "second password",
        password_confirm: "second password",
      },
    });
    expect(res.statusCode).toBe(200);
    const me = async (c: Credentials) =>
      (await app.inject({ method: "GET", url: "/api/sessions/", cookies: c.cookies })).json().user;
    expect((await me(creds)).is_authenticated).toBe(true);
    expect((await me(other)).is_authenticated).toBe(false);
    await app.login(email, "second password");
  });
});

describe("password reset", () => {
  it("answers alike for a known and an unknown e-mail, and mails only the known", async () => {
    const email = uniqueEmail("reset");
    await signup(email, "old password 1");
    const known = await app.inject({
      method: "POST",
      url: "/api/users/password/reset/",
      remoteAddress: ip(),
      payload: { email },
    });
    const unknownEmail = uniqueEmail("ghost");
    const unknown = await app.inject({
      method: "POST",
      url: "/api/users/password/reset/",
      remoteAddress: ip(),
      payload: { email: unknownEmail },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ detail: RESET_SENT });
    expect(unknown.json()).toEqual(known.json());
    expect(await lastEmailTo(unknownEmail)).toBeUndefined();

    const mail = await lastEmailTo(email);
    expect(mail?.subject).toMatch(/reset/i);
    const path = linkIn(mail?.text ?? "", "/accounts/password/reset/");
    const token = path.split("/").filter(Boolean).pop() ?? "";
    expect(token.length).toBeGreaterThan(20);

    const confirm = await app.inject({
      method: "POST",
      url: "/api/users/password/reset/confirm/",
      payload: { token, password: "new password 2", password_confirm: "new password 2" },
    });
    expect(confirm.statusCode).toBe(200);
    await app.login(email, "new password 2");
    // The link proved the address: it is verified now. And it works once.
    const again = await app.inject({
      method: "POST",
      url: "/api/users/password/reset/confirm/",
      payload: { token, password: "new password 3", password_confirm: "new password 3" },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ token: [RESET_LINK_INVALID] });
    const [row] = await db.select().from(users).where(eq(users.email, email));
    expect(row?.requirePasswordReset).toBeNull();
  });

  it("validates the e-mail and refuses a made-up token", async () => {
    const bad = await app.inject({
      method: "POST",
      url: "/api/users/password/reset/",
      remoteAddress: ip(),
      payload: { email: "" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ email: [SIGNUP_EMAIL_INVALID] });
    const made = await app.inject({
      method: "POST",
      url: "/api/users/password/reset/confirm/",
      payload: { token: "made-up", password: "abcdefgh", password_confirm: "abcdefgh" },
    });
    expect(made.statusCode).toBe(400);
    expect(made.json()).toEqual({ token: [RESET_LINK_INVALID] });
  });

  it("rate-limits reset requests per e-mail with 429 and Retry-After", async () => {
    app.services.accounts.resetLimits();
    const email = uniqueEmail("flood");
    let last = await app.inject({ method: "GET", url: "/healthz" });
    for (let i = 0; i < 6; i++) {
      last = await app.inject({
        method: "POST",
        url: "/api/users/password/reset/",
        remoteAddress: ip(),
        payload: { email },
      });
    }
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers["retry-after"])).toBeGreaterThan(0);
    app.services.accounts.resetLimits();
  }, 30_000);
});

describe("e-mail settings", () => {
  async function emails(creds: Credentials) {
    const res = await app.inject({
      method: "GET",
      url: "/api/users/emails/",
      cookies: creds.cookies,
    });
    return res.json().emailaddress_list as Array<{
      email: string;
      verified: boolean;
      primary: boolean;
    }>;
  }
  const post = (creds: Credentials, payload: Record<string, unknown>) =>
    app.inject({
      method: "POST",
      url: "/api/users/emails/",
      remoteAddress: ip(),
      ...creds,
      payload,
    });

  it("needs a session", async () => {
    expect((await app.inject({ method: "GET", url: "/api/users/emails/" })).statusCode).toBe(401);
  });

  it("adds (with the password), verifies by link, makes primary and removes", async () => {
    const first = uniqueEmail("owner");
    const second = uniqueEmail("second");
    const { creds } = await signup(first, "owner password");
    expect(await emails(creds)).toEqual([
      { id: expect.any(Number), email: first, verified: false, primary: true },
    ]);

    const missing = await post(creds, { action: "add", email: "" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ email: [EMAIL_REQUIRED], password: [PASSWORD_REQUIRED] });

    const wrong = await post(creds, { action: "add", email: second, password: "not it at all" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().detail).toBe(PASSWORD_VALIDATION_FAILED);

    const added = await post(creds, { action: "add", email: second, password: "owner password" });
    expect(added.statusCode).toBe(200);
    expect(added.json().detail).toBe(EMAIL_ADDED);
    expect(added.json().emailaddress_list).toHaveLength(2);

    const taken = await post(creds, {
      action: "add",
      email: "buyer@payonce.test",
      password: "owner password",
    });
    expect(taken.statusCode).toBe(400);

    const notVerified = await post(creds, { action: "primary", email: second });
    expect(notVerified.statusCode).toBe(400);
    expect(notVerified.json()).toEqual({ email: [EMAIL_NOT_VERIFIED] });

    const resend = await post(creds, { action: "verify", email: second });
    expect(resend.statusCode).toBe(200);
    expect(resend.json().detail).toBe(VERIFICATION_SENT);

    const removePrimary = await post(creds, { action: "remove", email: first });
    expect(removePrimary.statusCode).toBe(400);
    expect(removePrimary.json()).toEqual({ email: [PRIMARY_EMAIL_CANNOT_BE_REMOVED] });

    const alreadyPrimary = await post(creds, { action: "primary", email: first });
    expect(alreadyPrimary.json()).toEqual({ email: [ALREADY_PRIMARY_EMAIL] });

    // Follow the link in the e-mail (the verify page calls the same service).
    const mail = await lastEmailTo(second);
    const token =
      linkIn(mail?.text ?? "", "/account/email/verify/")
        .split("/")
        .filter(Boolean)
        .pop() ?? "";
    expect(await app.services.accounts.verifyEmail(token)).toEqual({ email: second });
    expect(await app.services.accounts.verifyEmail(token)).toBeNull();

    const verifiedAgain = await post(creds, { action: "verify", email: second });
    expect(verifiedAgain.statusCode).toBe(400);
    expect(verifiedAgain.json()).toEqual({ email: [EMAIL_ALREADY_VERIFIED] });

    const primary = await post(creds, { action: "primary", email: second });
    expect(primary.statusCode).toBe(200);
    const list = await emails(creds);
    expect(list.find((e) => e.primary)?.email).toBe(second);
    const me = await app.inject({ method: "GET", url: "/api/sessions/", cookies: creds.cookies });
    expect(me.json().user).toMatchObject({ email: second, email_verified: true });

    const removed = await post(creds, { action: "remove", email: first });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().detail).toBe(EMAIL_REMOVED);
    expect((await emails(creds)).map((e) => e.email)).toEqual([second]);
  });

  it("refuses an unknown action and needs CSRF", async () => {
    const { creds } = await signup(uniqueEmail("csrf"));
    const bad = await post(creds, { action: "explode", email: "x@example.test" });
    expect(bad.statusCode).toBe(400);
    const noCsrf = await app.inject({
      method: "POST",
      url: "/api/users/emails/",
      cookies: creds.cookies,
      payload: { action: "verify", email: "x@example.test" },
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe("open redirects through next are impossible", () => {
  it("keeps only same-site relative paths", () => {
    for (const evil of [
      "//evil.com",
      "//evil.com/path",
      "https://evil.com",
      "http://evil.com/",
      "/\\evil.com",
      "\\\\evil.com",
      "/\t/evil.com",
      " //evil.com",
      "javascript:alert(1)",
      "evil.com",
      "///evil.com",
      "/%09/evil.com".replace("%09", "\t"),
      "",
    ]) {
      expect(safeNextPath(evil), evil).toBe("/");
    }
    expect(safeNextPath("/products/taskflow/reviews/new/?rating=5")).toBe(
      "/products/taskflow/reviews/new/?rating=5",
    );
    expect(safeNextPath("/account/email/#verify")).toBe("/account/email/#verify");
    // Encoded slashes in the path are refused too: a proxy that decodes them would see //evil.com.
    expect(safeNextPath("/%2F%2Fevil.com")).toBe("/");
  });

  it("Google sign-in without credentials answers a clear page, never a redirect", async () => {
    const res = await app.inject({
      method: "GET",
      url: "/api/users/login/google/?next=//evil.com",
    });
    expect(res.statusCode).toBe(501);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain("Google sign-in is not configured");
    expect(res.headers.location).toBeUndefined();
  });
});

describe("staff outbox API", () => {
  it("lists e-mails for staff only", async () => {
    expect((await app.inject({ method: "GET", url: "/api/staff/outbox/" })).statusCode).toBe(401);
    const buyer = await app.login("buyer@payonce.test");
    expect(
      (await app.inject({ method: "GET", url: "/api/staff/outbox/", cookies: buyer.cookies }))
        .statusCode,
    ).toBe(403);
    const email = uniqueEmail("listed");
    await signup(email);
    const staff = await app.login("staff@payonce.test", DEMO_PASSWORD);
    const res = await app.inject({
      method: "GET",
      url: "/api/staff/outbox/",
      cookies: staff.cookies,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().mail_provider).toBe("outbox");
    const mail = res.json().emails.find((e: { to: string }) => e.to === email);
    expect(mail.text).toContain("/account/email/verify/");
    // The worker delivers through the provider (here: kept in the outbox) and marks it done.
    while ((await app.services.outbox.runOnce()) > 0) {}
    const after = await app.inject({
      method: "GET",
      url: "/api/staff/outbox/",
      cookies: staff.cookies,
    });
    expect(after.json().emails.find((e: { to: string }) => e.to === email).status).toBe("done");
  });
});
