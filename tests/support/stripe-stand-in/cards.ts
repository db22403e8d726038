import { createHash } from "node:crypto";

/** What a card does when it is charged. */
export type CardBehaviour =
  | "succeed"
  | "decline"
  | "insufficient_funds"
  | "authenticate" // 3-D Secure on every on-session payment; off-session payments fail
  | "processing"; // the intent waits in `processing` (the stand-in's own test card)

export type TestCard = {
  number: string;
  brand: "visa" | "mastercard";
  behaviour: CardBehaviour;
};

// Stripe's documented test numbers, plus 4000000000009003 for `processing` (Luhn-valid, not one
// of Stripe's).
export const CARDS: Record<string, TestCard> = {
  visa: { number: "4242424242424242", brand: "visa", behaviour: "succeed" },
  mastercard: { number: "5555555555554444", brand: "mastercard", behaviour: "succeed" },
  chargeDeclined: { number: "4000000000000002", brand: "visa", behaviour: "decline" },
  chargeDeclinedInsufficientFunds: {
    number: "4000000000009995",
    brand: "visa",
    behaviour: "insufficient_funds",
  },
  authenticationRequired: { number: "4000002500003155", brand: "visa", behaviour: "authenticate" },
  threeDSecureRequired: { number: "4000000000003220", brand: "visa", behaviour: "authenticate" },
  processing: { number: "4000000000009003", brand: "visa", behaviour: "processing" },
};

/** `pm_card_visa` → the visa card; Stripe's magic ids, usable wherever a pm_ id is. */
export function magicPaymentMethod(id: string): TestCard | undefined {
  if (!id.startsWith("pm_card_")) return undefined;
  const name = id.slice("pm_card_".length);
  if (name === "visa_chargeDeclined") return CARDS.chargeDeclined;
  if (name === "visa_chargeDeclinedInsufficientFunds") return CARDS.chargeDeclinedInsufficientFunds;
  if (name === "threeDSecure2Required") return CARDS.threeDSecureRequired;
  return Object.hasOwn(CARDS, name) ? CARDS[name] : undefined;
}

/** `tok_visa` → the visa card. */
export function testToken(token: string): TestCard | undefined {
  if (!token.startsWith("tok_")) return undefined;
  const name = token.slice("tok_".length);
  return Object.hasOwn(CARDS, name) ? CARDS[name] : undefined;
}

export function cardByNumber(number: string): TestCard | undefined {
  const digits = number.replace(/\D/g, "");
  return Object.values(CARDS).find((c) => c.number === digits);
}

/** The same number always gets the same fingerprint, as on Stripe. */
export const fingerprint = (number: string) =>
  createHash("sha256").update(`stand-in:${number}`).digest("base64url").slice(0, 16);
