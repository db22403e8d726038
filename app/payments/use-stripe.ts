import type { Stripe } from "@stripe/stripe-js";
import { useEffect, useState } from "react";
import type { PaymentsConfig } from "./payments-config";

export type StripeState =
  | { status: "off" }
  | { status: "loading" }
  | { status: "ready"; stripe: Stripe }
  | { status: "failed" };

/**
 * Stripe.js, loaded once the page has hydrated and only by the pages that take a card (cart,
 * cards): the loader module is its own chunk (`/pure` adds no script until it is called), so no
 * other page downloads it or talks to Stripe. "failed" when the script cannot load (blocked,
 * offline) or there is no publishable key.
 */
export function useStripe(payments: PaymentsConfig): StripeState {
  const stripeMode = payments.provider === "stripe";
  const key = payments.publishableKey;
  const [state, setState] = useState<StripeState>(
    stripeMode ? { status: "loading" } : { status: "off" },
  );
  useEffect(() => {
    if (!stripeMode) return setState({ status: "off" });
    if (!key) return setState({ status: "failed" });
    let live = true;
    setState({ status: "loading" });
    import("@stripe/stripe-js/pure")
      .then(({ loadStripe }) => loadStripe(key))
      .then(
        (stripe) => {
          if (live) setState(stripe ? { status: "ready", stripe } : { status: "failed" });
        },
        () => {
          if (live) setState({ status: "failed" });
        },
      );
    return () => {
      live = false;
    };
  }, [stripeMode, key]);
  return state;
}
