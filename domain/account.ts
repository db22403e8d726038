/**
 * Rules of what a buyer manages in their account (spec 001 sections 3, 4, 5, 8): the products list
 * filters, the refund window, card expiry, tax id types and Plus cancel reasons. Where the spec is
 * silent the choice is ours (docs/decisions/029-account-billing-cards-plus-products.md); the
 * spec's own messages live in messages.ts, our wording for the cases it does not name lives here.
 */
import { ABN_COUNTRY, NON_REFUNDABLE_DAYS } from "./constants";
import { NON_REFUNDABLE_DEAL } from "./messages";
import { refundText } from "./pricing";

// ---------------------------------------------------------------------------------------------
// Our wording (the spec names these cases but shows no text)
// ---------------------------------------------------------------------------------------------

export const REFUND_WINDOW_CLOSED = "The refund window for this deal has closed.";
export const ALREADY_REFUNDED = "This product has already been refunded.";
export const TRANSFERRED_NOT_REFUNDABLE =
  "Products received by transfer cannot be refunded; the original buyer can ask for a refund.";
export const REFUND_REQUESTED = "Your refund has been processed.";
export const TRANSFER_TO_SELF = "You already own this product.";
export const TRANSFER_REFUNDED = "A refunded product cannot be transferred.";
export const TRANSFER_ADDON = "Add-ons move with their main product: transfer that instead.";
export const TRANSFER_PLAN_MISMATCH = "This plan does not match the product.";
export const CARD_ADDED = "Payment method added.";
export const CARD_ALREADY_SAVED = "This card is already saved.";
export const CARD_REMOVED = "Payment method removed.";
export const CARD_DEFAULT_SET = "Default payment method updated.";
export const CARD_EXPIRED = "This card has expired. Add a new card instead.";
export const CARD_DECLINED = "Your card was declined. Please use another card.";
export const CARD_PAYS_PLUS =
  "This card pays for your Plus membership. Choose another card for Plus first.";
export const BILLING_SAVED = "Billing details saved.";
export const TAX_SAVED = "Tax details saved.";
export const DETAILS_DELETED = "Deleted.";
export const CANCEL_REASON_SAVED = "Thanks for your feedback.";
export const SUBSCRIPTION_ALREADY_CANCELING = "Your Plus membership is already set to end.";

// ---------------------------------------------------------------------------------------------
// Products list
// ---------------------------------------------------------------------------------------------

/** The products list's `f` filter; "all" (the default) includes refunded purchases as history. */
export const PRODUCT_FILTERS = ["all", "active", "redeemed", "not_redeemed", "refunded"] as const;
export type ProductFilter = (typeof PRODUCT_FILTERS)[number];
export const PRODUCT_FILTER_LABELS: Record<ProductFilter, string> = {
  all: "All products",
  active: "Active",
  redeemed: "Redeemed",
  not_redeemed: "Not redeemed",
  refunded: "Refunded",
};
/** Search text longer than this is cut (it is matched with ILIKE). */
export const PRODUCT_SEARCH_MAX = 100;
/** The CSV export is capped so one request cannot stream an unbounded table. */
export const PRODUCTS_CSV_MAX_ROWS = 5000;

// ---------------------------------------------------------------------------------------------
// Refund window (spec 001 section 9: refundable_days; "Non-refundable deal")
// ---------------------------------------------------------------------------------------------

const DAY_MS = 24 * 60 * 60 * 1000;

export type RefundState =
  | { refundable: true; deadline: Date; text: string }
  | { refundable: false; deadline: Date | null; text: string; reason: string };

/**
 * Whether a purchase may still be refunded: refundable_days after the start of its window,
 * counted to the millisecond (a 60-day deal bought at 10:00 can be refunded until 10:00 sixty
 * days later). `purchasedAt` is the window's start: window_started_at ?? created_at, so an
 * upgraded line keeps its first purchase's window. `receivedByTransfer`: someone else paid for
 * it, so the refund is theirs to ask for (docs/decisions/011).
 */
export function refundState(
  item: {
    refundableDays: number;
    purchasedAt: Date;
    refundedAt: Date | null;
    receivedByTransfer: boolean;
  },
  now: Date,
): RefundState {
  if (item.refundableDays <= NON_REFUNDABLE_DAYS) {
    return {
      refundable: false,
      deadline: null,
      text: NON_REFUNDABLE_DEAL,
      reason: NON_REFUNDABLE_DEAL,
    };
  }
  const deadline = new Date(item.purchasedAt.getTime() + item.refundableDays * DAY_MS);
  const text = refundText(item.refundableDays);
  if (item.refundedAt) return { refundable: false, deadline, text, reason: ALREADY_REFUNDED };
  if (item.receivedByTransfer) {
    return { refundable: false, deadline, text, reason: TRANSFERRED_NOT_REFUNDABLE };
  }
  if (now.getTime() >= deadline.getTime()) {
    return { refundable: false, deadline, text, reason: REFUND_WINDOW_CLOSED };
  }
  return { refundable: true, deadline, text };
}

// ---------------------------------------------------------------------------------------------
// Cards
// ---------------------------------------------------------------------------------------------

/** A card is good through the last day of its expiry month (UTC). */
export const isCardExpired = (card: { expMonth: number; expYear: number }, now: Date): boolean =>
  now.getUTCFullYear() * 12 + now.getUTCMonth() + 1 > card.expYear * 12 + card.expMonth;

/** Default first, then newest first (spec 001 section 4: "the default is moved to the front"). */
export const sortCards = <T extends { isDefault: boolean; createdAt: Date; id: number }>(
  cards: readonly T[],
): T[] =>
  [...cards].sort(
    (a, b) =>
      Number(b.isDefault) - Number(a.isDefault) ||
      b.createdAt.getTime() - a.createdAt.getTime() ||
      b.id - a.id,
  );

// ---------------------------------------------------------------------------------------------
// Tax
// ---------------------------------------------------------------------------------------------

const EU_VAT_COUNTRIES = new Set(
  "AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK".split(" "),
);

/** The tax id's type, in the payment provider's naming (spec: "type, generic tax ids"). */
export function taxIdType(country: string): string {
  if (country === ABN_COUNTRY) return "au_abn";
  if (country === "GB") return "gb_vat";
  if (EU_VAT_COUNTRIES.has(country)) return "eu_vat";
  return "generic";
}

// ---------------------------------------------------------------------------------------------
// Plus
// ---------------------------------------------------------------------------------------------

/** Why a member cancels: the options of the cancel form (the spec names the call, not the list). */
export const PLUS_CANCEL_REASONS = [
  { value: "too_expensive", label: "It's too expensive" },
  { value: "not_enough_deals", label: "Not enough deals for me" },
  { value: "not_using", label: "I don't use it enough" },
  { value: "missing_features", label: "Missing benefits I expected" },
  { value: "temporary", label: "I only needed it for one purchase" },
  { value: "other", label: "Something else" },
] as const;
export type PlusCancelReason = (typeof PLUS_CANCEL_REASONS)[number]["value"];
export const PLUS_CANCEL_REASON_VALUES = PLUS_CANCEL_REASONS.map((r) => r.value) as [
  PlusCancelReason,
  ...PlusCancelReason[],
];
/** Free-text feedback with a cancel reason. */
export const PLUS_FEEDBACK_MAX = 2000;
