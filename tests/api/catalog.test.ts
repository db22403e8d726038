import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";

// GET /api/v2/deals/{slug}/details/ (spec 001 section 7) against the seeded demo data.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});

async function details(slug: string) {
  return app.inject({ method: "GET", url: `/api/v2/deals/${slug}/details/` });
}

describe("deal details", () => {
  it("returns taskflow with its three plans priced in major units", async () => {
    const res = await details("taskflow");
    expect(res.statusCode).toBe(200);
    const { deal } = res.json();
    expect(deal.slug).toBe("taskflow");
    expect(deal.get_absolute_url).toBe("/products/taskflow/");
    expect(deal.plans).toHaveLength(3);
    for (const plan of deal.plans) {
      expect(typeof plan.price).toBe("number");
      expect(typeof plan.original_price).toBe("number");
      expect(plan.price).toBeLessThanOrEqual(plan.original_price);
      // Major units: a cents value would be 100x and an integer multiple of 100 for round prices.
      expect(plan.price).toBeLessThan(10_000);
    }
    const cheapest = Math.min(
      ...deal.plans
        .filter((p: { is_active: boolean }) => p.is_active)
        .map((p: { price: number }) => p.price),
    );
    expect(deal.price).toBe(cheapest);
    expect(deal.default_plan.plan_type).toMatch(/^(lifetime|annual)$/);
    expect(deal.has_started).toBe(true);
    expect(deal.has_ended).toBe(false);
    expect(deal.buy_button.is_ended).toBe(false);
  });

  it("reports review counts that add up, with a two-decimal average", async () => {
    const { deal } = (await details("taskflow")).json();
    const r = deal.deal_review;
    const byTacos = [1, 2, 3, 4, 5].map((n) => r[`review_count_${n}_tacos`] as number);
    expect(r.review_count).toBeGreaterThanOrEqual(30);
    expect(byTacos.reduce((a, b) => a + b, 0)).toBe(r.review_count);
    expect(byTacos.every((n) => n > 0)).toBe(true);
    const weighted = byTacos.reduce((sum, n, i) => sum + n * (i + 1), 0) / r.review_count;
    expect(r.average_rating).toBeCloseTo(Math.round(weighted * 100) / 100, 2);
    expect(Number(r.average_rating.toFixed(2))).toBe(r.average_rating);
    expect(deal.deal_comment.comment_count).toBeGreaterThanOrEqual(25);
  });

  it("carries the taxonomy, story, FAQs, features, add-ons and top questions", async () => {
    const { deal } = (await details("taskflow")).json();
    expect(deal.taxonomy.group?.slug).toBeTruthy();
    expect(deal.taxonomy.category?.slug).toBeTruthy();
    expect(deal.products[0].story.value_prop).toBeTruthy();
    expect(deal.faqs.length).toBeGreaterThan(0);
    expect(deal.dealfeatures.length).toBeGreaterThan(0);
    expect(deal.addon_features.length).toBeGreaterThan(0);
    expect(deal.top_5_questions.length).toBeGreaterThan(0);
    expect(deal.top_5_questions.length).toBeLessThanOrEqual(5);
    expect(deal.top_5_reviews.length).toBeLessThanOrEqual(5);
    expect(deal.partner_user_ids.length).toBeGreaterThan(0);
    expect(Object.keys(deal.attributes).sort()).toEqual([
      "alternative_to",
      "best_for",
      "integrations",
    ]);
  });

  it("finds a deal by numeric id and without the trailing slash", async () => {
    const { deal } = (await details("taskflow")).json();
    const byId = await app.inject({ method: "GET", url: `/api/v2/deals/${deal.id}/details` });
    expect(byId.statusCode).toBe(200);
    expect(byId.json().deal.slug).toBe("taskflow");
  });

  it("marks the ended deal as ended", async () => {
    const { deal } = (await details("mailbeam")).json();
    expect(deal.has_ended).toBe(true);
    expect(deal.buy_button.is_ended).toBe(true);
  });

  it("answers 404 JSON for an unknown slug", async () => {
    const res = await details("no-such-deal");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: "Not found." });
  });

  it("runs a fixed number of SQL statements, whatever the number of plans", async () => {
    const counts: Record<string, number> = {};
    for (const slug of ["taskflow", "pixelforge", "freebie-kit"]) {
      // Read afresh: nothing kept between requests (server/services/cache/deal-data.ts), and no
      // anonymous answer to replay (server/http/api-cache.ts: a page event moves its generation).
      app.services.dealData.clear();
      await app.services.pageEvents.dealChanged(slug);
      app.database.queries.reset();
      const res = await details(slug);
      expect(res.statusCode).toBe(200);
      counts[slug] = app.database.queries.count;
    }
    // 1 to find the deal, then 6 in parallel (plans, features, add-ons, products, extras, top
    // comments), then 3 for the deal's next time boundary (how long the details are kept), and
    // the answer cache's 3 for the same boundary (how long the serialized answer is kept).
    // taskflow has 3 plans, pixelforge 7, freebie-kit 1: the count is the same.
    expect(counts.taskflow).toBeLessThanOrEqual(13); // measured: 13
    expect(counts.pixelforge).toBe(counts.taskflow);
    expect(counts["freebie-kit"]).toBe(counts.taskflow);
    // Kept: the next request for the same deal runs none.
    app.database.queries.reset();
    expect((await details("freebie-kit")).statusCode).toBe(200);
    expect(app.database.queries.count).toBe(0);
  });

  it("answers an unknown deal with a single statement", async () => {
    app.database.queries.reset();
    await details("no-such-deal");
    expect(app.database.queries.count).toBeLessThanOrEqual(1);
  });
});

describe("deal cards", () => {
  it("prices many deals in one statement, in the order asked", async () => {
    const ids = await Promise.all(
      ["taskflow", "pixelforge", "mailbeam", "freebie-kit"].map(
        async (slug) => (await details(slug)).json().deal.id as number,
      ),
    );
    app.database.queries.reset();
    const cards = await app.services.catalog.getDealCards([...ids].reverse());
    expect(app.database.queries.count).toBe(1);
    expect(cards.map((c) => c.id)).toEqual([...ids].reverse());
    const freebie = cards.find((c) => c.slug === "freebie-kit");
    expect(freebie?.price).toBe(0);
    expect(freebie?.is_free).toBe(true);
    const pixelforge = cards.find((c) => c.slug === "pixelforge");
    expect(pixelforge?.price_text).toMatch(/^Starting at \$/);
  });
});
