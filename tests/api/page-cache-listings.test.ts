/**
 * The anonymous page cache beyond the product page (server/http/page-cache.ts): home,
 * collections, taxonomy, browse and a deal's review and question lists. Each is a hit after a
 * miss, bypassed for signed-in visitors, invalidated by the right events and expired at its
 * next time boundary; and pages and JSON answers are compressed by Accept-Encoding
 * (server/http/compression.ts). Pages are rendered by a stand-in for the React Router build that
 * lists a deal's public numbers, so a stale page shows stale numbers.
 */
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { appContext } from "../../app/context";
import { campaigns, deals } from "../../server/db/schema";
import type { PageHandler } from "../../server/http/react-router";
import { fixedClock } from "../../server/providers/clock";
import { type Credentials, createTestApp, type TestApp } from "../helpers/app";

const renders = { count: 0 };
/** Any page: the path, taskflow's review count (as a listing's card shows), the visitor. */
const handler: PageHandler = async (request, context) => {
  renders.count++;
  const { services, session } = context.get(appContext);
  const url = new URL(request.url);
  const slug = url.pathname.startsWith("/products/") ? url.pathname.split("/")[2] : "taskflow";
  const deal = await services.catalog.getDealDetails(slug ?? "");
  if (!deal) return new Response("Not found", { status: 404 });
  const html = [
    `<h1>${url.pathname}</h1>`,
    `<p>${deal.name} reviews ${deal.deal_review.review_count}</p>`,
    `<p>user ${session?.user?.email ?? "anonymous"}</p>`,
    `<p>render ${renders.count}</p>`,
    // Enough text to be worth compressing.
    `<p>${"Lifetime deals, paid once. ".repeat(100)}</p>`,
  ].join("");
  return new Response(`<!DOCTYPE html><html><body>${html}</body></html>`, {
    headers: { "content-type": "text/html; charset=utf-8" },
  });
};

const clock = fixedClock(new Date());
let app: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  app = await createTestApp({ clock, pageHandler: handler });
  for (const row of await app.database.db.select({ id: deals.id, slug: deals.slug }).from(deals))
    ids[row.slug] = row.id;
});

const cookieHeader = (who?: Credentials) =>
  who
    ? {
        cookie: Object.entries(who.cookies)
          .map(([k, v]) => `${k}=${v}`)
          .join("; "),
      }
    : {};

function get(url: string, who?: Credentials, headers: Record<string, string> = {}) {
  return app.inject({ method: "GET", url, headers: { ...cookieHeader(who), ...headers } });
}

const xCache = async (url: string) => (await get(url)).headers["x-cache"];

const LISTINGS = [
  "/",
  "/browse/",
  "/collections/rising-stars/",
  "/collections/best-for/marketing/",
  "/productivity/",
  "/productivity/project-management/",
];
const DISCUSSIONS = ["/products/taskflow/reviews/", "/products/taskflow/questions/"];

describe("listing and discussion list pages", () => {
  it.each([...LISTINGS, ...DISCUSSIONS])("%s is a hit after a miss", async (url) => {
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-cache"]).toBe("MISS");
    const before = renders.count;
    const second = await get(url);
    expect(second.headers["x-cache"]).toBe("HIT");
    expect(second.body).toBe(first.body);
    expect(renders.count).toBe(before);
    // Without the trailing slash it is the same page.
    if (url !== "/") expect(await xCache(url.slice(0, -1))).toBe("HIT");
  });

  it("any other query than tracking parameters bypasses (browse: its first page only)", async () => {
    expect(await xCache("/browse/?utm_source=news")).toBe("HIT");
    expect(await xCache("/browse/?q=crm")).toBe("BYPASS");
    expect(await xCache("/?page=2")).toBe("BYPASS");
    expect(await xCache("/products/taskflow/reviews/?sort=oldest")).toBe("BYPASS");
  });

  it("pages that are not listings stay out of the cache", async () => {
    for (const url of [
      "/cart/",
      "/accounts/login/",
      "/products/taskflow/reviews/new/",
      "/a/b/c/d/",
    ])
      expect(await xCache(url), url).toBeUndefined();
  });

  it("staff get a fresh render, and the shared page stays anonymous", async () => {
    const shopper = await app.login("staff@payonce.test");
    for (const url of ["/", "/collections/rising-stars/", "/products/taskflow/reviews/"]) {
      const before = renders.count;
      const res = await get(url, shopper);
      expect(res.headers["x-cache"], url).toBe("BYPASS");
      expect(res.body).toContain("user staff@payonce.test");
      expect(renders.count).toBe(before + 1);
      const anon = await get(url);
      expect(anon.headers["x-cache"], url).toBe("HIT");
      expect(anon.body).toContain("user anonymous");
    }
  });
});

describe("invalidation", () => {
  it("a new approved review refreshes that deal's lists and every listing, no other deal's", async () => {
    await get("/products/pixelforge/reviews/");
    for (const url of [...LISTINGS, ...DISCUSSIONS, "/products/pixelforge/reviews/"])
      expect(await xCache(url), url).toBe("HIT");
    const count = Number(/reviews (\d+)/.exec((await get("/")).body)?.[1]);

    const buyer = await app.login("buyer@payonce.test");
    const created = await app.inject({
      method: "POST",
      url: `/api/v2/deals/${ids.taskflow}/reviews/`,
      payload: { title: "Listed", rating: 5, comment: "Every listing must count this review." },
      headers: { ...buyer.headers, ...cookieHeader(buyer) },
    });
    expect(created.statusCode, created.body).toBe(201);
    const moderator = await app.login("moderator@payonce.test");
    const approved = await app.inject({
      method: "POST",
      url: `/api/v2/deals/${ids.taskflow}/reviews/${(created.json() as { id: number }).id}/approve/`,
      payload: { approved: "approved" },
      headers: { ...moderator.headers, ...cookieHeader(moderator) },
    });
    expect(approved.statusCode, approved.body).toBe(200);

    for (const url of [...LISTINGS, ...DISCUSSIONS]) {
      const res = await get(url);
      expect(res.headers["x-cache"], url).toBe("MISS");
      expect(res.body).toContain(`reviews ${count + 1}`);
    }
    expect(await xCache("/products/pixelforge/reviews/")).toBe("HIT");
  });

  it("an all-pages change (a currency rate) refreshes every page", async () => {
    for (const url of [...LISTINGS, ...DISCUSSIONS]) expect(await xCache(url), url).toBe("HIT");
    await app.services.currency.setRate(
      { id: await app.userId("staff@payonce.test"), email: "staff@payonce.test", role: "staff" },
      "EUR",
      0.91,
    );
    for (const url of [...LISTINGS, ...DISCUSSIONS]) expect(await xCache(url), url).toBe("MISS");
  });
});

describe("expiry at the next time boundary of anything listed", () => {
  it("a listed deal's stage change and a campaign's start end a listing page's life", async () => {
    const now = clock.now();
    await app.database.db
      .update(deals)
      .set({ nextStageStartDate: new Date(now.getTime() + 90_000) })
      .where(eq(deals.slug, "quickcrm"));
    // The write the staff tools make says so (the page read before it is gone).
    await app.services.pageEvents.dealChanged(ids.quickcrm as number);
    expect(await xCache("/browse/")).toBe("MISS");
    clock.advance(89_000);
    expect(await xCache("/browse/")).toBe("HIT");
    clock.advance(1_000);
    expect(await xCache("/browse/")).toBe("MISS");

    const later = clock.now();
    await app.database.db.insert(campaigns).values({
      optinSlug: "flash-sale-test",
      type: "percent",
      value: 10,
      name: "Flash sale",
      publicName: "Flash sale",
      isActive: true,
      startDate: new Date(later.getTime() + 60_000),
      endDate: new Date(later.getTime() + 3_600_000),
    });
    await app.services.pageEvents.allPagesChanged();
    expect(await xCache("/")).toBe("MISS");
    clock.advance(59_000);
    expect(await xCache("/")).toBe("HIT");
    clock.advance(1_000);
    expect(await xCache("/")).toBe("MISS");
  });
});

describe("compression by Accept-Encoding", () => {
  it("a rendered page is brotli, gzip or plain as asked, always with Vary", async () => {
    // Staff: a page rendered per request (a member's is kept for their audience).
    const shopper = await app.login("staff@payonce.test");
    const plain = await get("/collections/rising-stars/", shopper);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const br = await get("/collections/rising-stars/", shopper, { "accept-encoding": "gzip, br" });
    expect(br.headers["x-cache"]).toBe("BYPASS");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString("utf8")).toContain("user staff");
    const gz = await get("/collections/rising-stars/", shopper, { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString("utf8")).toContain("user staff");
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it("a cached page is sent as its stored gzip copy on a miss and on a hit", async () => {
    await app.services.pageEvents.allPagesChanged();
    const miss = await get("/browse/", undefined, { "accept-encoding": "br, gzip" });
    expect(miss.headers["x-cache"]).toBe("MISS");
    expect(miss.headers["content-encoding"]).toBe("gzip");
    const hit = await get("/browse/", undefined, { "accept-encoding": "br, gzip" });
    expect(hit.headers["x-cache"]).toBe("HIT");
    expect(hit.headers["content-encoding"]).toBe("gzip");
    expect(hit.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(hit.rawPayload).toString("utf8")).toBe(
      gunzipSync(miss.rawPayload).toString(),
    );
    // A client that refuses gzip gets the page plain (or brotli), never gzip.
    const noGzip = await get("/browse/", undefined, { "accept-encoding": "gzip;q=0" });
    expect(noGzip.headers["content-encoding"]).toBeUndefined();
  });

  it("JSON answers above 1 KB are compressed; small ones are not", async () => {
    const url = `/api/v2/deals/${ids.taskflow}/reviews/`;
    const plain = await app.inject({ method: "GET", url });
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await app.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString("utf8"))).toEqual(plain.json());
    const gz = await app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString("utf8"))).toEqual(plain.json());
    const small = await app.inject({
      method: "GET",
      url: "/healthz",
      headers: { "accept-encoding": "br" },
    });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json()).toMatchObject({ status: "ok" });
  });
});
