import { describe, expect, it } from "vitest";
import {
  accessLabel,
  campaignPrice,
  cartQuantity,
  discountLabel,
  discountPercent,
  freePeriodLabel,
  hasAccessToggle,
  moneyBackPeriod,
  plansByAccess,
  planText,
  plusPrice,
  priceText,
  pricingLayout,
  refundText,
  tablePage,
  tablePageCount,
  tablePageSize,
  visibleFeatures,
} from "./pricing";

describe("discountPercent", () => {
  it("rounds (1 - price/original) x 100", () => {
    expect(discountPercent(5900, 9900)).toBe(40);
    expect(discountPercent(4900, 29900)).toBe(84);
    expect(discountPercent(6667, 10000)).toBe(33);
  });
  it("is 0 without an original price above the price", () => {
    expect(discountPercent(5900, null)).toBe(0);
    expect(discountPercent(5900, undefined)).toBe(0);
    expect(discountPercent(5900, 0)).toBe(0);
    expect(discountPercent(5900, 5900)).toBe(0);
    expect(discountPercent(5900, 4900)).toBe(0);
  });
  it("labels as a negative percent only above 0", () => {
    expect(discountLabel(5900, 9900)).toBe("-40%");
    expect(discountLabel(5900, null)).toBeNull();
    expect(discountLabel(9900, 10000)).toBe("-1%");
    expect(discountLabel(9990, 10000)).toBeNull();
  });
});

describe("priceText", () => {
  it("says FREE for a single free plan", () => {
    expect(priceText([{ price: 0, is_free: true }])).toBe("FREE");
  });
  it("says Starting at $0 when several plans and one is free", () => {
    expect(priceText([{ price: 0, is_free: true }, { price: 4900 }])).toBe("Starting at $0");
  });
  it("says Starting at the cheapest price with more than one active plan", () => {
    expect(priceText([{ price: 9900 }, { price: 5900 }, { price: 100, is_active: false }])).toBe(
      "Starting at $59",
    );
  });
  it("shows the price alone for one active plan", () => {
    expect(priceText([{ price: 5999 }, { price: 100, is_active: false }])).toBe("$59.99");
  });
  it("is empty without active plans", () => {
    expect(priceText([])).toBe("");
  });
});

describe("planText", () => {
  it("maps plan terms to the spec's texts", () => {
    expect(planText({ plan_type: "Lifetime Deal" })).toBe("lifetime deal");
    expect(planText({ plan_type: "Subscription", interval: "year", interval_count: 1 })).toBe(
      "Annual subscription of",
    );
    expect(planText({ plan_type: "License Subscription", interval: "year" })).toBe(
      "Annual subscription of",
    );
    expect(planText({ plan_type: "Limited License", interval: "year", interval_count: 2 })).toBe(
      "2 YEAR DEAL",
    );
    expect(planText({ plan_type: "Subscription", interval: "month", interval_count: 6 })).toBe(
      "6 MONTH DEAL",
    );
    expect(planText({ plan_type: "One Time Purchase" })).toBe("One time payment of");
    expect(planText({ plan_type: "Digital Download", interval: null })).toBe("One time payment of");
  });
});

describe("plusPrice", () => {
  it("takes 10% off, rounded to the cent", () => {
    expect(plusPrice(5900)).toBe(5310);
    expect(plusPrice(5999)).toBe(5399);
    expect(plusPrice(0)).toBe(0);
  });
});

describe("campaignPrice", () => {
  const percent = { type: "percent", value: 25, deal_tiers: ["tier-1", 2] } as const;
  const fixed = { type: "fixed", value: 1000, deal_tiers: ["tier-1"] } as const;
  it("applies percent and fixed campaigns to listed tiers", () => {
    expect(campaignPrice(5900, percent, "tier-1", true)).toBe(4425);
    expect(campaignPrice(5900, percent, 2, true)).toBe(4425);
    expect(campaignPrice(5900, fixed, "tier-1", true)).toBe(4900);
  });
  it("floors at 0", () => {
    expect(campaignPrice(500, fixed, "tier-1", true)).toBe(0);
    expect(campaignPrice(500, { ...percent, value: 150 }, "tier-1", true)).toBe(0);
  });
  it("does nothing for other tiers, without the experiment or without a campaign", () => {
    expect(campaignPrice(5900, percent, "tier-3", true)).toBe(5900);
    expect(campaignPrice(5900, percent, "tier-1", false)).toBe(5900);
    expect(campaignPrice(5900, null, "tier-1", true)).toBe(5900);
    expect(campaignPrice(5900, percent, null, true)).toBe(5900);
  });
});

describe("labels", () => {
  it("names the access term", () => {
    expect(accessLabel("lifetime")).toBe("Lifetime access");
    expect(accessLabel("annual")).toBe("1-year access");
  });
  it("gives refund text by refundable days", () => {
    expect(refundText(0)).toBe("Non-refundable deal");
    expect(refundText(1)).toBe("Refund within 1 day");
    expect(refundText(30)).toBe("Refund within 30 days");
    expect(refundText(59)).toBe("Refund within 59 days");
    expect(refundText(60)).toBe("60-day money-back guarantee");
    expect(refundText(90)).toBe("90-day money-back guarantee");
  });
  it("speaks of money-back periods in months where the spec says so", () => {
    expect(moneyBackPeriod(60)).toBe("2 months");
    expect(moneyBackPeriod(30)).toBe("1 month");
    expect(moneyBackPeriod(14)).toBe("14 days");
    expect(freePeriodLabel("annual")).toBe("1 year");
    expect(freePeriodLabel("month")).toBe("1 month");
  });
});

describe("pricing card layout", () => {
  const plan = (access: string) => ({ access });
  it("splits lifetime plans from the others and toggles only when both exist", () => {
    const plans = [plan("lifetime"), plan("annual"), plan("lifetime")];
    expect(plansByAccess(plans).lifetime).toHaveLength(2);
    expect(plansByAccess(plans).other).toHaveLength(1);
    expect(hasAccessToggle(plans)).toBe(true);
    expect(hasAccessToggle([plan("lifetime"), plan("lifetime")])).toBe(false);
    expect(hasAccessToggle([plan("annual")])).toBe(false);
  });
  it("uses a wide card for one plan, a carousel for 2 to 3, a table above 3 on desktop", () => {
    expect(pricingLayout(1, true)).toBe("wide");
    expect(pricingLayout(1, false)).toBe("wide");
    expect(pricingLayout(2, true)).toBe("carousel");
    expect(pricingLayout(3, true)).toBe("carousel");
    expect(pricingLayout(4, true)).toBe("table");
    expect(pricingLayout(7, false)).toBe("carousel");
  });
  it("pages the table 4 plans at a time, 3 below the large breakpoint", () => {
    expect(tablePageSize(true)).toBe(4);
    expect(tablePageSize(false)).toBe(3);
    const plans = [1, 2, 3, 4, 5, 6, 7];
    expect(tablePageCount(plans.length, 4)).toBe(2);
    expect(tablePage(plans, 1, 4)).toEqual([1, 2, 3, 4]);
    expect(tablePage(plans, 2, 4)).toEqual([5, 6, 7]);
    expect(tablePage(plans, 9, 4)).toEqual([5, 6, 7]);
    expect(tablePage(plans, 3, 3)).toEqual([7]);
    expect(tablePageCount(0, 4)).toBe(1);
  });
  it("collapses feature lists over 8 items to the first 5", () => {
    const eight = Array.from({ length: 8 }, (_, i) => i);
    const nine = Array.from({ length: 9 }, (_, i) => i);
    expect(visibleFeatures(eight, false)).toEqual({ shown: eight, collapsible: false });
    expect(visibleFeatures(nine, false)).toEqual({ shown: [0, 1, 2, 3, 4], collapsible: true });
    expect(visibleFeatures(nine, true)).toEqual({ shown: nine, collapsible: true });
  });
  it("adds 1 of a licensing plan, otherwise the plan's codes", () => {
    expect(cartQuantity({ codes: 3 }, true)).toBe(1);
    expect(cartQuantity({ codes: 3 }, false)).toBe(3);
  });
});
