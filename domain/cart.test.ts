import { describe, expect, it } from "vitest";
import {
  type CouponFacts,
  cartTotals,
  chargedUnits,
  couponDiscount,
  couponProblem,
  creditsPay,
  isFreebieCart,
  isPaypalAvailable,
  linePrice,
  lineQuantity,
  type PricedLine,
  paymentKind,
  type SaleFacts,
  saleProblem,
} from "./cart";
import {
  COUPON_EXPIRED,
  COUPON_NOT_FOR_CART,
  COUPON_NOT_FOR_EMAIL,
  COUPON_NOT_STARTED,
  COUPON_USED_UP,
  DEAL_NOT_FOR_SALE,
  DEAL_NOT_STARTED,
  DEAL_SOLD_OUT,
  EMAIL_COUPON_ALREADY_USED,
  PLAN_NOT_AVAILABLE,
  PLUS_REQUIRED,
} from "./messages";

const line = (over: Partial<PricedLine> = {}): PricedLine => ({
  dealId: 1,
  planId: 10,
  unitCents: 5900,
  units: 1,
  ...over,
});

describe("linePrice", () => {
  it("is the plan's price without discounts", () => {
    expect(linePrice({ priceCents: 5900, tier: 1, plusMember: false })).toBe(5900);
  });

  it("takes a further 10% off for Plus members, rounded to the cent, but not off Plus itself", () => {
    expect(linePrice({ priceCents: 5900, tier: 1, plusMember: true })).toBe(5310);
    expect(linePrice({ priceCents: 4999, tier: 1, plusMember: true })).toBe(4499);
    expect(linePrice({ priceCents: 9900, tier: 1, plusMember: true, isPlusDeal: true })).toBe(9900);
  });

  it("applies a campaign only to listed tiers and only with the experiment on", () => {
    const campaign = { type: "percent" as const, value: 20, deal_tiers: [1] };
    const base = { priceCents: 10000, plusMember: false, campaign };
    expect(linePrice({ ...base, tier: 1, campaignExperimentEnabled: true })).toBe(8000);
    expect(linePrice({ ...base, tier: 2, campaignExperimentEnabled: true })).toBe(10000);
    expect(linePrice({ ...base, tier: 1, campaignExperimentEnabled: false })).toBe(10000);
    // Campaign first, then Plus.
    expect(linePrice({ ...base, tier: 1, campaignExperimentEnabled: true, plusMember: true })).toBe(
      7200,
    );
  });

  it("floors a fixed or percent campaign at 0", () => {
    const fixed = { type: "fixed" as const, value: 50000, deal_tiers: [1] };
    expect(
      linePrice({
        priceCents: 10000,
        tier: 1,
        plusMember: false,
        campaign: fixed,
        campaignExperimentEnabled: true,
      }),
    ).toBe(0);
    const all = { type: "percent" as const, value: 100, deal_tiers: [1] };
    expect(
      linePrice({
        priceCents: 10000,
        tier: 1,
        plusMember: false,
        campaign: all,
        campaignExperimentEnabled: true,
      }),
    ).toBe(0);
  });
});

describe("couponDiscount and cartTotals", () => {
  it("takes a percent of the covered lines, or a fixed amount never above them", () => {
    const lines = [line(), line({ dealId: 2, planId: 20, unitCents: 2900 })];
    expect(couponDiscount({ type: "percent", value: 10, deals: [] }, lines)).toBe(880);
    expect(couponDiscount({ type: "percent", value: 25, deals: [{ deal_id: 1 }] }, lines)).toBe(
      1475,
    );
    expect(couponDiscount({ type: "fixed", value: 2000, deals: [] }, lines)).toBe(2000);
    expect(couponDiscount({ type: "fixed", value: 100000, deals: [] }, lines)).toBe(8800);
    expect(couponDiscount({ type: "fixed", value: 2000, deals: [{ deal_id: 9 }] }, lines)).toBe(0);
    expect(couponDiscount(null, lines)).toBe(0);
  });

  it("adds subtotal, coupon and credits; credits only with use_credit and never below 0", () => {
    const lines = [line({ units: 2 })];
    const coupon = { type: "fixed" as const, value: 1000, deals: [] };
    expect(cartTotals({ lines, coupon, creditBalanceCents: 500, useCredit: false })).toEqual({
      subtotalCents: 11800,
      couponDiscountCents: 1000,
      creditAppliedCents: 0,
      totalCents: 10800,
    });
    expect(cartTotals({ lines, coupon, creditBalanceCents: 500, useCredit: true }).totalCents).toBe(
      10300,
    );
    expect(
      cartTotals({ lines, coupon: null, creditBalanceCents: 99999, useCredit: true }),
    ).toMatchObject({
      creditAppliedCents: 11800,
      totalCents: 0,
    });
  });
});

describe("checkout helpers (spec 001 section 9)", () => {
  it("calls a zero-subtotal cart a freebie", () => {
    expect(isFreebieCart(1, 0)).toBe(true);
    expect(isFreebieCart(1, 100)).toBe(false);
    expect(isFreebieCart(0, 0)).toBe(false);
  });

  it("makes PayPal unavailable for carts with the Plus deal or no items", () => {
    expect(isPaypalAvailable(2, false)).toBe(true);
    expect(isPaypalAvailable(2, true)).toBe(false);
    expect(isPaypalAvailable(0, false)).toBe(false);
  });

  it("lets credits pay only when the total is 0 and credit is in use", () => {
    expect(creditsPay(0, true, 500)).toBe(true);
    expect(creditsPay(100, true, 500)).toBe(false);
    expect(creditsPay(0, false, 0)).toBe(false);
    expect(creditsPay(0, true, 0)).toBe(false);
  });

  it("picks the way to pay: credits, free, or a card", () => {
    const totals = (t: number, credit: number, subtotal = 5900) => ({
      subtotalCents: subtotal,
      couponDiscountCents: 0,
      creditAppliedCents: credit,
      totalCents: t,
    });
    expect(paymentKind(totals(0, 5900), 1, true)).toBe("credits");
    expect(paymentKind(totals(0, 0, 0), 1, false)).toBe("free");
    expect(paymentKind(totals(5900, 0), 1, false)).toBe("card");
  });

  it("sets the quantity: 1 for licensing, else the plan's codes; licensing lines stack", () => {
    expect(lineQuantity(true, 5)).toBe(1);
    expect(lineQuantity(false, 5)).toBe(5);
    expect(chargedUnits(true, 3)).toBe(3);
    expect(chargedUnits(false, 3)).toBe(1);
  });
});

describe("couponProblem", () => {
  const now = new Date("2026-06-01T00:00:00Z");
  const coupon = (over: Partial<CouponFacts> = {}): CouponFacts => ({
    code: "SAVE",
    type: "percent",
    value: 10,
    deals: [],
    isActive: true,
    startDate: null,
    endDate: null,
    maxUses: null,
    usedCount: 0,
    singleUse: false,
    email: null,
    ...over,
  });
  const ctx = { now, email: "a@example.com", alreadyRedeemed: false, lines: [line()] };

  it("accepts a live coupon and names every reason it cannot apply", () => {
    expect(couponProblem(coupon(), ctx)).toBeNull();
    expect(couponProblem(coupon({ endDate: new Date("2026-05-01") }), ctx)).toBe(COUPON_EXPIRED);
    expect(couponProblem(coupon({ isActive: false }), ctx)).toBe(COUPON_EXPIRED);
    expect(couponProblem(coupon({ startDate: new Date("2026-07-01") }), ctx)).toBe(
      COUPON_NOT_STARTED,
    );
    expect(couponProblem(coupon({ maxUses: 1, usedCount: 1 }), ctx)).toBe(COUPON_USED_UP);
    expect(couponProblem(coupon({ email: "b@example.com" }), ctx)).toBe(COUPON_NOT_FOR_EMAIL);
    expect(couponProblem(coupon({ email: "A@Example.com" }), ctx)).toBeNull();
    expect(couponProblem(coupon({ singleUse: true }), { ...ctx, alreadyRedeemed: true })).toBe(
      EMAIL_COUPON_ALREADY_USED,
    );
    expect(couponProblem(coupon({ deals: [{ deal_id: 2 }] }), ctx)).toBe(COUPON_NOT_FOR_CART);
    expect(couponProblem(coupon({ deals: [{ deal_id: 1, plan_id: 10 }] }), ctx)).toBeNull();
  });
});

describe("saleProblem", () => {
  const now = new Date("2026-06-01T00:00:00Z");
  const facts = (over: Partial<SaleFacts> = {}): SaleFacts => ({
    dealStatus: "Public",
    browseDealStatus: "active",
    isInfo: false,
    isDraft: false,
    isComingSoon: false,
    isEarlyAccess: false,
    isLastCall: false,
    startDate: new Date("2026-05-01"),
    endDate: null,
    currentStage: "live",
    nextStage: null,
    quantityTotal: null,
    quantitySold: 0,
    planIsActive: true,
    planIsPlusTier: false,
    ...over,
  });
  const ctx = { now, plusMember: false, isStaff: false };

  it("sells a live plan and refuses what the storefront would not sell", () => {
    expect(saleProblem(facts(), ctx)).toBeNull();
    expect(saleProblem(facts({ isInfo: true }), ctx)).toBe(DEAL_NOT_FOR_SALE);
    expect(saleProblem(facts({ dealStatus: "Private" }), ctx)).toBe(DEAL_NOT_FOR_SALE);
    expect(
      saleProblem(facts({ dealStatus: "Private" }), { ...ctx, isAddonOrPlus: true }),
    ).toBeNull();
    expect(saleProblem(facts({ isDraft: true }), ctx)).toBe(DEAL_NOT_FOR_SALE);
    expect(saleProblem(facts({ isDraft: true }), { ...ctx, isStaff: true })).toBeNull();
    expect(saleProblem(facts({ currentStage: "inactive" }), ctx)).toBe(DEAL_NOT_FOR_SALE);
    expect(saleProblem(facts({ endDate: new Date("2026-05-30") }), ctx)).toBe(DEAL_SOLD_OUT);
    expect(saleProblem(facts({ quantityTotal: 5, quantitySold: 5 }), ctx)).toBe(DEAL_SOLD_OUT);
    expect(saleProblem(facts({ startDate: new Date("2026-07-01") }), ctx)).toBe(DEAL_NOT_STARTED);
    expect(saleProblem(facts({ planIsActive: false }), ctx)).toBe(PLAN_NOT_AVAILABLE);
  });

  it("keeps Plus-tier, early-access and last-call plans for Plus members", () => {
    expect(saleProblem(facts({ planIsPlusTier: true }), ctx)).toBe(PLUS_REQUIRED);
    expect(saleProblem(facts({ isLastCall: true }), ctx)).toBe(PLUS_REQUIRED);
    expect(saleProblem(facts({ planIsPlusTier: true }), { ...ctx, plusMember: true })).toBeNull();
    // Coming soon is until the start (domain/deal-state.ts comingSoonAt): a start ahead.
    const early = facts({
      isEarlyAccess: true,
      isComingSoon: true,
      startDate: new Date("2026-07-01"),
    });
    expect(saleProblem(early, ctx)).toBe(DEAL_NOT_STARTED);
    expect(saleProblem(early, { ...ctx, plusMember: true })).toBeNull();
    // The flag left on after the start: the deal has started, and sells as it says.
    const started = facts({ isComingSoon: true, startDate: new Date("2026-05-01") });
    expect(saleProblem(started, ctx)).toBeNull();
    expect(saleProblem(facts({ isComingSoon: true, startDate: null }), ctx)).toBe(DEAL_NOT_STARTED);
  });
});
