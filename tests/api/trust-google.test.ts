import { and, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GOOGLE_SIGN_IN_REFUSED } from "../../domain/messages";
import { outbox, userEmails, users } from "../../server/db/schema";
import { type Credentials, createTestApp } from "../helpers/app";

// Issue 31, "OAuth links only through verified primary addresses" (decision 050). Google is not
// configured here, so the service the callback calls is driven with the profile Google would
// have answered (an address Google verified).
const app = await createTestApp();
const { db } = app.database;
const google = app.services.accounts;

let ipCounter = 0;
const ip = () => `10.231.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
let n = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${++n}@example.test`;
const PASSWORD = "correct horse 31";

const post = (url: string, payload: Record<string, unknown>, creds?: Credentials) =>
  app.inject({ method: "POST", url, remoteAddress: ip(), ...creds, payload });

async function signup(email = uniqueEmail("owner")) {
  const res = await post("/api/users/signup/", {
    email,
    password: PASSWORD,
    password_confirm: PASSWORD,
  });
  expect(res.statusCode).toBe(201);
  const cookies: Record<string, string> = {};
  for (const c of res.cookies) cookies[c.name] = c.value;
  const creds: Credentials = { cookies, headers: { "x-csrftoken": cookies.csrftoken ?? "" } };
  return { email, creds, id: await app.userId(email) };
}

async function addAddress(creds: Credentials, email: string) {
  const res = await post("/api/users/emails/", { action: "add", email, password: PASSWORD }, creds);
  expect(res.statusCode).toBe(200);
}

async function verifyByLink(to: string) {
  const rows = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, "email"), sql`${outbox.payload}->>'to' = ${to}`))
    .orderBy(desc(outbox.id))
    .limit(1);
  const text = (rows[0]?.payload as { text?: string } | undefined)?.text ?? "";
  const token = text.match(/\/account\/email\/verify\/([A-Za-z0-9_-]+)\//)?.[1] ?? "";
  expect(await app.services.accounts.verifyEmail(token)).toEqual({ email: to });
}

const address = async (email: string) =>
  (await db.select().from(userEmails).where(eq(userEmails.email, email)))[0];
const account = async (id: number) => (await db.select().from(users).where(eq(users.id, id)))[0];

/** The refusal the callback turns into its 403 page. */
const refusal = { kind: "forbidden", message: GOOGLE_SIGN_IN_REFUSED };

describe("Google sign-in", () => {
  it("never signs a victim into the account that added their address as an unverified secondary", async () => {
    const attacker = await signup();
    const victimAddress = uniqueEmail("victim");
    await addAddress(attacker.creds, victimAddress);
    await expect(google.googleSignIn({ email: victimAddress })).rejects.toMatchObject(refusal);
    // Nothing changed: the address is not marked verified, the attacker keeps their password.
    expect((await address(victimAddress))?.verified).toBe(false);
    expect((await account(attacker.id))?.passwordHash).not.toBeNull();
    // And Google in capitals or with spaces is the same address.
    await expect(
      google.googleSignIn({ email: ` ${victimAddress.toUpperCase()} ` }),
    ).rejects.toMatchObject(refusal);
  });

  it("does not sign in through a verified secondary address either", async () => {
    const owner = await signup();
    const second = uniqueEmail("second");
    await addAddress(owner.creds, second);
    await verifyByLink(second);
    await expect(google.googleSignIn({ email: second })).rejects.toMatchObject(refusal);
  });

  it("does not sign in through an unverified primary, and leaves its password alone", async () => {
    const squatter = await signup();
    const before = await account(squatter.id);
    await expect(google.googleSignIn({ email: squatter.email })).rejects.toMatchObject(refusal);
    expect((await address(squatter.email))?.verified).toBe(false);
    expect((await account(squatter.id))?.passwordHash).toBe(before?.passwordHash);
  });

  it("signs in through the verified primary address", async () => {
    const owner = await signup();
    await verifyByLink(owner.email);
    expect(await google.googleSignIn({ email: owner.email.toUpperCase() })).toBe(owner.id);
  });

  it("creates a verified account for an address no account has", async () => {
    const email = uniqueEmail("fresh");
    const id = await google.googleSignIn({ email, firstName: "Ada", lastName: "Lovelace" });
    expect(await address(email)).toMatchObject({ userId: id, primary: true, verified: true });
    expect(await account(id)).toMatchObject({ requirePasswordReset: "NEW_ACCOUNT" });
  });
});
