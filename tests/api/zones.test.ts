import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ZONE_NAMES } from "../../domain/constants";
import { modularPageItems, modularPages, smartCollections } from "../../server/db/schema";
import { createTestApp, type TestApp } from "../helpers/app";

// GET /api/smartcollections/zone/{zone}/ and the staff preview of GET /api/modular/page/{id}/.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});

const get = (url: string, headers: Record<string, string> = {}, cookies = {}) =>
  app.inject({ method: "GET", url, headers, cookies });

describe("product-page zones", () => {
  it("answers every zone the seed fills with id, slug, title, component_type and deals", async () => {
    for (const zone of ZONE_NAMES) {
      const res = await get(`/api/smartcollections/zone/${zone}/?format=json`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        id: expect.any(Number),
        slug: expect.any(String),
        title: expect.any(String),
        component_type: expect.stringMatching(/^(grid|carousel)$/),
      });
      expect(Array.isArray(body.deals)).toBe(true);
    }
    const top = (await get("/api/smartcollections/zone/pdp_top/")).json();
    expect(top.slug).toBe("pdp-top-picks");
    expect(top.deals.map((d: { slug: string }) => d.slug)).toContain("pixelforge");
  });

  it("leaves the product page's own deal out (template_slug) and accepts conditions", async () => {
    const res = await get(
      "/api/smartcollections/zone/pdp_top?template_slug=pixelforge&conditions=%7B%7D",
    );
    expect(res.statusCode).toBe(200);
    const slugs = res.json().deals.map((d: { slug: string }) => d.slug);
    expect(slugs).not.toContain("pixelforge");
    expect(slugs.length).toBeGreaterThan(0);
  });

  it.each([
    "/api/smartcollections/zone/pdp_middle/",
    "/api/smartcollections/zone/pdp_top/?format=xml",
    "/api/smartcollections/zone/pdp_top/?template_slug=not%20a%20slug",
  ])("answers 400 for %s", async (url) => {
    expect((await get(url)).statusCode).toBe(400);
  });

  it("answers 404 for a zone no collection fills", async () => {
    await app.database.db
      .update(smartCollections)
      .set({ zone: null })
      .where(eq(smartCollections.slug, "pdp-after-questions"));
    expect((await get("/api/smartcollections/zone/pdp_after_questions/")).statusCode).toBe(404);
  });

  it("runs two SQL statements", async () => {
    app.database.queries.reset();
    await get("/api/smartcollections/zone/pdp_before_questions/?template_slug=helpdesko");
    expect(app.database.queries.count).toBe(2);
  });
});

describe("staff preview of a modular page", () => {
  it("refuses anonymous visitors (401) and shoppers (403)", async () => {
    expect((await get("/api/modular/page/home/?preview_start_date=2030-01-01")).statusCode).toBe(
      401,
    );
    const shopper = await app.login("shopper@payonce.test");
    const res = await get(
      "/api/modular/page/home/?preview_page_id=product",
      shopper.headers,
      shopper.cookies,
    );
    expect(res.statusCode).toBe(403);
  });

  it("lets staff see a page as it will be at preview_start_date", async () => {
    const staff = await app.login("staff@payonce.test");
    const [home] = await app.database.db
      .select({ id: modularPages.id })
      .from(modularPages)
      .where(eq(modularPages.slug, "home"));
    // A collection scheduled for next month: hidden now, shown in a preview of next month.
    const later = new Date(Date.now() + 30 * 86_400_000);
    const [leaderboard] = await app.database.db
      .select({ id: smartCollections.id })
      .from(smartCollections)
      .where(eq(smartCollections.slug, "top-sellers"));
    await app.database.db
      .update(modularPageItems)
      .set({ startDate: later })
      .where(eq(modularPageItems.smartCollectionId, leaderboard?.id ?? 0));
    const now = (await get("/api/modular/page/home/?limit=20")).json();
    const slugsNow = now.collections.map((c: { data: { slug: string } }) => c.data.slug);
    expect(slugsNow).not.toContain("top-sellers");

    const at = new Date(later.getTime() + 60_000).toISOString();
    const res = await get(
      `/api/modular/page/home/?limit=20&offset=0&preview_start_date=${encodeURIComponent(at)}`,
      staff.headers,
      staff.cookies,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("no-store");
    const slugsPreview = res.json().collections.map((c: { data: { slug: string } }) => c.data.slug);
    expect(slugsPreview).toContain("top-sellers");
    expect(home?.id).toBeTypeOf("number");
  });

  it("lets staff render another page by preview_page_id", async () => {
    const staff = await app.login("staff@payonce.test");
    const res = await get(
      "/api/modular/page/home/?preview_page_id=product",
      staff.headers,
      staff.cookies,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().slug).toBe("product");
    expect(res.json().layout).toBe("two-column");
  });

  it("answers 400 for a date that is not one", async () => {
    const staff = await app.login("staff@payonce.test");
    const res = await get(
      "/api/modular/page/home/?preview_start_date=tomorrow-ish",
      staff.headers,
      staff.cookies,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty("preview_start_date");
  });
});
