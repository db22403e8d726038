import { describe, expect, it } from "vitest";
import { cardDeclines, resolveCardToken, TEST_CARDS } from "./card-tokens";

describe("test-gateway card tokens", () => {
  const now = new Date("2026-11-22T00:00:00Z");
  it("derive brand, last4, a far expiry and a stable fingerprint from the token", () => {
    const visa = resolveCardToken("pm_card_visa", now);
    expect(visa).toMatchObject({ brand: "visa", last4: "4242", expMonth: 12, expYear: 2030 });
    expect(resolveCardToken("pm_card_visa", new Date())?.fingerprint).toBe(visa?.fingerprint);
    expect(resolveCardToken("pm_card_mastercard", now)?.fingerprint).not.toBe(visa?.fingerprint);
  });
  it("know nothing of other tokens", () => {
    expect(resolveCardToken("pm_card_unknown", now)).toBeNull();
    expect(resolveCardToken("", now)).toBeNull();
  });
  it("mark the declining cards", () => {
    expect(cardDeclines("pm_card_chargeDeclined")).toBe(true);
    expect(cardDeclines("pm_card_visa")).toBe(false);
    expect(TEST_CARDS.map((c) => c.token)).toContain("pm_card_chargeDeclined");
  });
});
