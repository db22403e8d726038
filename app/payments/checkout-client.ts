import { PAYMENT_FAILED } from "../../domain/messages";
import { firstMessage, postJson } from "./post-json";

/** What POST /checkout/ answered, as the cart acts on it. */
export type CheckoutOutcome =
  /** 201 (or 200: the Idempotency-Key was paid already): go to the order page. */
  | { kind: "paid"; redirect: string }
  /** 402 requires_action: 3-D Secure with the buyer's bank, then confirm the intent. */
  | { kind: "action"; clientSecret: string; paymentIntent: string }
  /** 202: the provider has not answered yet; the order follows (the products page shows it). */
  | { kind: "processing"; message: string }
  /** Declined, invalid, sold out, the network...: no order, the cart is kept. */
  | { kind: "failed"; message: string; retryable: boolean };

export type CheckoutBody = { payment_method: string } | { payment_intent: string };

export const PROCESSING_FALLBACK = "Your payment is processing…";

/** The test gateway's 3-D Secure round trip: the key of the attempt waits here meanwhile. */
export const CHECKOUT_KEY_STORAGE = "payonce.checkout.key";

/** The browser's checkout call (contract.md): JSON, the CSRF header and the Idempotency-Key. */
export async function postCheckout(
  body: CheckoutBody,
  idempotencyKey: string,
): Promise<CheckoutOutcome> {
  const answer = await postJson("/checkout/", body, { "Idempotency-Key": idempotencyKey });
  const json = answer.body ?? {};
  if ((answer.status === 200 || answer.status === 201) && typeof json.redirect === "string") {
    return { kind: "paid", redirect: json.redirect };
  }
  if (answer.status === 202) {
    const detail = typeof json.detail === "string" && json.detail ? json.detail : null;
    return { kind: "processing", message: detail ?? PROCESSING_FALLBACK };
  }
  if (
    answer.status === 402 &&
    json.code === "requires_action" &&
    typeof json.client_secret === "string" &&
    typeof json.payment_intent === "string"
  ) {
    return { kind: "action", clientSecret: json.client_secret, paymentIntent: json.payment_intent };
  }
  return {
    kind: "failed",
    message: firstMessage(answer, PAYMENT_FAILED),
    // No answer, or an outage: the same key may be sent again (it pays at most once).
    retryable: answer.status === 0 || answer.status >= 500,
  };
}

/** A fresh key for the next attempt after a refused one (a new card is a new payment). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `cart-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}
