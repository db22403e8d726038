/**
 * The anonymous product-page HTML cache (server/http/page-cache.ts) end to end through Fastify:
 * hits, bypasses, cookies, invalidation by domain events, expiry at the page's next time boundary,
 * and a Redis-backed cache shared by two app instances. Pages are rendered by a small stand-in for
 * the React Router build (API tests run without a build) that reads the same services the real
 * product page does, so a stale page shows stale numbers.
 */
import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appContext } from "../../app/context";
import { cartItems, carts, deals, sessions } from "../../server/db/schema";
import type { PageHandler } from "../../server/http/react-router";
import { fixedClock } from "../../server/providers/clock";
import { hashToken } from "../../server/services/accounts/sessions";
import { type Credentials, createTestApp, type TestApp } from "../helpers/app";

/** A product page stand-in: the deal's public numbers, the clock, and a render counter. */
function pageRenderer() {
  const renders = { count: 0 };
  const handler: PageHandler = async (request, context) => {
    renders.count++;
    const { services, session } = context.get(appContext);
    const slug = new URL(request.url).pathname.split("/")[2] ?? "";
    const deal = await services.catalog.getDealDetails(slug);
    if (!deal) return new Response("Not found", { status: 404 });
    const headers = new Headers({ "content-type": "text/html; charset=utf-8" });
    if (request.headers.get("x-test-set-cookie"))
      headers.append("set-cookie", "tracking=1; Path=/");
    const html = [
      `<h1>${deal.name}</h1>`,
      `<p>reviews ${deal.deal_review.review_count}</p>`,
      `<p>questions ${deal.deal_comment.comment_count}</p>`,
      `<p>user ${session?.user?.email ?? "anonymous"} currency ${session?.currency ?? "USD"}</p>`,
      `<p>render ${renders.count}</p>`,
    ].join("");
    return new Response(`<!DOCTYPE html><html><body>${html}</body></html>`, { headers });
  };
  return { renders, handler };
}

const clock = fixedClock(new Date());
const page = pageRenderer();
let app: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  app = await createTestApp({ clock, pageHandler: page.handler });
  for (const row of await app.database.db.select({ id: deals.id, slug: deals.slug }).from(deals))
    ids[row.slug] = row.id;
});

const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join("; ");

function get(url: string, who?: Credentials, headers: Record<string, string> = {}) {
  return app.inject({
    method: "GET",
    url,
    headers: { ...(who ? { cookie: cookieHeader(who.cookies) } : {}), ...headers },
  });
}

describe("anonymous product pages", () => {
  it("are rendered once, then served from the cache with the identical body", async () => {
    const first = await get("/products/taskflow/");
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-cache"]).toBe("MISS");
    const rendersAfterFirst = page.renders.count;
    const second = await get("/products/taskflow/");
    expect(second.headers["x-cache"]).toBe("HIT");
    expect(second.body).toBe(first.body);
    expect(second.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.renders.count).toBe(rendersAfterFirst);
    // Without the trailing slash it is the same page.
    expect((await get("/products/taskflow")).headers["x-cache"]).toBe("HIT");
  });

  it("send the stored gzip copy to clients that accept gzip", async () => {
    const plain = await get("/products/taskflow/");
    const res = await app.inject({
      method: "GET",
      url: "/products/taskflow/",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(res.headers["x-cache"]).toBe("HIT");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gunzipSync(res.rawPayload).toString("utf8")).toBe(plain.body);
    expect(plain.headers["content-encoding"]).toBeUndefined();
  });

  it("answer HEAD from the cache without a body", async () => {
    const res = await app.inject({ method: "HEAD", url: "/products/taskflow/" });
    expect(res.headers["x-cache"]).toBe("HIT");
    expect(res.body).toBe("");
  });

  it("set no cookie on a shared hit, and a visitor with a session their own CSRF cookie", async () => {
    // Without a session: no cookie (a shared cache may keep the answer), public (decision 057).
    const hit = await get("/products/taskflow/");
    expect(hit.headers["x-cache"]).toBe("HIT");
    expect(hit.headers["set-cookie"]).toBeUndefined();
    expect(hit.headers["cache-control"]).toMatch(/^public, /);
    // With a session cookie: their own token, on an answer no shared cache keeps.
    const session = { cookie: "sessionid=no-such-session" };
    const withSession = await get("/products/taskflow/", undefined, session);
    expect(withSession.headers["x-cache"]).toBe("HIT");
    expect(withSession.headers["cache-control"]).toBe("private, no-cache");
    expect(withSession.cookies.map((c) => c.name)).toEqual(["csrftoken"]);
    const token = withSession.cookies[0]?.value ?? "";
    // Each visitor gets a token of their own.
    const other = (await get("/products/taskflow/", undefined, session)).cookies[0]?.value;
    expect(other).toBeTruthy();
    expect(other).not.toBe(token);
    // A visitor who has one keeps it: no Set-Cookie at all.
    const again = await get("/products/taskflow/", undefined, {
      cookie: `sessionid=no-such-session; csrftoken=${token}`,
    });
    expect(again.headers["x-cache"]).toBe("HIT");
    expect(again.headers["set-cookie"]).toBeUndefined();
  });

  it("never store a page that sets a cookie", async () => {
    const withCookie = await get("/products/pixelforge/", undefined, { "x-test-set-cookie": "1" });
    expect(withCookie.headers["x-cache"]).toBe("MISS");
    expect(withCookie.cookies.map((c) => c.name)).toContain("tracking");
    const next = await get("/products/pixelforge/");
    expect(next.headers["x-cache"]).toBe("MISS");
    expect(next.cookies.map((c) => c.name)).not.toContain("tracking");
    expect((await get("/products/pixelforge/")).headers["x-cache"]).toBe("HIT");
  });

  it("share the page across tracking parameters, and bypass any other query", async () => {
    expect((await get("/products/taskflow/?utm_source=news&gclid=1")).headers["x-cache"]).toBe(
      "HIT",
    );
    const before = page.renders.count;
    const paged = await get("/products/taskflow/?page=2");
    expect(paged.headers["x-cache"]).toBe("BYPASS");
    expect(page.renders.count).toBe(before + 1);
  });

  it("are not cached when they do not exist", async () => {
    const res = await get("/products/no-such-deal/");
    expect(res.statusCode).toBe(404);
    expect(res.headers["x-cache"]).toBe("MISS");
    expect((await get("/products/no-such-deal/")).headers["x-cache"]).toBe("MISS");
  });

  it("leave other pages alone (no X-Cache)", async () => {
    const res = await get("/cart/");
    expect(res.headers["x-cache"]).toBeUndefined();
  });
});

describe("personal pages bypass the cache", () => {
  it("staff get a fresh render (BYPASS) showing them", async () => {
    const staff = await app.login("staff@payonce.test");
    const before = page.renders.count;
    const res = await get("/products/taskflow/", staff);
    expect(res.headers["x-cache"]).toBe("BYPASS");
    expect(res.body).toContain("user staff@payonce.test");
    expect(page.renders.count).toBe(before + 1);
    // And the anonymous page was not replaced by theirs.
    const anon = await get("/products/taskflow/");
    expect(anon.headers["x-cache"]).toBe("HIT");
    expect(anon.body).toContain("user anonymous");
  });

  it("an anonymous session with a cart bypasses; its currency keys a page of its own", async () => {
    const { token } = await app.services.sessions.start(null, null);
    const id = hashToken(token);
    await app.database.db.update(sessions).set({ currency: "EUR" }).where(eq(sessions.id, id));
    const visitor: Credentials = { cookies: { sessionid: token }, headers: {} };
    const first = await get("/products/taskflow/", visitor);
    expect(first.headers["x-cache"]).toBe("MISS");
    expect(first.body).toContain("currency EUR");
    const second = await get("/products/taskflow/", visitor);
    expect(second.headers["x-cache"]).toBe("HIT");
    expect(second.body).toBe(first.body);
    // USD visitors still get the USD page.
    expect((await get("/products/taskflow/")).body).toContain("currency USD");

    const [cart] = await app.database.db
      .insert(carts)
      .values({ sessionId: id })
      .returning({ id: carts.id });
    await app.database.db
      .insert(cartItems)
      .values({ cartId: cart?.id as number, dealId: ids.taskflow as number });
    expect((await get("/products/taskflow/", visitor)).headers["x-cache"]).toBe("BYPASS");
  });
});

describe("invalidation by domain events", () => {
  async function call(method: "POST", url: string, who: Credentials, payload: object) {
    return app.inject({
      method,
      url,
      payload: payload as Record<string, unknown>,
      headers: { ...who.headers, cookie: cookieHeader(who.cookies) },
    });
  }

  it("approving a review refreshes the deal's page (and only that deal's)", async () => {
    const buyer = await app.login("buyer@payonce.test");
    const created = await call("POST", `/api/v2/deals/${ids.taskflow}/reviews/`, buyer, {
      title: "Cached no more",
      rating: 5,
      comment: "The page must show this review once approved.",
    });
    expect(created.statusCode, created.body).toBe(201);
    const reviewId = (created.json() as { id: number }).id;
    await get("/products/taskflow/");
    await get("/products/pixelforge/");
    const stale = await get("/products/taskflow/");
    expect(stale.headers["x-cache"]).toBe("HIT");
    const count = Number(/reviews (\d+)/.exec(stale.body)?.[1]);

    const moderator = await app.login("moderator@payonce.test");
    const approved = await call(
      "POST",
      `/api/v2/deals/${ids.taskflow}/reviews/${reviewId}/approve/`,
      moderator,
      { approved: "approved" },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const fresh = await get("/products/taskflow/");
    expect(fresh.headers["x-cache"]).toBe("MISS");
    expect(fresh.body).toContain(`reviews ${count + 1}`);
    expect((await get("/products/pixelforge/")).headers["x-cache"]).toBe("HIT");
  });

  it("answering a question refreshes the deal's page", async () => {
    const [question] = (
      await app.inject({ method: "GET", url: `/api/v2/deals/${ids.taskflow}/questions/` })
    ).json().comments as { id: number }[];
    expect(question).toBeDefined();
    await get("/products/taskflow/");
    expect((await get("/products/taskflow/")).headers["x-cache"]).toBe("HIT");
    const partner = await app.login("partner@payonce.test");
    const answer = await call("POST", `/api/v2/deals/${ids.taskflow}/questions/`, partner, {
      parent: question?.id,
      comment: "Yes: it does, since version 2.",
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect((await get("/products/taskflow/")).headers["x-cache"]).toBe("MISS");
  });

  it("a staff restock and a currency rate change refresh pages", async () => {
    await get("/products/mailbeam/");
    expect((await get("/products/mailbeam/")).headers["x-cache"]).toBe("HIT");
    const staff = await app.login("staff@payonce.test");
    const restock = await call("POST", "/api/staff/deals/mailbeam/restock/", staff, {});
    expect(restock.statusCode, restock.body).toBe(200);
    expect((await get("/products/mailbeam/")).headers["x-cache"]).toBe("MISS");

    expect((await get("/products/taskflow/")).headers["x-cache"]).toBe("HIT");
    await app.services.currency.setRate(
      { id: await app.userId("staff@payonce.test"), email: "staff@payonce.test", role: "staff" },
      "EUR",
      0.9,
    );
    expect((await get("/products/taskflow/")).headers["x-cache"]).toBe("MISS");
  });
});

describe("expiry at the page's next time boundary", () => {
  it("a page whose timer ends is served until then, and rendered afresh after", async () => {
    const now = clock.now();
    await app.database.db
      .update(deals)
      .set({
        startDate: new Date(now.getTime() - 20 * 86_400_000),
        endDate: new Date(now.getTime() + 10 * 86_400_000),
        activeTimer: true,
        nextStage: "inactive",
        nextStageStartDate: new Date(now.getTime() + 120_000),
      })
      .where(eq(deals.slug, "quickcrm"));
    expect((await get("/products/quickcrm/")).headers["x-cache"]).toBe("MISS");
    clock.advance(119_000);
    expect((await get("/products/quickcrm/")).headers["x-cache"]).toBe("HIT");
    clock.advance(1_000);
    expect((await get("/products/quickcrm/")).headers["x-cache"]).toBe("MISS");
  });

  it("a page with nothing ahead lives for the max TTL", async () => {
    await get("/products/freebie-kit/");
    clock.advance(299_000);
    expect((await get("/products/freebie-kit/")).headers["x-cache"]).toBe("HIT");
    clock.advance(1_000);
    expect((await get("/products/freebie-kit/")).headers["x-cache"]).toBe("MISS");
  });
});

describe("Redis-backed cache shared between two app instances", () => {
  const redisUrl = "redis://127.0.0.1:6379";
  const prefix = `payonce-test:${randomBytes(6).toString("hex")}:`;
  const a = pageRenderer();
  const b = pageRenderer();
  let appA: TestApp;
  let appB: TestApp;

  beforeAll(async () => {
    const config = { redisUrl, redisKeyPrefix: prefix };
    appA = await createTestApp({ config, pageHandler: a.handler });
    appB = await createTestApp({ config, pageHandler: b.handler });
  });

  afterAll(async () => {
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it("a page rendered by one instance is a hit on the other, byte for byte", async () => {
    const first = await appA.inject({ method: "GET", url: "/products/taskflow/" });
    expect(first.headers["x-cache"]).toBe("MISS");
    const other = await appB.inject({ method: "GET", url: "/products/taskflow/" });
    expect(other.headers["x-cache"]).toBe("HIT");
    expect(other.body).toBe(first.body);
    expect(b.renders.count).toBe(0);
    const redis = new Redis(redisUrl);
    expect(await redis.exists(`${prefix}page:/products/taskflow/|USD`)).toBe(1);
    await redis.quit();
  });

  it("an event on one instance invalidates the page for both", async () => {
    await appA.services.pageEvents.dealChanged(ids.taskflow as number);
    const res = await appB.inject({ method: "GET", url: "/products/taskflow/" });
    expect(res.headers["x-cache"]).toBe("MISS");
    expect(b.renders.count).toBe(1);
    expect(
      (await appA.inject({ method: "GET", url: "/products/taskflow/" })).headers["x-cache"],
    ).toBe("HIT");
    await appB.services.pageEvents.allPagesChanged();
    expect(
      (await appA.inject({ method: "GET", url: "/products/taskflow/" })).headers["x-cache"],
    ).toBe("MISS");
  });
});
