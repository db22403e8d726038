import { describe, expect, it } from "vitest";
import { DEAL_OR_GROUP_REQUIRED, INVALID_PLAN_ID } from "../messages";
import { AddAddonsSchema, AddCartItemSchema, CheckoutSchema, paymentTokenOf } from "./cart";
import { fieldErrors } from "./common";

describe("AddCartItemSchema", () => {
  it("needs a deal id or a deal group id", () => {
    const res = AddCartItemSchema.safeParse({ planId: 3 });
    expect(res.success).toBe(false);
    if (!res.success) expect(fieldErrors(res.error)).toEqual({ dealId: [DEAL_OR_GROUP_REQUIRED] });
    expect(AddCartItemSchema.safeParse({ dealGroupId: "4", planId: null }).success).toBe(true);
    expect(AddCartItemSchema.parse({ dealId: "7", quantity: "2" })).toMatchObject({
      dealId: 7,
      quantity: 2,
    });
  });
});

describe("AddAddonsSchema", () => {
  it("takes a list or {items} and wants positive plan ids", () => {
    expect(AddAddonsSchema.parse([{ plan_id: "5" }])).toEqual({ items: [{ plan_id: 5 }] });
    expect(AddAddonsSchema.parse({ items: [{ plan_id: 5, quantity: 2 }] }).items[0]?.quantity).toBe(
      2,
    );
    for (const plan_id of [0, -1, "x", 2.5]) {
      const res = AddAddonsSchema.safeParse([{ plan_id }]);
      expect(res.success).toBe(false);
      if (!res.success)
        expect(Object.values(fieldErrors(res.error)).flat()).toContain(INVALID_PLAN_ID);
    }
  });
});

describe("CheckoutSchema", () => {
  it("prefers stripe_token, then payment_method", () => {
    expect(paymentTokenOf(CheckoutSchema.parse({ stripe_token: "tok_visa", stripe: "1" }))).toBe(
      "tok_visa",
    );
    expect(paymentTokenOf(CheckoutSchema.parse({ payment_method: "12" }))).toBe("12");
    expect(paymentTokenOf(CheckoutSchema.parse({}))).toBeNull();
  });
});
