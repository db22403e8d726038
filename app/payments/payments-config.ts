import type { AppLoadContext } from "../context";

/** Which card form the cart and cards pages show (publicConfig.payments; nothing secret). */
export type PaymentsConfig = { provider: "test" | "stripe"; publishableKey: string | null };

/** The page's payment settings; without them, the built-in test gateway. */
export function paymentsConfigOf(publicConfig: AppLoadContext["publicConfig"]): PaymentsConfig {
  const payments = publicConfig.payments;
  if (payments?.provider === "stripe") {
    return { provider: "stripe", publishableKey: payments.publishableKey ?? null };
  }
  return { provider: "test", publishableKey: null };
}
