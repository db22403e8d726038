import Stripe from "stripe";
import {
  CARD_DECLINED,
  CARD_NEEDS_AUTHENTICATION,
  INVALID_PAYMENT_METHOD_ID,
  PAYMENT_FAILED,
} from "../../../domain/messages";
import { WEBHOOK_TOLERANCE_SECONDS } from "../../../domain/payments";
import { REFUND_FAILED } from "../../../domain/refunds";
import type {
  ChargeRequest,
  ChargeResult,
  PaymentGateway,
  PaymentIntentView,
  ProviderEvent,
  ProviderEvents,
  RefundResult,
  SavedCard,
} from "./types";

export type StripeSettings = {
  secretKey: string;
  webhookSecret?: string;
  /** Where the API is (a local stand-in in tests); unset: Stripe itself. */
  apiBase?: string;
};

/** The SDK client, pointed at STRIPE_API_BASE when it is set (host, port, protocol). */
export function stripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
          protocol: base.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}

const idOf = (v: string | { id: string } | null | undefined) =>
  typeof v === "string" ? v : (v?.id ?? null);

/** A PaymentIntent (with latest_charge.balance_transaction expanded, where it was) as we read it. */
export function intentView(intent: Stripe.PaymentIntent): PaymentIntentView {
  const charge =
    intent.latest_charge && typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  const balance =
    charge?.balance_transaction && typeof charge.balance_transaction === "object"
      ? charge.balance_transaction
      : null;
  return {
    id: intent.id,
    status: intent.status as PaymentIntentView["status"],
    amountCents: intent.amount,
    currency: intent.currency.toUpperCase(),
    metadata: { ...(intent.metadata ?? {}) },
    chargeId: idOf(intent.latest_charge),
    brand: card?.brand ?? "card",
    last4: card?.last4 ?? "",
    feeCents: balance ? balance.fee : null,
    netCents: balance ? balance.net : null,
    failureMessage: intent.last_payment_error?.message ?? null,
    created: new Date(intent.created * 1000),
  };
}

const EXPAND = ["latest_charge.balance_transaction"];

/**
 * Stripe through the official SDK: one confirmed PaymentIntent per checkout, with Stripe's own
 * idempotency key so a retried checkout never charges twice. A card that asks for 3-D Secure
 * comes back as requires_action with the client secret: the browser runs the challenge
 * (Stripe.js handleNextAction) and the order is made when the intent has succeeded.
 */
export function createStripeGateway(
  settings: StripeSettings,
  client?: Stripe,
): PaymentGateway & { events: ProviderEvents } {
  const stripe = client ?? stripeClient(settings);

  async function charge(request: ChargeRequest): Promise<ChargeResult> {
    try {
      // Legacy card tokens (stripe_token tok_...) become a payment method first.
      const paymentMethod = request.paymentMethod.startsWith("tok_")
        ? (
            await stripe.paymentMethods.create({
              type: "card",
              card: { token: request.paymentMethod },
            })
          ).id
        : request.paymentMethod;
      const intent = await stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency.toLowerCase(),
          description: request.description,
          receipt_email: request.customerEmail,
          confirm: true,
          payment_method: paymentMethod,
          ...(request.customerId ? { customer: request.customerId } : {}),
          ...(request.offSession ? { off_session: true } : {}),
          metadata: request.metadata ?? {},
          automatic_payment_methods: { enabled: true, allow_redirects: "never" },
          expand: EXPAND,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      const view = intentView(intent);
      if (intent.status === "succeeded") {
        return {
          status: "succeeded",
          providerPaymentId: intent.id,
          brand: view.brand,
          last4: view.last4,
          chargeId: view.chargeId,
          feeCents: view.feeCents,
          netCents: view.netCents,
        };
      }
      if (intent.status === "requires_action" && intent.client_secret) {
        return {
          status: "requires_action",
          message: CARD_NEEDS_AUTHENTICATION,
          providerPaymentId: intent.id,
          clientSecret: intent.client_secret,
        };
      }
      if (intent.status === "processing") {
        return { status: "processing", providerPaymentId: intent.id };
      }
      return { status: "declined", message: PAYMENT_FAILED };
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError) {
        return { status: "declined", message: CARD_DECLINED };
      }
      if (err instanceof Stripe.errors.StripeInvalidRequestError) {
        return { status: "invalid", message: INVALID_PAYMENT_METHOD_ID };
      }
      throw err;
    }
  }

  async function retrieveIntent(id: string): Promise<PaymentIntentView | null> {
    try {
      return intentView(await stripe.paymentIntents.retrieve(id, { expand: EXPAND }));
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError) return null;
      throw err;
    }
  }

  async function listIntents(since: Date): Promise<PaymentIntentView[]> {
    const found: PaymentIntentView[] = [];
    for await (const intent of stripe.paymentIntents.list({
      created: { gte: Math.floor(since.getTime() / 1000) },
      limit: 100,
      expand: ["data.latest_charge.balance_transaction"],
    })) {
      found.push(intentView(intent));
    }
    return found;
  }

  async function refund(
    providerPaymentId: string,
    amountCents: number,
    idempotencyKey: string,
    metadata?: Record<string, string>,
  ): Promise<RefundResult> {
    try {
      const refund = await stripe.refunds.create(
        {
          payment_intent: providerPaymentId,
          amount: amountCents,
          reason: "requested_by_customer",
          metadata: metadata ?? {},
        },
        { idempotencyKey },
      );
      if (refund.status === "failed" || refund.status === "canceled") {
        return { status: "failed", message: REFUND_FAILED };
      }
      // pending and requires_action still go through on Stripe's side; refund.updated or
      // refund.failed tells us how it ended.
      return {
        status: refund.status === "succeeded" ? "succeeded" : "pending",
        providerRefundId: refund.id,
      };
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError) {
        return { status: "failed", message: REFUND_FAILED };
      }
      throw err;
    }
  }

  async function saveCard(
    user: { id: number; email: string; customerId: string | null },
    paymentMethod: string,
  ): Promise<SavedCard | null> {
    try {
      const customerId =
        user.customerId ??
        (
          await stripe.customers.create(
            { email: user.email, metadata: { user_id: String(user.id) } },
            { idempotencyKey: `customer:user${user.id}` },
          )
        ).id;
      const attached = await stripe.paymentMethods.attach(paymentMethod, {
        customer: customerId,
      });
      const card = attached.card;
      if (!card) return null;
      return {
        customerId,
        paymentMethodId: attached.id,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.exp_month,
        expYear: card.exp_year,
        fingerprint: card.fingerprint ?? attached.id,
        country: card.country ?? null,
      };
    } catch (err) {
      if (
        err instanceof Stripe.errors.StripeInvalidRequestError ||
        err instanceof Stripe.errors.StripeCardError
      ) {
        return null;
      }
      throw err;
    }
  }

  const eventOf = (event: Stripe.Event): ProviderEvent => ({
    id: event.id,
    type: event.type,
    created: new Date(event.created * 1000),
    object: event.data.object as unknown as ProviderEvent["object"],
  });

  const events: ProviderEvents = {
    verify(rawBody, signature) {
      if (!settings.webhookSecret) throw new Error("STRIPE_WEBHOOK_SECRET is not set");
      return eventOf(
        stripe.webhooks.constructEvent(
          rawBody,
          signature,
          settings.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        ),
      );
    },
    async list(since) {
      const found: ProviderEvent[] = [];
      for await (const event of stripe.events.list({
        created: { gte: Math.floor(since.getTime() / 1000) },
        limit: 100,
      })) {
        found.push(eventOf(event));
      }
      // Stripe lists newest first; events are applied in the order they happened.
      return found.reverse();
    },
  };

  return { name: "stripe", charge, retrieveIntent, listIntents, refund, saveCard, events };
}
