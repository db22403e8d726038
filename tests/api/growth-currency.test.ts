import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { INVALID_CHOICE } from "../../domain/messages";
import { currencyRates } from "../../server/db/schema";
import { createTestApp } from "../helpers/app";

// POST /api/sessions/set-currency/ and the staff-kept rates (spec 000 sections 3, 7 and 9).
const app = await createTestApp();

const cookiesOf = (res: { cookies: { name: string; value: string }[] }) =>
  Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));

describe("POST /api/sessions/set-currency/", () => {
  it("creates a session for an anonymous visitor, stores EUR and reads it back", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/sessions/set-currency/",
      payload: { currency: "eur" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ currency: "EUR", exchange_rate: 0.92 });
    const cookies = cookiesOf(res);
    expect(cookies.sessionid).toBeTruthy();
    expect(res.cookies.find((c) => c.name === "sessionid")?.httpOnly).toBe(true);
    const session = await app.inject({ method: "GET", url: "/api/sessions/", cookies });
    expect(session.json()).toMatchObject({ currency: "EUR", exchange_rate: 0.92 });
  });

  it("answers without the trailing slash, and keeps the same session when one exists", async () => {
    const creds = await app.login("shopper@payonce.test");
    const res = await app.inject({
      method: "POST",
      url: "/api/sessions/set-currency",
      cookies: creds.cookies,
      headers: creds.headers,
      payload: { currency: "GBP" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === "sessionid")).toBeUndefined();
    const session = await app.inject({
      method: "GET",
      url: "/api/sessions/",
      cookies: creds.cookies,
    });
    expect(session.json()).toMatchObject({ currency: "GBP", exchange_rate: 0.79 });
    expect(session.json().user.email).toBe("shopper@payonce.test");
  });

  it("answers 400 with a field map for a currency that is not offered", async () => {
    for (const currency of ["XYZ", "JPY", "euro", ""]) {
      const res = await app.inject({
        method: "POST",
        url: "/api/sessions/set-currency/",
        payload: { currency },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ currency: [INVALID_CHOICE] });
    }
    const missing = await app.inject({
      method: "POST",
      url: "/api/sessions/set-currency/",
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().currency).toBeDefined();
  });

  it("offers the visitor's local currency when it has a rate (CAD in Canada)", async () => {
    const elsewhere = await app.inject({
      method: "POST",
      url: "/api/sessions/set-currency/",
      payload: { currency: "CAD" },
    });
    expect(elsewhere.statusCode).toBe(400);
    const canada = await app.inject({
      method: "POST",
      url: "/api/sessions/set-currency/",
      headers: { "cf-ipcountry": "CA" },
      payload: { currency: "CAD" },
    });
    expect(canada.statusCode).toBe(200);
    expect(canada.json()).toMatchObject({ currency: "CAD", exchange_rate: 1.36 });
  });

  it("still requires the CSRF header once a session cookie is sent", async () => {
    const first = await app.inject({
      method: "POST",
      url: "/api/sessions/set-currency/",
      payload: { currency: "AUD" },
    });
    const cookies = cookiesOf(first);
    const refused = await app.inject({
      method: "POST",
      url: "/api/sessions/set-currency/",
      cookies,
      payload: { currency: "INR" },
    });
    expect(refused.statusCode).toBe(403);
    const session = await app.inject({ method: "GET", url: "/api/sessions/", cookies });
    const csrf = cookiesOf(session).csrftoken ?? cookies.csrftoken;
    const ok = await app.inject({
      method: "POST",
      url: "/api/sessions/set-currency/",
      cookies: { ...cookies, csrftoken: csrf as string },
      headers: { "x-csrftoken": csrf as string },
      payload: { currency: "INR" },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ currency: "INR", exchange_rate: 83.2 });
  });

  it("reads a stored currency without a rate back as USD at 1", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/sessions/set-currency/",
      headers: { "cf-ipcountry": "CA" },
      payload: { currency: "CAD" },
    });
    const cookies = cookiesOf(res);
    await app.database.db.delete(currencyRates).where(eq(currencyRates.currency, "CAD"));
    const session = await app.inject({ method: "GET", url: "/api/sessions/", cookies });
    expect(session.json()).toMatchObject({ currency: "USD", exchange_rate: 1 });
  });
});

describe("PUT /api/currency-rates/{code}/", () => {
  it("lets staff update a rate, which the session then reports", async () => {
    const staff = await app.login("staff@payonce.test");
    const res = await app.inject({
      method: "PUT",
      url: "/api/currency-rates/GBP/",
      cookies: staff.cookies,
      headers: staff.headers,
      payload: { rate: 0.8 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ currency: "GBP", rate: 0.8, symbol: "£" });
    const set = await app.inject({
      method: "POST",
      url: "/api/sessions/set-currency/",
      payload: { currency: "GBP" },
    });
    const session = await app.inject({
      method: "GET",
      url: "/api/sessions/",
      cookies: cookiesOf(set),
    });
    expect(session.json()).toMatchObject({ currency: "GBP", exchange_rate: 0.8 });
    const list = await app.inject({ method: "GET", url: "/api/currency-rates/" });
    expect(list.json().results).toContainEqual({ currency: "GBP", rate: 0.8, symbol: "£" });
  });

  it("refuses shoppers (403) and anonymous visitors (401)", async () => {
    const shopper = await app.login("buyer@payonce.test");
    const res = await app.inject({
      method: "PUT",
      url: "/api/currency-rates/EUR/",
      cookies: shopper.cookies,
      headers: shopper.headers,
      payload: { rate: 2 },
    });
    expect(res.statusCode).toBe(403);
    const anonymous = await app.inject({
      method: "PUT",
      url: "/api/currency-rates/EUR/",
      payload: { rate: 2 },
    });
    expect(anonymous.statusCode).toBe(401);
    const rows = await app.database.db
      .select()
      .from(currencyRates)
      .where(eq(currencyRates.currency, "EUR"));
    expect(Number(rows[0]?.rate)).toBe(0.92);
  });

  it("requires a positive rate and a currency code other than USD", async () => {
    const staff = await app.login("staff@payonce.test");
    const put = (code: string, payload: Record<string, unknown>) =>
      app.inject({
        method: "PUT",
        url: `/api/currency-rates/${code}/`,
        cookies: staff.cookies,
        headers: staff.headers,
        payload,
      });
    for (const rate of [0, -1, "abc", null]) {
      const res = await put("EUR", { rate });
      expect(res.statusCode).toBe(400);
      expect(res.json().rate).toBeDefined();
    }
    expect((await put("USD", { rate: 2 })).statusCode).toBe(400);
    expect((await put("EURO", { rate: 2 })).statusCode).toBe(400);
  });
});
