import { describe, expect, it } from "vitest";
import { bundleCartItems, isValidBundle } from "./bundle";

describe("bundle add-to-cart", () => {
  it("needs a deal id or a deal group id on every deal", () => {
    expect(isValidBundle({ code: "DUO", deals: [{ deal_id: 1 }, { deal_group_id: 2 }] })).toBe(
      true,
    );
    expect(isValidBundle({ code: "DUO", deals: [{ deal_id: 1 }, { plan_id: 3 }] })).toBe(false);
    expect(isValidBundle({ code: "DUO", deals: [] })).toBe(false);
    expect(isValidBundle(null)).toBe(false);
    expect(bundleCartItems({ code: "DUO", deals: [{ plan_id: 3 }] })).toBeNull();
  });

  it("adds the deals in order, the coupon on the last one only", () => {
    expect(
      bundleCartItems({
        code: "DUO",
        deals: [{ deal_id: 1, plan_id: 10 }, { deal_group_id: 2 }, { deal_id: 3, plan_id: 30 }],
      }),
    ).toEqual([
      { dealId: 1, dealGroupId: null, planId: 10, couponCode: null, quantity: 1 },
      { dealId: null, dealGroupId: 2, planId: null, couponCode: null, quantity: 1 },
      { dealId: 3, dealGroupId: null, planId: 30, couponCode: "DUO", quantity: 1 },
    ]);
  });
});
