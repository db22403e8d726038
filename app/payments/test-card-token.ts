/**
 * The built-in test gateway's card form: a typed card number becomes one of the payment method
 * ids the gateway knows (Stripe's documented test PaymentMethods, so the same ids work against
 * Stripe's test mode). It runs in the browser: the card number itself never reaches our server.
 */
const TOKENS: Readonly<Record<string, string>> = {
  "4242424242424242": "pm_card_visa",
  "5555555555554444": "pm_card_mastercard",
  "4000000000000002": "pm_card_chargeDeclined",
  "4000002500003155": "pm_card_authenticationRequired",
};

/** The payment method id of a test card number (spaces and dashes ignored), else null. */
export function testCardToken(cardNumber: string): string | null {
  return TOKENS[cardNumber.replace(/[\s-]/g, "")] ?? null;
}

export const TEST_GATEWAY_BADGE = "Test gateway — no real card is charged";
export const TEST_GATEWAY_HINT =
  "Use 4242 4242 4242 4242 (pays), 4000 0000 0000 0002 (declined), 4000 0025 0000 3155 (asks for 3-D Secure)";

// Our wording where the spec is silent, as Stripe's card form words it.
// TODO(lead): move to domain/messages.ts with the spec's card messages.
export const CARD_NUMBER_INVALID = "Your card number is invalid.";
export const CARD_EXPIRY_INCOMPLETE = "Your card's expiration date is incomplete.";
export const CARD_EXPIRY_PAST = "Your card's expiration date is in the past.";
export const CARD_CVC_INCOMPLETE = "Your card's security code is incomplete.";
