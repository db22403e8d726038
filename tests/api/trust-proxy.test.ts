import { describe, expect, it } from "vitest";
import { action as loginAction } from "../../app/routes/accounts/login";
import { loadConfig } from "../../server/config";
import type { PageHandler } from "../../server/http/react-router";
import { createTestApp, DEMO_PASSWORD } from "../helpers/app";

// The "Trust" issue's proxy finding: behind a TLS proxy (PUBLIC_URL https://shop.example, the
// proxy's X-Forwarded-Proto/-Host/-For) page forms must keep working, and the client address the
// rate limits use is the forwarded one only when TRUST_PROXY trusts the proxy.

/**
 * React Router's own check before any action (lib/actions.js throwIfPotentialCSRFAttack: the
 * Origin header must equal the request URL's origin, else 400), then the real log-in action.
 */
const pageHandler: PageHandler = async (request, context) => {
  const origin = request.headers.get("origin");
  if (request.method === "POST" && origin && origin !== new URL(request.url).origin) {
    return new Response("origin does not match the request URL", { status: 400 });
  }
  if (new URL(request.url).pathname === "/accounts/login/" && request.method === "POST") {
    const answer = await loginAction({ request, context, params: {} } as never);
    return answer instanceof Response ? answer : new Response("refused", { status: 400 });
  }
  return new Response("page", { status: 200 });
};

const PUBLIC = "https://shop.example";
const config = { publicUrl: `${PUBLIC}/`, cookieSecure: true };
const direct = await createTestApp({ config, pageHandler });
const proxied = await createTestApp({
  config: { ...config, trustProxy: ["10.0.0.0/8"] },
  pageHandler,
});
for (const app of [direct, proxied]) {
  app.get("/api/test-only/client-address/", { schema: { hide: true } }, async (request) => ({
    ip: request.ip,
    protocol: request.protocol,
    host: request.host,
  }));
}

const PROXY = "10.1.2.3";
const forwarded = (client: string) => ({
  "x-forwarded-proto": "https",
  "x-forwarded-host": "shop.example",
  "x-forwarded-for": client,
});

const formLogin = (app: typeof direct, client: string, origin = PUBLIC, password = DEMO_PASSWORD) =>
  app.inject({
    method: "POST",
    url: "/accounts/login/",
    remoteAddress: PROXY,
    headers: {
      ...forwarded(client),
      host: "app-internal:3000",
      origin,
      "content-type": "application/x-www-form-urlencoded",
    },
    payload: new URLSearchParams({ email: "shopper@payonce.test", password, next: "/" }).toString(),
  });

describe("a form login through a TLS proxy", () => {
  it.each([
    ["TRUST_PROXY unset (PUBLIC_URL's origin)", direct],
    ["TRUST_PROXY trusting the proxy", proxied],
  ])("signs in with %s", async (_name, app) => {
    const res = await formLogin(app, "203.0.113.7");
    expect([302, 303], res.body).toContain(res.statusCode);
    expect(res.headers.location).toBe("/");
    expect(res.cookies.find((c) => c.name === "sessionid")?.value).toBeTruthy();
  });

  it("still refuses another site's form", async () => {
    const res = await formLogin(direct, "203.0.113.8", "https://evil.example");
    expect(res.statusCode).toBe(403);
    expect(res.cookies.find((c) => c.name === "sessionid")).toBeUndefined();
  });

  it("lets a signed-in page form from PUBLIC_URL's origin through the CSRF rule", async () => {
    const creds = await direct.login("shopper@payonce.test");
    const res = await direct.inject({
      method: "POST",
      url: "/account/profile/",
      remoteAddress: PROXY,
      cookies: creds.cookies,
      headers: {
        ...forwarded("203.0.113.9"),
        origin: PUBLIC,
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: "first_name=Ada",
    });
    expect(res.statusCode, res.body).toBe(200);
    const evil = await direct.inject({
      method: "POST",
      url: "/account/profile/",
      cookies: creds.cookies,
      headers: {
        origin: "https://evil.example",
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: "first_name=Eve",
    });
    expect(evil.statusCode).toBe(403);
  });
});

describe("the client address", () => {
  const ask = (app: typeof direct, remoteAddress: string) =>
    app.inject({
      method: "GET",
      url: "/api/test-only/client-address/",
      remoteAddress,
      headers: forwarded("203.0.113.10"),
    });

  it("is the socket's when TRUST_PROXY is unset", async () => {
    expect((await ask(direct, PROXY)).json()).toEqual({
      ip: PROXY,
      protocol: "http",
      host: "localhost:80",
    });
  });

  it("is the forwarded one only from a trusted proxy", async () => {
    expect((await ask(proxied, PROXY)).json()).toEqual({
      ip: "203.0.113.10",
      protocol: "https",
      host: "shop.example",
    });
    // A client outside TRUST_PROXY's list cannot pick its own address.
    expect((await ask(proxied, "198.51.100.1")).json().ip).toBe("198.51.100.1");
  });

  it("is what the login throttle counts", async () => {
    for (const app of [direct, proxied]) {
      app.services.accounts.resetLimits();
      await formLogin(app, "203.0.113.11", PUBLIC, "wrong password");
    }
    const pair = (address: string) => `shopper@payonce.test|${address}`;
    const used = async (app: typeof direct, address: string) =>
      (await app.services.limits.consume("login.pair", pair(address))).used;
    expect(await used(proxied, "203.0.113.11")).toBe(2);
    expect(await used(direct, "203.0.113.11")).toBe(1);
    expect(await used(direct, PROXY)).toBe(2);
  });
});

describe("TRUST_PROXY", () => {
  const parse = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
  it("is false by default, or true, a hop count, or addresses and CIDRs", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(parse("false")).toBe(false);
    expect(parse("true")).toBe(true);
    expect(parse("2")).toBe(2);
    expect(parse("10.0.0.0/8, 127.0.0.1,::1,loopback")).toEqual([
      "10.0.0.0/8",
      "127.0.0.1",
      "::1",
      "loopback",
    ]);
    expect(() => parse("10.0.0.0/8,proxy.internal")).toThrow(/TRUST_PROXY/);
  });
});
