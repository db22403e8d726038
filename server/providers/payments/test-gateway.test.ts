import { describe, expect, it } from "vitest";
import {
  CARD_DECLINED,
  CARD_NEEDS_AUTHENTICATION,
  INVALID_PAYMENT_METHOD_ID,
} from "../../../domain/messages";
import { createTestGateway } from "./test-gateway";

const charge = (paymentMethod: string, idempotencyKey = "key-1") =>
  createTestGateway().charge({
    amountCents: 5900,
    currency: "USD",
    paymentMethod,
    idempotencyKey,
    description: "t",
  });

describe("test gateway", () => {
  it("accepts Stripe's success card by id and number, with a payment id fixed by the key", async () => {
    const a = await charge("pm_card_visa");
    const b = await charge("4242 4242 4242 4242");
    expect(a).toMatchObject({ status: "succeeded", brand: "visa", last4: "4242" });
    expect(
      a.status === "succeeded" &&
        b.status === "succeeded" &&
        a.providerPaymentId === b.providerPaymentId,
    ).toBe(true);
    const c = await charge("pm_card_visa", "key-2");
    expect(
      c.status === "succeeded" &&
        a.status === "succeeded" &&
        c.providerPaymentId !== a.providerPaymentId,
    ).toBe(true);
  });

  it("declines, asks for authentication, or rejects unknown methods", async () => {
    expect(await charge("pm_card_chargeDeclined")).toEqual({
      status: "declined",
      message: CARD_DECLINED,
    });
    expect(await charge("4000000000000002")).toEqual({
      status: "declined",
      message: CARD_DECLINED,
    });
    expect(await charge("4000002500003155")).toEqual({
      status: "requires_action",
      message: CARD_NEEDS_AUTHENTICATION,
    });
    expect(await charge("pm_card_authenticationRequired")).toMatchObject({
      status: "requires_action",
    });
    expect(await charge("1234")).toEqual({ status: "invalid", message: INVALID_PAYMENT_METHOD_ID });
  });
});
