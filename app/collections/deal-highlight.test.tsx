import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { PLUS_MEMBERS_ONLY } from "../../domain/messages";
import { emptyDealDetails } from "../blocks/test-fixtures";
import { DealHighlight } from "./deal-highlight";

// Issue 15: a Plus-exclusive deal says so before the click wherever a Buy now is offered; the
// deal highlight's own Buy now included (a non-member only: a member sees no note).

const plusOnlyDeal = {
  ...emptyDealDetails({
    slug: "plusvault",
    name: "PlusVault",
    public_name: "PlusVault",
    plans: [{ id: 5, is_active: true, price: 39, is_plus_tier: true, public_name: "Plus" }],
  } as never),
  get_absolute_url: "/products/plusvault/",
  price: 39,
  original_price: 360,
  discount_percent: 89,
  badge: null,
  banner_details: null,
};

const render = (hasPlus: boolean, deal: object = plusOnlyDeal) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <DealHighlight
        data={
          {
            slug: "deal-of-the-week",
            title: "Deal of the week",
            deals: [deal],
            modular_data: { show_buy_now_cta: true },
          } as never
        }
        now={new Date()}
        signedIn={hasPlus}
        hasPlus={hasPlus}
      />
    </MemoryRouter>,
  );

describe("deal highlight: Plus-only deals", () => {
  it("tells a non-member before the click, linking the Plus page", () => {
    const html = render(false);
    expect(html).toContain(PLUS_MEMBERS_ONLY);
    expect(html).toContain('href="/plus?ref=plus-page-plusvault"');
  });

  it("says nothing to a Plus member, nor for a plan anyone may buy", () => {
    expect(render(true)).not.toContain(PLUS_MEMBERS_ONLY);
    const open = {
      ...plusOnlyDeal,
      plans: [{ id: 6, is_active: true, price: 39, is_plus_tier: false, public_name: "Single" }],
    };
    const html = render(false, open);
    expect(html).toContain('data-testid="deal-highlight-buy"');
    expect(html).not.toContain(PLUS_MEMBERS_ONLY);
  });
});

describe("deal highlight: the deal's timer", () => {
  it("shows the deal timer of a deal with a running timer", () => {
    const hour = 3600_000;
    const timed = {
      ...plusOnlyDeal,
      plans: [{ id: 6, is_active: true, price: 39, is_plus_tier: false, public_name: "Single" }],
      active_timer: true,
      dates: {
        start_date: new Date(Date.now() - hour).toISOString(),
        end_date: new Date(Date.now() + 30 * hour).toISOString(),
        schema_end_date: null,
        timer_reason: null,
      },
      stage_details: {
        current_stage: "live",
        next_stage: "inactive",
        next_stage_start_date: new Date(Date.now() + 30 * hour).toISOString(),
      },
    };
    expect(render(false, timed)).toContain("Deal ends in");
    expect(render(false)).not.toContain("Deal ends in");
  });
});
