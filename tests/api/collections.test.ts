import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { smartCollections } from "../../server/db/schema";
import { createTestApp, type TestApp } from "../helpers/app";

// The collection pages' service (the pages render it; e2e drives the pages themselves).
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});

const pages = () => app.services.pages;

describe("collection pages", () => {
  it("reads a stored collection with its deals in position order, paged by 10", async () => {
    const c = await pages().getCollectionPage("new-arrivals");
    expect(c?.kind).toBe("smart_collection");
    expect(c?.url).toBe("/collections/new-arrivals");
    expect(c?.listing.results[0]?.slug).toBe("brandspark");
    expect(c?.listing.count).toBe(10);
    expect(c?.listing.total_pages).toBe(1);
    const shop = await pages().getCollectionPage("shop-by-category");
    expect(shop?.collection?.sub_collections.length).toBe(6);
  });

  it("serves the rule collections of spec 001 section 2", async () => {
    const freebies = await pages().getCollectionPage("freebies");
    expect(freebies?.kind).toBe("rule");
    expect(freebies?.listing.results.map((d) => d.slug)).toContain("freebie-kit");
    for (const d of freebies?.listing.results ?? []) expect(d.is_free || d.price === 0).toBe(true);
    const originals = await pages().getCollectionPage("payonce-originals");
    expect(originals?.listing.results.map((d) => d.slug)).toContain("pixelforge");
    const rising = await pages().getCollectionPage("rising-stars");
    expect(rising?.listing.count).toBeGreaterThan(0);
    const best = await pages().getBestForPage("marketers");
    expect(best?.title).toBe("Best for marketers");
    expect(best?.listing.results.map((d) => d.slug)).toContain("pixelforge");
    expect(await pages().getBestForPage("nobody")).toBeNull();
    expect(await pages().getCollectionPage("no-such-collection")).toBeNull();
  });

  it("recommends for-you deals personally: owned deals left out", async () => {
    const anonymous = await pages().getCollectionPage("for-you");
    expect(anonymous?.listing.count).toBeGreaterThan(0);
    const [buyer] = (await app.database.db
      .execute(
        "select u.id, array_agg(d.slug) as owned from users u join invoice_items ii on ii.user_id = u.id join orders o on o.id = ii.order_id and o.status = 'paid' join deals d on d.id = ii.deal_id where u.email = 'buyer@payonce.test' group by u.id",
      )
      .then((r) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows))) as {
      id: number;
      owned: string[];
    }[];
    expect(buyer).toBeDefined();
    const mine = await pages().getCollectionPage("for-you", { userId: buyer?.id });
    const slugs = mine?.listing.results.map((d) => d.slug) ?? [];
    for (const owned of buyer?.owned ?? []) expect(slugs).not.toContain(owned);
  });

  it("serves a root-level collection only at /{slug}/", async () => {
    expect(await pages().getCollectionPage("new-arrivals", { rootLevel: true })).toBeNull();
    await app.database.db
      .update(smartCollections)
      .set({ isRootLevel: true })
      .where(eq(smartCollections.slug, "top-rated"));
    const root = await pages().getCollectionPage("top-rated", { rootLevel: true });
    expect(root?.url).toBe("/top-rated/");
    expect(await pages().getCollectionPage("freebies", { rootLevel: true })).toBeNull();
  });

  it("reads a collection page in three SQL statements", async () => {
    for (const slug of ["new-arrivals", "freebies", "for-you"]) {
      app.database.queries.reset();
      await pages().getCollectionPage(slug, { page: 1 });
      expect(app.database.queries.count).toBe(3);
    }
  });

  it("finds the live campaign with its banner and collection link", async () => {
    const c = await pages().activeCampaign();
    expect(c).toMatchObject({
      optin_slug: "lifetime-fest",
      type: "percent",
      value: 15,
      discount_label: "15%",
      url: "/collections/lifetime-fest/",
    });
    expect(c?.campaign_config.banner_badge).toBeTruthy();
    expect(await pages().activeCampaign(new Date(Date.now() + 365 * 86_400_000))).toBeNull();
  });
});
