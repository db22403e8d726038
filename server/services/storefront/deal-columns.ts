import { type SQL, sql } from "drizzle-orm";
import type { AlternativePrice } from "../../../domain/payback";
import { deals } from "../../db/schema";
import type { LinkedCampaign, PlanPrice } from "./deal-json";

/**
 * SQL pieces every deal listing shares (search, collections, zones, cards): the columns a card
 * reads, its active plans as one json column, and which deals the public may see.
 */

/**
 * The active campaigns linked to the row's deal, in id order, with their windows: the deal's live
 * campaign is the first whose window holds "now" (domain/pricing liveDealCampaign), read by the
 * cart and by every page the same way. Windows are compared in code, with the app's clock.
 */
export const linkedCampaigns = sql<LinkedCampaign[]>`coalesce((
  select json_agg(json_build_object(
    'type', c.type, 'value', c.value, 'deal_tiers', c.deal_tiers, 'public_name', c.public_name,
    'allow_referral', c.allow_asksumo_discount, 'start_date', c.start_date, 'end_date', c.end_date
  ) order by c.id)
  from campaign_deals cd join campaigns c on c.id = cd.campaign_id
  where cd.deal_id = "deals"."id" and c.is_active
), '[]'::json)`;

/**
 * The row's deal's priced "Alternative to" tools, in the deal's order (issue 34, payback): the
 * cards and the product page price the payback from them (domain/payback.ts paybackFor).
 */
export const pricedAlternatives = sql<AlternativePrice[]>`coalesce((
  select json_agg(json_build_object('name', a.name, 'monthlyPriceCents', a.monthly_price_cents)
    order by dav.position, dav.id)
  from deal_attribute_values dav join attributes a on a.id = dav.attribute_id
  where dav.deal_id = "deals"."id" and a.type = 'alternative_to' and a.monthly_price_cents > 0
), '[]'::json)`;

/** The deal columns a card needs (everything DealCore names). */
export const dealCoreColumns = {
  id: deals.id,
  slug: deals.slug,
  name: deals.name,
  publicName: deals.publicName,
  cardDescription: deals.cardDescription,
  mediaUrl: deals.mediaUrl,
  productLogo: deals.productLogo,
  listingType: deals.listingType,
  isFree: deals.isFree,
  isInfo: deals.isInfo,
  dealStatus: deals.dealStatus,
  browseDealStatus: deals.browseDealStatus,
  startDate: deals.startDate,
  endDate: deals.endDate,
  schemaEndDate: deals.schemaEndDate,
  timerReason: deals.timerReason,
  activeTimer: deals.activeTimer,
  isDraft: deals.isDraft,
  isComingSoon: deals.isComingSoon,
  isEarlyAccess: deals.isEarlyAccess,
  isLastCall: deals.isLastCall,
  isGetNow: deals.isGetNow,
  currentStage: deals.currentStage,
  nextStage: deals.nextStage,
  nextStageStartDate: deals.nextStageStartDate,
  bannerDetails: deals.bannerDetails,
  badge: deals.badge,
  participation: deals.participation,
  percentClaimed: deals.percentClaimed,
  quantityTotal: deals.quantityTotal,
  quantitySold: deals.quantitySold,
  reviewCount: deals.reviewCount,
  averageRating: deals.averageRating,
  campaigns: linkedCampaigns,
  alternatives: pricedAlternatives,
} as const;

/**
 * The active plans of the row's deal, cheapest first, as one json column: a card is priced in the
 * same statement that reads the deal, whatever the number of plans. The outer column is spelled
 * out qualified: drizzle writes a lone-table select's columns unqualified, and a bare "id" here
 * would bind to the plan's id.
 */
export const activePlanPrices = sql<PlanPrice[]>`coalesce((
  select json_agg(json_build_object(
    'price', p.price_cents, 'original_price', p.original_price_cents, 'is_free', p.is_free,
    'plan_type', p.plan_type, 'access', p.access, 'tier', p.tier
  ) order by p.price_cents, p.position, p.id)
  from plans p where p.deal_id = "deals"."id" and p.is_active
), '[]'::json)`;

/**
 * Deals the public may see: not private, not a draft (domain/publication.ts isDealPublic, in SQL;
 * who else may read one is publication.ts here).
 * Literal constants, not parameters: a prepared statement's generic plan can then prove the
 * predicate of the partial indexes over public deals (deals_popular_idx) and use them.
 */
export const publicDeal: SQL = sql`(${deals.dealStatus} <> 'Private' and ${deals.isDraft} = false)`;
