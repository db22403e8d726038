import Stripe from "stripe";
import { type StripeStandIn, startStripeStandIn } from "../support/stripe-stand-in/server";
import { createTestApp, type TestApp } from "./app";

export const WEBHOOK_SECRET = "whsec_payonce_api_tests";
const signer = new Stripe("sk_test_signer");

/** A clock that runs with real time plus an offset the test moves (the orphan sweep's age). */
export function offsetClock() {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms: number) {
      offset += ms;
    },
  };
}

/**
 * The app in Stripe mode, its Stripe API a stand-in on 127.0.0.1 that the real SDK talks to
 * (STRIPE_API_BASE). The stand-in's own webhook delivery is off: tests deliver events through
 * the app themselves, signed as Stripe signs them, in the order they choose.
 */
export async function stripeApp(clock = offsetClock()) {
  const standIn = await startStripeStandIn();
  const app = await createTestApp({
    clock,
    config: {
      stripeSecretKey: "sk_test_payonce",
      stripePublishableKey: "pk_test_payonce",
      stripeWebhookSecret: WEBHOOK_SECRET,
      stripeApiBase: standIn.url,
    },
  });
  return { app, standIn, clock };
}

/** POST one event to the webhook, signed (or not) as Stripe does. */
export function deliver(
  app: TestApp,
  event: unknown,
  sign: { secret?: string; timestamp?: number; tamper?: boolean; omit?: boolean } = {},
) {
  const payload = JSON.stringify(event, null, 2);
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret: sign.secret ?? WEBHOOK_SECRET,
    ...(sign.timestamp ? { timestamp: sign.timestamp } : {}),
  });
  return app.inject({
    method: "POST",
    url: "/api/payments/stripe/webhook/",
    payload: sign.tamper ? payload.replace('"livemode": false', '"livemode": true') : payload,
    headers: {
      "content-type": "application/json",
      ...(sign.omit ? {} : { "stripe-signature": header }),
    },
  });
}

/** The stand-in's events about one payment (its intent, charge, refunds and disputes). */
export function eventsOf(standIn: StripeStandIn, paymentIntentId: string, after = 0) {
  return standIn
    .events()
    .slice(after)
    .filter((e) => {
      const o = e.data.object as { id?: string; payment_intent?: string | null };
      return o.id === paymentIntentId || o.payment_intent === paymentIntentId;
    });
}
