import Stripe from "stripe";
import {
  CARD_DECLINED,
  CARD_NEEDS_AUTHENTICATION,
  INVALID_PAYMENT_METHOD_ID,
  PAYMENT_FAILED,
} from "../../../domain/messages";
import { REFUND_FAILED } from "../../../domain/refunds";
import type { ChargeRequest, ChargeResult, PaymentGateway, RefundResult } from "./types";

/**
 * Stripe through the official SDK: one confirmed PaymentIntent per checkout, with Stripe's own
 * idempotency key so a retried checkout never charges twice. Redirect-based methods are off: a
 * card that needs 3D Secure comes back as requires_action and the buyer is told so.
 */
export function createStripeGateway(secretKey: string, client?: Stripe): PaymentGateway {
  const stripe = client ?? new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
  return {
    name: "stripe",
    async charge(request: ChargeRequest): Promise<ChargeResult> {
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
            automatic_payment_methods: { enabled: true, allow_redirects: "never" },
            expand: ["latest_charge"],
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (intent.status === "succeeded") {
          const charge = intent.latest_charge as Stripe.Charge | null;
          const card = charge?.payment_method_details?.card;
          return {
            status: "succeeded",
            providerPaymentId: intent.id,
            brand: card?.brand ?? "card",
            last4: card?.last4 ?? "",
          };
        }
        if (intent.status === "requires_action" || intent.status === "requires_confirmation") {
          // Nothing was captured; cancel so the authorisation does not linger.
          await stripe.paymentIntents.cancel(intent.id).catch(() => {});
          return { status: "requires_action", message: CARD_NEEDS_AUTHENTICATION };
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
    },
    async refund(providerPaymentId, amountCents, idempotencyKey): Promise<RefundResult> {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: providerPaymentId,
            amount: amountCents,
            reason: "requested_by_customer",
          },
          { idempotencyKey },
        );
        if (refund.status === "failed" || refund.status === "canceled") {
          return { status: "failed", message: REFUND_FAILED };
        }
        // pending and requires_action still go through on Stripe's side.
        return { status: "succeeded", providerRefundId: refund.id };
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError) {
          return { status: "failed", message: REFUND_FAILED };
        }
        throw err;
      }
    },
  };
}
