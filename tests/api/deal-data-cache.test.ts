import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deals } from "../../server/db/schema";
import { createTestApp } from "../helpers/app";
import { dealPlans, freshCart } from "../helpers/commerce";

// A deal's public data kept between requests (server/services/cache/deal-data.ts): fresh exactly
// as long as the anonymous page cache's copy of the deal's pages, and the session's cart count read
// with the session (issue 14: the signed-in product page in at most 8 statements).
const app = await createTestApp();
const { dealData, catalog, pageEvents } = app.services;
const details = (slug: string) => dealData.get(slug, "details", () => catalog.getDealDetails(slug));

describe("the deal data cache", () => {
  it("answers a second read without a statement, and reads again after the deal's page event", async () => {
    dealData.clear();
    const first = await details("taskflow");
    app.database.queries.reset();
    expect(await details("taskflow")).toBe(first);
    expect(app.database.queries.count).toBe(0);

    // A write that says so (the page cache's event) is seen by the next read.
    await app.database.db
      .update(deals)
      .set({ cardDescription: "Changed for the cache test" })
      .where(eq(deals.slug, "taskflow"));
    await pageEvents.dealChanged("taskflow");
    const after = await details("taskflow");
    expect(after?.card_description).toBe("Changed for the cache test");
    expect(app.database.queries.count).toBeGreaterThan(0);

    // Site-wide changes (currency rates, campaigns) drop every deal's data.
    app.database.queries.reset();
    await pageEvents.allPagesChanged();
    await details("taskflow");
    expect(app.database.queries.count).toBeGreaterThan(0);
  });

  it("shares one load between concurrent misses and never keeps a missing deal", async () => {
    dealData.clear();
    app.database.queries.reset();
    const [a, b] = await Promise.all([details("pixelforge"), details("pixelforge")]);
    expect(a).toBe(b);
    const oneLoad = app.database.queries.count;
    dealData.clear();
    app.database.queries.reset();
    await details("pixelforge");
    expect(app.database.queries.count).toBe(oneLoad);

    expect(await details("no-such-deal")).toBeNull();
    app.database.queries.reset();
    expect(await details("no-such-deal")).toBeNull();
    expect(app.database.queries.count).toBeGreaterThan(0);
  });

  it("reads by id every time (page events name deals by slug)", async () => {
    const deal = await details("taskflow");
    app.database.queries.reset();
    expect((await details(String(deal?.id)))?.slug).toBe("taskflow");
    expect(app.database.queries.count).toBeGreaterThan(0);
  });
});

describe("the session's cart count", () => {
  it("is read with the session, as the cart counts it", async () => {
    const creds = await freshCart(app, "shopper@payonce.test");
    const token = creds.cookies.sessionid ?? "";
    expect((await app.services.sessions.load(token))?.cartCountAtLoad).toBe(0);
    const taskflow = await dealPlans(app, "taskflow");
    const added = await app.send(
      "POST",
      "/api/cart/items/",
      { dealId: taskflow.deal.id, planId: taskflow.plan(1).id },
      creds,
    );
    expect(added.statusCode).toBe(201);
    const session = await app.services.sessions.load(token);
    expect(session?.cartCountAtLoad).toBe(1);
    expect(session?.cartCountAtLoad).toBe(
      await app.services.cart.count({
        sessionId: session?.id ?? null,
        user: session?.user ?? null,
      }),
    );
  });
});
