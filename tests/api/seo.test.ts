import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";

// /sitemap.xml and /robots.txt.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});

describe("sitemap and robots", () => {
  it("lists public deals, collections and browse pages with absolute URLs", async () => {
    const res = await app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/xml");
    const xml = res.body;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);
    const origin = new URL(locs[0] as string).origin;
    for (const loc of locs) expect(new URL(loc).origin).toBe(origin);
    const paths = locs.map((l) => new URL(l).pathname);
    expect(paths).toContain("/");
    expect(paths).toContain("/browse");
    expect(paths).toContain("/products/taskflow/");
    expect(paths).toContain("/collections/new-arrivals");
    expect(paths).toContain("/collections/freebies/");
    expect(paths).toContain("/software/sales/crm/");
    // Product-page zones have no page; personal pages are not indexed.
    expect(paths).not.toContain("/collections/pdp-top-picks");
    expect(paths).not.toContain("/collections/for-you/");
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("leaves private and draft deals out", async () => {
    const res = await app.inject({ method: "GET", url: "/sitemap.xml" });
    const result = (await app.database.db.execute(
      "select slug from deals where deal_status = 'Private' or is_draft",
    )) as unknown as { rows?: { slug: string }[] } | { slug: string }[];
    const hidden = (Array.isArray(result) ? result : (result.rows ?? [])).map((r) => r.slug);
    for (const slug of hidden) expect(res.body).not.toContain(`/products/${slug}/`);
  });

  it("allows crawling, keeps private areas out and names the sitemap", async () => {
    const res = await app.inject({ method: "GET", url: "/robots.txt" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain");
    expect(res.body).toContain("User-agent: *");
    expect(res.body).toContain("Disallow: /account/");
    expect(res.body).toContain("Disallow: /api/");
    expect(res.body).toMatch(/^Sitemap: https?:\/\/[^\s]+\/sitemap\.xml$/m);
  });
});
