/**
 * Operators' metrics (issue 34, server/http/metrics.ts): `GET /metrics` scraped after a short
 * load over a real socket (pages, API answers, cache hits before Fastify, a sign-up): Prometheus
 * text with request durations by route id (never a URL, a slug, an e-mail or a session), cache
 * verdicts by layer, the outbox backlog as the database holds it, partner webhook deliveries,
 * the pool (PostgreSQL), throttles and the default process metrics; readable from loopback
 * without a proxy header, or with the bearer token, and a 404 to anyone else.
 */
import http from "node:http";
import type net from "node:net";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appContext } from "../../app/context";
import { outbox } from "../../server/db/schema";
import type { PageHandler } from "../../server/http/react-router";
import { createTestApp, type TestApp } from "../helpers/app";

const TOKEN = "metrics-token-for-tests-0123456789";

/** A product page stand-in (API tests run without the React Router build). */
const handler: PageHandler = async (request, context) => {
  const { services } = context.get(appContext);
  const slug = new URL(request.url).pathname.split("/")[2] ?? "";
  const deal = await services.catalog.getDealDetails(slug);
  if (!deal) return new Response("Not found", { status: 404 });
  return new Response(`<!DOCTYPE html><html><body><h1>${deal.name}</h1></body></html>`, {
    headers: { "content-type": "text/html; charset=utf-8" },
  });
};

let app: TestApp;
let port = 0;

function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers["content-type"]),
          body,
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

/** The value of one sample line (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const ok = Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`));
    if (ok) return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return undefined;
}

let email = "";
let scraped = "";

beforeAll(async () => {
  app = await createTestApp({ pageHandler: handler, config: { metricsToken: TOKEN } });
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as net.AddressInfo).port;
  // A short load: a new member (a verification e-mail in the outbox), pages and API answers,
  // each asked often enough to be answered from the caches and then before Fastify.
  email = `metrics-${Date.now()}@example.test`;
  const signup = await app.inject({
    method: "POST",
    url: "/api/users/signup/",
    payload: { email, password: "correct horse 1", password_confirm: "correct horse 1" },
  });
  expect(signup.statusCode, signup.body).toBe(201);
  for (let i = 0; i < 5; i++) {
    expect((await get("/products/taskflow/")).status).toBe(200);
    expect((await get("/api/v2/deals/taskflow/details/")).status).toBe(200);
  }
  expect((await get("/no/such/page/at/all/")).status).toBe(404);
  const answer = await get("/metrics");
  expect(answer.status).toBe(200);
  scraped = answer.body;
});

afterAll(async () => {
  await app.close();
});

describe("GET /metrics", () => {
  it("answers Prometheus text with request durations by route id", () => {
    expect(scraped).toContain("# TYPE payonce_http_request_duration_seconds histogram");
    const details = sample(scraped, "payonce_http_request_duration_seconds_count", {
      method: "GET",
      route: "/api/v2/deals/:slug/details/",
      status: "200",
    });
    expect(details).toBe(5);
    // Pages by their route id, whichever path answered them (Fastify or before it).
    expect(
      sample(scraped, "payonce_http_request_duration_seconds_count", {
        route: "page:routes/product",
        status: "200",
      }),
    ).toBe(5);
  });

  it("counts cache verdicts by layer, hits before Fastify included", () => {
    const verdict = (layer: string, result: string) =>
      sample(scraped, "payonce_cache_requests_total", { layer, result }) ?? 0;
    expect(verdict("page", "miss")).toBe(1);
    expect(verdict("api", "miss")).toBe(1);
    // After the slow path's hit, the URL is known and answered before Fastify.
    expect(verdict("fast_path", "hit")).toBeGreaterThanOrEqual(6);
    expect(verdict("page", "hit") + verdict("api", "hit") + verdict("fast_path", "hit")).toBe(8);
  });

  it("reads the outbox backlog and the webhook deliveries as the database holds them", async () => {
    const [pending] = await app.database.db
      .select({ n: count() })
      .from(outbox)
      .where(eq(outbox.status, "pending"));
    expect(sample(scraped, "payonce_outbox_pending")).toBe(Number(pending?.n));
    expect(Number(pending?.n)).toBeGreaterThan(0);
    expect(sample(scraped, "payonce_outbox_oldest_due_seconds")).toBeGreaterThanOrEqual(0);
    for (const status of ["pending", "delivered", "failed"])
      expect(sample(scraped, "payonce_partner_webhook_deliveries", { status })).toBeTypeOf(
        "number",
      );
    expect(scraped).toContain("# TYPE payonce_throttled_total counter");
    if (app.database.kind === "postgres")
      expect(sample(scraped, "payonce_db_pool_connections", { state: "idle" })).toBeTypeOf(
        "number",
      );
    else expect(sample(scraped, "payonce_db_pool_connections", { state: "idle" })).toBeUndefined();
    expect(sample(scraped, "payonce_db_pool_waiting")).toBe(0);
  });

  it("has the default process metrics, and no URL, slug, e-mail or session in it", async () => {
    expect(sample(scraped, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(scraped).toContain("nodejs_eventloop_lag_seconds");
    const member = await app.inject({
      method: "POST",
      url: "/api/users/login/",
      payload: { email, password: "correct horse 1" },
    });
    const token = member.cookies.find((c) => c.name === "sessionid")?.value ?? "";
    expect(token).not.toBe("");
    await get("/products/taskflow/", { cookie: `sessionid=${token}` });
    const again = (await get("/metrics")).body;
    for (const leak of ["taskflow", "no/such", email, token]) expect(again).not.toContain(leak);
    // A page no route knows is the not-found route's, whatever its path.
    expect(
      sample(again, "payonce_http_request_duration_seconds_count", {
        route: "page:routes/not-found",
        status: "404",
      }),
    ).toBe(1);
  });

  it("is for loopback without a proxy header, or the bearer token; a 404 to anyone else", async () => {
    const direct = await get("/metrics");
    expect(direct.status).toBe(200);
    expect(direct.type).toMatch(/^text\/plain; version=0\.0\.4/);
    // Through a proxy on this host (Varnish adds X-Forwarded-For): the public's request.
    expect((await get("/metrics", { "x-forwarded-for": "203.0.113.9" })).status).toBe(404);
    const remote = (headers: Record<string, string> = {}) =>
      app.inject({ method: "GET", url: "/metrics", remoteAddress: "203.0.113.9", headers });
    expect((await remote()).statusCode).toBe(404);
    expect((await remote({ authorization: "Bearer wrong" })).statusCode).toBe(404);
    const bearer = await remote({ authorization: `Bearer ${TOKEN}` });
    expect(bearer.statusCode).toBe(200);
    expect(bearer.headers["cache-control"]).toBe("no-store");
    expect(bearer.body).toContain("payonce_http_request_duration_seconds");
  });
});
