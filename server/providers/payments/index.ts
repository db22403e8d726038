import type { Config } from "../../config";
import { createStripeGateway } from "./stripe";
import { createTestGateway, memoryIntentStore, type TestIntentStore } from "./test-gateway";
import type { PaymentGateway, PaymentIntentView, ProviderEvents } from "./types";

export { createTestGateway, memoryIntentStore, testCard } from "./test-gateway";
export type {
  ChargeRequest,
  ChargeResult,
  PaymentGateway,
  PaymentIntentView,
  ProviderEvent,
  ProviderEvents,
  RefundResult,
  SavedCard,
} from "./types";

/** The gateway, with what only one kind has: Stripe's events, the test gateway's challenge. */
export type Payments = PaymentGateway & {
  events?: ProviderEvents;
  authenticate?(id: string, outcome: "approve" | "fail"): Promise<PaymentIntentView | null>;
};

/** Stripe when STRIPE_SECRET_KEY is set; otherwise the built-in test gateway. */
export function createPaymentGateway(
  config: Pick<Config, "stripeSecretKey" | "stripeWebhookSecret" | "stripeApiBase">,
  testStore: TestIntentStore = memoryIntentStore(),
): Payments {
  return config.stripeSecretKey
    ? createStripeGateway({
        secretKey: config.stripeSecretKey,
        webhookSecret: config.stripeWebhookSecret,
        apiBase: config.stripeApiBase,
      })
    : createTestGateway(testStore);
}
