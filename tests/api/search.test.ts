import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../server/providers/clock";
import { createSearchService } from "../../server/services/storefront/search";
import { createTestApp, type TestApp } from "../helpers/app";

// GET /api/v2/deals/ (contract.md): the deal search behind the header search box and /browse.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});

type Card = {
  slug: string;
  price: number | null;
  has_ended: boolean;
  deal_review: { average_rating: number; review_count: number };
  dates: { start_date: string | null };
};
type Listing = {
  count: number;
  count_capped: boolean;
  page: number;
  page_size: number;
  total_pages: number;
  next: number | null;
  previous: number | null;
  sort: string;
  results: Card[];
};

async function search(query = ""): Promise<Listing> {
  const res = await app.inject({ method: "GET", url: `/api/v2/deals/${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const slugs = (l: Listing) => l.results.map((d) => d.slug);

describe("deal search", () => {
  it("lists every public deal, 10 a page, popular first without a query", async () => {
    const first = await search();
    expect(first.page_size).toBe(10);
    expect(first.results).toHaveLength(10);
    expect(first.count).toBeGreaterThan(20);
    expect(first.total_pages).toBe(Math.ceil(first.count / 10));
    expect(first.sort).toBe("popular");
    expect(first.next).toBe(2);
    expect(first.previous).toBeNull();
    const last = await search(`?page=${first.total_pages}`);
    expect(last.results.length).toBe(first.count - (first.total_pages - 1) * 10);
    expect(last.next).toBeNull();
    // Pages do not overlap.
    const second = await search("?page=2");
    expect(slugs(second).filter((s) => slugs(first).includes(s))).toEqual([]);
    // Past the end: an empty page, not an error.
    const beyond = await search(`?page=${first.total_pages + 5}`);
    expect(beyond.results).toEqual([]);
    expect(beyond.count).toBe(first.count);
  });

  it("finds a deal by a word of its card description, name or taxonomy", async () => {
    // taskflow's card: "Plan projects, automate busywork and keep every client in the loop..."
    expect(slugs(await search("?query=busywork"))).toContain("taskflow");
    expect(slugs(await search("?query=TaskFlow"))[0]).toBe("taskflow");
    // Partial names match too ("task" is not a word of "TaskFlow").
    expect(slugs(await search("?query=task"))).toContain("taskflow");
    // quickcrm sits in software/sales/crm: the subcategory's name finds it.
    const crm = await search("?query=crm");
    expect(slugs(crm)).toContain("quickcrm");
    expect(crm.sort).toBe("relevance");
  });

  it("searches attribute names (alternative to, integrations, best for)", async () => {
    // taskflow is an alternative to Asana.
    expect(slugs(await search("?query=asana"))).toContain("taskflow");
  });

  it("understands web search syntax and never fails on odd input", async () => {
    const quoted = await search(`?query=${encodeURIComponent('"client portals" -zzzz')}`);
    expect(quoted.count).toBeGreaterThanOrEqual(0);
    for (const q of ["the", "%", "_", "'", "a & b | !c", "(((", "🙂", "<script>"]) {
      await search(`?query=${encodeURIComponent(q)}`);
    }
    expect((await search("?query=zzzqqqxxx")).results).toEqual([]);
  });

  it("filters by taxonomy", async () => {
    const group = await search("?group=templates");
    expect(group.count).toBeGreaterThan(0);
    const cat = await search("?group=software&category=sales");
    expect(slugs(cat)).toContain("quickcrm");
    expect(slugs(cat)).not.toContain("taskflow");
    const sub = await search("?group=software&category=sales&subcategory=crm");
    expect(slugs(sub)).toContain("quickcrm");
    expect(sub.count).toBeLessThanOrEqual(cat.count);
    expect((await search("?group=no-such-group")).count).toBe(0);
  });

  it("filters by price (major units) and plan type", async () => {
    const cheap = await search("?max_price=50&sort=price_asc");
    for (const d of cheap.results) expect(d.price ?? 0).toBeLessThanOrEqual(50);
    const pricey = await search("?min_price=100");
    for (const d of pricey.results) expect(d.price ?? 0).toBeGreaterThanOrEqual(100);
    const subs = await search("?plan_type=Subscription");
    expect(slugs(subs)).toContain("pixelforge");
    expect(slugs(subs)).not.toContain("taskflow");
    expect((await search("?plan_type=subscription")).count).toBe(subs.count);
  });

  it("sorts by price, rating and newest, sold-out deals last", async () => {
    const asc = (await search("?sort=price_asc")).results.filter((d) => !d.has_ended);
    const prices = asc.map((d) => d.price ?? 0);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = (await search("?sort=price_desc")).results.map((d) => d.price ?? 0);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const rated = (await search("?sort=rating")).results.map((d) => d.deal_review.average_rating);
    expect(rated).toEqual([...rated].sort((a, b) => b - a));
    const newest = (await search("?sort=newest")).results
      .map((d) => d.dates.start_date)
      .filter((d): d is string => d != null);
    expect(newest).toEqual([...newest].sort().reverse());
    // mailbeam is sold out: after every deal still for sale.
    const all: Card[] = [];
    for (let p = 1; p <= (await search()).total_pages; p++)
      all.push(...(await search(`?page=${p}`)).results);
    const firstEnded = all.findIndex((d) => d.has_ended);
    expect(firstEnded).toBeGreaterThan(0);
    expect(all.slice(firstEnded).every((d) => d.has_ended)).toBe(true);
  });

  it("leaves private and draft deals out", async () => {
    const res = await app.inject({ method: "GET", url: "/api/v2/deals/?query=draft" });
    expect(res.statusCode).toBe(200);
    const rows = (await app.database.db.execute(
      "select slug from deals where deal_status = 'Private' or is_draft",
    )) as unknown as { rows?: { slug: string }[] } | { slug: string }[];
    const hidden = (Array.isArray(rows) ? rows : (rows.rows ?? [])).map((r) => r.slug);
    const all: string[] = [];
    const total = (await search()).total_pages;
    for (let p = 1; p <= total; p++) all.push(...slugs(await search(`?page=${p}`)));
    for (const slug of hidden) expect(all).not.toContain(slug);
  });

  it.each([
    "?page=0",
    "?page=abc",
    "?page=1.5",
    "?page=99999999",
    "?sort=cheapest",
    "?min_price=-5",
    "?max_price=ten",
    "?min_price=100&max_price=10",
    "?plan_type=forever",
    "?group=Not%20A%20Slug",
    `?query=${"x".repeat(201)}`,
    "?page=1&page=2",
  ])("answers 400 with a field map for %s", async (query) => {
    const res = await app.inject({ method: "GET", url: `/api/v2/deals/${query}` });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(Object.keys(body).length).toBeGreaterThan(0);
    for (const messages of Object.values(body)) expect(Array.isArray(messages)).toBe(true);
  });

  it("counts a text search's matches (exact below 1,000), on a page past the end too", async () => {
    const first = await search("?query=software");
    expect(first.count_capped).toBe(false);
    expect(first.count).toBeGreaterThan(0);
    const seen: string[] = [];
    for (let p = 1; p <= first.total_pages; p++)
      seen.push(...slugs(await search(`?query=software&page=${p}`)));
    expect(new Set(seen).size).toBe(first.count);
    const beyond = await search(`?query=software&page=${first.total_pages + 1}`);
    expect(beyond.results).toEqual([]);
    expect(beyond.count).toBe(first.count);
    expect(beyond.count_capped).toBe(false);
  });

  it("ranks name matches first, then the other matches by popularity, sold-out deals last", async () => {
    const rows = async (query: ReturnType<typeof sql>) => {
      const result = (await app.database.db.execute(query)) as unknown as
        | { rows?: Record<string, unknown>[] }
        | Record<string, unknown>[];
      return Array.isArray(result) ? result : (result.rows ?? []);
    };
    // pagecraft (nobody bought it) is renamed "PageCraft Busywork"; taskflow, far more popular,
    // has the word in its card only: the name match comes first.
    await app.database.db.execute(
      sql`update deals set public_name = 'PageCraft Busywork' where slug = 'pagecraft'`,
    );
    // As the staff deal editor does after its write: anonymous answers are cached until then.
    await app.services.pageEvents.dealChanged("pagecraft");
    try {
      const busywork = await search("?query=busywork");
      expect(slugs(busywork)).toEqual(["pagecraft", "taskflow"]);
      // A word starting a word of the name matches it; a piece inside a word does not.
      expect(slugs(await search("?query=busy"))[0]).toBe("pagecraft");
      expect(slugs(await search("?query=craft"))).not.toContain("pagecraft");
    } finally {
      await app.database.db.execute(
        sql`update deals set public_name = 'PageCraft' where slug = 'pagecraft'`,
      );
      await app.services.pageEvents.dealChanged("pagecraft");
    }
    // Without a name match: deals for sale by popularity, then sold-out ones (mailbeam).
    const popularity = new Map(
      (await rows(sql`select slug, popularity from deals`)).map((r) => [
        String(r.slug),
        Number(r.popularity),
      ]),
    );
    const all: Card[] = [];
    const first = await search("?query=email");
    for (let p = 1; p <= first.total_pages; p++)
      all.push(...(await search(`?query=email&page=${p}`)).results);
    expect(all.length).toBe(first.count);
    expect(all.map((d) => d.slug)).toContain("mailbeam");
    const firstEnded = all.findIndex((d) => d.has_ended);
    expect(all.slice(firstEnded).every((d) => d.has_ended)).toBe(true);
    for (const part of [all.slice(0, firstEnded), all.slice(firstEnded)]) {
      const scores = part.map((d) => popularity.get(d.slug) ?? -1);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    }
  });

  it("reads pages above the count cap (in index order) as it sorts them below it", async () => {
    // A cap of 2 makes every search here "more matches than counted": the page is then read by
    // walking the popularity index and the names index, not by sorting the matches it counted.
    // Both ways must give the same deals in the same order, page after page.
    const exact = createSearchService({ db: app.database.db, clock: systemClock });
    const walked = createSearchService({ db: app.database.db, clock: systemClock, countCap: 2 });
    const pages = async (service: typeof exact, query: string) => {
      const seen: string[] = [];
      for (let page = 1; page < 50; page++) {
        const listing = await service.listDeals(
          { query },
          { sort: "relevance", page, pageSize: 3 },
        );
        if (listing.results.length === 0) break;
        seen.push(...listing.results.map((r) => r.slug));
      }
      return seen;
    };
    for (const query of ["email", "software", "task", "ai", "crm", "project management"]) {
      const expected = await pages(exact, query);
      expect(await pages(walked, query), query).toEqual(expected);
      const capped = await walked.listDeals({ query }, { sort: "relevance" });
      expect(capped.count_capped).toBe(expected.length > 2);
      expect(capped.count).toBe(Math.min(expected.length, 2));
    }
  });

  it("answers without the trailing slash too", async () => {
    const res = await app.inject({ method: "GET", url: "/api/v2/deals?query=crm" });
    expect(res.statusCode).toBe(200);
  });

  it("runs a fixed number of SQL statements, whatever the filters and the page", async () => {
    const counts: number[] = [];
    for (const q of [
      "",
      "?query=crm",
      "?query=project%20management&group=software&category=productivity&plan_type=lifetime_deal&min_price=1&max_price=500&sort=price_desc&page=1",
      "?page=3&sort=newest",
    ]) {
      // A page event first: the anonymous answer is read, not replayed (server/http/api-cache.ts).
      await app.services.pageEvents.allPagesChanged();
      app.database.queries.reset();
      await search(q);
      counts.push(app.database.queries.count);
    }
    // Browse: the count, then the page. A text search: its page and its match count in one
    // statement (one pass over the matches). Other listings: page and count in parallel. Then
    // the answer is stored until the listings' next boundary: 4 reads (deals' dates, campaigns,
    // blocks, sub-collections).
    const STORE = 4;
    expect(counts).toEqual([2, 1, 1, 2].map((n) => n + STORE));
  });
});
