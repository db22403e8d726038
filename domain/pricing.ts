import type { ACCESS_TERMS, CAMPAIGN_DISCOUNT_TYPES, PLAN_TYPES } from "./constants";
import {
  FEATURE_LIST_COLLAPSE_AFTER,
  FREE_PERIOD_LABELS,
  MAIN_FEATURES_COUNT,
  MONEY_BACK_GUARANTEE_MIN_DAYS,
  MONEY_BACK_PERIOD_LABELS,
  NON_REFUNDABLE_DAYS,
  PLUS_DISCOUNT_PERCENT,
  PRICING_TABLE_MIN_PLANS_EXCLUSIVE,
  PRICING_TABLE_PLANS_PER_PAGE,
  PRICING_TABLE_PLANS_PER_PAGE_BELOW_LARGE,
} from "./constants";
import {
  CAMPAIGN_DISCOUNT,
  campaignDiscountName,
  LIFETIME_ACCESS,
  moneyBackGuarantee,
  NON_REFUNDABLE_DEAL,
  ONE_YEAR_ACCESS,
  PLAN_TEXT_ANNUAL,
  PLAN_TEXT_LIFETIME,
  PLAN_TEXT_ONE_TIME,
  PLUS_MEMBER_PRICE_DISCOUNT,
  PRICE_FREE,
  planTextCountUnit,
  refundWithinDays,
  STARTING_AT_ZERO,
  startingAt,
} from "./messages";
import type { Cents } from "./money";
import { formatPrice } from "./money";

export type PlanType = (typeof PLAN_TYPES)[number];
export type AccessTerm = (typeof ACCESS_TERMS)[number];
export type CampaignDiscountType = (typeof CAMPAIGN_DISCOUNT_TYPES)[number];

/** Discount percent = round((1 - price/original) x 100); 0 without a higher original price. */
export const discountPercent = (price: Cents, original: Cents | null | undefined): number => {
  if (original == null || original <= 0 || original <= price) return 0;
  return Math.round((1 - price / original) * 100);
};

/** Shown as a negative percent ("-40%"), and only when above 0. */
export const discountLabel = (price: Cents, original: Cents | null | undefined): string | null => {
  const percent = discountPercent(price, original);
  return percent > 0 ? `-${percent}%` : null;
};

export interface PricedPlan {
  price: Cents;
  is_free?: boolean;
  is_active?: boolean;
}

const isFreePlan = (plan: PricedPlan): boolean => plan.is_free === true || plan.price === 0;

/**
 * Price text of a deal card: FREE (one free plan) or "Starting at $0" (several, the cheapest
 * free); "Starting at {price}" when more than one plan is active; else the price alone.
 */
export const priceText = (
  plans: readonly PricedPlan[],
  currency = "USD",
  locale = "en-US",
): string => {
  const active = plans.filter((plan) => plan.is_active !== false);
  const cheapest = active.reduce<PricedPlan | undefined>(
    (low, plan) => (low === undefined || plan.price < low.price ? plan : low),
    undefined,
  );
  if (cheapest === undefined) return "";
  const several = active.length > 1;
  if (isFreePlan(cheapest)) return several ? STARTING_AT_ZERO : PRICE_FREE;
  const price = formatPrice(cheapest.price, currency, locale);
  return several ? startingAt(price) : price;
};

export interface PlanTerms {
  plan_type: PlanType | string;
  interval?: string | null;
  interval_count?: number | null;
}

/**
 * The line above a plan's price. The spec lists the four texts but not which plan gets which;
 * our mapping: lifetime deals read "lifetime deal"; a yearly subscription reads "Annual
 * subscription of"; any other plan with an interval reads "{count} {UNIT} DEAL" (e.g. "2 YEAR
 * DEAL", unit upper-cased and singular); everything else is a one-time payment.
 */
export const planText = (plan: PlanTerms): string => {
  if (plan.plan_type === "Lifetime Deal") return PLAN_TEXT_LIFETIME;
  const count = plan.interval_count ?? 1;
  const isSubscription =
    plan.plan_type === "Subscription" || plan.plan_type === "License Subscription";
  if (isSubscription && plan.interval === "year" && count === 1) return PLAN_TEXT_ANNUAL;
  if (plan.interval) return planTextCountUnit(count, plan.interval.toUpperCase());
  return PLAN_TEXT_ONE_TIME;
};

/** Plus members get a further 10% off, rounded to the cent. */
export const plusPrice = (price: Cents): Cents =>
  Math.round((price * (100 - PLUS_DISCOUNT_PERCENT)) / 100);

export interface Campaign {
  type: CampaignDiscountType;
  /** Percent for percent campaigns; cents for fixed ones (the domain keeps money in cents). */
  value: number;
  deal_tiers: readonly (string | number)[];
}

/** The price after a campaign: only for listed deal tiers, only with the experiment on, never below 0. */
export const campaignPrice = (
  price: Cents,
  campaign: Campaign | null | undefined,
  tier: string | number | null | undefined,
  experimentEnabled: boolean,
): Cents => {
  if (!campaign || !experimentEnabled || tier == null || !campaign.deal_tiers.includes(tier))
    return price;
  const discount =
    campaign.type === "percent"
      ? Math.round((price * campaign.value) / 100)
      : Math.round(campaign.value);
  return Math.max(0, price - discount);
};

/** A campaign as the price rule reads it: its terms, its public name and its window. */
export interface NamedCampaign extends Campaign {
  /** What the cart calls its discount ("Lifetime Fest"). */
  public_name?: string;
}

export interface WindowedCampaign extends NamedCampaign {
  start_date?: string | Date | null;
  end_date?: string | Date | null;
}

/**
 * The campaign pricing a deal at `now`: of the active campaigns linked to the deal (in id order,
 * as read), the first whose window holds `now`. The cart and every page pick it the same way.
 */
export function liveDealCampaign<C extends WindowedCampaign>(
  linked: readonly C[] | null | undefined,
  now: Date,
): C | null {
  const at = now.getTime();
  for (const c of linked ?? []) {
    const start = c.start_date == null ? null : new Date(c.start_date).getTime();
    const end = c.end_date == null ? null : new Date(c.end_date).getTime();
    if ((start == null || start <= at) && (end == null || end > at)) return c;
  }
  return null;
}

/** What prices a plan for one reader (domain/cart.ts linePrice reads the same input). */
export type ReaderPriceInput = {
  /** The plan's list price (an add-on line's selection total). */
  priceCents: Cents;
  /** The plan's struck "was" price, if it has one. */
  originalCents?: Cents | null;
  /** The plan's tier, matched against the campaign's deal_tiers. */
  tier: string | number | null;
  /** The deal's live campaign (liveDealCampaign), or none. */
  campaign?: NamedCampaign | null;
  /** CAMPAIGN_PRICING_EXPERIMENT: campaign prices reach the cart only with it on. */
  campaignExperimentEnabled?: boolean;
  /** The reader is a Plus member, or buys Plus in the same cart. */
  plusMember: boolean;
  /** The Plus membership itself is never discounted by Plus. */
  isPlusDeal?: boolean;
};

export type PriceDiscount = {
  kind: "campaign" | "plus";
  /** "Lifetime Fest -15%", "Plus member price -10%": what the cart names. */
  label: string;
  /** The campaign's public name, or null for Plus. */
  name: string | null;
  /** The percent taken, or null for a fixed campaign. */
  percent: number | null;
  /** What it took off one unit. */
  cents: Cents;
};

export type ReaderPrice = {
  /** The plan's own price, before any discount. */
  listCents: Cents;
  /** What a non-member pays: the list price after the campaign. */
  campaignCents: Cents;
  /** What a Plus member pays ("with Plus"); the campaign price for the Plus deal itself. */
  memberCents: Cents;
  /** What this reader pays: the cart's line unit price. */
  priceCents: Cents;
  /** The struck price to show beside `priceCents`, or null when nothing is struck. */
  originalCents: Cents | null;
  /** "-N%" of `priceCents` against `originalCents`, 0 when nothing is struck. */
  discountPercent: number;
  /** The discounts this reader gets, in the order applied (campaign, then Plus). */
  discounts: PriceDiscount[];
};

/**
 * The one price rule (issue 30): the campaign (only for its listed tiers, only with the
 * experiment on, never below 0) first, then the Plus member 10% on what is left. The cart charges
 * `priceCents`; every page shows the same figures, so the page and the cart cannot disagree.
 */
export function readerPrice(input: ReaderPriceInput): ReaderPrice {
  const listCents = input.priceCents;
  const campaign = input.campaign ?? null;
  const campaignCents = campaignPrice(
    listCents,
    campaign,
    input.tier,
    input.campaignExperimentEnabled === true,
  );
  const memberCents = input.isPlusDeal ? campaignCents : plusPrice(campaignCents);
  const priceCents = input.plusMember ? memberCents : campaignCents;
  const discounts: PriceDiscount[] = [];
  if (campaign && campaignCents < listCents) {
    const percent = campaign.type === "percent" ? campaign.value : null;
    discounts.push({
      kind: "campaign",
      label: campaignDiscountName(campaign.public_name || CAMPAIGN_DISCOUNT, percent),
      name: campaign.public_name || null,
      percent,
      cents: listCents - campaignCents,
    });
  }
  if (priceCents < campaignCents) {
    discounts.push({
      kind: "plus",
      label: PLUS_MEMBER_PRICE_DISCOUNT,
      name: null,
      percent: PLUS_DISCOUNT_PERCENT,
      cents: campaignCents - priceCents,
    });
  }
  const was = Math.max(input.originalCents ?? 0, listCents);
  const originalCents = was > priceCents ? was : null;
  return {
    listCents,
    campaignCents,
    memberCents,
    priceCents,
    originalCents,
    discountPercent: discountPercent(priceCents, originalCents),
    discounts,
  };
}

/** A plan as the deal details give it (publicPlanPrice): the non-member and the member price. */
export type ShownPlanPrices = { price: number; plus_price?: number | null };

/**
 * The price a page shows this reader for a plan: the member price to a Plus member, else the
 * non-member price (both from readerPrice, on the server). Major units in, major units out.
 */
export const shownPlanPrice = (plan: ShownPlanPrices, plusMember: boolean): number =>
  plusMember && plan.plus_price != null ? plan.plus_price : plan.price;

/**
 * A deal's price text for this reader ("Starting at $53.10" for a member) and the amount in it,
 * from its plans' shown prices (shownPlanPrice), as priceText writes the public one.
 */
export function readerPriceText(
  plans: readonly (ShownPlanPrices & { is_free?: boolean; is_active?: boolean })[],
  plusMember: boolean,
): { text: string; major: number | null } {
  const shown = plans
    .filter((p) => p.is_active !== false)
    .map((p) => ({ price: Math.round(shownPlanPrice(p, plusMember) * 100), is_free: p.is_free }));
  const cheapest = shown.reduce<number | null>(
    (low, p) => (low === null || p.price < low ? p.price : low),
    null,
  );
  return { text: priceText(shown), major: cheapest === null ? null : cheapest / 100 };
}

export const accessLabel = (term: AccessTerm): string =>
  term === "lifetime" ? LIFETIME_ACCESS : ONE_YEAR_ACCESS;

/** Money-back copy speaks of "2 months" for 60 days and "1 month" for 30; else "{n} days" (ours). */
export const moneyBackPeriod = (days: number): string => {
  const months = (MONEY_BACK_PERIOD_LABELS as Record<number, string | undefined>)[days];
  return months ?? `${days} days`;
};

/** A free period: annual gives "1 year", monthly "1 month". */
export const freePeriodLabel = (interval: keyof typeof FREE_PERIOD_LABELS): string =>
  FREE_PERIOD_LABELS[interval];

/**
 * Refund text by refundable_days: 0 non-refundable; 1 to 59 "Refund within N days"; 60 or more
 * "{N}-day money-back guarantee". The last two wordings
 * are ours; the spec names only the three cases.
 */
export const refundText = (refundableDays: number): string => {
  if (refundableDays <= NON_REFUNDABLE_DAYS) return NON_REFUNDABLE_DEAL;
  if (refundableDays < MONEY_BACK_GUARANTEE_MIN_DAYS) return refundWithinDays(refundableDays);
  return moneyBackGuarantee(refundableDays);
};

// ---------------------------------------------------------------------------------------------
// Pricing card layout (spec 001 section 4 "Pricing", section 9)
// ---------------------------------------------------------------------------------------------

export interface AccessPlan {
  access: AccessTerm | string;
}

/** Lifetime plans on one side of the toggle, every other plan (annual...) on the other. */
export const plansByAccess = <P extends AccessPlan>(
  plans: readonly P[],
): { lifetime: P[]; other: P[] } => ({
  lifetime: plans.filter((plan) => plan.access === "lifetime"),
  other: plans.filter((plan) => plan.access !== "lifetime"),
});

/** The lifetime / other toggle shows only when both kinds of plan exist. */
export const hasAccessToggle = (plans: readonly AccessPlan[]): boolean => {
  const { lifetime, other } = plansByAccess(plans);
  return lifetime.length > 0 && other.length > 0;
};

export type PricingLayout = "wide" | "carousel" | "table";

/**
 * One plan is a wide card; on desktop 2 to 3 plans are a carousel and more than 3 a paged table;
 * phones get a carousel ("Plan X of N") for two plans or more.
 */
export const pricingLayout = (planCount: number, desktop: boolean): PricingLayout => {
  if (planCount <= 1) return "wide";
  if (desktop && planCount > PRICING_TABLE_MIN_PLANS_EXCLUSIVE) return "table";
  return "carousel";
};

/** Table plans per page: 4 at the large breakpoint and up, 3 below it. */
export const tablePageSize = (large: boolean): number =>
  large ? PRICING_TABLE_PLANS_PER_PAGE : PRICING_TABLE_PLANS_PER_PAGE_BELOW_LARGE;

export const tablePageCount = (planCount: number, pageSize: number): number =>
  Math.max(1, Math.ceil(planCount / pageSize));

/** The plans of a 1-based table page; pages outside the range clamp to the nearest one. */
export const tablePage = <P>(plans: readonly P[], page: number, pageSize: number): P[] => {
  const last = tablePageCount(plans.length, pageSize);
  const current = Math.min(Math.max(1, Math.floor(page)), last);
  return plans.slice((current - 1) * pageSize, current * pageSize);
};

/**
 * Feature lists over 8 items collapse to the main features (the first 5) behind "Show all
 * included features"; shorter lists always show in full (hiding 1 to 3 items behind a button
 * helps no one).
 */
export const visibleFeatures = <F>(
  features: readonly F[],
  expanded: boolean,
): { shown: F[]; collapsible: boolean } => {
  const collapsible = features.length > FEATURE_LIST_COLLAPSE_AFTER;
  return {
    shown: collapsible && !expanded ? features.slice(0, MAIN_FEATURES_COUNT) : [...features],
    collapsible,
  };
};

/** Cart quantity of a plan: 1 for licensing deals, otherwise the plan's number of codes. */
export const cartQuantity = (plan: { codes: number }, useLicensing: boolean): number =>
  useLicensing ? 1 : Math.max(1, plan.codes);
