import { beforeAll, describe, expect, it } from "vitest";
import { MODULAR_COMPONENT_TYPES } from "../../domain/constants";
import { createTestApp, type TestApp } from "../helpers/app";

// GET /api/modular/page/{page id}/ (spec 001 section 7) against the seeded `home` page.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});

type Collection = {
  id: number;
  type: "smart_collection" | "static";
  data: {
    modular_component_type: string;
    slug: string;
    deals: { price: number | null }[];
    sub_collections?: unknown[];
  };
};

async function page(query = "", id = "home") {
  return app.inject({ method: "GET", url: `/api/modular/page/${id}/${query}` });
}

describe("modular page", () => {
  it("returns the layout, the first 4 collections and the next offset", async () => {
    const res = await page("?include_deals=true&page=1");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.layout).toBe("large");
    expect(body.collections).toHaveLength(4);
    expect(body.next_offset).toBe(4);
    expect(body.seo_meta.open_graph).toHaveProperty("title");
    expect(body.seo_meta.open_graph).toHaveProperty("type");
    for (const c of body.collections as Collection[]) {
      expect(MODULAR_COMPONENT_TYPES).toContain(c.data.modular_component_type);
      expect(Array.isArray(c.data.deals)).toBe(true);
    }
  });

  it("pages through every collection with offset, covering every smart collection type", async () => {
    const seen: Collection[] = [];
    let offset: number | null = 0;
    while (offset != null) {
      const body: { collections: Collection[]; next_offset: number | null } = (
        await page(`?include_deals=true&offset=${offset}&limit=4`)
      ).json();
      expect(body.collections.length).toBeGreaterThan(0);
      expect(body.collections.length).toBeLessThanOrEqual(4);
      seen.push(...body.collections);
      offset = body.next_offset;
    }
    expect(seen.length).toBeGreaterThanOrEqual(9);
    expect(new Set(seen.map((c) => c.id)).size).toBe(seen.length);
    const types = new Set(seen.map((c) => c.data.modular_component_type));
    for (const type of MODULAR_COMPONENT_TYPES) expect(types).toContain(type);
    // Deal collections carry deals priced in major units; tile collections carry sub-collections.
    for (const c of seen) {
      const t = c.data.modular_component_type;
      if (t === "bento_box" || t === "collection_mosaic") {
        expect(c.data.sub_collections?.length).toBeGreaterThanOrEqual(4);
      } else if (t !== "shop_by_collection") {
        expect(c.data.deals.length).toBeGreaterThan(0);
        for (const d of c.data.deals)
          expect(d.price === null || typeof d.price === "number").toBe(true);
      }
    }
  });

  it("treats page=2 as the second slice and offset as winning over page", async () => {
    const second = (await page("?page=2")).json();
    const byOffset = (await page("?offset=4")).json();
    expect(second.collections.map((c: Collection) => c.id)).toEqual(
      byOffset.collections.map((c: Collection) => c.id),
    );
    const both = (await page("?page=3&offset=4")).json();
    expect(both.collections[0].id).toBe(byOffset.collections[0].id);
  });

  it("leaves deals out when include_deals=false", async () => {
    const body = (await page("?include_deals=false&limit=8")).json();
    expect(body.collections.length).toBe(8);
    for (const c of body.collections as Collection[]) expect(c.data.deals).toEqual([]);
  });

  it("accepts the page's numeric id, no trailing slash, and extra query parameters", async () => {
    const home = (await page()).json();
    const res = await app.inject({
      method: "GET",
      url: `/api/modular/page/${home.id}?user_device=mobile&utm_source=newsletter`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().slug).toBe("home");
  });

  it.each([
    "?limit=abc",
    "?limit=0",
    "?limit=1000",
    "?offset=-1",
    "?offset=1.5",
    "?page=0",
    "?page=x",
    "?include_deals=maybe",
    "?user_device=fridge",
  ])("answers 400 with a field map for %s", async (query) => {
    const res = await page(query);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(Object.keys(body).length).toBeGreaterThan(0);
    for (const messages of Object.values(body)) expect(Array.isArray(messages)).toBe(true);
  });

  it("answers 404 for an unknown page", async () => {
    expect((await page("", "no-such-page")).statusCode).toBe(404);
  });

  it("runs a fixed number of SQL statements, whatever the number of collections", async () => {
    const counts: number[] = [];
    for (const limit of [1, 4, 12]) {
      app.database.queries.reset();
      const res = await page(`?limit=${limit}`);
      expect(res.statusCode).toBe(200);
      counts.push(app.database.queries.count);
    }
    // The page with its item count, the slice of items, then sub-collections and all deal cards
    // in parallel (plus static components' videos when there are any).
    // Measured: 4 (home has no static components with videos, which would add one).
    for (const count of counts) expect(count).toBeLessThanOrEqual(4);
    expect(counts[2]).toBe(counts[1]);
  });
});
