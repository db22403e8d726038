import { describe, expect, it } from "vitest";
import type { BannerFacts, BuyButtonFlags } from "./deal-state";
import {
  bannerText,
  bannerType,
  buyButtonState,
  comingSoonAt,
  dealTimerHeading,
  dealTimerTarget,
  inCampaign,
  initialSelectedPlanId,
  isInactiveIndefinitely,
  isPlusGated,
  isTimerVisible,
  isWithinWindow,
  limitedQuantityMeterLabel,
  limitedQuantityText,
  needsPlusShelf,
  purchaseMode,
  stageAt,
} from "./deal-state";

const now = new Date("2025-06-01T12:00:00Z");
const H = 3600000;
const D = 24 * H;
const at = (ms: number): Date => new Date(now.getTime() + ms);

describe("stages and windows", () => {
  it("is inactive indefinitely only when inactive with no next stage", () => {
    expect(
      isInactiveIndefinitely({
        current_stage: "inactive",
        next_stage: null,
        next_stage_start_date: null,
      }),
    ).toBe(true);
    expect(
      isInactiveIndefinitely({
        current_stage: "inactive",
        next_stage: "active",
        next_stage_start_date: at(D),
      }),
    ).toBe(false);
    expect(
      isInactiveIndefinitely({
        current_stage: "active",
        next_stage: null,
        next_stage_start_date: null,
      }),
    ).toBe(false);
    expect(isInactiveIndefinitely(null)).toBe(false);
  });

  it("shows the timer with an active timer, an active stage and a next stage ahead", () => {
    const stage = { current_stage: "active", next_stage: "inactive", next_stage_start_date: at(H) };
    expect(isTimerVisible(true, stage, now)).toBe(true);
    expect(isTimerVisible(false, stage, now)).toBe(false);
    expect(isTimerVisible(true, { ...stage, current_stage: "inactive" }, now)).toBe(false);
    expect(isTimerVisible(true, { ...stage, next_stage_start_date: at(-H) }, now)).toBe(false);
    expect(isTimerVisible(true, { ...stage, next_stage_start_date: null }, now)).toBe(false);
  });

  it("shows time-boxed blocks while start <= now < end", () => {
    expect(isWithinWindow(at(-H), at(H), now)).toBe(true);
    expect(isWithinWindow(now, at(H), now)).toBe(true);
    expect(isWithinWindow(at(-H), now, now)).toBe(false);
    expect(isWithinWindow(at(H), at(2 * H), now)).toBe(false);
    expect(isWithinWindow(at(-H), null, now)).toBe(true);
    expect(isWithinWindow(at(H), null, now)).toBe(false);
    expect(isWithinWindow(null, null, now)).toBe(true);
  });
});

describe("bannerType", () => {
  const base: BannerFacts = {
    isComingSoon: false,
    isLastCall: false,
    isEnded: false,
    browseDealStatus: null,
    startDate: at(-10 * D),
    endDate: null,
    activeTimer: false,
    inLastCallCampaign: false,
    inBlackFridayCampaign: false,
  };

  it("follows the priority order", () => {
    expect(
      bannerType(
        { ...base, isComingSoon: true, startDate: at(D), browseDealStatus: "expired" },
        now,
      ),
    ).toBe("coming_soon");
    expect(bannerType({ ...base, isComingSoon: true, browseDealStatus: "expired" }, now)).toBe(
      "sold_out",
    );
    expect(
      bannerType(
        { ...base, isLastCall: true, inLastCallCampaign: true, inBlackFridayCampaign: true },
        now,
      ),
    ).toBe("last_call");
    expect(bannerType({ ...base, isLastCall: true, inBlackFridayCampaign: true }, now)).toBe(
      "black_friday",
    );
    expect(bannerType({ ...base, isLastCall: true }, now)).toBe("none");
    expect(bannerType({ ...base, endDate: at(D), activeTimer: true, startDate: at(-H) }, now)).toBe(
      "ending_soon",
    );
    expect(
      bannerType({ ...base, endDate: at(D), activeTimer: false, startDate: at(-H) }, now),
    ).toBe("new");
    expect(bannerType({ ...base, startDate: at(-D + 1) }, now)).toBe("new");
    expect(bannerType({ ...base, startDate: at(-D) }, now)).toBe("none");
    expect(bannerType({ ...base, startDate: at(-H), isEnded: true }, now)).toBe("none");
    expect(bannerType(base, now)).toBe("none");
  });

  it("needs both the deal and the session in a campaign", () => {
    expect(inCampaign("lc", ["lc"], ["lc", "bf"])).toBe(true);
    expect(inCampaign("lc", ["lc"], ["bf"])).toBe(false);
    expect(inCampaign("lc", [], ["lc"])).toBe(false);
    expect(inCampaign(null, ["lc"], ["lc"])).toBe(false);
  });
});

describe("bannerText", () => {
  it("gives each banner its text", () => {
    expect(bannerText("coming_soon", null, now)).toBe("Coming soon");
    expect(bannerText("sold_out", null, now)).toBe("Sold out");
    expect(bannerText("last_call", null, now)).toBe("96 hour sale only");
    expect(bannerText("black_friday", null, now)).toBe("72 hour sale only");
    expect(bannerText("new", null, now)).toBe("New!");
    expect(bannerText("none", null, now)).toBeNull();
    expect(bannerText("ending_soon", at(3 * D), now)).toBe("Offer ends in 3 days");
    expect(bannerText("ending_soon", at(5 * H), now)).toBe("Hurry! Offer ends in 5 hours");
    expect(bannerText("ending_soon", at(3 * D), now, "Price goes up")).toBe(
      "Price goes up in 3 days",
    );
  });
});

describe("buyButtonState", () => {
  const flags: BuyButtonFlags = {
    is_ended: false,
    is_draft: false,
    is_coming_soon: false,
    is_early_access: false,
    is_last_call: false,
    is_get_now: false,
  };
  const paid = { id: 1, price: 5900 };
  const free = { id: 2, price: 0, is_free: true };

  it("says Sold out, disabled, when ended", () => {
    expect(buyButtonState({ ...flags, is_ended: true, is_coming_soon: true }, [paid], 1)).toEqual({
      text: "Sold out",
      disabled: true,
    });
  });
  it("says Coming soon, disabled, unless early access or last call", () => {
    expect(buyButtonState({ ...flags, is_coming_soon: true }, [paid], 1)).toEqual({
      text: "Coming soon",
      disabled: true,
    });
    expect(
      buyButtonState({ ...flags, is_coming_soon: true, is_early_access: true }, [paid], 1),
    ).toEqual({
      text: "Buy now",
      disabled: false,
    });
    expect(
      buyButtonState({ ...flags, is_coming_soon: true, is_last_call: true }, [paid], 1).text,
    ).toBe("Buy now");
  });
  it("says Get now or Get now for FREE for get-now deals", () => {
    expect(buyButtonState({ ...flags, is_get_now: true }, [paid], 1).text).toBe("Get now");
    expect(buyButtonState({ ...flags, is_get_now: true }, [free], 2).text).toBe("Get now for FREE");
  });
  it("says Buy now, or Get now for FREE for a free plan", () => {
    expect(buyButtonState(flags, [paid, free], 1).text).toBe("Buy now");
    expect(buyButtonState(flags, [paid, free], 2).text).toBe("Get now for FREE");
  });
  it("is disabled with several plans and none selected", () => {
    expect(buyButtonState(flags, [paid, free], null)).toEqual({ text: "Buy now", disabled: true });
    expect(buyButtonState(flags, [paid], null)).toEqual({ text: "Buy now", disabled: false });
  });
  it("appends (Draft)", () => {
    expect(buyButtonState({ ...flags, is_draft: true }, [paid], 1).text).toBe("Buy now (Draft)");
    expect(buyButtonState({ ...flags, is_draft: true, is_ended: true }, [paid], 1).text).toBe(
      "Sold out (Draft)",
    );
  });
  it("starts with the given plan, else the default, else the first", () => {
    const plans = [{ id: 10 }, { id: 20 }, { id: 30 }];
    expect(initialSelectedPlanId(plans, 30, 20)).toBe(30);
    expect(initialSelectedPlanId(plans, 99, 20)).toBe(20);
    expect(initialSelectedPlanId(plans, null, null)).toBe(10);
    expect(initialSelectedPlanId([], null, null)).toBeNull();
  });
});

describe("limited quantity", () => {
  it("hides the meter at -1", () => {
    expect(
      limitedQuantityText({ percent_claimed: -1, quantity_remaining_below_threshold: 3 }),
    ).toBeNull();
    expect(
      limitedQuantityMeterLabel({ percent_claimed: -1, quantity_remaining_below_threshold: 3 }),
    ).toBeNull();
  });
  it("shows remaining above 0, else percent claimed", () => {
    expect(
      limitedQuantityText({ percent_claimed: 80, quantity_remaining_below_threshold: 3 }),
    ).toBe("Hurry! Only 3 remaining");
    expect(
      limitedQuantityText({ percent_claimed: 80, quantity_remaining_below_threshold: 0 }),
    ).toBe("Hurry! 80% claimed");
    expect(
      limitedQuantityText({ percent_claimed: 80, quantity_remaining_below_threshold: null }),
    ).toBe("Hurry! 80% claimed");
    expect(
      limitedQuantityText({ percent_claimed: null, quantity_remaining_below_threshold: null }),
    ).toBeNull();
    expect(
      limitedQuantityMeterLabel({ percent_claimed: 80, quantity_remaining_below_threshold: 3 }),
    ).toBe("3 remaining");
    expect(
      limitedQuantityMeterLabel({ percent_claimed: 80, quantity_remaining_below_threshold: 0 }),
    ).toBe("80% claimed");
  });
});

describe("buying", () => {
  const live = { current_stage: "live", next_stage: null, next_stage_start_date: null };
  const dormant = { current_stage: "inactive", next_stage: null, next_stage_start_date: null };
  it("shows Sold out for an ended deal, a waitlist for info or inactive-indefinitely deals", () => {
    expect(purchaseMode({ isEnded: true, isInfo: false, stage: live })).toBe("sold_out");
    expect(purchaseMode({ isEnded: false, isInfo: true, stage: live })).toBe("waitlist");
    expect(purchaseMode({ isEnded: false, isInfo: false, stage: dormant })).toBe("waitlist");
    expect(purchaseMode({ isEnded: false, isInfo: false, stage: live })).toBe("buy");
    expect(purchaseMode({ isEnded: true, isInfo: true, stage: dormant })).toBe("sold_out");
  });
  it("gates early access, last call and Plus-tier plans behind Plus", () => {
    const none = { is_early_access: false, is_last_call: false };
    expect(isPlusGated(none, { is_plus_tier: false })).toBe(false);
    expect(isPlusGated(none, { is_plus_tier: true })).toBe(true);
    expect(isPlusGated({ ...none, is_early_access: true }, null)).toBe(true);
    expect(isPlusGated({ ...none, is_last_call: true }, null)).toBe(true);
  });
  it("opens the Plus shelf for non-members only", () => {
    const flags = { is_early_access: false, is_last_call: false };
    expect(needsPlusShelf(flags, { is_plus_tier: true }, false)).toBe(true);
    expect(needsPlusShelf(flags, { is_plus_tier: true }, true)).toBe(false);
    expect(needsPlusShelf(flags, { is_plus_tier: false }, false)).toBe(false);
  });
});

describe("deal inline timer", () => {
  it("reads Deal ends in unless the timer reason is a message", () => {
    expect(dealTimerHeading(null)).toBe("Deal ends in");
    expect(dealTimerHeading("sold_out")).toBe("Deal ends in");
    expect(dealTimerHeading("Price goes up in")).toBe("Price goes up in");
  });
  it("counts to the next stage start, else the end date", () => {
    const next = at(D);
    const stage = { current_stage: "live", next_stage: "inactive", next_stage_start_date: next };
    expect(dealTimerTarget(stage, at(2 * D))).toBe(next);
    expect(dealTimerTarget(null, at(2 * D))).toEqual(at(2 * D));
  });
});

describe("time moves states (issue 34)", () => {
  const stage = {
    current_stage: "coming_soon",
    next_stage: "live",
    next_stage_start_date: at(5 * D),
  };

  it("keeps the stage until its next stage starts, then moves to it", () => {
    expect(stageAt(stage, now)).toEqual(stage);
    expect(stageAt(stage, at(5 * D - 1))).toEqual(stage);
    expect(stageAt(stage, at(5 * D))).toEqual({
      current_stage: "live",
      next_stage: null,
      next_stage_start_date: null,
    });
    // No next stage, or no date for it: nothing moves.
    const still = { current_stage: "inactive", next_stage: null, next_stage_start_date: null };
    expect(stageAt(still, at(100 * D))).toEqual(still);
    const undated = { ...stage, next_stage_start_date: null };
    expect(stageAt(undated, at(100 * D))).toEqual(undated);
  });

  it("says coming soon until the deal's start, and without a start until staff clear it", () => {
    expect(comingSoonAt(true, at(D), now)).toBe(true);
    expect(comingSoonAt(true, at(D), at(D))).toBe(false);
    expect(comingSoonAt(true, null, at(365 * D))).toBe(true);
    expect(comingSoonAt(false, at(D), now)).toBe(false);
  });
});
