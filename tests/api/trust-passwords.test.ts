import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import type { appContext } from "../../app/context";
import * as emailPage from "../../app/routes/account/email";
import * as passwordPage from "../../app/routes/account/password-update";
import { testConfig } from "../../server/config";
import { pageCookies } from "../../server/web/cookies";
import { type Credentials, createTestApp } from "../helpers/app";

// Issue 31, "one password check": every door that takes a password checks it under the login
// throttle (services/accounts/password-check.ts), so a session left open is no faster way to
// guess the account's password than the login form.
const app = await createTestApp();

let ipCounter = 0;
/** A fresh client address per call, so the per-address limits of one test do not leak. */
const ip = () => `10.31.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
let n = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${++n}@example.test`;
const PASSWORD = "correct horse 31";

async function signup() {
  const email = uniqueEmail("guess");
  const res = await app.inject({
    method: "POST",
    url: "/api/users/signup/",
    remoteAddress: ip(),
    payload: { email, password: PASSWORD, password_confirm: PASSWORD },
  });
  expect(res.statusCode).toBe(201);
  const cookies: Record<string, string> = {};
  for (const c of res.cookies) cookies[c.name] = c.value;
  const creds: Credentials = { cookies, headers: { "x-csrftoken": cookies.csrftoken ?? "" } };
  return { email, creds };
}

/** How to send one guess of an operation's password (wrong or right) from `address`. */
type Guess = (
  account: { email: string; creds: Credentials },
  password: string,
  address: string,
) => Promise<LightMyRequestResponse>;

const post = (
  url: string,
  payload: Record<string, unknown>,
  address: string,
  creds?: Credentials,
): Promise<LightMyRequestResponse> =>
  app.inject({ method: "POST", url, remoteAddress: address, ...creds, payload });

/** Every operation that checks a password the account already has. */
const checked: Record<string, { field: string; guess: Guess }> = {
  "POST /api/users/login/": {
    field: "password",
    guess: ({ email }, password, address) =>
      post("/api/users/login/", { email, password }, address),
  },
  "POST /api/users/emails/": {
    field: "password",
    guess: ({ creds }, password, address) =>
      post(
        "/api/users/emails/",
        { action: "add", email: uniqueEmail("added"), password },
        address,
        creds,
      ),
  },
  "POST /api/users/password/": {
    field: "current_password",
    guess: ({ creds }, password, address) =>
      post(
        "/api/users/password/",
        { current_password: password, password: "brand new 31", password_confirm: "brand new 31" },
        address,
        creds,
      ),
  },
};

/** Operations whose password fields only choose a new password: no existing one is checked. */
const choosesNew: Record<string, string> = {
  "POST /api/users/signup/": "a new account's password (sign-ups are throttled per address)",
  "POST /api/users/password/reset/confirm/":
    "a new password; the e-mailed single-use token is the proof",
};

const PASSWORD_FIELD = /pass(word)?|pwd|passphrase/i;

type Schema = { properties?: Record<string, Schema>; anyOf?: Schema[]; allOf?: Schema[] };
type Operation = { requestBody?: { content?: Record<string, { schema?: Schema }> } };

function fieldsOf(schema: Schema | undefined, out = new Set<string>()): Set<string> {
  if (!schema) return out;
  for (const [key, inner] of Object.entries(schema.properties ?? {})) {
    out.add(key);
    fieldsOf(inner, out);
  }
  for (const part of [...(schema.anyOf ?? []), ...(schema.allOf ?? [])]) fieldsOf(part, out);
  return out;
}

async function passwordOperations(): Promise<Map<string, string[]>> {
  const res = await app.inject({ method: "GET", url: "/api/openapi.json" });
  expect(res.statusCode).toBe(200);
  const doc = res.json() as { paths: Record<string, Record<string, Operation>> };
  const found = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const fields = new Set<string>();
      for (const media of Object.values(op.requestBody?.content ?? {})) {
        fieldsOf(media.schema, fields);
      }
      const passwords = [...fields].filter((f) => PASSWORD_FIELD.test(f)).sort();
      if (passwords.length) found.set(`${method.toUpperCase()} ${path}`, passwords);
    }
  }
  return found;
}

/** Wrong guesses from one address until refused; the number sent is returned with the last. */
async function guessUntilRefused(guess: Guess, account: { email: string; creds: Credentials }) {
  const address = ip();
  let last: LightMyRequestResponse | undefined;
  let sent = 0;
  while (sent < 25) {
    last = await guess(account, `wrong-guess-${sent}`, address);
    sent++;
    if (last.statusCode === 429) break;
  }
  return { last, sent, address };
}

describe("e-mail add checks the password under the login throttle", () => {
  it("refuses 25 wrong passwords with 429, and then the right one while throttled", async () => {
    const account = await signup();
    const address = ip();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await post(
        "/api/users/emails/",
        { action: "add", email: uniqueEmail("taken"), password: `wrong-${i}` },
        address,
        account.creds,
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toContain(429);
    expect(statuses.at(-1)).toBe(429);
    const right = await post(
      "/api/users/emails/",
      { action: "add", email: uniqueEmail("taken"), password: PASSWORD },
      address,
      account.creds,
    );
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers["retry-after"])).toBeGreaterThan(0);
    const list = await app.inject({ method: "GET", url: "/api/users/emails/", ...account.creds });
    expect(list.json().emailaddress_list).toHaveLength(1);
  }, 60_000);

  it("shares its count with the login form: guesses there count against e-mail add", async () => {
    const account = await signup();
    const address = ip();
    for (let i = 0; i < 10; i++) {
      await post("/api/users/login/", { email: account.email, password: `no-${i}` }, address);
    }
    const add = await post(
      "/api/users/emails/",
      { action: "add", email: uniqueEmail("shared"), password: "still-wrong" },
      address,
      account.creds,
    );
    expect(add.statusCode).toBe(429);
  }, 60_000);
});

describe("every operation that takes a password (from the OpenAPI document)", () => {
  it("is known: it checks a password or only chooses a new one", async () => {
    const found = await passwordOperations();
    const unknown = [...found.keys()].filter((op) => !(op in checked) && !(op in choosesNew));
    expect(unknown).toEqual([]);
    // The tables name no operation that is gone, and each checked field is in the document.
    for (const [op, { field }] of Object.entries(checked)) expect(found.get(op)).toContain(field);
    for (const op of Object.keys(choosesNew)) expect(found.has(op)).toBe(true);
  });

  it.each(Object.keys(checked))(
    "%s throttles repeated wrong passwords with 429",
    async (op) => {
      const entry = checked[op];
      if (!entry) throw new Error(`no guess for ${op}`);
      const account = await signup();
      const { last, sent, address } = await guessUntilRefused(entry.guess, account);
      expect(last?.statusCode).toBe(429);
      expect(sent).toBeLessThanOrEqual(11);
      // While refused, even the right password does not get through.
      const right = await entry.guess(account, PASSWORD, address);
      expect(right.statusCode).toBe(429);
    },
    60_000,
  );
});

// The page doors (forms without JavaScript) call the same services, so they share the count.
async function pageContext(token: string, clientIp: string) {
  const session = await app.services.sessions.load(token);
  const value = {
    services: app.services,
    session,
    clientIp,
    publicConfig: { reportListingUrl: "", publicUrl: "http://localhost" },
    cookies: pageCookies(testConfig()),
    cspNonce: "test-nonce",
  };
  return { get: (_key: typeof appContext) => value } as never;
}

const pageForm = (path: string, fields: Record<string, string>) =>
  new Request(`http://localhost${path}`, { method: "POST", body: new URLSearchParams(fields) });

type PageAnswer = { init: { status?: number } | null };

type PageAction = (args: { request: Request; context: never; params: object }) => Promise<unknown>;

const pageDoors: Record<
  string,
  (password: string) => [string, Record<string, string>, PageAction]
> = {
  "the e-mail settings page (add)": (password) => [
    "/account/email/",
    { action: "add", email: uniqueEmail("page"), password },
    emailPage.action as unknown as PageAction,
  ],
  "the password page": (password) => [
    "/account/password/update/",
    { current_password: password, password: "brand new 31", password_confirm: "brand new 31" },
    passwordPage.action as unknown as PageAction,
  ],
};

describe.each(Object.keys(pageDoors))("%s", (name) => {
  it("refuses repeated wrong passwords with 429, the right one too while refused", async () => {
    const door = pageDoors[name] as (typeof pageDoors)[string];
    const account = await signup();
    const token = account.creds.cookies.sessionid ?? "";
    const address = ip();
    const send = async (password: string) => {
      const [path, fields, action] = door(password);
      const request = pageForm(path, fields);
      const answer = (await action({
        request,
        context: await pageContext(token, address),
        params: {},
      })) as PageAnswer;
      return answer.init?.status;
    };
    const statuses: Array<number | undefined> = [];
    for (let i = 0; i < 11; i++) statuses.push(await send(`wrong-page-${i}`));
    expect(statuses.at(-1)).toBe(429);
    expect(await send(PASSWORD)).toBe(429);
  }, 60_000);
});
