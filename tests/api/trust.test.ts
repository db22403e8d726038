import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testConfig } from "../../server/config";
import { shortLinks } from "../../server/db/schema";
import { NUL_REFUSED } from "../../server/http/input-guard";
import { CROSS_SITE_REFUSED } from "../../server/http/login-csrf";
import { createTestApp, DEMO_PASSWORD } from "../helpers/app";

// The "Trust" rules: NUL bytes and database data errors are 400s, redirects stay on the site,
// and sign-in cannot be forced from another site (DESIGN.md, Conventions).

// A stand-in page renderer echoes what React Router would receive, body included.
const app = await createTestApp({
  pageHandler: async (request) => {
    const body = request.method === "POST" ? await request.text() : "";
    return new Response(`page ${new URL(request.url).pathname} ${body}`, { status: 200 });
  },
});
const publicUrl = testConfig().publicUrl.replace(/\/$/, "");
const FORM = { "content-type": "application/x-www-form-urlencoded" };

let address = 0;
const ip = () => `10.77.${Math.floor(++address / 250)}.${address % 250}`;

// Test-only routes that hand the database what the guards would normally stop.
app.get("/api/test-only/cast/:kind", { schema: { hide: true } }, async (request) => {
  const { kind } = request.params as { kind: string };
  const db = app.database.db;
  if (kind === "text") await db.execute(sql`select ${"12x"}::int`);
  if (kind === "range") await db.execute(sql`select ${"99999999999"}::int`);
  if (kind === "nul") await db.execute(sql`select ${"a\u0000b"}::text`);
  if (kind === "wrapped") {
    const cause = Object.assign(new Error("driver"), { code: "22P02" });
    throw Object.assign(new Error("Failed query: params: secret"), { cause });
  }
  return { ok: true };
});

describe("a NUL byte anywhere in the input is a 400", () => {
  it.each([
    "/api/v2/deals/%00/details/",
    "/api/modular/page/%00/",
    "/api/search/?query=%00",
    "/api/v2/deals/taskflow/reviews/?query=a%00b",
  ])("API GET %s", async (url) => {
    const res = await app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: NUL_REFUSED });
  });

  it.each([
    ["/api/users/login/", { email: "a\u0000@payonce.test", password: "x" }],
    ["/api/users/login/", { email: "a@payonce.test", password: "x\u0000" }],
    ["/api/email-signup/", { email: "a@payonce.test", "x\u0000": "key" }],
    ["/api/cart/coupon/", { code: "SAVE\u0000" }],
  ])("API JSON body to %s", async (url, payload) => {
    const res = await app.inject({ method: "POST", url, payload, remoteAddress: ip() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: NUL_REFUSED });
  });

  it("API form and multipart bodies", async () => {
    const form = await app.inject({
      method: "POST",
      url: "/api/users/login/",
      headers: FORM,
      payload: "email=a%00b%40payonce.test&password=x",
      remoteAddress: ip(),
    });
    expect(form.statusCode).toBe(400);
    const multipart = await app.inject({
      method: "POST",
      url: "/api/email-signup/",
      headers: { "content-type": "multipart/form-data; boundary=b" },
      payload:
        '--b\r\nContent-Disposition: form-data; name="email"\r\n\r\na\u0000@x.com\r\n--b--\r\n',
      remoteAddress: ip(),
    });
    expect(multipart.statusCode).toBe(400);
    expect(multipart.json()).toEqual({ detail: NUL_REFUSED });
  });

  it.each([
    "/products/%00/",
    "/collections/%00/",
    "/%00/",
    "/browse?query=%00",
    "/email/unsubscribe/%00/",
  ])("page GET %s is a plain 400", async (url) => {
    const res = await app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toContain("text/plain");
  });

  it("page form posts are judged on their decoded fields, and otherwise reach the page intact", async () => {
    for (const url of ["/accounts/login/", "/email/unsubscribe/abc/", "/cart"]) {
      const bad = await app.inject({
        method: "POST",
        url,
        headers: FORM,
        payload: "email=a%00b&password=x",
      });
      expect(bad.statusCode, url).toBe(400);
    }
    const good = await app.inject({
      method: "POST",
      url: "/accounts/login/",
      headers: FORM,
      payload: "email=a%40b.com&password=x%2500",
    });
    expect(good.statusCode).toBe(200);
    expect(good.body).toBe("page /accounts/login/ email=a%40b.com&password=x%2500");
  });
});

describe("database data errors are the client's input, not a 500", () => {
  it.each(["text", "range", "nul", "wrapped"])("%s", async (kind) => {
    const res = await app.inject({ method: "GET", url: `/api/test-only/cast/${kind}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: "Invalid input." });
  });
});

describe("malformed and multipart sign-up bodies", () => {
  const multipart = (body: string, boundary = "b") => ({
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: body,
    remoteAddress: ip(),
  });

  it.each([
    ["truncated", '--b\r\nContent-Disposition: form-data; name="email"\r\n\r\nx@y.com\r\n--b'],
    ["no closing boundary", '--b\r\nContent-Disposition: form-data; name="email"\r\n\r\nx'],
    ["garbage", "\u0001\u0002garbage"],
  ])("e-mail sign-up with a %s multipart body answers 400", async (_name, body) => {
    const res = await app.inject({ method: "POST", url: "/api/email-signup/", ...multipart(body) });
    expect(res.statusCode).toBe(400);
  });

  it("a multipart body without a usable boundary answers 400", async () => {
    for (const type of [
      "multipart/form-data",
      `multipart/form-data; boundary=${"x".repeat(300)}`,
    ]) {
      const res = await app.inject({
        method: "POST",
        url: "/api/email-signup/",
        headers: { "content-type": type },
        payload: "--x\r\n",
        remoteAddress: ip(),
      });
      expect(res.statusCode, type).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, type).toBeLessThan(500);
    }
  });

  it("the waitlist takes the multipart variant of the e-mail sign-up", async () => {
    const body = [
      '--b\r\nContent-Disposition: form-data; name="waitlist_email"\r\n\r\nwaiting@payonce.test\r\n',
      '--b\r\nContent-Disposition: form-data; name="deal_slug"\r\n\r\ntaskflow\r\n--b--\r\n',
    ].join("");
    const res = await app.inject({ method: "POST", url: "/api/waitlist/", ...multipart(body) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email_subscribed: true });
    const bad = await app.inject({
      method: "POST",
      url: "/api/waitlist/",
      ...multipart('--b\r\nContent-Disposition: form-data; name="waitlist_email"\r\n\r\nx'),
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("redirects to a client-supplied target stay on the site", () => {
  it("the e-mail sign-up form returns to a safe path only", async () => {
    for (const next of ["/.//evil.com", "//evil.com", "/%2f%2fevil.com", "https://evil.com"]) {
      const res = await app.inject({
        method: "POST",
        url: "/api/email-signup/",
        headers: FORM,
        payload: `email=${encodeURIComponent(`r${address}@payonce.test`)}&next=${encodeURIComponent(next)}`,
        remoteAddress: ip(),
      });
      expect(res.statusCode, next).toBe(303);
      expect(res.headers.location, next).toMatch(/^\/\?email_signup=/);
    }
    const ok = await app.inject({
      method: "POST",
      url: "/api/email-signup/",
      headers: FORM,
      payload: "email=home%40payonce.test&next=%2Fproducts%2Ftaskflow%2F",
      remoteAddress: ip(),
    });
    expect(ok.headers.location).toBe("/products/taskflow/?email_signup=success");
  });

  it("Google sign-in keeps only a safe next", async () => {
    const res = await app.inject({
      method: "GET",
      url: "/api/users/login/google/?next=/.//evil.com",
    });
    expect(res.headers.location ?? "").not.toContain("evil.com");
  });

  it("short links are made only for deal, review and question pages", async () => {
    for (const link of ["/.//evil.com/login", "/accounts/login/", "/%2f%2fevil.com/products/x/"]) {
      const res = await app.inject({
        method: "POST",
        url: "/api/short-links/deal/taskflow/",
        payload: { link },
        remoteAddress: ip(),
      });
      expect(res.statusCode, link).toBe(400);
      expect(res.json().link[0]).toMatch(/deal, review and question pages/);
    }
    for (const link of [
      "/products/taskflow/reviews/",
      `${publicUrl}/products/taskflow/questions/`,
    ]) {
      const res = await app.inject({
        method: "POST",
        url: "/api/short-links/deal/taskflow/",
        payload: { link },
        remoteAddress: ip(),
      });
      expect(res.statusCode, link).toBe(200);
    }
  });

  it("a stored link that leaves the site is not followed", async () => {
    await app.database.db.insert(shortLinks).values({
      code: "evilOld1",
      kind: "deal",
      key: "taskflow",
      url: "/.//evil.com/login",
    });
    const res = await app.inject({ method: "GET", url: "/s/evilOld1" });
    expect(res.statusCode).toBe(404);
  });
});

describe("sign-in cannot be forced from another site (login CSRF)", () => {
  const login = { email: "shopper@payonce.test", password: DEMO_PASSWORD };
  const cases = [
    ["/api/users/login/", login],
    [
      "/api/users/signup/",
      { email: "csrf-new@payonce.test", password: "long-pass-1", password_confirm: "long-pass-1" },
    ],
    [
      "/api/users/session-signup/",
      { email: "csrf-s@payonce.test", content: "x", token: "a-long-enough-token" },
    ],
  ] as const;

  it.each(cases)("%s refuses a cross-site Origin with 403", async (url, payload) => {
    for (const headers of [
      { origin: "https://evil.example" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { origin: "https://evil.example", "sec-fetch-site": "cross-site", cookie: "csrftoken=x" },
    ]) {
      const res = await app.inject({ method: "POST", url, payload, headers, remoteAddress: ip() });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual({ detail: CROSS_SITE_REFUSED });
    }
  });

  it("a cookie but no Origin and no token is refused; the CSRF token is enough", async () => {
    const refused = await app.inject({
      method: "POST",
      url: "/api/users/login/",
      payload: login,
      cookies: { csrftoken: "a".repeat(32) },
      remoteAddress: ip(),
    });
    expect(refused.statusCode).toBe(403);
    const token = "b".repeat(32);
    const allowed = await app.inject({
      method: "POST",
      url: "/api/users/login/",
      payload: login,
      cookies: { csrftoken: token },
      headers: { "x-csrftoken": token, origin: "https://evil.example" },
      remoteAddress: ip(),
    });
    expect(allowed.statusCode).toBe(200);
  });

  it("same-origin browsers and non-browser clients sign in", async () => {
    for (const headers of [
      { origin: publicUrl },
      // inject's own origin (the Host header it sends).
      { origin: "http://localhost:80" },
      { "sec-fetch-site": "same-origin" },
      { "sec-fetch-site": "none" },
      {},
    ]) {
      const res = await app.inject({
        method: "POST",
        url: "/api/users/login/",
        payload: login,
        headers,
        remoteAddress: ip(),
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it.each([
    "/accounts/login/",
    "/accounts/signup/",
    "/accounts/login",
    "/ACCOUNTS/LOGIN/",
    "/accounts/login.data",
    "/accounts/login/_.data",
  ])("the page %s refuses a cross-site form post", async (url) => {
    const res = await app.inject({
      method: "POST",
      url,
      headers: { ...FORM, origin: "https://evil.example" },
      payload: "email=shopper%40payonce.test&password=x",
    });
    expect(res.statusCode).toBe(403);
    const same = await app.inject({
      method: "POST",
      url,
      headers: { ...FORM, origin: publicUrl },
      payload: "email=shopper%40payonce.test&password=x",
    });
    expect(same.statusCode).toBe(200);
  });
});
