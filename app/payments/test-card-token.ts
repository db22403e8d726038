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

export {
  CARD_CVC_INCOMPLETE,
  CARD_EXPIRY_INCOMPLETE,
  CARD_EXPIRY_PAST,
  CARD_NUMBER_INVALID,
} from "../../domain/messages";
