import { createHash } from "node:crypto";
import {
  CARD_DECLINED,
  CARD_NEEDS_AUTHENTICATION,
  INVALID_PAYMENT_METHOD_ID,
} from "../../../domain/messages";
import { REFUND_FAILED } from "../../../domain/refunds";
import { resolveCardToken } from "../../services/commerce/card-tokens";
import type {
  ChargeRequest,
  ChargeResult,
  PaymentGateway,
  PaymentIntentView,
  RefundResult,
  SavedCard,
} from "./types";

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

/** Where the test gateway keeps the outcome of each 3-D Secure challenge (a table in the app). */
export type TestIntentStore = {
  status(id: string): Promise<{ status: string; at: Date } | null>;
  setStatus(id: string, status: "succeeded" | "requires_payment_method"): Promise<void>;
  /** Intents whose challenge was answered since `since`. */
  answered(since: Date): Promise<{ id: string; status: string }[]>;
};

export function memoryIntentStore(): TestIntentStore {
  const map = new Map<string, { status: string; at: Date }>();
  return {
    async status(id) {
      return map.get(id) ?? null;
    },
    async setStatus(id, status) {
      map.set(id, { status, at: new Date() });
    },
    async answered(since) {
      return [...map].filter(([, v]) => v.at >= since).map(([id, v]) => ({ id, status: v.status }));
    },
  };
}

/** What a test payment id carries: the gateway keeps no row for a payment until it is answered. */
type IntentBody = {
  /** amount (cents), currency, metadata, outcome at creation, card, the request key's hash. */
  a: number;
  c: string;
  m: Record<string, string>;
  o: TestCard["outcome"];
  b: string;
  l: string;
  k: string;
};

const PREFIX = "pi_test_";
export const TEST_PAYMENT_ID = /^pi_(test|demo)_[0-9A-Za-z_-]+$/;

function encodeIntent(body: IntentBody): string {
  return PREFIX + Buffer.from(JSON.stringify(body)).toString("base64url");
}

function decodeIntent(id: string): IntentBody | null {
  if (!id.startsWith(PREFIX) || id.length > 2000) return null;
  try {
    const body = JSON.parse(Buffer.from(id.slice(PREFIX.length), "base64url").toString("utf8"));
    if (
      typeof body?.a !== "number" ||
      typeof body.c !== "string" ||
      typeof body.m !== "object" ||
      body.m === null
    ) {
      return null;
    }
    return body as IntentBody;
  } catch {
    return null;
  }
}

/** Stripe's fee on a card payment (2.9% + 30 cents), so the test gateway's payouts look real. */
const feeOf = (amount: number) => Math.round(amount * 0.029) + 30;

/**
 * The built-in gateway: no network, deterministic outcomes by card, and the same flows as Stripe:
 * the 3155 card asks for 3-D Secure (a challenge page of the app's own answers it), and its
 * payment then succeeds or fails. A payment id carries the payment itself (amount, metadata), so
 * the same idempotency key gives the same id and any process can read it back.
 */
export function createTestGateway(store: TestIntentStore = memoryIntentStore()): PaymentGateway & {
  /** The challenge page's answer: approve makes the payment succeed, fail leaves it unpaid. */
  authenticate(id: string, outcome: "approve" | "fail"): Promise<PaymentIntentView | null>;
} {
  async function view(id: string): Promise<PaymentIntentView | null> {
    const body = decodeIntent(id);
    if (!body) return null;
    const answer = body.o === "requires_action" ? await store.status(id) : null;
    const answered = answer?.status ?? null;
    const status: PaymentIntentView["status"] =
      body.o === "succeeded"
        ? "succeeded"
        : answered === "succeeded"
          ? "succeeded"
          : answered === "requires_payment_method"
            ? "requires_payment_method"
            : "requires_action";
    const paid = status === "succeeded";
    return {
      id,
      status,
      amountCents: body.a,
      currency: body.c,
      metadata: body.m,
      chargeId: paid
        ? `ch_test_${createHash("sha256").update(id).digest("hex").slice(0, 24)}`
        : null,
      brand: body.b,
      last4: body.l,
      feeCents: paid ? feeOf(body.a) : null,
      netCents: paid ? body.a - feeOf(body.a) : null,
      failureMessage:
        status === "requires_payment_method"
          ? "We are unable to authenticate your payment method. Please choose a different payment method and try again."
          : null,
      // Payments answered on the challenge page are dated by the answer; others by now.
      created: answer?.at ?? new Date(),
    };
  }

  return {
    name: "test",
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const card = testCard(request.paymentMethod);
      if (!card) return { status: "invalid", message: INVALID_PAYMENT_METHOD_ID };
      if (card.outcome === "declined") return { status: "declined", message: CARD_DECLINED };
      // The same request gives the very same id (no clock or random part): a retry is one payment.
      const id = encodeIntent({
        a: request.amountCents,
        c: request.currency,
        m: request.metadata ?? {},
        o: card.outcome,
        b: card.brand,
        l: card.last4,
        k: createHash("sha256").update(request.idempotencyKey).digest("hex").slice(0, 16),
      });
      if (card.outcome === "requires_action") {
        if (request.offSession) return { status: "declined", message: CARD_NEEDS_AUTHENTICATION };
        return {
          status: "requires_action",
          message: CARD_NEEDS_AUTHENTICATION,
          providerPaymentId: id,
          clientSecret: `${id}_secret_test`,
        };
      }
      return {
        status: "succeeded",
        providerPaymentId: id,
        brand: card.brand,
        last4: card.last4,
        chargeId: null,
        feeCents: feeOf(request.amountCents),
        netCents: request.amountCents - feeOf(request.amountCents),
      };
    },
    retrieveIntent: view,
    async listIntents(since) {
      const found = await store.answered(since);
      const views = await Promise.all(found.map((f) => view(f.id)));
      return views.filter((v): v is PaymentIntentView => v !== null);
    },
    async authenticate(id, outcome) {
      const current = await view(id);
      if (current?.status !== "requires_action") return current;
      await store.setStatus(id, outcome === "approve" ? "succeeded" : "requires_payment_method");
      return view(id);
    },
    async refund(providerPaymentId, amountCents, idempotencyKey): Promise<RefundResult> {
      // Only charges this gateway made (or the demo seed's) can be refunded, by a positive amount.
      if (!TEST_PAYMENT_ID.test(providerPaymentId)) {
        return { status: "failed", message: REFUND_FAILED };
      }
      if (!Number.isInteger(amountCents) || amountCents <= 0) {
        return { status: "failed", message: REFUND_FAILED };
      }
      const id = createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 24);
      return { status: "succeeded", providerRefundId: `re_test_${id}` };
    },
    async saveCard(_user, paymentMethod): Promise<SavedCard | null> {
      // The account pages' card tokens (pm_card_amex, ...) carry their own details.
      const saved = resolveCardToken(paymentMethod, new Date());
      if (!saved) return null;
      return {
        customerId: null,
        paymentMethodId: paymentMethod,
        brand: saved.brand,
        last4: saved.last4,
        expMonth: saved.expMonth,
        expYear: saved.expYear,
        fingerprint: saved.fingerprint,
        country: null,
      };
    },
  };
}
