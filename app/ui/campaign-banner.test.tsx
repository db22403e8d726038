import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { CampaignJson } from "../../server/services/storefront/modular-pages";
import { CampaignBanner } from "./campaign-banner";

// Issue 15: a banner never promises what the cart does not give. Without campaign pricing in the
// cart (CAMPAIGN_PRICING_EXPERIMENT off) the banner names the campaign and claims no discount.

const campaign = (discountApplies: boolean) =>
  ({
    id: 1,
    optin_slug: "lifetime-fest",
    type: "percent",
    value: 15,
    name: "Lifetime Fest",
    public_name: "Lifetime Fest",
    start_date: "2026-06-01T00:00:00.000Z",
    end_date: "2026-06-10T00:00:00.000Z",
    deal_tiers: [],
    campaign_discount: "15%",
    discount_label: "15%",
    campaign_config: {
      banner_content: "Lifetime Fest is on: take an extra 15% off participating deals.",
      banner_color: "#2b1a5c",
      banner_font_color: "#ffffff",
      banner_badge: "EXTRA 15% OFF",
      sku_logo: null,
      smart_collection_slug: "lifetime-fest",
      allow_asksumo_discount: false,
    },
    url: "/collections/lifetime-fest/",
    discount_applies: discountApplies,
  }) as unknown as CampaignJson;

const now = "2026-06-02T00:00:00.000Z";

describe("campaign banner", () => {
  it("claims the discount only when the cart applies it", () => {
    const on = renderToStaticMarkup(<CampaignBanner campaign={campaign(true)} now={now} />);
    expect(on).toContain("take an extra 15% off");
    expect(on).toContain("EXTRA 15% OFF");
    const off = renderToStaticMarkup(<CampaignBanner campaign={campaign(false)} now={now} />);
    expect(off).toContain("Lifetime Fest");
    expect(off).not.toContain("15%");
  });
});
