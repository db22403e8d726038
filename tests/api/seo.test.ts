import { beforeAll, describe, expect, it } from "vitest";
import { createPageEvents } from "../../server/services/cache/page-events";
import { createSitemapService } from "../../server/services/storefront/sitemap";
import { createTestApp, type TestApp } from "../helpers/app";

// /sitemap.xml (an index of keyset-read parts), its parts, /robots.txt, the demo media and the
// link-preview images (issue 18).
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});

const locsOf = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);

/** Every URL of every part the index lists. */
async function allSitemapUrls() {
  const index = await app.inject({ method: "GET", url: "/sitemap.xml" });
  const parts = locsOf(index.body);
  const urls: string[] = [];
  for (const part of parts) {
    const res = await app.inject({ method: "GET", url: new URL(part).pathname });
    expect(res.statusCode, part).toBe(200);
    urls.push(...locsOf(res.body));
  }
  return { index, parts, urls };
}

async function sql<T>(text: string): Promise<T[]> {
  const result = (await app.database.db.execute(text)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

describe("sitemap and robots", () => {
  it("is an index of one sitemap per kind, whose URLs are absolute and distinct", async () => {
    const { index, parts, urls } = await allSitemapUrls();
    expect(index.statusCode).toBe(200);
    expect(index.headers["content-type"]).toContain("application/xml");
    expect(index.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(index.body).toContain("<sitemapindex");
    const kinds = parts.map((p) => /\/sitemaps\/([a-z]+)-\d+\.xml$/.exec(p)?.[1]);
    for (const kind of ["deals", "collections", "categories", "reviews", "questions", "profiles"]) {
      expect(kinds).toContain(kind);
    }
    const origin = new URL(urls[0] as string).origin;
    for (const loc of urls) expect(new URL(loc).origin).toBe(origin);
    const paths = urls.map((l) => new URL(l).pathname);
    expect(paths).toContain("/");
    expect(paths).toContain("/browse");
    expect(paths).toContain("/products/taskflow/");
    expect(paths).toContain("/collections/new-arrivals");
    expect(paths).toContain("/collections/freebies/");
    expect(paths).toContain("/software/sales/crm/");
    expect(paths.some((p) => /^\/products\/taskflow\/reviews\/[a-z0-9-]+-\d+\/$/.test(p))).toBe(
      true,
    );
    expect(paths.some((p) => /^\/products\/taskflow\/questions\/[a-z0-9-]+-\d+\/$/.test(p))).toBe(
      true,
    );
    expect(paths.some((p) => p.startsWith("/profile/"))).toBe(true);
    // Product-page zones have no page; personal pages are not indexed.
    expect(paths).not.toContain("/collections/pdp-top-picks");
    expect(paths).not.toContain("/collections/for-you/");
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("lists exactly the approved top-level reviews of public deals", async () => {
    const { urls } = await allSitemapUrls();
    const listed = urls
      .map((u) => /\/reviews\/[a-z0-9-]*-(\d+)\/$/.exec(u)?.[1])
      .filter(Boolean)
      .map(Number)
      .sort((a, b) => a - b);
    const expected = (
      await sql<{ id: number }>(
        `select c.id from comments c join deals d on d.id = c.deal_id
         where c.kind = 'review' and c.parent_id is null and c.status = 'approved'
           and d.deal_status <> 'Private' and not d.is_draft order by c.id`,
      )
    ).map((r) => Number(r.id));
    const pending = await sql<{ id: number }>(
      "select id from comments where kind = 'review' and status <> 'approved'",
    );
    expect(pending.length).toBeGreaterThan(0);
    expect(listed).toEqual(expected);
  });

  it("leaves private and draft deals out", async () => {
    const { urls } = await allSitemapUrls();
    const hidden = await sql<{ slug: string }>(
      "select slug from deals where deal_status = 'Private' or is_draft",
    );
    for (const { slug } of hidden) {
      expect(urls.some((u) => u.includes(`/products/${slug}/`))).toBe(false);
    }
  });

  it("splits a kind into parts by fixed id ranges, each URL in exactly one part", async () => {
    const sitemaps = createSitemapService({
      db: app.database.db,
      search: app.services.search,
      collections: async () => [],
      pageEvents: createPageEvents(),
      widths: { reviews: 7 },
    });
    const parts = (await sitemaps.index()).filter((p) => p.kind === "reviews");
    expect(parts.length).toBeGreaterThan(2);
    const seen: string[] = [];
    for (const part of parts) {
      expect(part.after % 7).toBe(0);
      const urls = (await sitemaps.part("reviews", part.after)) ?? [];
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(7);
      for (const url of urls) {
        const id = Number(/-(\d+)\/$/.exec(url.path)?.[1]);
        expect(id).toBeGreaterThan(part.after);
        expect(id).toBeLessThanOrEqual(part.after + 7);
      }
      seen.push(...urls.map((u) => u.path));
      expect(urls.every((u) => u.lastmod instanceof Date)).toBe(true);
    }
    const whole = await createSitemapService({
      db: app.database.db,
      search: app.services.search,
      collections: async () => [],
      pageEvents: createPageEvents(),
    }).part("reviews", 0);
    expect(seen).toEqual(whole?.map((u) => u.path));
    // A range's start that is not a multiple of the width names no part.
    expect(await sitemaps.part("reviews", 3)).toBeNull();
  });

  it("answers 404 for a part that does not exist", async () => {
    for (const url of [
      "/sitemaps/nope-0.xml",
      "/sitemaps/reviews-99999999.xml",
      "/sitemaps/reviews-1.xml",
      "/sitemaps/pages-2000.xml",
      "/sitemaps/x",
    ]) {
      expect((await app.inject({ method: "GET", url })).statusCode, url).toBe(404);
    }
  });

  it("allows crawling, keeps private areas out and names the sitemap", async () => {
    const res = await app.inject({ method: "GET", url: "/robots.txt" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain");
    expect(res.body).toContain("User-agent: *");
    for (const path of ["/account/", "/accounts/", "/cart", "/api/", "/checkout/", "/orders/"]) {
      expect(res.body).toContain(`Disallow: ${path}\n`);
    }
    expect(res.body).toMatch(/^Sitemap: https?:\/\/[^\s]+\/sitemap\.xml$/m);
  });
});

describe("media the pages point at", () => {
  it("serves the demo clips and posters (ranges too); a missing file is a 404", async () => {
    const clip = await app.inject({ method: "GET", url: "/media/demo/tf-tour.mp4" });
    expect(clip.statusCode).toBe(200);
    expect(clip.headers["content-type"]).toBe("video/mp4");
    expect(clip.rawPayload.length).toBeLessThan(300 * 1024);
    const range = await app.inject({
      method: "GET",
      url: "/media/demo/tf-tour.mp4",
      headers: { range: "bytes=0-99" },
    });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.length).toBe(100);
    expect(range.headers["content-range"]).toBe(`bytes 0-99/${clip.rawPayload.length}`);
    const poster = await app.inject({ method: "GET", url: "/media/demo/tf-tour.jpg" });
    expect(poster.headers["content-type"]).toBe("image/jpeg");
    for (const url of ["/media/demo/missing.mp4", "/media/demo/x.exe", "/media/demo/..%2f.env"]) {
      expect((await app.inject({ method: "GET", url })).statusCode, url).toBe(404);
    }
    expect((await app.inject({ method: "GET", url: "/media/demo/taskflow.svg" })).statusCode).toBe(
      200,
    );
  });

  it("draws a 1200x630 JPEG preview per public deal, and the site's own", async () => {
    const { default: sharp } = await import("sharp");
    for (const url of ["/media/og/taskflow.jpg", "/media/og/site.jpg"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toBe("image/jpeg");
      const info = await sharp(res.rawPayload).metadata();
      expect([info.format, info.width, info.height]).toEqual(["jpeg", 1200, 630]);
      // The second answer comes from the cache, byte for byte.
      const again = await app.inject({ method: "GET", url });
      expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    }
    expect(
      (await app.inject({ method: "GET", url: "/media/og/no-such-deal.jpg" })).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: "GET", url: "/media/og/payonce-plus.jpg" })).statusCode,
    ).toBe(404);
  });

  it("draws the preview again when the deal's art changes", async () => {
    const before = await app.inject({ method: "GET", url: "/media/og/pixelforge.jpg" });
    await app.database.db.execute(
      "update deals set media_url = '/media/demo/something-else.svg' where slug = 'pixelforge'",
    );
    const after = await app.inject({ method: "GET", url: "/media/og/pixelforge.jpg" });
    expect(after.statusCode).toBe(200);
    expect(after.rawPayload.equals(before.rawPayload)).toBe(false);
  });
});
