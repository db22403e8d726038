import { describe, expect, it } from "vitest";
import { COUPON_NOT_FOR_EMAIL, couponNotApplied } from "../../domain/messages";
import { coupons } from "../../server/db/schema";
import { createTestApp } from "../helpers/app";
import { dealPlans, freshCart } from "../helpers/commerce";

// A coupon bound to an e-mail (the first-order WELCOME code the e-mail capture mails, a "receive"
// reward) belongs to the verified owner of that address: an account that merely signed up with
// the address, unverified, cannot spend it.
const app = await createTestApp();
const db = app.database.db;

async function boundCoupon(email: string, code: string) {
  await db.insert(coupons).values({
    code,
    type: "percent",
    value: 10,
    singleUse: true,
    maxUses: 1,
    email,
  });
}

describe("coupons bound to an e-mail", () => {
  it("are refused to an unverified account with that address, cart and checkout alike", async () => {
    await boundCoupon("unverified@payonce.test", "WELCOME-UNVERIFIED");
    const creds = await freshCart(app, "unverified@payonce.test");
    const pixelforge = await dealPlans(app, "pixelforge");
    await app.send("POST", "/api/cart/items/", { dealId: pixelforge.deal.id }, creds);
    const res = await app.send("POST", "/api/cart/coupon/", { code: "WELCOME-UNVERIFIED" }, creds);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: [couponNotApplied(COUPON_NOT_FOR_EMAIL)] });
  });

  it("work for the verified owner of the address", async () => {
    await boundCoupon("shopper@payonce.test", "WELCOME-VERIFIED");
    const creds = await freshCart(app, "shopper@payonce.test");
    const pixelforge = await dealPlans(app, "pixelforge");
    await app.send("POST", "/api/cart/items/", { dealId: pixelforge.deal.id }, creds);
    const res = await app.send("POST", "/api/cart/coupon/", { code: "WELCOME-VERIFIED" }, creds);
    expect(res.statusCode).toBe(200);
  });
});
