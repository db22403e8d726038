import { createHash } from "node:crypto";

/**
 * The built-in test gateway's payment-method tokens, named like Stripe's test PaymentMethods
 * (pm_card_visa, pm_card_mastercard, pm_card_chargeDeclined...), so the same tokens work in
 * tests, the demo and against Stripe test mode. A token stands for a card: brand, last four
 * digits, a far expiry and a fingerprint that is the same every time the same card is added.
 *
 * To merge with the cart engineer's server/providers/payments/test-cards.ts (one table of test
 * cards for checkout and the account pages).
 */
export type TestCard = {
  token: string;
  label: string;
  brand: string;
  last4: string;
  /** Charges on this card fail (Stripe's chargeDeclined family). */
  declines: boolean;
};

const CARDS: readonly TestCard[] = [
  { token: "pm_card_visa", label: "Visa", brand: "visa", last4: "4242", declines: false },
  {
    token: "pm_card_visa_debit",
    label: "Visa (debit)",
    brand: "visa",
    last4: "5556",
    declines: false,
  },
  {
    token: "pm_card_mastercard",
    label: "Mastercard",
    brand: "mastercard",
    last4: "4444",
    declines: false,
  },
  {
    token: "pm_card_mastercard_debit",
    label: "Mastercard (debit)",
    brand: "mastercard",
    last4: "8210",
    declines: false,
  },
  {
    token: "pm_card_amex",
    label: "American Express",
    brand: "amex",
    last4: "8431",
    declines: false,
  },
  {
    token: "pm_card_discover",
    label: "Discover",
    brand: "discover",
    last4: "1117",
    declines: false,
  },
  { token: "pm_card_jcb", label: "JCB", brand: "jcb", last4: "0505", declines: false },
  {
    token: "pm_card_chargeDeclined",
    label: "Visa (charges declined)",
    brand: "visa",
    last4: "0002",
    declines: true,
  },
];

const BY_TOKEN = new Map(CARDS.map((c) => [c.token, c]));

/** Every test token, for the "add a card" select of the demo. */
export const TEST_CARDS: readonly TestCard[] = CARDS;

/** Test cards expire this many years after they are added, at the end of December. */
const EXPIRY_YEARS = 4;

export type ResolvedCard = {
  providerId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  fingerprint: string;
  declines: boolean;
};

/** The card a token stands for, or null for a token the gateway does not know. */
export function resolveCardToken(token: string, now: Date): ResolvedCard | null {
  const card = BY_TOKEN.get(token);
  if (!card) return null;
  return {
    providerId: card.token,
    brand: card.brand,
    last4: card.last4,
    expMonth: 12,
    expYear: now.getUTCFullYear() + EXPIRY_YEARS,
    // Like a real fingerprint: derived from the card number, not from who adds it.
    fingerprint: `fp_${createHash("sha256").update(`${card.brand}:${card.last4}`).digest("hex").slice(0, 16)}`,
    declines: card.declines,
  };
}

/** Whether a charge on a stored card (by its provider id) would be declined. */
export const cardDeclines = (providerId: string): boolean =>
  BY_TOKEN.get(providerId)?.declines ?? false;
