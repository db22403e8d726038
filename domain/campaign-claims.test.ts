import { describe, expect, it } from "vitest";
import { type ClaimCampaign, unclaimed, unclaimedText, withoutFigure } from "./campaign-claims";

const fest = (discountApplies: boolean, over: Partial<ClaimCampaign> = {}): ClaimCampaign => ({
  type: "percent",
  value: 15,
  name: "Lifetime Fest",
  public_name: "Lifetime Fest",
  url: "/collections/lifetime-fest/",
  campaign_config: { smart_collection_slug: "lifetime-fest" },
  discount_applies: discountApplies,
  ...over,
});

describe("campaign discount claims (issue 15)", () => {
  it("drops the clauses that name the figure, else leaves the public name", () => {
    const off = fest(false);
    expect(withoutFigure("Lifetime Fest: an extra 15% off", off)).toBe("Lifetime Fest");
    expect(
      withoutFigure("Lifetime Fest is on: take an extra 15% off participating deals.", off),
    ).toBe("Lifetime Fest is on");
    expect(withoutFigure("EXTRA 15% OFF", off)).toBe("Lifetime Fest");
    expect(withoutFigure("Save 15 percent - ten days only", off)).toBe("ten days only");
  });

  it("claims only with pricing off, the campaign's own figure, in its context or by name", () => {
    expect(unclaimedText("Lifetime Fest: an extra 15% off", fest(true), false)).toBe(
      "Lifetime Fest: an extra 15% off",
    );
    expect(unclaimedText("Lifetime Fest: an extra 15% off", fest(false), false)).toBe(
      "Lifetime Fest",
    );
    // Another figure is not the campaign's; 115% is not 15%.
    expect(unclaimedText("Take 25% off TaskFlow", fest(false), true)).toBe("Take 25% off TaskFlow");
    expect(unclaimedText("Grew 115% in a year", fest(false), true)).toBe("Grew 115% in a year");
    // The figure outside the campaign's things and without its name is someone else's offer.
    expect(unclaimedText("Get 15% off your first order", fest(false), false)).toBe(
      "Get 15% off your first order",
    );
    expect(unclaimedText("Everything at 15% off", fest(false), true)).toBe("Lifetime Fest");
  });

  it("a fixed campaign's figure is its amount", () => {
    const fixed = fest(false, { type: "fixed", value: 10 });
    expect(unclaimedText("Lifetime Fest: $10 off every deal", fixed, false)).toBe("Lifetime Fest");
    expect(unclaimedText("Lifetime Fest: $100 off", fixed, false)).toBe("Lifetime Fest: $100 off");
  });

  it("walks a collection linking to the campaign, leaving deal cards and other collections", () => {
    const collection = {
      slug: "lifetime-fest",
      url: "/collections/lifetime-fest/",
      title: "Lifetime Fest: an extra 15% off",
      subheader: "Everything 15% off for ten days",
      component_header: "The sale: 15% off",
      content_badge: { text: "EXTRA 15% OFF" },
      deals: [{ name: "Deal 15% better" }],
    };
    const out = unclaimed(collection, fest(false));
    expect(out.title).toBe("Lifetime Fest");
    expect(out.subheader).toBe("Lifetime Fest");
    expect(out.component_header).toBe("The sale");
    expect(out.content_badge.text).toBe("Lifetime Fest");
    expect(out.deals).toBe(collection.deals);
    expect(unclaimed(collection, fest(true))).toBe(collection);

    const block = { label: "Ends soon: 15% off", collection_url: "/collections/lifetime-fest/" };
    expect(unclaimed(block, fest(false)).label).toBe("Ends soon");
    const other = { title: "Bundle: 15% off with code PAIR", url: "/collections/bundles/" };
    expect(unclaimed(other, fest(false))).toBe(other);
  });
});
