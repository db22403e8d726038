import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLUS_DEAL_SLUG, PLUS_PRICE_CENTS } from "../../domain/constants";
import { deals, plans } from "../../server/db/schema";
import { createTestApp, type TestApp } from "../helpers/app";

// The Plus shelf adds the Plus deal before the plan: its ids come from services.plusOffer, and the
// cart accepts that line for a non-member (then the Plus-tier plan), refusing it for a member.

describe("Plus offer for the Plus shelf", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it("names the private Plus deal and its annual plan", async () => {
    const offer = await app.services.plusOffer.get();
    const [deal] = await app.database.db.select().from(deals).where(eq(deals.slug, PLUS_DEAL_SLUG));
    expect(deal?.dealStatus).toBe("Private");
    expect(offer).toEqual({
      dealId: deal?.id,
      planId: expect.any(Number),
      price: PLUS_PRICE_CENTS / 100,
    });
    // The public catalogue does not show it.
    expect(await app.services.catalog.getDealDetails(PLUS_DEAL_SLUG)).toBeNull();
  });

  it("lets a non-member buy a Plus-tier plan with Plus first, as the shelf does", async () => {
    const offer = await app.services.plusOffer.get();
    if (!offer) throw new Error("no Plus offer");
    const plusvault = await app.services.catalog.getDealDetails("plusvault");
    const plan = plusvault?.plans[0];
    if (!plusvault || !plan) throw new Error("seed: plusvault");
    const shopper = await app.login("shopper@payonce.test");
    const add = (body: object) =>
      app.inject({
        method: "POST",
        url: "/api/cart/items/",
        cookies: shopper.cookies,
        headers: shopper.headers,
        payload: body,
      });
    const line = (dealId: number, planId: number) => ({
      dealId,
      dealGroupId: null,
      planId,
      couponCode: null,
      quantity: 1,
    });
    // Without Plus in the cart the Plus-tier plan is refused...
    expect((await add(line(plusvault.id, plan.id))).statusCode).toBe(400);
    // ...with Plus added first it goes in.
    expect((await add(line(offer.dealId, offer.planId))).statusCode).toBe(201);
    const res = await add(line(plusvault.id, plan.id));
    expect(res.statusCode).toBe(201);
    const slugs = res.json().cart_items.map((i: { deal: { slug: string } }) => i.deal.slug);
    expect(slugs).toEqual(expect.arrayContaining([PLUS_DEAL_SLUG, "plusvault"]));
  });

  it("has no offer while the Plus deal has no active plan", async () => {
    const offer = await app.services.plusOffer.get();
    if (!offer) throw new Error("no Plus offer");
    await app.database.db.update(plans).set({ isActive: false }).where(eq(plans.id, offer.planId));
    expect(await app.services.plusOffer.get()).toBeNull();
    await app.database.db.update(plans).set({ isActive: true }).where(eq(plans.id, offer.planId));
  });
});
