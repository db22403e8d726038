import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PASSWORD_VALIDATION_FAILED } from "../../domain/messages";
import { deals } from "../../server/db/schema";
import { MESSAGES } from "../../server/services/discussions/write-context";
import { type Credentials, createTestApp, DEMO_PASSWORD } from "../helpers/app";

// The "Trust" issue's session findings: a stolen session cookie must not be enough to change the
// password, and unverified sign-ups must not move a review's helpful count.

const app = await createTestApp();

let address = 0;
const ip = () => `10.88.${Math.floor(++address / 250)}.${address % 250}`;
let n = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${++n}@example.test`;

const credsOf = (res: { cookies: { name: string; value: string }[] }): Credentials => {
  const cookies: Record<string, string> = {};
  for (const c of res.cookies) cookies[c.name] = c.value;
  return { cookies, headers: { "x-csrftoken": cookies.csrftoken ?? "" } };
};

async function signup(email: string, password: string) {
  const res = await app.inject({
    method: "POST",
    url: "/api/users/signup/",
    remoteAddress: ip(),
    payload: { email, password, password_confirm: password },
  });
  expect(res.statusCode, res.body).toBe(201);
  return credsOf(res);
}

const changePassword = (creds: Credentials, payload: Record<string, string>) =>
  app.inject({
    method: "POST",
    url: "/api/users/password/",
    remoteAddress: ip(),
    cookies: creds.cookies,
    headers: creds.headers,
    payload,
  });

describe("changing the password", () => {
  it("needs the current password when the account has one", async () => {
    const email = uniqueEmail("takeover");
    const creds = await signup(email, "original password");
    const missing = await changePassword(creds, {
      password: "attacker password",
      password_confirm: "attacker password",
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ current_password: [PASSWORD_VALIDATION_FAILED] });
    const wrong = await changePassword(creds, {
      current_password: "a guess",
      password: "attacker password",
      password_confirm: "attacker password",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ current_password: [PASSWORD_VALIDATION_FAILED] });
    // The password is unchanged.
    await app.login(email, "original password");

    const right = await changePassword(creds, {
      current_password: "original password",
      password: "the owner's new one",
      password_confirm: "the owner's new one",
    });
    expect(right.statusCode, right.body).toBe(200);
    await app.login(email, "the owner's new one");
  });

  it("lets an account without a password (session sign-up) set one without it", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/users/session-signup/",
      remoteAddress: ip(),
      payload: { email: uniqueEmail("checkout"), token: "a-long-enough-token" },
    });
    expect(res.statusCode, res.body).toBe(201);
    const set = await changePassword(credsOf(res), {
      password: "first password",
      password_confirm: "first password",
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().user.require_password_reset).toBeNull();
    // Now it has one: the next change needs it.
    const again = await changePassword(credsOf(res), {
      password: "second password",
      password_confirm: "second password",
    });
    expect(again.statusCode).toBe(400);
  });

  it("keeps the page action to the same rule", async () => {
    const { action } = await import("../../app/routes/account/password-update");
    const { appContext } = await import("../../app/context");
    const email = uniqueEmail("page");
    const creds = await signup(email, "original password");
    const session = await app.services.sessions.load(creds.cookies.sessionid);
    const context = {
      get: (_key: typeof appContext) => ({ services: app.services, session, clientIp: ip() }),
    };
    const submit = (fields: Record<string, string>) =>
      action({
        request: new Request("http://localhost/account/password/update/", {
          method: "POST",
          body: new URLSearchParams(fields),
        }),
        context,
      } as unknown as Parameters<typeof action>[0]);
    const refused = (await submit({
      password: "attacker password",
      password_confirm: "attacker password",
    })) as { data: { errors: Record<string, string[]> }; init: { status: number } };
    expect(refused.init.status).toBe(400);
    expect(refused.data.errors.current_password).toEqual([PASSWORD_VALIDATION_FAILED]);
    const done = (await submit({
      current_password: "original password",
      password: "owner password 2",
      password_confirm: "owner password 2",
    })) as Response;
    expect(done.status).toBe(302);
    await app.login(email, "owner password 2");
  });
});

describe("helpful votes", () => {
  it("refuses an unverified account with 403 and says why", async () => {
    const [deal] = await app.database.db
      .select({ id: deals.id })
      .from(deals)
      .where(eq(deals.slug, "taskflow"));
    const list = await app.inject({
      method: "GET",
      url: `/api/v2/deals/${deal?.id}/reviews/?items_per_page=1`,
    });
    const target = (list.json() as { comments: { id: number }[] }).comments[0];
    const path = `/api/v2/deals/${deal?.id}/reviews/${target?.id}/vote/`;
    const unverified = await app.login("unverified@payonce.test", DEMO_PASSWORD);
    const refused = await app.send("POST", path, { direction: 1 }, unverified);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: MESSAGES.verifyToVote });
    const shopper = await app.login("shopper@payonce.test", DEMO_PASSWORD);
    const counted = await app.send("POST", path, { direction: 1 }, shopper);
    expect(counted.statusCode, counted.body).toBe(200);
  });
});
