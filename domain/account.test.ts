import { describe, expect, it } from "vitest";
import * as account from "./account";
import { isCardExpired, PRODUCT_FILTERS, refundState, sortCards, taxIdType } from "./account";

const DAY = 86_400_000;
const bought = new Date("2026-01-10T10:00:00Z");

describe("refundState", () => {
  const item = {
    refundableDays: 60,
    purchasedAt: bought,
    refundedAt: null,
    receivedByTransfer: false,
  };
  it("is open until refundable_days after the purchase, to the millisecond", () => {
    const deadline = new Date(bought.getTime() + 60 * DAY);
    expect(refundState(item, new Date(deadline.getTime() - 1))).toEqual({
      refundable: true,
      deadline,
      text: "60-day money-back guarantee",
    });
    expect(refundState(item, deadline)).toMatchObject({
      refundable: false,
      reason: "The refund window for this deal has closed.",
    });
  });
  it("says Non-refundable deal for 0 days, with no deadline", () => {
    expect(refundState({ ...item, refundableDays: 0 }, bought)).toEqual({
      refundable: false,
      deadline: null,
      text: "Non-refundable deal",
      reason: "Non-refundable deal",
    });
  });
  it("uses the refund text of 1 to 59 days", () => {
    expect(refundState({ ...item, refundableDays: 14 }, bought)).toMatchObject({
      refundable: true,
      text: "Refund within 14 days",
    });
  });
  it("refuses refunded items and items received by transfer", () => {
    expect(refundState({ ...item, refundedAt: bought }, bought)).toMatchObject({
      refundable: false,
      reason: account.ALREADY_REFUNDED,
    });
    expect(refundState({ ...item, receivedByTransfer: true }, bought)).toMatchObject({
      refundable: false,
      reason: account.TRANSFERRED_NOT_REFUNDABLE,
    });
  });
});

describe("cards", () => {
  it("a card is good through the last day of its expiry month (UTC)", () => {
    const card = { expMonth: 3, expYear: 2027 };
    expect(isCardExpired(card, new Date("2027-03-31T23:59:59Z"))).toBe(false);
    expect(isCardExpired(card, new Date("2027-04-01T00:00:00Z"))).toBe(true);
    expect(isCardExpired(card, new Date("2026-12-01T00:00:00Z"))).toBe(false);
  });
  it("sorts the default first, then newest", () => {
    const at = (d: string) => new Date(d);
    const cards = [
      { id: 1, isDefault: false, createdAt: at("2026-01-01") },
      { id: 2, isDefault: true, createdAt: at("2025-01-01") },
      { id: 3, isDefault: false, createdAt: at("2026-06-01") },
    ];
    expect(sortCards(cards).map((c) => c.id)).toEqual([2, 3, 1]);
  });
});

describe("taxIdType", () => {
  it("names ABN, UK and EU VAT, else generic", () => {
    expect(taxIdType("AU")).toBe("au_abn");
    expect(taxIdType("GB")).toBe("gb_vat");
    expect(taxIdType("DE")).toBe("eu_vat");
    expect(taxIdType("US")).toBe("generic");
  });
});

describe("our wording and choices", () => {
  it("are pinned", () => {
    const strings = Object.fromEntries(
      Object.entries(account).filter(([, value]) => typeof value === "string"),
    );
    expect(strings).toEqual({
      ALREADY_REFUNDED: "This product has already been refunded.",
      BILLING_SAVED: "Billing details saved.",
      CANCEL_REASON_SAVED: "Thanks for your feedback.",
      CARD_ADDED: "Payment method added.",
      CARD_ALREADY_SAVED: "This card is already saved.",
      CARD_DECLINED: "Your card was declined. Please use another card.",
      CARD_DEFAULT_SET: "Default payment method updated.",
      CARD_EXPIRED: "This card has expired. Add a new card instead.",
      CARD_PAYS_PLUS:
        "This card pays for your Plus membership. Choose another card for Plus first.",
      CARD_REMOVED: "Payment method removed.",
      DETAILS_DELETED: "Deleted.",
      REFUND_REQUESTED: "Your refund has been processed.",
      REFUND_WINDOW_CLOSED: "The refund window for this deal has closed.",
      SUBSCRIPTION_ALREADY_CANCELING: "Your Plus membership is already set to end.",
      TAX_SAVED: "Tax details saved.",
      TRANSFER_ADDON: "Add-ons move with their main product: transfer that instead.",
      TRANSFER_PLAN_MISMATCH: "This plan does not match the product.",
      TRANSFER_REFUNDED: "A refunded product cannot be transferred.",
      TRANSFER_TO_SELF: "You already own this product.",
      TRANSFERRED_NOT_REFUNDABLE:
        "Products received by transfer cannot be refunded; the original buyer can ask for a refund.",
    });
    expect(PRODUCT_FILTERS).toEqual(["all", "active", "redeemed", "not_redeemed", "refunded"]);
    expect(account.PRODUCTS_CSV_MAX_ROWS).toBe(5000);
    expect(account.PLUS_FEEDBACK_MAX).toBe(2000);
  });
});
