import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { linePrice } from "./cart";
import { chargedInUsd } from "./messages";
import { convertCents, formatMoney, toCents, toMajor } from "./money";
import {
  liveDealCampaign,
  readerPrice,
  readerPriceText,
  shownPlanPrice,
  type WindowedCampaign,
} from "./pricing";

// Issue 30, "one price rule": for any reader, campaign, Plus state and display currency, the
// price a page shows for a plan is the price the cart charges for it. The page side is modelled
// as the app builds it: the server prices the plan for a non-member (plans[].price, plus_price:
// readerPrice), the page picks the reader's figure (shownPlanPrice); the cart prices the line
// with linePrice for the buyer's Plus state (a member, or Plus in the cart).

const NOW = new Date("2026-11-28T12:00:00Z");
const HOUR = 3_600_000;

const campaignArb: fc.Arbitrary<WindowedCampaign> = fc.record({
  type: fc.constantFrom("percent" as const, "fixed" as const),
  value: fc.integer({ min: 0, max: 20_000 }),
  deal_tiers: fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { maxLength: 5 }),
  public_name: fc.constantFrom("Lifetime Fest", "Black Friday", "Spring Sale"),
  // Live, ended or not started yet.
  start_date: fc.option(
    fc.integer({ min: -48, max: 2 }).map((h) => new Date(NOW.getTime() + h * HOUR)),
  ),
  end_date: fc.option(
    fc.integer({ min: -2, max: 48 }).map((h) => new Date(NOW.getTime() + h * HOUR).toISOString()),
  ),
});

const readerArb = fc.record({
  kind: fc.constantFrom("anonymous", "signed-in", "plus-member"),
  plusInCart: fc.boolean(),
  currency: fc.constantFrom(
    null,
    { currency: "EUR", rate: 0.92 },
    { currency: "GBP", rate: 0.79 },
    { currency: "AUD", rate: 1.53 },
  ),
});

const planArb = fc.record({
  priceCents: fc.integer({ min: 0, max: 200_000 }),
  originalCents: fc.integer({ min: 0, max: 400_000 }),
  tier: fc.integer({ min: 1, max: 5 }),
  isPlusDeal: fc.boolean(),
});

describe("the one price rule (readerPrice)", () => {
  it("shows every reader the price the cart charges, in any currency", () => {
    fc.assert(
      fc.property(
        planArb,
        fc.array(campaignArb, { maxLength: 3 }),
        fc.boolean(),
        readerArb,
        (plan, linked, experiment, reader) => {
          // The deal's live campaign, picked as the cart and every page pick it.
          const campaign = liveDealCampaign(linked, NOW);
          const input = {
            priceCents: plan.priceCents,
            originalCents: plan.originalCents,
            tier: plan.tier,
            campaign,
            campaignExperimentEnabled: experiment,
            isPlusDeal: plan.isPlusDeal,
          };
          // The server's shared (anonymous) answer: the non-member price and the member one.
          const publicPrice = readerPrice({ ...input, plusMember: false });
          const planJson = {
            price: toMajor(publicPrice.priceCents),
            plus_price: toMajor(publicPrice.memberCents),
          };
          const member = reader.kind === "plus-member";
          // A reader buying Plus in this cart pays the member price: the page's "with Plus".
          const buyerIsMember = member || reader.plusInCart;
          const pageCents = toCents(shownPlanPrice(planJson, buyerIsMember));
          const cartCents = linePrice({ ...input, plusMember: buyerIsMember });
          expect(pageCents).toBe(cartCents);
          // What the page shows a member is their own price; a non-member sees it as "with Plus".
          expect(toCents(planJson.plus_price)).toBe(linePrice({ ...input, plusMember: true }));
          // The named discounts add up to what the line saves.
          const priced = readerPrice({ ...input, plusMember: buyerIsMember });
          const saved = priced.discounts.reduce((sum, d) => sum + d.cents, 0);
          expect(priced.listCents - priced.priceCents).toBe(saved);
          // The struck price and the "-N%" are about the price shown.
          if (priced.originalCents !== null) {
            expect(priced.originalCents).toBeGreaterThan(priced.priceCents);
          }
          // A "-N%" only beside a struck price (under 0.5% off rounds to no label).
          expect(priced.discountPercent === 0 || priced.originalCents !== null).toBe(true);
          // Shown in another currency, the USD charge named is the cart's.
          const usd = formatMoney(cartCents);
          const shownAmount = reader.currency
            ? convertCents(pageCents, reader.currency.rate)
            : pageCents;
          expect(shownAmount).toBeGreaterThanOrEqual(0);
          expect(chargedInUsd(formatMoney(pageCents))).toBe(`You'll be charged ${usd} USD`);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("prices the issue's TaskFlow example: Lifetime Fest 15% on tier 1 and 2", () => {
    const fest = {
      type: "percent" as const,
      value: 15,
      deal_tiers: [1, 2],
      public_name: "Lifetime Fest",
    };
    const tier1 = readerPrice({
      priceCents: 5900,
      originalCents: 29_900,
      tier: 1,
      campaign: fest,
      campaignExperimentEnabled: true,
      plusMember: false,
    });
    expect(tier1.priceCents).toBe(5015);
    expect(tier1.memberCents).toBe(4514);
    expect(tier1.discounts.map((d) => d.label)).toEqual(["Lifetime Fest \u221215%"]);
    const tier2 = readerPrice({
      priceCents: 11_800,
      tier: 2,
      campaign: fest,
      campaignExperimentEnabled: true,
      plusMember: true,
    });
    expect(tier2.priceCents).toBe(9027);
    expect(tier2.discounts).toEqual([
      {
        kind: "campaign",
        label: "Lifetime Fest \u221215%",
        name: "Lifetime Fest",
        percent: 15,
        cents: 1770,
      },
      { kind: "plus", label: "Plus member price \u221210%", name: null, percent: 10, cents: 1003 },
    ]);
    // The list price is struck when the plan has no higher original.
    expect(tier2.originalCents).toBe(11_800);
    expect(tier2.discountPercent).toBe(24);
  });

  it("leaves prices alone with the experiment off, and never discounts Plus by Plus", () => {
    const fest = { type: "fixed" as const, value: 1000, deal_tiers: [1], public_name: "Fest" };
    const off = readerPrice({
      priceCents: 5900,
      tier: 1,
      campaign: fest,
      campaignExperimentEnabled: false,
      plusMember: false,
    });
    expect(off.priceCents).toBe(5900);
    expect(off.discounts).toEqual([]);
    const plus = readerPrice({ priceCents: 9900, tier: 1, plusMember: true, isPlusDeal: true });
    expect(plus.priceCents).toBe(9900);
    expect(plus.memberCents).toBe(9900);
  });

  it("picks the first linked campaign (id order) whose window holds now", () => {
    const c = (name: string, start: number | null, end: number | null) => ({
      type: "percent" as const,
      value: 10,
      deal_tiers: [1],
      public_name: name,
      start_date: start === null ? null : new Date(NOW.getTime() + start * HOUR).toISOString(),
      end_date: end === null ? null : new Date(NOW.getTime() + end * HOUR).toISOString(),
    });
    expect(
      liveDealCampaign([c("ended", -5, -1), c("live", -1, 1), c("open", null, null)], NOW),
    ).toMatchObject({ public_name: "live" });
    expect(liveDealCampaign([c("soon", 1, 5)], NOW)).toBeNull();
    // The end is exclusive, the start inclusive.
    expect(liveDealCampaign([c("ends now", -1, 0)], NOW)).toBeNull();
    expect(liveDealCampaign([c("starts now", 0, 1)], NOW)).not.toBeNull();
  });

  it("writes a member's price text from the member prices", () => {
    const plans = [
      { price: 50.15, plus_price: 45.14, is_active: true },
      { price: 100.3, plus_price: 90.27, is_active: true },
      { price: 10, plus_price: 9, is_active: false },
    ];
    expect(readerPriceText(plans, false)).toEqual({ text: "Starting at $50.15", major: 50.15 });
    expect(readerPriceText(plans, true)).toEqual({ text: "Starting at $45.14", major: 45.14 });
  });
});
