import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PlanPrice } from "./plan-bits";
import type { Plan } from "./purchase-context";

// Issue 34: the payback line near a plan's price follows the price this reader pays (the one
// price rule): a Plus member's page counts the months for the member price.

const plan = (price: number, plusPrice: number) =>
  ({
    id: 1,
    public_name: "Tier 1",
    tier: 1,
    price,
    original_price: 348,
    discount_percent: 0,
    list_price: price,
    plus_price: plusPrice,
    campaign: null,
    codes: 1,
    plan_type: "Lifetime Deal",
    access: "lifetime",
    interval: null,
    interval_count: null,
    highlight: false,
    is_plus_tier: false,
    is_free: price === 0,
    is_active: true,
    payback: {
      months: Math.ceil((price * 100) / 2000),
      monthly_total: 20,
      against: [
        { name: "Asana", monthly_price: 14 },
        { name: "Trello", monthly_price: 6 },
      ],
    },
  }) as unknown as Plan;

describe("the payback line", () => {
  it("says the months at the reader's price, against the tools by name", () => {
    expect(renderToStaticMarkup(<PlanPrice plan={plan(61, 54.9)} />)).toContain(
      "Pays for itself in 4 months against Asana and Trello",
    );
    expect(renderToStaticMarkup(<PlanPrice plan={plan(61, 54.9)} plusMember />)).toContain(
      "Pays for itself in 3 months against Asana and Trello",
    );
  });

  it("says nothing for a free plan", () => {
    expect(renderToStaticMarkup(<PlanPrice plan={plan(0, 0)} />)).not.toContain("Pays for itself");
  });
});
