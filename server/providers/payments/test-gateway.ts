import { createHash } from "node:crypto";
import {
  CARD_DECLINED,
  CARD_NEEDS_AUTHENTICATION,
  INVALID_PAYMENT_METHOD_ID,
} from "../../../domain/messages";
import { REFUND_FAILED } from "../../../domain/refunds";
import { resolveCardToken } from "../../services/commerce/card-tokens";
import type { ChargeRequest, ChargeResult, PaymentGateway, RefundResult } from "./types";

type TestCard = {
  outcome: "succeeded" | "declined" | "requires_action";
  brand: string;
  last4: string;
};

/**
 * Stripe's documented test cards, by payment method id and by number, so the same cards work here
 * and against Stripe's test mode.
 */
const CARDS: Record<string, TestCard> = {
  pm_card_visa: { outcome: "succeeded", brand: "visa", last4: "4242" },
  "4242424242424242": { outcome: "succeeded", brand: "visa", last4: "4242" },
  pm_card_mastercard: { outcome: "succeeded", brand: "mastercard", last4: "4444" },
  "5555555555554444": { outcome: "succeeded", brand: "mastercard", last4: "4444" },
  pm_card_chargeDeclined: { outcome: "declined", brand: "visa", last4: "0002" },
  "4000000000000002": { outcome: "declined", brand: "visa", last4: "0002" },
  pm_card_authenticationRequired: { outcome: "requires_action", brand: "visa", last4: "3155" },
  "4000002500003155": { outcome: "requires_action", brand: "visa", last4: "3155" },
};

/** Cards saved by the demo seed (pm_demo_...) pay like the Visa test card. */
const SAVED_DEMO_CARD = /^pm_demo_[a-z0-9_]+$/;

export function testCard(token: string): TestCard | null {
  const key = token.replace(/[\s-]/g, "");
  const card = CARDS[key] ?? CARDS[token];
  if (card) return card;
  if (SAVED_DEMO_CARD.test(token)) return { outcome: "succeeded", brand: "visa", last4: "4242" };
  // Cards saved on the account pages are the same test tokens (pm_card_amex, pm_card_jcb...).
  const saved = resolveCardToken(token, new Date());
  if (saved) {
    return {
      outcome: saved.declines ? "declined" : "succeeded",
      brand: saved.brand,
      last4: saved.last4,
    };
  }
  return null;
}

/**
 * The built-in gateway: no network, deterministic outcomes by card. Its payment ids derive from
 * the idempotency key, as a real gateway returns the same charge for the same key.
 */
export function createTestGateway(): PaymentGateway {
  return {
    name: "test",
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const card = testCard(request.paymentMethod);
      if (!card) return { status: "invalid", message: INVALID_PAYMENT_METHOD_ID };
      if (card.outcome === "declined") return { status: "declined", message: CARD_DECLINED };
      if (card.outcome === "requires_action") {
        return { status: "requires_action", message: CARD_NEEDS_AUTHENTICATION };
      }
      const id = createHash("sha256").update(request.idempotencyKey).digest("hex").slice(0, 24);
      return {
        status: "succeeded",
        providerPaymentId: `pi_test_${id}`,
        brand: card.brand,
        last4: card.last4,
      };
    },
    async refund(providerPaymentId, amountCents, idempotencyKey): Promise<RefundResult> {
      // Only charges this gateway made (or the demo seed's) can be refunded, by a positive amount.
      if (!/^pi_(test|demo)_[0-9a-z]+$/.test(providerPaymentId)) {
        return { status: "failed", message: REFUND_FAILED };
      }
      if (!Number.isInteger(amountCents) || amountCents <= 0) {
        return { status: "failed", message: REFUND_FAILED };
      }
      const id = createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 24);
      return { status: "succeeded", providerRefundId: `re_test_${id}` };
    },
  };
}
