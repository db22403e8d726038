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
    const challenged = await charge("4000002500003155");
    expect(challenged).toMatchObject({
      status: "requires_action",
      message: CARD_NEEDS_AUTHENTICATION,
      providerPaymentId: expect.stringMatching(/^pi_test_/),
    });
    // The same request is the same payment (the id carries it; no clock, no randomness).
    expect(await charge("4000002500003155")).toEqual(challenged);
    expect(await charge("pm_card_authenticationRequired")).toMatchObject({
      status: "requires_action",
    });
    expect(await charge("1234")).toEqual({ status: "invalid", message: INVALID_PAYMENT_METHOD_ID });
  });

  it("plays 3-D Secure: approved, the payment succeeds with a fee; failed, it stays unpaid", async () => {
    const gateway = createTestGateway();
    const ask = (key: string) =>
      gateway.charge({
        amountCents: 5900,
        currency: "USD",
        paymentMethod: "pm_card_authenticationRequired",
        idempotencyKey: key,
        description: "t",
        metadata: { user_id: "7" },
      });
    const a = await ask("a");
    const b = await ask("b");
    if (a.status !== "requires_action" || b.status !== "requires_action") {
      throw new Error(`expected requires_action, got ${a.status} and ${b.status}`);
    }
    expect(await gateway.retrieveIntent(a.providerPaymentId)).toMatchObject({
      status: "requires_action",
      amountCents: 5900,
      metadata: { user_id: "7" },
    });
    expect(await gateway.authenticate(a.providerPaymentId, "approve")).toMatchObject({
      status: "succeeded",
      feeCents: Math.round(5900 * 0.029) + 30,
    });
    // The bank's first answer stands.
    expect((await gateway.authenticate(a.providerPaymentId, "fail"))?.status).toBe("succeeded");
    expect((await gateway.authenticate(b.providerPaymentId, "fail"))?.status).toBe(
      "requires_payment_method",
    );
    expect(await gateway.retrieveIntent("pi_test_not-base64-json")).toBeNull();
  });
});
