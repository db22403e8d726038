import { describe, expect, it } from "vitest";
import {
  PLUS_REQUIRED,
  UPGRADE_ADDON,
  UPGRADE_ALREADY_UPGRADED,
  UPGRADE_NOT_HIGHER,
  UPGRADE_PLAN_UNKNOWN,
  UPGRADE_REFUNDED,
} from "./messages";
import {
  lineUpgradeProblem,
  type OwnedLine,
  paidForChain,
  planUpgradeProblem,
  upgradeQuote,
} from "./upgrades";

const line: OwnedLine = {
  dealId: 1,
  planTier: 1,
  isAddon: false,
  refunded: false,
  upgraded: false,
  transferPending: false,
  disputed: false,
  useLicensing: true,
  quantity: 1,
};
const plan = (over: Partial<Parameters<typeof planUpgradeProblem>[1]> = {}) => ({
  id: 2,
  dealId: 1,
  tier: 2,
  priceCents: 11800,
  codes: 1,
  isActive: true,
  isPlusTier: false,
  ...over,
});
const sale = {
  dealStatus: "Public",
  browseDealStatus: "active",
  isInfo: false,
  isDraft: false,
  isComingSoon: false,
  isEarlyAccess: false,
  isLastCall: false,
  startDate: null,
  endDate: null,
  currentStage: "active",
  nextStage: null,
  quantityTotal: null,
  quantitySold: 0,
};
const ctx = { now: new Date("2026-11-28T00:00:00Z"), plusMember: false, isStaff: false };

describe("which lines may be upgraded", () => {
  it.each([
    [{}, null],
    [{ isAddon: true }, UPGRADE_ADDON],
    [{ refunded: true }, UPGRADE_REFUNDED],
    [{ upgraded: true }, UPGRADE_ALREADY_UPGRADED],
  ])("%o -> %s", (over, message) => {
    expect(lineUpgradeProblem({ ...line, ...over })?.message ?? null).toBe(message);
  });

  it("an already upgraded line is a conflict (a race), the rest bad input", () => {
    expect(lineUpgradeProblem({ ...line, upgraded: true })?.conflict).toBe(true);
    expect(lineUpgradeProblem({ ...line, refunded: true })?.conflict).toBe(false);
  });
});

describe("which plans a line may move to", () => {
  it.each([
    ["a higher tier", plan(), null],
    ["the same tier", plan({ tier: 1 }), UPGRADE_NOT_HIGHER],
    ["another deal's plan", plan({ dealId: 9 }), UPGRADE_PLAN_UNKNOWN],
    ["a Plus-only tier without Plus", plan({ isPlusTier: true }), PLUS_REQUIRED],
  ])("%s", (_name, target, message) => {
    expect(planUpgradeProblem(line, target, sale, ctx)).toBe(message);
  });

  it("a Plus-only tier for a member", () => {
    expect(
      planUpgradeProblem(line, plan({ isPlusTier: true }), sale, { ...ctx, plusMember: true }),
    ).toBeNull();
  });
});

describe("what an upgrade costs", () => {
  const quote = (over: Partial<Parameters<typeof upgradeQuote>[0]> = {}) =>
    upgradeQuote({
      line,
      plan: plan(),
      paidCents: 5900,
      campaign: null,
      campaignExperimentEnabled: true,
      plusMember: false,
      ...over,
    });

  it("what was paid is each line's price less its coupon share, over the chain", () => {
    expect(
      paidForChain([
        { priceCents: 5900, discountCents: 0 },
        { priceCents: 5900, discountCents: 590 },
      ]),
    ).toBe(11210);
  });

  it("the new price for this buyer now less what was paid", () => {
    expect(quote()).toMatchObject({ amountCents: 5900, newPriceCents: 11800, codes: 1 });
    const fest = { type: "percent" as const, value: 15, deal_tiers: [1, 2, 3] };
    expect(quote({ campaign: fest })).toMatchObject({
      newPriceCents: 10030,
      amountCents: 4130,
      campaignDiscountCents: 1770,
      plusDiscountCents: 0,
    });
    expect(quote({ campaign: fest, plusMember: true })).toMatchObject({
      newPriceCents: 9027,
      amountCents: 3127,
      plusDiscountCents: 1003,
    });
  });

  it("licensing lines charge per unit and carry their units; a cheaper plan now is free", () => {
    expect(quote({ line: { ...line, quantity: 3 }, paidCents: 17700 })).toMatchObject({
      units: 3,
      quantity: 3,
      newPriceCents: 35400,
      amountCents: 17700,
      codes: 3,
    });
    expect(quote({ paidCents: 20000 })).toMatchObject({
      amountCents: 0,
      campaignDiscountCents: 0,
      plusDiscountCents: 0,
    });
    expect(
      quote({ line: { ...line, useLicensing: false }, plan: plan({ codes: 5 }) }),
    ).toMatchObject({ units: 1, quantity: 5, codes: 0, amountCents: 5900 });
  });
});
