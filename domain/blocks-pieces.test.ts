import { describe, expect, it } from "vitest";
import {
  communityTabForHash,
  dealHighlightFeatures,
  highlightNeedsDetails,
  inputCtaHref,
  marqueeTrack,
  previewMoment,
  READ_LESS_DEFAULT,
  READ_MORE_DEFAULT,
  readMoreMaxHeight,
  readMoreToggleText,
} from "./blocks";
import { couponProblem, referralBlockingCampaign } from "./cart";
import { referralNotWithCampaign } from "./messages";

// Issue 15, "The spec's missing pieces" (spec 001 "Block behaviours", sections 2, 6 and 9).

describe("marquees", () => {
  it("repeat 4 times, 40 s a loop, 60 s for testimonials", () => {
    expect(marqueeTrack("default")).toEqual({ copies: 4, durationS: 40 });
    expect(marqueeTrack("testimonials")).toEqual({ copies: 4, durationS: 60 });
  });
});

describe("founder and story read-more", () => {
  it("cuts at 200 px under 768 px wide and at 400 px from 768 up", () => {
    expect(readMoreMaxHeight(390)).toBe(200);
    expect(readMoreMaxHeight(767)).toBe(200);
    expect(readMoreMaxHeight(768)).toBe(400);
    expect(readMoreMaxHeight(1440)).toBe(400);
  });

  it("keeps the toggle text to 100 characters, with a default", () => {
    expect(readMoreToggleText(undefined, READ_MORE_DEFAULT)).toBe("Read more");
    expect(readMoreToggleText("  ", READ_LESS_DEFAULT)).toBe("Read less");
    expect(readMoreToggleText("Read the whole story", READ_MORE_DEFAULT)).toBe(
      "Read the whole story",
    );
    const long = readMoreToggleText("x".repeat(150), READ_MORE_DEFAULT);
    expect(long).toHaveLength(100);
    expect(long.endsWith("…")).toBe(true);
  });
});

describe("input-type call to action", () => {
  it("appends the typed text, URL-encoded, to the configured link", () => {
    expect(inputCtaHref("/browse/?query=", "figma & research")).toBe(
      "/browse/?query=figma%20%26%20research",
    );
    expect(inputCtaHref("https://example.com/s?q=", "  a/b ")).toBe(
      "https://example.com/s?q=a%2Fb",
    );
    expect(inputCtaHref("/browse/?query=", "   ")).toBe("/browse/?query=");
  });
});

describe("deal highlight", () => {
  it("shows at most 4 features", () => {
    expect(dealHighlightFeatures(["a", "b", " ", "c", "d", "e"])).toEqual(["a", "b", "c", "d"]);
    expect(dealHighlightFeatures([])).toEqual([]);
  });

  it("asks for details only when the deal lacks reviews, proof text, features and plans", () => {
    expect(highlightNeedsDetails({ slug: "x" })).toBe(true);
    expect(highlightNeedsDetails({ slug: "x", plans: [] })).toBe(false);
    expect(highlightNeedsDetails({ slug: "x", top_5_reviews: [] })).toBe(false);
    expect(highlightNeedsDetails({ slug: "x", social_proof_text: null, dealfeatures: null })).toBe(
      true,
    );
  });
});

describe("#founder-post-{n}", () => {
  it("opens the News & Updates tab; tab ids open their tab; other hashes none", () => {
    expect(communityTabForHash("#founder-post-2")).toBe("news-updates");
    expect(communityTabForHash("founder-post-12")).toBe("news-updates");
    expect(communityTabForHash("#reviews")).toBe("reviews");
    expect(communityTabForHash("#faqs")).toBe("faqs");
    expect(communityTabForHash("#founder-post-")).toBeNull();
    expect(communityTabForHash("#founder-post-2x")).toBeNull();
    expect(communityTabForHash("#pricing")).toBeNull();
  });
});

describe("staff time-shift preview", () => {
  it("moves the page's time for staff only, and only to a readable date", () => {
    expect(previewMoment("2030-01-02T03:04:05Z", true)?.toISOString()).toBe(
      "2030-01-02T03:04:05.000Z",
    );
    expect(previewMoment("2030-01-02T03:04:05Z", false)).toBeNull();
    expect(previewMoment("tomorrow-ish", true)).toBeNull();
    expect(previewMoment(null, true)).toBeNull();
  });
});

describe("referral coupons and campaigns (allow_asksumo_discount)", () => {
  const campaign = (allow: boolean) => ({
    deal_tiers: [1, 2],
    public_name: "Lifetime Fest",
    allow_referral: allow,
  });

  it("are kept off a cart a campaign prices unless the campaign allows them", () => {
    const priced = [{ tier: 1, campaign: campaign(false) }];
    expect(referralBlockingCampaign(priced, true)).toBe("Lifetime Fest");
    expect(referralBlockingCampaign([{ tier: 1, campaign: campaign(true) }], true)).toBeNull();
    // The campaign does not price the line: its tier is not listed, or pricing is off.
    expect(referralBlockingCampaign([{ tier: 3, campaign: campaign(false) }], true)).toBeNull();
    expect(referralBlockingCampaign(priced, false)).toBeNull();
    expect(referralBlockingCampaign([{ tier: 1, campaign: null }], true)).toBeNull();
  });

  it("give the cart's coupon message with the campaign's name", () => {
    const coupon = {
      code: "REWARD-ABC",
      type: "percent" as const,
      value: 10,
      deals: [],
      isActive: true,
      startDate: null,
      endDate: null,
      maxUses: null,
      usedCount: 0,
      singleUse: false,
      email: null,
    };
    const ctx = { now: new Date(), email: null, alreadyRedeemed: false, lines: [] };
    expect(couponProblem(coupon, { ...ctx, referralBlockedBy: "Lifetime Fest" })).toBe(
      referralNotWithCampaign("Lifetime Fest"),
    );
    expect(couponProblem(coupon, { ...ctx, referralBlockedBy: null })).toBeNull();
  });
});
