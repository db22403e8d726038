import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { couponNotApplied, referralNotWithCampaign } from "../../domain/messages";
import {
  attributes,
  campaigns,
  coupons,
  dealAttributeValues,
  deals,
  rewardCampaigns,
  rewardCoupons,
} from "../../server/db/schema";
import { systemClock } from "../../server/providers/clock";
import { createCartService } from "../../server/services/commerce/cart";
import { createTestApp } from "../helpers/app";
import { addPlan, dealPlans, freshCart } from "../helpers/commerce";

// Issue 15's server pieces: GET /api/dealattribute/personal/ (spec 001 section 7) and the
// referral coupon rule (spec 001 section 6, campaign_config.allow_asksumo_discount).
const app = await createTestApp();
const db = app.database.db;

describe("GET /api/dealattribute/personal/", () => {
  it("answers a visitor the three attribute groups, empty, never shared by caches", async () => {
    const res = await app.send("GET", "/api/dealattribute/personal/");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const body = res.json();
    for (const type of ["alternative_to", "integrations", "best_for"]) {
      expect(body[type]).toMatchObject({ slug: type, type, values: [] });
    }
    expect((await app.send("GET", "/api/dealattribute/personal")).statusCode).toBe(200);
  });

  it("answers a buyer the attributes of the deals they own, with counts", async () => {
    // buyer@ owns taskflow (seed): its attributes are the buyer's, each on 1 deal.
    const [taskflow] = await db.select().from(deals).where(eq(deals.slug, "taskflow"));
    const own = await db
      .select({ type: attributes.type, slug: attributes.slug })
      .from(dealAttributeValues)
      .innerJoin(attributes, eq(attributes.id, dealAttributeValues.attributeId))
      .where(eq(dealAttributeValues.dealId, taskflow!.id));
    expect(own.length).toBeGreaterThan(0);
    const creds = await app.login("buyer@payonce.test");
    const body = (await app.send("GET", "/api/dealattribute/personal/", undefined, creds)).json();
    for (const type of ["alternative_to", "integrations", "best_for"] as const) {
      const expected = own.filter((a) => a.type === type).map((a) => a.slug);
      const got = body[type].values as { slug: string; deal_count: number }[];
      expect(got.map((v) => v.slug).sort()).toEqual([...expected].sort());
      for (const v of got) expect(v.deal_count).toBe(1);
    }
    // A shopper who owns nothing has no personal attributes.
    const shopper = await app.login("shopper@payonce.test");
    const none = (await app.send("GET", "/api/dealattribute/personal/", undefined, shopper)).json();
    expect(none.best_for.values).toEqual([]);
  });
});

describe("referral coupons and campaign pricing", () => {
  it("apply to a campaign-priced cart only when the campaign allows them", async () => {
    // A "give" reward code that plus@ hands to friends.
    const [give] = await db
      .select({ id: rewardCampaigns.id })
      .from(rewardCampaigns)
      .where(eq(rewardCampaigns.rewardType, "give"));
    const [coupon] = await db
      .insert(coupons)
      .values({ code: "REWARD-FRIEND1", type: "percent", value: 10 })
      .returning({ id: coupons.id });
    await db.insert(rewardCoupons).values({
      rewardCampaignId: give!.id,
      userId: await app.userId("plus@payonce.test"),
      couponId: coupon!.id,
    });
    // pixelforge takes part in Lifetime Fest (15% off, referral discounts not allowed).
    const pixelforge = await dealPlans(app, "pixelforge");
    const creds = await freshCart(app, "shopper@payonce.test");
    await addPlan(app, creds, pixelforge);
    const session = await app.services.sessions.load(creds.cookies.sessionid);
    const actor = {
      sessionId: session!.id,
      user: {
        id: session!.user!.id,
        email: "shopper@payonce.test",
        emailVerified: true,
        hasPlus: false,
        isStaff: false,
      },
    };
    const priced = createCartService({ db, clock: systemClock, campaignExperimentEnabled: true });
    const refused = await priced.applyCoupon(actor, "REWARD-FRIEND1").catch((e: Error) => e);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toBe(
      couponNotApplied(referralNotWithCampaign("Lifetime Fest")),
    );
    // An ordinary coupon is not a referral: it still applies beside the campaign.
    const welcome = await priced.applyCoupon(actor, "WELCOME10");
    expect(welcome.couponProblem).toBeNull();

    // Without campaign pricing, nothing stands in the referral code's way.
    const unpriced = createCartService({
      db,
      clock: systemClock,
      campaignExperimentEnabled: false,
    });
    expect((await unpriced.applyCoupon(actor, "REWARD-FRIEND1")).couponProblem).toBeNull();
    // Applied while allowed, the code stops applying once the campaign prices the cart.
    expect((await priced.get(actor)).couponProblem).toBe(referralNotWithCampaign("Lifetime Fest"));

    // The campaign allows it: the referral code applies on the campaign price.
    await db
      .update(campaigns)
      .set({ allowAsksumoDiscount: true })
      .where(and(eq(campaigns.optinSlug, "lifetime-fest")));
    const allowed = await priced.applyCoupon(actor, "REWARD-FRIEND1");
    expect(allowed.couponProblem).toBeNull();
    expect(allowed.couponDiscountCents).toBeGreaterThan(0);
    await db
      .update(campaigns)
      .set({ allowAsksumoDiscount: false })
      .where(inArray(campaigns.optinSlug, ["lifetime-fest"]));
  });
});
