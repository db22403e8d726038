/**
 * The Deal, deal card and Page shapes of spec 001 section 3, exactly as the API returns them
 * (snake_case, money in major units). Services reshape database rows into these at the boundary;
 * routes and React components only ever see these types.
 */

import { PLUS_DEAL_SLUG } from "../../../domain/constants";
import { comingSoonAt, stageAt } from "../../../domain/deal-state";
import { toMajor } from "../../../domain/money";
import { type AlternativePrice, paybackFor, paybackJson } from "../../../domain/payback";
import {
  liveDealCampaign,
  priceText,
  type ReaderPrice,
  readerPrice,
  type WindowedCampaign,
} from "../../../domain/pricing";
import type {
  BannerDetails,
  DealBadge,
  DealStage,
  PlanAccess,
  PlanInterval,
  PlanType,
  UpsellCallout,
  Video,
} from "../../db/schema";
import { parseReviewsSummary } from "../discussions/summary";

/** Stored plan-type keys to the spec's names (spec 001 section 3, "Plan types"). */
export const PLAN_TYPE_NAMES: Record<PlanType, string> = {
  one_time_purchase: "One Time Purchase",
  subscription: "Subscription",
  lifetime_deal: "Lifetime Deal",
  limited_license: "Limited License",
  license_subscription: "License Subscription",
  freebie: "Freebie",
  digital_download: "Digital Download",
};

export const iso = (d: Date | string | null | undefined): string | null =>
  d == null ? null : typeof d === "string" ? new Date(d).toISOString() : d.toISOString();

export const dealUrl = (slug: string) => `/products/${slug}/`;

/** Two decimals, as contract.md pins for average_rating. */
export const twoDecimals = (n: number) => Math.round(n * 100) / 100;

// ---------------------------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------------------------

export type BuyButtonJson = {
  is_ended: boolean;
  is_draft: boolean;
  is_coming_soon: boolean;
  is_early_access: boolean;
  is_last_call: boolean;
  is_get_now: boolean;
};

export type DealDatesJson = {
  start_date: string | null;
  end_date: string | null;
  schema_end_date: string | null;
  timer_reason: string | null;
};

export type StageDetailsJson = {
  current_stage: DealStage;
  next_stage: DealStage | null;
  next_stage_start_date: string | null;
};

/** The columns of a deal that both the card and the details are computed from. */
export type DealCore = {
  id: number;
  slug: string;
  name: string;
  publicName: string;
  cardDescription: string;
  mediaUrl: string | null;
  productLogo: string | null;
  listingType: string | null;
  isFree: boolean;
  isInfo: boolean;
  dealStatus: string;
  browseDealStatus: string;
  startDate: Date | null;
  endDate: Date | null;
  schemaEndDate: Date | null;
  timerReason: string | null;
  activeTimer: boolean;
  isDraft: boolean;
  isComingSoon: boolean;
  isEarlyAccess: boolean;
  isLastCall: boolean;
  isGetNow: boolean;
  currentStage: DealStage;
  nextStage: DealStage | null;
  nextStageStartDate: Date | null;
  bannerDetails: BannerDetails | null;
  badge: DealBadge | null;
  participation: string[];
  percentClaimed: number;
  quantityTotal: number | null;
  quantitySold: number;
  reviewCount: number;
  averageRating: number;
  /** The deal's active campaigns with their windows (deal-columns.ts linkedCampaigns). */
  campaigns?: LinkedCampaign[] | null;
  /** Its priced "Alternative to" tools (deal-columns.ts pricedAlternatives; issue 34 payback). */
  alternatives?: AlternativePrice[] | null;
};

/** An active campaign linked to a deal, as deal-columns.ts reads it. */
export type LinkedCampaign = WindowedCampaign & { public_name: string; allow_referral: boolean };

/**
 * How the storefront prices plans: whether campaign prices reach the cart
 * (CAMPAIGN_PRICING_EXPERIMENT). Pages show what the cart charges, so they follow the same flag.
 */
export type StorefrontPricing = { campaignPricing: boolean };

/**
 * A plan's price for the reader every shared (cached) answer is made for: an anonymous visitor,
 * a non-member. The "with Plus" figure is `memberCents`; a signed-in member's page shows it.
 */
export function publicPlanPrice(
  d: Pick<DealCore, "slug" | "campaigns">,
  plan: { priceCents: number; originalCents: number; tier: number },
  now: Date,
  pricing: StorefrontPricing,
): ReaderPrice {
  return readerPrice({
    priceCents: plan.priceCents,
    originalCents: plan.originalCents,
    tier: plan.tier,
    campaign: liveDealCampaign(d.campaigns, now),
    campaignExperimentEnabled: pricing.campaignPricing,
    plusMember: false,
    isPlusDeal: d.slug === PLUS_DEAL_SLUG,
  });
}

/** A plan reduced to what prices a card: cents, as read from the database. */
export type PlanPrice = {
  price: number;
  original_price: number;
  is_free: boolean;
  plan_type: PlanType;
  access: PlanAccess;
  tier: number;
};

/**
 * "Hurry! Only N remaining" is shown only once stock runs low; the spec does not give the
 * threshold, so below this many units left counts as low (see
 * docs/decisions/020-catalog-api-and-storefront-shell.md).
 */
export const LOW_STOCK_THRESHOLD = 100;

export const isEnded = (d: DealCore, now: Date) =>
  d.dealStatus === "Ended" ||
  d.browseDealStatus === "expired" ||
  (d.endDate != null && d.endDate <= now);

export const hasStarted = (d: DealCore, now: Date) => d.startDate == null || d.startDate <= now;

function buyButton(d: DealCore, now: Date): BuyButtonJson {
  return {
    is_ended: isEnded(d, now),
    is_draft: d.isDraft,
    is_coming_soon: comingSoonAt(d.isComingSoon, d.startDate, now),
    is_early_access: d.isEarlyAccess,
    is_last_call: d.isLastCall,
    is_get_now: d.isGetNow,
  };
}

/** The stage as the API writes it (dates as ISO strings). */
function stageJson(stage: {
  current_stage: DealStage;
  next_stage: DealStage | null;
  next_stage_start_date: Date | null;
}): StageDetailsJson {
  return {
    current_stage: stage.current_stage,
    next_stage: stage.next_stage,
    next_stage_start_date: iso(stage.next_stage_start_date),
  };
}

function quantityRemainingBelowThreshold(d: DealCore): number | null {
  if (d.quantityTotal == null) return null;
  const left = Math.max(0, d.quantityTotal - d.quantitySold);
  return left < LOW_STOCK_THRESHOLD ? left : null;
}

/** Fields the card and the details share, in the details' order. */
function commonJson(
  d: DealCore,
  listed: readonly PlanPrice[],
  now: Date,
  pricing: StorefrontPricing,
) {
  // Each active plan at the price the cart charges a non-member; the cheapest is the default.
  const activePlans = listed
    .map((p) => ({
      plan: p,
      priced: publicPlanPrice(
        d,
        { priceCents: p.price, originalCents: p.original_price, tier: p.tier },
        now,
        pricing,
      ),
    }))
    .sort((a, b) => a.priced.priceCents - b.priced.priceCents);
  const cheapest = activePlans[0];
  const free = (p: PlanPrice, cents: number) => p.is_free || cents === 0;
  const uniquePlanTypes = [...new Set(activePlans.map((p) => PLAN_TYPE_NAMES[p.plan.plan_type]))];
  return {
    id: d.id,
    slug: d.slug,
    name: d.name,
    public_name: d.publicName,
    card_description: d.cardDescription,
    media_url: d.mediaUrl,
    product_logo: d.productLogo,
    get_absolute_url: dealUrl(d.slug),
    listing_type: d.listingType,
    price: cheapest ? toMajor(cheapest.priced.priceCents) : null,
    original_price: cheapest
      ? toMajor(cheapest.priced.originalCents ?? cheapest.plan.original_price)
      : null,
    discount_percent: cheapest ? cheapest.priced.discountPercent : 0,
    /** What a Plus member pays for the default plan ("with Plus"); null when free. */
    plus_price:
      cheapest && !free(cheapest.plan, cheapest.priced.priceCents)
        ? toMajor(cheapest.priced.memberCents)
        : null,
    price_text: priceText(
      activePlans.map((p) => ({ price: p.priced.priceCents, is_free: p.plan.is_free })),
    ),
    /** The default plan's payback against the tools the deal replaces (issue 34), or null. */
    payback: cheapest ? paybackJson(paybackFor(cheapest.priced.priceCents, d.alternatives)) : null,
    is_free:
      d.isFree || (cheapest != null && activePlans.every((p) => free(p.plan, p.priced.priceCents))),
    is_info: d.isInfo,
    unique_plan_types: uniquePlanTypes,
    default_plan: cheapest ? { plan_type: cheapest.plan.access } : null,
    percent_claimed: d.percentClaimed,
    quantity_remaining_below_threshold: quantityRemainingBelowThreshold(d),
    participation: d.participation,
    active_timer: d.activeTimer,
    dates: {
      start_date: iso(d.startDate),
      end_date: iso(d.endDate),
      schema_end_date: iso(d.schemaEndDate),
      timer_reason: d.timerReason,
    } satisfies DealDatesJson,
    has_started: hasStarted(d, now),
    has_ended: isEnded(d, now),
    deal_status: d.dealStatus,
    browse_deal_status: d.browseDealStatus === "expired" ? "expired" : null,
    stage_details: stageJson(
      stageAt(
        {
          current_stage: d.currentStage,
          next_stage: d.nextStage,
          next_stage_start_date: d.nextStageStartDate,
        },
        now,
      ),
    ),
    buy_button: buyButton(d, now),
    banner_details: d.bannerDetails,
    badge: d.badge,
  };
}

// ---------------------------------------------------------------------------------------------
// Deal card (collections, search results)
// ---------------------------------------------------------------------------------------------

export function dealCardJson(
  d: DealCore,
  activePlans: readonly PlanPrice[],
  now: Date,
  pricing: StorefrontPricing,
) {
  return {
    ...commonJson(d, activePlans, now, pricing),
    deal_review: { average_rating: twoDecimals(d.averageRating), review_count: d.reviewCount },
  };
}

export type DealCardJson = ReturnType<typeof dealCardJson>;

// ---------------------------------------------------------------------------------------------
// Deal details (GET /api/v2/deals/{slug}/details/)
// ---------------------------------------------------------------------------------------------

export type DealDetailsCore = DealCore & {
  darkLogoLong: string | null;
  productLogoLong: string | null;
  productUrl: string | null;
  isPreview: boolean;
  isMarketplace: boolean;
  isRedeemable: boolean;
  useLicensing: boolean;
  useTokens: boolean;
  refundableDays: number;
  moneyBackCalloutType: string | null;
  freebieDownloadsTotal: number;
  upsellCallout: UpsellCallout | null;
  terms: string[];
  reviewsSummary: string | null;
  reviewsSummaryUpdatedAt: Date | null;
  reviewCount1: number;
  reviewCount2: number;
  reviewCount3: number;
  reviewCount4: number;
  reviewCount5: number;
  commentCount: number;
};

export type TaxonNode = {
  id: number;
  slug: string;
  name: string;
  valueEnumeration: number | null;
  searchValues: string[];
};

export type PlanRow = {
  id: number;
  publicName: string;
  tier: number;
  priceCents: number;
  originalPriceCents: number;
  codes: number;
  planType: PlanType;
  interval: PlanInterval | null;
  intervalCount: number | null;
  access: PlanAccess;
  highlight: boolean;
  isPlusTier: boolean;
  isFree: boolean;
  isActive: boolean;
};

/**
 * A plan as the deal details give it: `price` is what the cart charges a non-member now (the
 * campaign applied), `plus_price` what a Plus member pays, `list_price` the plan's own price;
 * `original_price` and `discount_percent` are struck against `price` (domain/pricing readerPrice).
 */
export function planJson(
  p: PlanRow,
  priced: ReaderPrice,
  campaign: { public_name: string; end_date: string | null } | null,
  alternatives?: readonly AlternativePrice[] | null,
) {
  const discount = priced.discounts.find((x) => x.kind === "campaign");
  return {
    id: p.id,
    public_name: p.publicName,
    tier: p.tier,
    price: toMajor(priced.priceCents),
    original_price: toMajor(priced.originalCents ?? p.originalPriceCents),
    discount_percent: priced.discountPercent,
    list_price: toMajor(priced.listCents),
    plus_price: toMajor(priced.memberCents),
    /** The campaign pricing this plan now, or null. */
    campaign:
      discount && campaign
        ? {
            public_name: campaign.public_name,
            percent: discount.percent,
            discount: toMajor(discount.cents),
            /** When the campaign price ends (JSON-LD priceValidUntil). */
            end_date: campaign.end_date,
          }
        : null,
    codes: p.codes,
    plan_type: PLAN_TYPE_NAMES[p.planType],
    access: p.access,
    interval: p.interval,
    interval_count: p.intervalCount,
    highlight: p.highlight,
    is_plus_tier: p.isPlusTier,
    is_free: p.isFree,
    is_active: p.isActive,
    /**
     * What `price` pays back against the deal's priced "Alternative to" tools (issue 34,
     * domain/payback.ts), or null; a member's page recomputes the months for `plus_price`.
     */
    payback: paybackJson(paybackFor(priced.priceCents, alternatives)),
  };
}

export type PlanJson = ReturnType<typeof planJson>;

export const taxonJson = (t: TaxonNode | null) =>
  t
    ? {
        id: t.id,
        slug: t.slug,
        name: t.name,
        value_enumeration: t.valueEnumeration,
        search_values: t.searchValues,
      }
    : null;

export function dealDetailsBaseJson(
  d: DealDetailsCore,
  plans: readonly PlanRow[],
  now: Date,
  pricing: StorefrontPricing,
) {
  const summary = parseReviewsSummary(d.reviewsSummary, d.reviewsSummaryUpdatedAt);
  const priced = plans.map((p) => ({
    plan: p,
    priced: publicPlanPrice(
      d,
      { priceCents: p.priceCents, originalCents: p.originalPriceCents, tier: p.tier },
      now,
      pricing,
    ),
  }));
  const active = plans
    .filter((p) => p.isActive)
    .map(
      (p): PlanPrice => ({
        price: p.priceCents,
        original_price: p.originalPriceCents,
        is_free: p.isFree,
        plan_type: p.planType,
        access: p.access,
        tier: p.tier,
      }),
    );
  const cheapestActive = priced
    .filter((p) => p.plan.isActive)
    .reduce<(typeof priced)[number] | undefined>(
      (low, p) => (!low || p.priced.priceCents < low.priced.priceCents ? p : low),
      undefined,
    )?.plan;
  const common = commonJson(d, active, now, pricing);
  const live = liveDealCampaign(d.campaigns, now);
  const campaign = live ? { public_name: live.public_name, end_date: iso(live.end_date) } : null;
  return {
    ...common,
    dark_logo_long: d.darkLogoLong,
    product_logo_long: d.productLogoLong,
    product_url: d.productUrl,
    is_preview: d.isPreview,
    is_marketplace: d.isMarketplace,
    is_redeemable: d.isRedeemable,
    use_licensing: d.useLicensing,
    use_tokens: d.useTokens,
    refundable_days: d.refundableDays,
    money_back_callout_type: d.moneyBackCalloutType,
    freebie_downloads_total: d.freebieDownloadsTotal,
    default_plan: cheapestActive
      ? {
          id: cheapestActive.id,
          public_name: cheapestActive.publicName,
          plan_type: cheapestActive.access,
        }
      : null,
    default_price: common.price,
    plans: priced.map((p) => planJson(p.plan, p.priced, campaign, d.alternatives)),
    upsell_callout: d.upsellCallout,
    terms: d.terms,
    // The spec's field is the summary text; the evidence behind it (statements with the reviews
    // that back them, "Based on N reviews") rides along for the UI.
    reviews_summary: summary?.text ?? null,
    reviews_summary_details: summary,
    deal_review: {
      average_rating: twoDecimals(d.averageRating),
      review_count: d.reviewCount,
      review_count_1_tacos: d.reviewCount1,
      review_count_2_tacos: d.reviewCount2,
      review_count_3_tacos: d.reviewCount3,
      review_count_4_tacos: d.reviewCount4,
      review_count_5_tacos: d.reviewCount5,
    },
    deal_comment: { comment_count: d.commentCount },
  };
}

// ---------------------------------------------------------------------------------------------
// Page (GET /api/modular/page/{page id}/)
// ---------------------------------------------------------------------------------------------

export type SubCollectionJson = {
  id: number;
  slug: string;
  title: string;
  subheader: string | null;
  url: string;
  start_date: string | null;
  end_date: string | null;
  mosaic_background_image: string | null;
  component_background_color: string | null;
};

export type SmartCollectionDataJson = {
  id: number;
  modular_component_type: string;
  component_type: string;
  slug: string;
  title: string;
  subheader: string | null;
  url: string;
  deals: DealCardJson[];
  sub_collections: SubCollectionJson[];
  content_badge: Record<string, unknown> | null;
  modular_data: Record<string, unknown>;
  experiment_data: Record<string, unknown> | null;
  /** component_* display fields, flattened with their prefix as the spec names them. */
  [componentField: `component_${string}`]: unknown;
};

export type StaticComponentDataJson = {
  id: number;
  modular_component_type: string;
  json_data: Record<string, unknown>;
  video_collection: { id: number; label: string; videos: VideoJson[] } | null;
};

export type VideoJson = {
  video_id: string | null;
  title: string;
  src: string;
  alt: string | null;
  thumbnail: string | null;
  published_at: string | null;
  username: string | null;
};

/** A video of a product story, a video collection or a static component. */
export const videoJson = (v: Video): VideoJson => ({
  video_id: v.videoId,
  title: v.title,
  src: v.src,
  alt: v.alt,
  thumbnail: v.thumbnail,
  published_at: iso(v.publishedAt),
  username: v.username,
});

export type PageCollectionJson =
  | { id: number; type: "smart_collection"; data: SmartCollectionDataJson }
  | { id: number; type: "static"; data: StaticComponentDataJson };

export type PageJson = {
  id: number;
  slug: string;
  title: string | null;
  layout: string;
  collections: PageCollectionJson[];
  seo_meta: {
    title: string | null;
    description: string | null;
    open_graph: {
      title: string | null;
      type: string;
      image: string | null;
      description: string | null;
    };
  };
  /** Offset of the next page of collections, or null after the last. */
  next_offset: number | null;
  total: number;
};
