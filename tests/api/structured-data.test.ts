/**
 * JSON-LD Product on deal pages (spec 001 section 9, contract.md), built from the real deal
 * details and checked by Adobe's structured-data validator (Google's Product, Offer, Review,
 * AggregateRating and MerchantReturnPolicy rules): no errors, for a live deal, an ended one and
 * an informational one.
 */
import Validator from "@adobe/structured-data-validator";
import { beforeAll, describe, expect, it } from "vitest";
import { productJsonLd } from "../../domain/structured-data";
import { createTestApp, type TestApp } from "../helpers/app";

let app: TestApp;
const ORIGIN = "https://payonce.test";

beforeAll(async () => {
  app = await createTestApp();
});

async function ldOf(slug: string) {
  const deal = await app.services.catalog.getDealDetails(slug);
  if (!deal) throw new Error(`no deal ${slug}`);
  return { deal, ld: productJsonLd(deal, ORIGIN) };
}

async function errorsOf(ld: object) {
  const issues = await new Validator().validate({
    // The validator deletes its own bookkeeping keys: hand it a copy.
    jsonld: { Product: [structuredClone(ld) as Record<string, unknown>] },
  });
  return issues.filter((i) => i.severity === "ERROR");
}

describe("JSON-LD Product", () => {
  it("taskflow's is a valid Product with an offer per plan, its rating and top reviews", async () => {
    const { deal, ld } = await ldOf("taskflow");
    expect(await errorsOf(ld)).toEqual([]);
    expect(ld.offers).toHaveLength(deal.plans.length);
    for (const [i, plan] of deal.plans.entries()) {
      expect(ld.offers[i]).toMatchObject({ price: plan.price, priceCurrency: "USD" });
    }
    expect(ld.aggregateRating?.reviewCount).toBe(deal.deal_review.review_count);
    expect(ld.review?.length).toBe(Math.min(5, deal.top_5_reviews.length));
    expect(ld.offers[0]?.hasMerchantReturnPolicy.applicableCountry).toBe("US");
  });

  it("an ended deal is valid and sold out", async () => {
    const { ld } = await ldOf("mailbeam");
    expect(await errorsOf(ld)).toEqual([]);
    expect(ld.offers.every((o) => o.availability === "https://schema.org/SoldOut")).toBe(true);
  });

  it("an informational deal is valid and not sold here", async () => {
    const { ld } = await ldOf("infohub");
    expect(await errorsOf(ld)).toEqual([]);
    expect(ld.offers.every((o) => o.availability === "https://schema.org/Discontinued")).toBe(true);
  });

  it("the validator does catch a broken Product (the check can fail)", async () => {
    const { ld } = await ldOf("taskflow");
    const broken = {
      ...ld,
      name: undefined,
      offers: ld.offers.map((o) => ({ ...o, price: undefined })),
    };
    const messages = (await errorsOf(broken)).map((e) => e.issueMessage).join("\n");
    expect(messages).toMatch(/name/);
    expect(messages).toMatch(/price/);
  });
});
