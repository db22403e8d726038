import { describe, expect, it } from "vitest";
import { type Credentials, createTestApp, DEMO_PASSWORD } from "../helpers/app";

const app = await createTestApp();

/** POST /api/users/logout/ with the session's cookies, plus what the case sends. */
const logout = (
  creds: Credentials,
  extra: { headers?: Record<string, string>; payload?: string } = {},
) => app.inject({ method: "POST", url: "/api/users/logout/", cookies: creds.cookies, ...extra });

/** Whether GET /api/sessions/ still sees these cookies signed in. */
const signedIn = async (creds: Credentials) =>
  (await app.inject({ method: "GET", url: "/api/sessions/", cookies: creds.cookies })).json().user
    .is_authenticated as boolean;

describe("GET /api/sessions/", () => {
  it("answers an anonymous session and sets the csrftoken cookie", async () => {
    const res = await app.inject({ method: "GET", url: "/api/sessions/" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ currency: "USD", country: "US", country_currency: "USD" });
    expect(body.country_currency_symbol).toBe("$");
    expect(body.user).toMatchObject({
      is_authenticated: false,
      is_staff: false,
      email_verified: false,
    });
    const csrf = res.cookies.find((c) => c.name === "csrftoken");
    expect(csrf?.value).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(csrf?.httpOnly).toBeFalsy();
  });

  it("answers without the trailing slash too", async () => {
    const res = await app.inject({ method: "GET", url: "/api/sessions" });
    expect(res.statusCode).toBe(200);
  });

  it("shows the signed-in user with the User fields of the spec", async () => {
    const creds = await app.login("plus@payonce.test");
    const res = await app.inject({ method: "GET", url: "/api/sessions/", cookies: creds.cookies });
    expect(res.json().user).toMatchObject({
      email: "plus@payonce.test",
      is_authenticated: true,
      email_verified: true,
      is_staff: false,
      has_plus: true,
      comment_blacklist: false,
    });
    expect(res.json().user.number_of_purchases).toBeGreaterThanOrEqual(2);
  });

  it("reflects staff, unverified and blacklisted accounts", async () => {
    const staff = await app.login("staff@payonce.test");
    const unverified = await app.login("unverified@payonce.test");
    const blocked = await app.login("blocked@payonce.test");
    const user = async (cookies: Record<string, string>) =>
      (await app.inject({ method: "GET", url: "/api/sessions/", cookies })).json().user;
    expect(await user(staff.cookies)).toMatchObject({ is_staff: true, email_verified: true });
    expect(await user(unverified.cookies)).toMatchObject({ email_verified: false });
    expect(await user(blocked.cookies)).toMatchObject({ comment_blacklist: true });
  });
});

describe("POST /api/users/login/", () => {
  it("signs in with JSON and sets an httpOnly session cookie", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/users/login/",
      payload: { email: "buyer@payonce.test", password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: "buyer@payonce.test", is_authenticated: true });
    const session = res.cookies.find((c) => c.name === "sessionid");
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
  });

  it("signs in with a form body, e-mail case-insensitively", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/users/login",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `email=Buyer%40Payonce.test&password=${DEMO_PASSWORD}`,
    });
    expect(res.statusCode).toBe(200);
  });

  it("answers 400 with a field map for a wrong password or unknown e-mail, alike", async () => {
    const wrong = await app.inject({
      method: "POST",
      url: "/api/users/login/",
      payload: { email: "buyer@payonce.test", password: "nope-nope" },
    });
    const unknown = await app.inject({
      method: "POST",
      url: "/api/users/login/",
      payload: { email: "nobody@payonce.test", password: "nope-nope" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().non_field_errors).toHaveLength(1);
    expect(wrong.cookies.find((c) => c.name === "sessionid")).toBeUndefined();
  });

  it("answers 400 naming the missing fields", async () => {
    const res = await app.inject({ method: "POST", url: "/api/users/login/", payload: {} });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(["email", "password"]);
  });

  it("answers 400, not 500, for malformed JSON", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/users/login/",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
  });

  it("rotates the session: the cookie from before login no longer works", async () => {
    const first = await app.login("shopper@payonce.test");
    const second = await app.inject({
      method: "POST",
      url: "/api/users/login/",
      cookies: first.cookies,
      headers: first.headers,
      payload: { email: "shopper@payonce.test", password: DEMO_PASSWORD },
    });
    expect(second.statusCode).toBe(200);
    const newSession = second.cookies.find((c) => c.name === "sessionid")?.value;
    expect(newSession).toBeTruthy();
    expect(newSession).not.toBe(first.cookies.sessionid);
    const old = await app.inject({ method: "GET", url: "/api/sessions/", cookies: first.cookies });
    expect(old.json().user.is_authenticated).toBe(false);
  });

  it("refuses with 429 after repeated failures from one address; another address still logs in", async () => {
    let last = await app.inject({ method: "GET", url: "/healthz" });
    for (let i = 0; i < 11; i++) {
      last = await app.inject({
        method: "POST",
        url: "/api/users/login/",
        remoteAddress: "10.9.0.1",
        payload: { email: "reviewer@payonce.test", password: `wrong-${i}` },
      });
    }
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers["retry-after"])).toBeGreaterThan(0);
    // The right password is refused too from that address while the lock lasts.
    const locked = await app.inject({
      method: "POST",
      url: "/api/users/login/",
      remoteAddress: "10.9.0.1",
      payload: { email: "reviewer@payonce.test", password: DEMO_PASSWORD },
    });
    expect(locked.statusCode).toBe(429);
    // A stranger's failures do not lock the owner out: the owner's address still logs in.
    const owner = await app.inject({
      method: "POST",
      url: "/api/users/login/",
      remoteAddress: "10.9.0.2",
      payload: { email: "reviewer@payonce.test", password: DEMO_PASSWORD },
    });
    expect(owner.statusCode, owner.body).toBe(200);
  }, 60_000);

  it("counts attempts before the password check: 40 parallel guesses are mostly refused", async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        app.inject({
          method: "POST",
          url: "/api/users/login/",
          remoteAddress: "10.9.1.1",
          payload: { email: "moderator@payonce.test", password: `guess-${i}` },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    const refused = codes.filter((c) => c === 429).length;
    expect(codes.every((c) => c === 400 || c === 429)).toBe(true);
    // At most the pair's allowance (10) reaches the password check; fewer run at once.
    expect(refused).toBeGreaterThanOrEqual(30);
  }, 60_000);
});

describe("CSRF and logout", () => {
  it("refuses an unsafe request with a session cookie but no X-CSRFToken (403)", async () => {
    const creds = await app.login("buyer@payonce.test");
    const res = await logout(creds);
    expect(res.statusCode).toBe(403);
    const wrong = await logout(creds, { headers: { "x-csrftoken": "x".repeat(43) } });
    expect(wrong.statusCode).toBe(403);
    expect(await signedIn(creds)).toBe(true);
  });

  it("signs out with the matching header", async () => {
    const creds = await app.login("buyer@payonce.test");
    const res = await logout(creds, { headers: creds.headers });
    expect(res.statusCode).toBe(200);
    expect(await signedIn(creds)).toBe(false);
  });
});

describe("platform", () => {
  it("answers the health check", async () => {
    const res = await app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("ok");
  });

  it("serves an OpenAPI document generated from the route schemas", async () => {
    const res = await app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/sessions/", "/api/users/login/"]),
    );
    expect(JSON.stringify(doc.paths["/api/users/login/"])).toContain("password");
  });

  it("sends security headers", async () => {
    const res = await app.inject({ method: "GET", url: "/api/sessions/" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["x-frame-options"]).toBeDefined();
    // "no-referrer" would make browsers send `Origin: null` on plain form posts, which the CSRF
    // rules then refuse: forms without JavaScript would break.
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("answers 404 JSON for an unknown API path", async () => {
    const res = await app.inject({ method: "GET", url: "/api/nothing-here/" });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBeTruthy();
  });
});

describe("logout without JavaScript", () => {
  it("accepts the token as a form field and redirects home", async () => {
    const creds = await app.login("buyer@payonce.test");
    const res = await logout(creds, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `csrfmiddlewaretoken=${encodeURIComponent(creds.cookies.csrftoken ?? "")}`,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/");
    expect(await signedIn(creds)).toBe(false);
  });

  it("refuses a form field that does not match the cookie", async () => {
    const creds = await app.login("buyer@payonce.test");
    const res = await logout(creds, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "csrfmiddlewaretoken=forged-token-value-123456",
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("session lookups", () => {
  it("are skipped for the health check, whatever cookie is sent", async () => {
    const creds = await app.login("buyer@payonce.test");
    app.database.queries.reset();
    const res = await app.inject({ method: "GET", url: "/healthz", cookies: creds.cookies });
    expect(res.statusCode).toBe(200);
    // Liveness never touches the database.
    expect(app.database.queries.count).toBe(0);
    const ready = await app.inject({ method: "GET", url: "/readyz", cookies: creds.cookies });
    expect(ready.statusCode).toBe(200);
    // Only the readiness check's own `select 1`.
    expect(app.database.queries.count).toBe(1);
    app.database.queries.reset();
    await app.inject({ method: "GET", url: "/api/sessions/", cookies: creds.cookies });
    expect(app.database.queries.count).toBe(1);
  });
});
