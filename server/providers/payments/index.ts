import type { Config } from "../../config";
import { createStripeGateway } from "./stripe";
import { createTestGateway } from "./test-gateway";
import type { PaymentGateway } from "./types";

export { createTestGateway, testCard } from "./test-gateway";
export type { ChargeRequest, ChargeResult, PaymentGateway, RefundResult } from "./types";

/** Stripe when STRIPE_SECRET_KEY is set; otherwise the built-in test gateway. */
export function createPaymentGateway(config: Pick<Config, "stripeSecretKey">): PaymentGateway {
  return config.stripeSecretKey ? createStripeGateway(config.stripeSecretKey) : createTestGateway();
}
