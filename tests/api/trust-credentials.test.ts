import { and, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outbox, userEmails } from "../../server/db/schema";
import { RESET_LINK_INVALID } from "../../server/services/accounts/accounts";
import { type Credentials, createTestApp } from "../helpers/app";

// Issue 31, "credentials changes void old links": a password change, a new primary e-mail and a
// used reset link spend every outstanding reset and verification link of the account and end
// its other sessions (the session that made a change stays; a reset ends them all).
const app = await createTestApp();
const { db } = app.database;

let ipCounter = 0;
const ip = () => `10.131.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
let n = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${++n}@example.test`;
const PASSWORD = "correct horse 31";

const credsOf = (res: { cookies: Array<{ name: string; value: string }> }): Credentials => {
  const cookies: Record<string, string> = {};
  for (const c of res.cookies) cookies[c.name] = c.value;
  return { cookies, headers: { "x-csrftoken": cookies.csrftoken ?? "" } };
};

const post = (url: string, payload: Record<string, unknown>, creds?: Credentials) =>
  app.inject({ method: "POST", url, remoteAddress: ip(), ...creds, payload });

/** The token of the newest e-mailed link to `to` whose path starts with `path`. */
async function tokenMailed(to: string, path: string): Promise<string> {
  const rows = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, "email"), sql`${outbox.payload}->>'to' = ${to}`))
    .orderBy(desc(outbox.id))
    .limit(1);
  const text = (rows[0]?.payload as { text?: string } | undefined)?.text ?? "";
  const match = text.match(new RegExp(`${path}([A-Za-z0-9_-]+)/`));
  const token = match?.[1] ?? "";
  expect(token.length).toBeGreaterThan(20);
  return token;
}

const signedIn = async (creds: Credentials) =>
  (await app.inject({ method: "GET", url: "/api/sessions/", ...creds })).json().user
    .is_authenticated as boolean;

/**
 * An account with a verified second address (so it can become primary), an outstanding
 * verification link for a third, an outstanding reset link, and two sessions: `creds` (where
 * the change is made) and `other` (another device).
 */
async function account() {
  const email = uniqueEmail("owner");
  const res = await post("/api/users/signup/", {
    email,
    password: PASSWORD,
    password_confirm: PASSWORD,
  });
  expect(res.statusCode).toBe(201);
  const creds = credsOf(res);
  const second = uniqueEmail("second");
  expect(
    (await post("/api/users/emails/", { action: "add", email: second, password: PASSWORD }, creds))
      .statusCode,
  ).toBe(200);
  const secondToken = await tokenMailed(second, "/account/email/verify/");
  expect(await app.services.accounts.verifyEmail(secondToken)).toEqual({ email: second });
  const third = uniqueEmail("third");
  expect(
    (await post("/api/users/emails/", { action: "add", email: third, password: PASSWORD }, creds))
      .statusCode,
  ).toBe(200);
  const verification = await tokenMailed(third, "/account/email/verify/");
  expect((await post("/api/users/password/reset/", { email })).statusCode).toBe(200);
  const reset = await tokenMailed(email, "/accounts/password/reset/");
  const other = credsOf(await post("/api/users/login/", { email, password: PASSWORD }));
  expect(await signedIn(other)).toBe(true);
  return { email, second, third, creds, other, verification, reset };
}

type Account = Awaited<ReturnType<typeof account>>;

const triggers: Record<string, { change: (a: Account) => Promise<void>; keepsCurrent: boolean }> = {
  "a password change": {
    keepsCurrent: true,
    change: async (a) => {
      const res = await post(
        "/api/users/password/",
        {
          current_password: PASSWORD,
          password: "changed pass 31",
          password_confirm: "changed pass 31",
        },
        a.creds,
      );
      expect(res.statusCode).toBe(200);
    },
  },
  "a primary e-mail change": {
    keepsCurrent: true,
    change: async (a) => {
      const res = await post("/api/users/emails/", { action: "primary", email: a.second }, a.creds);
      expect(res.statusCode).toBe(200);
    },
  },
  "a used reset link": {
    keepsCurrent: false,
    change: async (a) => {
      // A second reset link, used: the first (a.reset) must die with it.
      expect((await post("/api/users/password/reset/", { email: a.email })).statusCode).toBe(200);
      const used = await tokenMailed(a.email, "/accounts/password/reset/");
      expect(used).not.toBe(a.reset);
      const res = await post("/api/users/password/reset/confirm/", {
        token: used,
        password: "reset pass 31",
        password_confirm: "reset pass 31",
      });
      expect(res.statusCode).toBe(200);
    },
  },
};

describe.each(Object.keys(triggers))("after %s", (name) => {
  const trigger = triggers[name] as (typeof triggers)[string];

  it("an outstanding reset link no longer sets a password", async () => {
    const a = await account();
    await trigger.change(a);
    expect(await app.services.accounts.resetTokenValid(a.reset)).toBe(false);
    const late = await post("/api/users/password/reset/confirm/", {
      token: a.reset,
      password: "attacker pass 31",
      password_confirm: "attacker pass 31",
    });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ token: [RESET_LINK_INVALID] });
    const login = await post("/api/users/login/", { email: a.email, password: "attacker pass 31" });
    expect(login.statusCode).toBe(400);
  }, 60_000);

  it("an outstanding verification link no longer verifies its address", async () => {
    const a = await account();
    await trigger.change(a);
    expect(await app.services.accounts.verifyEmail(a.verification)).toBeNull();
    const [row] = await db.select().from(userEmails).where(eq(userEmails.email, a.third));
    expect(row?.verified).toBe(false);
  }, 60_000);

  it("the account's other sessions end", async () => {
    const a = await account();
    await trigger.change(a);
    expect(await signedIn(a.other)).toBe(false);
    expect(await signedIn(a.creds)).toBe(trigger.keepsCurrent);
  }, 60_000);
});

describe("links still work when nothing changed", () => {
  it("a fresh link after a change works (voiding spends only the old ones)", async () => {
    const a = await account();
    await triggers["a password change"]?.change(a);
    expect((await post("/api/users/password/reset/", { email: a.email })).statusCode).toBe(200);
    const fresh = await tokenMailed(a.email, "/accounts/password/reset/");
    expect(await app.services.accounts.resetTokenValid(fresh)).toBe(true);
  }, 60_000);
});
