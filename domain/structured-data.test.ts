import { describe, expect, it } from "vitest";
import {
  cutTitle,
  type ProductLdDeal,
  planAvailability,
  productJsonLd,
  returnPolicy,
  seoDiscussionTitle,
  structuredDataTitle,
} from "./structured-data";

const review = (n: number, title: string | null = `Review ${n}`) => ({
  title,
  comment: `Body ${n}`,
  rating: 5 - (n % 3),
  created: "2026-05-01T10:00:00.000Z",
  user: { first_name: "Ada", last_name: "Lovelace", username: `ada${n}` },
});

const deal: ProductLdDeal = {
  id: 7,
  slug: "taskflow",
  name: "TaskFlow",
  public_name: "TaskFlow",
  card_description: "Project management for small teams",
  media_url: "/media/demo/taskflow.png",
  product_logo: null,
  is_info: false,
  is_marketplace: false,
  refundable_days: 60,
  has_started: true,
  has_ended: false,
  quantity_remaining_below_threshold: null,
  dates: { end_date: "2026-07-01T00:00:00.000Z", schema_end_date: null },
  plans: [
    { id: 1, public_name: "Single", price: 59, is_active: true },
    { id: 2, public_name: "Double", price: 118.5, is_active: false },
  ],
  deal_review: { average_rating: 4.67, review_count: 12 },
  top_5_reviews: [1, 2, 3, 4, 5, 6].map((n) => review(n)),
};

describe("titles", () => {
  it("cuts the product name to 70: 67 characters plus an ellipsis", () => {
    expect(structuredDataTitle("x".repeat(70))).toBe("x".repeat(70));
    const cut = structuredDataTitle("y".repeat(71));
    expect(cut).toBe(`${"y".repeat(67)}...`);
    expect(cut).toHaveLength(70);
  });

  it("cuts review and question SEO titles at 60", () => {
    expect(seoDiscussionTitle("z".repeat(60))).toBe("z".repeat(60));
    const cut = seoDiscussionTitle("z".repeat(80));
    expect(cut).toHaveLength(60);
    expect(cut.endsWith("...")).toBe(true);
  });

  it("never ends a cut title on a space before the ellipsis", () => {
    expect(cutTitle(`${"a".repeat(6)} bbbb`, 10)).toBe("aaaaaa...");
  });
});

describe("availability", () => {
  const live = {
    is_info: false,
    has_started: true,
    has_ended: false,
    quantity_remaining_below_threshold: null,
  };
  it("is InStock for an active plan of a live deal", () => {
    expect(planAvailability(live, { is_active: true })).toBe("InStock");
  });
  it("is SoldOut for an ended deal or one with no units left", () => {
    expect(planAvailability({ ...live, has_ended: true }, { is_active: true })).toBe("SoldOut");
    expect(
      planAvailability({ ...live, quantity_remaining_below_threshold: 0 }, { is_active: true }),
    ).toBe("SoldOut");
  });
  it("is Discontinued for an informational deal and a retired plan", () => {
    expect(planAvailability({ ...live, is_info: true }, { is_active: true })).toBe("Discontinued");
    expect(planAvailability(live, { is_active: false })).toBe("Discontinued");
  });
  it("is PreOrder before the deal starts", () => {
    expect(planAvailability({ ...live, has_started: false }, { is_active: true })).toBe("PreOrder");
  });
});

describe("return policy", () => {
  it("marketplace deals are not returnable", () => {
    expect(returnPolicy({ is_marketplace: true, refundable_days: 60 })).toEqual({
      "@type": "MerchantReturnPolicy",
      applicableCountry: "US",
      returnPolicyCategory: "https://schema.org/MerchantReturnNotPermitted",
    });
  });
  it("others use refundable_days, US only", () => {
    expect(returnPolicy({ is_marketplace: false, refundable_days: 30 })).toMatchObject({
      applicableCountry: "US",
      returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
      merchantReturnDays: 30,
    });
    expect(returnPolicy({ is_marketplace: false, refundable_days: 0 }).returnPolicyCategory).toBe(
      "https://schema.org/MerchantReturnNotPermitted",
    );
  });
  it("shows no refund rate nor fees", () => {
    const policy = returnPolicy({ is_marketplace: false, refundable_days: 60 });
    expect(Object.keys(policy).some((k) => /fee|rate/i.test(k))).toBe(false);
  });
});

describe("productJsonLd", () => {
  const ld = productJsonLd(deal, "https://payonce.test");

  it("is a schema.org Product with absolute URLs", () => {
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "TaskFlow",
      url: "https://payonce.test/products/taskflow/",
      image: ["https://payonce.test/media/demo/taskflow.png"],
    });
  });

  it("offers a campaign price only until the campaign ends (issue 30)", () => {
    const fest = productJsonLd(
      {
        ...deal,
        plans: deal.plans.map((p, i) =>
          i === 0 ? { ...p, price: 50.15, campaign: { end_date: "2026-06-15T00:00:00.000Z" } } : p,
        ),
      },
      "https://payonce.test",
    );
    expect(fest.offers[0]).toMatchObject({ price: 50.15, priceValidUntil: "2026-06-15" });
    expect(fest.offers[1]).toMatchObject({ priceValidUntil: "2026-07-01" });
  });

  it("has one offer per plan, price in major units, in USD", () => {
    expect(ld.offers).toHaveLength(2);
    expect(ld.offers[0]).toMatchObject({
      "@type": "Offer",
      price: 59,
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
      priceValidUntil: "2026-07-01",
    });
    expect(ld.offers[1]).toMatchObject({
      price: 118.5,
      availability: "https://schema.org/Discontinued",
    });
  });

  it("carries the aggregate rating and the top 5 reviews", () => {
    expect(ld.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.67,
      reviewCount: 12,
      bestRating: 5,
      worstRating: 1,
    });
    expect(ld.review).toHaveLength(5);
    expect(ld.review?.[0]).toMatchObject({
      "@type": "Review",
      name: "Review 1",
      author: { "@type": "Person", name: "Ada Lovelace" },
      datePublished: "2026-05-01",
    });
  });

  it("has no rating and no reviews without reviews", () => {
    const bare = productJsonLd(
      { ...deal, deal_review: { average_rating: 0, review_count: 0 }, top_5_reviews: [] },
      "https://payonce.test",
    );
    expect(bare).not.toHaveProperty("aggregateRating");
    expect(bare).not.toHaveProperty("review");
  });

  it("an informational deal without plans still has an offer saying it is not sold", () => {
    const info = productJsonLd({ ...deal, is_info: true, plans: [] }, "https://payonce.test");
    expect(info.offers).toHaveLength(1);
    expect(info.offers[0]?.availability).toBe("https://schema.org/Discontinued");
  });

  it("says the starting price's payback as a PropertyValue, only when there is one (issue 34)", () => {
    expect(ld).not.toHaveProperty("additionalProperty");
    const against = [{ name: "Asana" }, { name: "Trello" }];
    const priced = productJsonLd(
      {
        ...deal,
        plans: [
          {
            id: 1,
            public_name: "Single",
            price: 59,
            is_active: true,
            payback: { months: 4, against },
          },
          {
            id: 2,
            public_name: "Double",
            price: 118,
            is_active: true,
            payback: { months: 8, against },
          },
          {
            id: 3,
            public_name: "Old",
            price: 9,
            is_active: false,
            payback: { months: 1, against },
          },
        ],
      },
      "https://payonce.test",
    );
    expect(priced.additionalProperty).toEqual([
      {
        "@type": "PropertyValue",
        name: "Payback period",
        value: 4,
        unitCode: "MON",
        unitText: "months",
        description: "Pays for itself in 4 months against Asana and Trello",
      },
    ]);
  });
});
