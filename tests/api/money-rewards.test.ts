import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { COUPON_NOT_FOUND, couponNotApplied, REWARD_REDEEM_FAILED } from "../../domain/messages";
import { orders, rewardCampaigns, rewardCoupons } from "../../server/db/schema";
import { createTestApp } from "../helpers/app";
import { moneyClient } from "../helpers/money";

// Reward coupons cannot be minted (docs/decisions/040-reward-coupons.md).
const app = await createTestApp();
const { db, send, pay, dealPlans, userId, freshCart } = moneyClient(app);
const pixelforge = await dealPlans("pixelforge");
const campaign = async (type: "give" | "receive") =>
  (await db.select().from(rewardCampaigns).where(eq(rewardCampaigns.rewardType, type)))[0]!.id;
const give = await campaign("give");
const receive = await campaign("receive");
const redeem = (id: number, creds: Awaited<ReturnType<typeof app.login>>) =>
  send("POST", `/api/rewards/${id}/redeem/`, {}, creds);
const refused = { detail: REWARD_REDEEM_FAILED };

describe("reward redeem", () => {
  it("refuses unverified accounts, accounts under 2 purchases, and receive without a referral", async () => {
    const unverified = await app.login("unverified@payonce.test");
    expect((await redeem(give, unverified)).json()).toEqual(refused);
    expect((await redeem(receive, unverified)).statusCode).toBe(400);
    const shopper = await app.login("shopper@payonce.test");
    expect((await redeem(give, shopper)).json()).toEqual(refused);
    expect((await redeem(receive, shopper)).json()).toEqual(refused);
    const plus = await app.login("plus@payonce.test");
    // 2+ purchases, but nobody bought with plus's give code yet.
    expect((await redeem(receive, plus)).json()).toEqual(refused);
    expect(await db.select().from(rewardCoupons)).toEqual([]);
  });

  it("gives one give code per user, ever: parallel redeems make one, removing ends it", async () => {
    const plus = await app.login("plus@payonce.test");
    const answers = await Promise.all([1, 2, 3, 4].map(() => redeem(give, plus)));
    const codes = new Set(answers.map((r) => r.json().coupons[0]?.code));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(codes.size).toBe(1);
    const [code] = [...codes] as string[];
    // The friends' discount is never the owner's own.
    const own = await freshCart("plus@payonce.test");
    await send("POST", "/api/cart/items/", { dealId: pixelforge.deal.id }, own);
    const mine = await send("POST", "/api/cart/coupon/", { code }, own);
    expect(mine.statusCode).toBe(400);
    expect(mine.json()).toEqual({ code: [couponNotApplied(COUPON_NOT_FOUND)] });

    // A friend buys with it: that is a referral, and plus may redeem the receive reward once.
    const friend = await freshCart("buyer@payonce.test");
    await send("POST", "/api/cart/items/", { dealId: pixelforge.deal.id }, friend);
    expect((await send("POST", "/api/cart/coupon/", { code }, friend)).statusCode).toBe(200);
    expect((await pay(friend)).statusCode).toBe(201);

    const reward = await redeem(receive, plus);
    expect(reward.statusCode).toBe(201);
    const rewardCode = reward.json().coupons[0].code as string;
    // The attack: use the reward, remove it, redeem again. The second redeem is refused.
    await freshCart("plus@payonce.test");
    await send("POST", "/api/cart/items/", { dealId: pixelforge.deal.id }, own);
    expect((await send("POST", "/api/cart/coupon/", { code: rewardCode }, own)).statusCode).toBe(
      200,
    );
    expect((await pay(own)).statusCode).toBe(201);
    expect((await send("POST", "/api/rewards/remove/", { code: rewardCode }, own)).statusCode).toBe(
      200,
    );
    for (const id of [receive, give]) {
      if (id === give)
        expect((await send("POST", "/api/rewards/remove/", { code }, own)).statusCode).toBe(200);
      const again = await redeem(id, plus);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual(refused);
    }
    const uid = await userId("plus@payonce.test");
    const held = await db
      .select()
      .from(rewardCoupons)
      .where(and(eq(rewardCoupons.userId, uid)));
    expect(held).toHaveLength(2);
  });

  it("does not count a referral whose order was refunded or is the sharer's own", async () => {
    // A second purchase makes the reviewer eligible for the incentivized share (2 or more).
    const reviewer = await freshCart("reviewer@payonce.test");
    await send("POST", "/api/cart/items/", { dealId: pixelforge.deal.id }, reviewer);
    expect((await pay(reviewer)).statusCode).toBe(201);
    const [first] = (await redeem(give, reviewer)).json().coupons ?? [];
    expect(first?.code).toEqual(expect.any(String));
    const friend = await freshCart("shopper@payonce.test");
    await send("POST", "/api/cart/items/", { dealId: pixelforge.deal.id }, friend);
    await send("POST", "/api/cart/coupon/", { code: first.code }, friend);
    const paid = await pay(friend);
    expect(paid.statusCode).toBe(201);
    await db.update(orders).set({ status: "refunded" }).where(eq(orders.id, paid.json().order.id));
    expect((await redeem(receive, reviewer)).json()).toEqual(refused);
  });
});
