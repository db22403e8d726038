import { type SQL, sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
// Spec enumerations have one home, domain/constants.ts; the CHECK constraints use them.
import {
  ACCESS_TERMS,
  ADDON_PURCHASE_STATES,
  ADDON_VALUE_TYPES,
  DEAL_STATUSES,
  FOUNDER_POST_KINDS,
  LISTING_TYPES,
  STAFF_MESSAGE_USER_GROUPS,
} from "../../../domain/constants";
import { createdAt, nullOrOneOf, oneOf, timestamptz, tsvector } from "./_helpers";
import { users } from "./accounts";
import { attributes, categories, subcategories, taxonomyGroups } from "./taxonomy";

// ---------------------------------------------------------------------------------------------
// Value lists (spec 001 section 3)
// ---------------------------------------------------------------------------------------------

export { LISTING_TYPES };
export type ListingType = (typeof LISTING_TYPES)[number];

export { DEAL_STATUSES };
export type DealStatus = (typeof DEAL_STATUSES)[number];

export const DEAL_ROLES = ["partner", "user_moderator"] as const;
export type DealRoleName = (typeof DEAL_ROLES)[number];

export const BROWSE_DEAL_STATUSES = ["active", "expired"] as const;
export type BrowseDealStatus = (typeof BROWSE_DEAL_STATUSES)[number];

/** stage_details.current_stage / next_stage. "inactive" with no next stage = inactive indefinitely. */
export const DEAL_STAGES = [
  "draft",
  "coming_soon",
  "early_access",
  "live",
  "last_call",
  "inactive",
] as const;
export type DealStage = (typeof DEAL_STAGES)[number];

/** Stored keys of the spec's plan types (display names live in the domain layer). */
export const PLAN_TYPES = [
  "one_time_purchase",
  "subscription",
  "lifetime_deal",
  "limited_license",
  "license_subscription",
  "freebie",
  "digital_download",
] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

export const PLAN_ACCESS = ACCESS_TERMS;
export type PlanAccess = (typeof PLAN_ACCESS)[number];

export const PLAN_INTERVALS = ["day", "week", "month", "year"] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];

export const FEATURE_SECTIONS = ["plan", "core", "common"] as const;
export type FeatureSection = (typeof FEATURE_SECTIONS)[number];

export { ADDON_VALUE_TYPES };
export type AddonValueType = (typeof ADDON_VALUE_TYPES)[number];

export { ADDON_PURCHASE_STATES };
export type AddonPurchaseState = (typeof ADDON_PURCHASE_STATES)[number];

export { STAFF_MESSAGE_USER_GROUPS };
export type StaffMessageUserGroup = (typeof STAFF_MESSAGE_USER_GROUPS)[number];

// jsonb shapes, stored exactly as the API returns them.
export type BannerDetails = {
  text?: string;
  svg?: string;
  bg_color?: string;
  text_color?: string;
  tooltip?: string;
};
export type DealBadge = {
  label: string;
  icon?: string;
  background_color?: string;
  foreground_color?: string;
  info_tip?: string;
};
export type UpsellCallout = {
  absolute_url?: string;
  upsell_text?: string;
  upsell_icon?: string;
  upsell_background?: string;
};
export type PersonCard = {
  name?: string;
  avatar?: string;
  profile?: string;
  linkedIn?: string;
  title?: string;
};
export type SocialLinks = Partial<
  Record<"facebook" | "youtube" | "twitter" | "linkedin" | "tiktok" | "website", string>
>;

// ---------------------------------------------------------------------------------------------
// Media
// ---------------------------------------------------------------------------------------------

/** A stored file (data dir or S3), e.g. a review video or its thumbnail. */
export const media = pgTable(
  "media",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    key: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    width: integer(),
    height: integer(),
    uploadedByUserId: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("media_key_unique").on(t.key)],
);

// ---------------------------------------------------------------------------------------------
// Videos
// ---------------------------------------------------------------------------------------------

export const videoCollections = pgTable("video_collections", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  label: text().notNull(),
  createdAt: createdAt(),
});

export const videos = pgTable(
  "videos",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Null for videos that are not in a collection (story videos). */
    collectionId: integer().references(() => videoCollections.id, { onDelete: "cascade" }),
    /** The provider's id (e.g. a YouTube id). */
    videoId: text(),
    title: text().notNull().default(""),
    src: text().notNull(),
    alt: text(),
    thumbnail: text(),
    publishedAt: timestamptz(),
    username: text(),
    position: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("videos_collection_position_idx").on(t.collectionId, t.position)],
);

// ---------------------------------------------------------------------------------------------
// Deals
// ---------------------------------------------------------------------------------------------

const dealSearch: SQL = sql`setweight(to_tsvector('english', coalesce("name", '')), 'A') || setweight(to_tsvector('english', coalesce("public_name", '')), 'A') || setweight(to_tsvector('english', coalesce("card_description", '')), 'B')`;

const dealSearchNames: SQL = sql`to_tsvector('simple', coalesce("name", '') || ' ' || coalesce("public_name", ''))`;

export const deals = pgTable(
  "deals",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    slug: text().notNull(),
    name: text().notNull(),
    publicName: text().notNull(),
    cardDescription: text().notNull().default(""),
    mediaUrl: text(),
    productLogo: text(),
    darkLogoLong: text(),
    productLogoLong: text(),
    /** The product's own website (the "product host link"). */
    productUrl: text(),
    listingType: text().$type<ListingType>(),
    isFree: boolean().notNull().default(false),
    isInfo: boolean().notNull().default(false),
    isPreview: boolean().notNull().default(false),
    isMarketplace: boolean().notNull().default(false),
    isRedeemable: boolean().notNull().default(true),
    useLicensing: boolean().notNull().default(false),
    useTokens: boolean().notNull().default(false),
    refundableDays: integer().notNull().default(60),
    moneyBackCalloutType: text(),
    /** -1 hides the claimed meter. */
    percentClaimed: smallint().notNull().default(-1),
    /** Limited quantity: null = unlimited. */
    quantityTotal: integer(),
    quantitySold: integer().notNull().default(0),
    freebieDownloadsTotal: integer().notNull().default(0),
    dealStatus: text().$type<DealStatus>().notNull().default("Public"),
    browseDealStatus: text().$type<BrowseDealStatus>().notNull().default("active"),
    startDate: timestamptz(),
    endDate: timestamptz(),
    /** End date published in structured data, when it differs from end_date. */
    schemaEndDate: timestamptz(),
    timerReason: text(),
    activeTimer: boolean().notNull().default(false),
    // buy_button flags (is_ended is derived)
    isDraft: boolean().notNull().default(false),
    isComingSoon: boolean().notNull().default(false),
    isEarlyAccess: boolean().notNull().default(false),
    isLastCall: boolean().notNull().default(false),
    isGetNow: boolean().notNull().default(false),
    // stage_details
    currentStage: text().$type<DealStage>().notNull().default("live"),
    nextStage: text().$type<DealStage>(),
    nextStageStartDate: timestamptz(),
    bannerDetails: jsonb().$type<BannerDetails>(),
    badge: jsonb().$type<DealBadge>(),
    upsellCallout: jsonb().$type<UpsellCallout>(),
    /** Opt-in campaign slugs the deal participates in. */
    participation: text().array().notNull().default(sql`'{}'::text[]`),
    /** Deal terms and conditions (the terms block). */
    terms: text().array().notNull().default(sql`'{}'::text[]`),
    reviewsSummary: text(),
    reviewsSummaryUpdatedAt: timestamptz(),
    // Aggregates, kept exact by the discussion service in the same transaction as the change.
    /** Approved top-level reviews. */
    reviewCount: integer().notNull().default(0),
    reviewCount1: integer().notNull().default(0),
    reviewCount2: integer().notNull().default(0),
    reviewCount3: integer().notNull().default(0),
    reviewCount4: integer().notNull().default(0),
    reviewCount5: integer().notNull().default(0),
    ratingSum: integer().notNull().default(0),
    /** round(rating_sum / review_count, 2); 0 without reviews. */
    averageRating: numeric({ precision: 3, scale: 2, mode: "number" }).notNull().default(0),
    /** Approved top-level questions (deal_comment.comment_count). */
    commentCount: integer().notNull().default(0),
    /** Of those questions, the ones a founder-team member answered (comments.has_founder_reply). */
    founderAnsweredCount: integer().notNull().default(0),
    /** Median seconds from such a question to its first founder answer; null without any. */
    founderAnswerMedianSeconds: integer(),
    groupId: integer().references(() => taxonomyGroups.id, { onDelete: "set null" }),
    categoryId: integer().references(() => categories.id, { onDelete: "set null" }),
    subcategoryId: integer().references(() => subcategories.id, { onDelete: "set null" }),
    videoCollectionId: integer().references(() => videoCollections.id, {
      onDelete: "set null",
    }),
    search: tsvector().generatedAlwaysAs(dealSearch),
    /**
     * What the deal search matches: the deal's own words (as `search`), its name's words for
     * prefix matching, its taxonomy names and search values, its attribute names and values.
     * Kept by triggers (migration scale_counts) when the deal, its attributes or its taxonomy
     * change, so a query reads it through its GIN index instead of building it per row.
     */
    searchDocument: tsvector(),
    /**
     * The words of the deal's name and public name, unstemmed and unweighted: a search's first
     * tier (every query word starts a word of the name, "task" finds TaskFlow), matched through
     * its own GIN index without a recheck of weights.
     */
    searchNames: tsvector().generatedAlwaysAs(dealSearchNames),
    /** The "popular" sort's score, stored so browse pages walk an index instead of sorting. */
    popularity: integer().generatedAlwaysAs(sql`quantity_sold + review_count * 10 + comment_count`),
    createdAt: createdAt(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("deals_slug_unique").on(t.slug),
    index("deals_search_idx").using("gin", t.search),
    index("deals_search_document_idx").using("gin", t.searchDocument),
    index("deals_search_names_idx")
      .using("gin", t.searchNames)
      .where(sql`${t.dealStatus} <> 'Private' and ${t.isDraft} = false`),
    // Browse in the default order: public deals by popularity, then rating, then newest id. The
    // columns after id (unique, so they do not change the order) say whether the deal has ended:
    // the browse count and a deep page's skipped entries are read from the index alone.
    index("deals_popular_idx")
      .on(
        t.popularity.desc().nullsFirst(),
        t.averageRating.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.dealStatus,
        t.browseDealStatus,
        t.endDate,
      )
      .where(sql`${t.dealStatus} <> 'Private' and ${t.isDraft} = false`),
    // Public deals that have ended or may end (an end date): the browse count takes its "ended"
    // part from here, and the rest from catalogue_counts, instead of counting the catalogue.
    index("deals_may_end_idx")
      .on(t.endDate, t.dealStatus, t.browseDealStatus)
      .where(
        sql`${t.dealStatus} <> 'Private' and ${t.isDraft} = false and (${t.dealStatus} = 'Ended' or ${t.browseDealStatus} = 'expired' or ${t.endDate} is not null)`,
      ),
    index("deals_browse_idx").on(
      t.dealStatus,
      t.startDate.desc().nullsLast(),
      t.id.desc().nullsFirst(),
    ),
    // The sitemaps' lastmod of the home page, browse and the categories: the last public change,
    // read from the end of this index instead of the whole (wide) table.
    index("deals_public_updated_idx")
      .on(t.updatedAt)
      .where(sql`${t.dealStatus} <> 'Private' and ${t.isDraft} = false`),
    index("deals_group_idx").on(t.groupId),
    index("deals_category_idx").on(t.categoryId),
    index("deals_subcategory_idx").on(t.subcategoryId),
    check("deals_listing_type_check", nullOrOneOf(t.listingType, LISTING_TYPES)),
    check("deals_deal_status_check", oneOf(t.dealStatus, DEAL_STATUSES)),
    check("deals_browse_deal_status_check", oneOf(t.browseDealStatus, BROWSE_DEAL_STATUSES)),
    check("deals_current_stage_check", oneOf(t.currentStage, DEAL_STAGES)),
    check("deals_next_stage_check", nullOrOneOf(t.nextStage, DEAL_STAGES)),
    check("deals_percent_claimed_check", sql`${t.percentClaimed} between -1 and 100`),
    check(
      "deals_quantity_check",
      sql`${t.quantitySold} >= 0 and (${t.quantityTotal} is null or ${t.quantityTotal} >= 0)`,
    ),
    check("deals_refundable_days_check", sql`${t.refundableDays} >= 0`),
  ],
);

/**
 * The number of public deals (not private, not drafts), one row, kept by a statement trigger on
 * deals (migration datascale_catalogue_count) in the writer's transaction: browse reads it
 * instead of counting 20,000 deals per page.
 */
export const catalogueCounts = pgTable(
  "catalogue_counts",
  {
    id: smallint().primaryKey(),
    publicDeals: integer().notNull(),
  },
  (t) => [check("catalogue_counts_one_row", sql`${t.id} = 1`)],
);

export const plans = pgTable(
  "plans",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    publicName: text().notNull(),
    tier: smallint().notNull().default(1),
    priceCents: integer().notNull(),
    originalPriceCents: integer().notNull(),
    /** Number of codes (licences) one purchase gives. */
    codes: integer().notNull().default(1),
    planType: text().$type<PlanType>().notNull().default("lifetime_deal"),
    interval: text().$type<PlanInterval>(),
    intervalCount: integer(),
    access: text().$type<PlanAccess>().notNull().default("lifetime"),
    /** "Recommended". */
    highlight: boolean().notNull().default(false),
    isPlusTier: boolean().notNull().default(false),
    isFree: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    position: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("plans_deal_position_idx").on(t.dealId, t.position),
    check("plans_plan_type_check", oneOf(t.planType, PLAN_TYPES)),
    check("plans_access_check", oneOf(t.access, PLAN_ACCESS)),
    check("plans_interval_check", nullOrOneOf(t.interval, PLAN_INTERVALS)),
    check(
      "plans_price_check",
      sql`${t.priceCents} >= 0 and ${t.originalPriceCents} >= 0 and ${t.codes} >= 1`,
    ),
  ],
);

/** A deal's features: plan comparison rows, core features and features common to all plans. */
export const dealFeatures = pgTable(
  "deal_features",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    section: text().$type<FeatureSection>().notNull().default("plan"),
    feature: text().notNull(),
    tooltip: text(),
    position: integer().notNull().default(0),
    /** Shown as "new". */
    highlight: boolean().notNull().default(false),
  },
  (t) => [
    index("deal_features_deal_idx").on(t.dealId, t.section, t.position),
    check("deal_features_section_check", oneOf(t.section, FEATURE_SECTIONS)),
  ],
);

/** A feature's entry for one plan: a boolean tick or a text. */
export const dealFeatureEntries = pgTable(
  "deal_feature_entries",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    featureId: integer()
      .notNull()
      .references(() => dealFeatures.id, { onDelete: "cascade" }),
    planId: integer()
      .notNull()
      .references(() => plans.id, { onDelete: "cascade" }),
    entry: jsonb().$type<boolean | string>().notNull(),
  },
  (t) => [
    uniqueIndex("deal_feature_entries_feature_plan_unique").on(t.featureId, t.planId),
    index("deal_feature_entries_plan_idx").on(t.planId),
  ],
);

/** Add-on features of a deal (the add-on section of the pricing card). */
export const addonFeatures = pgTable(
  "addon_features",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    feature: text().notNull(),
    tooltip: text(),
    position: integer().notNull().default(0),
  },
  (t) => [index("addon_features_deal_idx").on(t.dealId, t.position)],
);

/** An add-on feature's configuration for one primary plan (primary_plan_values[]). */
export const addonPrimaryPlanValues = pgTable(
  "addon_primary_plan_values",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    addonFeatureId: integer()
      .notNull()
      .references(() => addonFeatures.id, { onDelete: "cascade" }),
    primaryPlanId: integer()
      .notNull()
      .references(() => plans.id, { onDelete: "cascade" }),
    valueType: text().$type<AddonValueType>().notNull().default("none"),
    // range_config (linear_range only). Not constrained: the spec shows invalid configs with an
    // error mark instead of refusing them.
    rangeMinValue: integer(),
    rangeMaxValue: integer(),
    rangeDivisor: integer(),
    rangeUnitName: text(),
    position: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex("addon_primary_plan_values_feature_plan_unique").on(
      t.addonFeatureId,
      t.primaryPlanId,
    ),
    index("addon_primary_plan_values_plan_idx").on(t.primaryPlanId),
    check("addon_primary_plan_values_value_type_check", oneOf(t.valueType, ADDON_VALUE_TYPES)),
  ],
);

/** values[]: the quantity tiers / choices of an add-on for a primary plan. */
export const addonValues = pgTable(
  "addon_values",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    primaryPlanValueId: integer()
      .notNull()
      .references(() => addonPrimaryPlanValues.id, { onDelete: "cascade" }),
    name: text().notNull().default(""),
    quantityValue: integer(),
    /** The plan this value belongs to (the primary plan tier it is priced at). */
    planId: integer().references(() => plans.id, { onDelete: "cascade" }),
    /** The add-on deal's plan bought for this value. */
    addonPlanId: integer().references(() => plans.id, { onDelete: "cascade" }),
    totalPriceCents: integer().notNull().default(0),
    totalBasePriceCents: integer().notNull().default(0),
    position: integer().notNull().default(0),
  },
  (t) => [index("addon_values_ppv_idx").on(t.primaryPlanValueId, t.position)],
);

/** associations[]: which add-on deal/plan an add-on value maps to and how it is sold. */
export const addonAssociations = pgTable(
  "addon_associations",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    primaryPlanValueId: integer()
      .notNull()
      .references(() => addonPrimaryPlanValues.id, { onDelete: "cascade" }),
    addonDealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    addonPlanId: integer()
      .notNull()
      .references(() => plans.id, { onDelete: "cascade" }),
    purchaseState: text().$type<AddonPurchaseState>().notNull(),
    addonPriceCents: integer().notNull().default(0),
    isRefundable: boolean().notNull().default(true),
    isLicensing: boolean().notNull().default(false),
  },
  (t) => [
    index("addon_associations_ppv_idx").on(t.primaryPlanValueId),
    index("addon_associations_addon_plan_idx").on(t.addonPlanId),
    check("addon_associations_purchase_state_check", oneOf(t.purchaseState, ADDON_PURCHASE_STATES)),
  ],
);

/** Bundles: deals sold together (cart items and bundle coupons may name a deal group). */
export const dealGroups = pgTable(
  "deal_groups",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    slug: text().notNull(),
    name: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("deal_groups_slug_unique").on(t.slug)],
);

export const dealGroupDeals = pgTable(
  "deal_group_deals",
  {
    dealGroupId: integer()
      .notNull()
      .references(() => dealGroups.id, { onDelete: "cascade" }),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    planId: integer().references(() => plans.id, { onDelete: "set null" }),
    position: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.dealGroupId, t.dealId] }),
    index("deal_group_deals_deal_idx").on(t.dealId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Products and stories
// ---------------------------------------------------------------------------------------------

export const products = pgTable(
  "products",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    name: text().notNull(),
    internalProductTags: text().array().notNull().default(sql`'{}'::text[]`),
    position: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("products_deal_idx").on(t.dealId, t.position)],
);

export const stories = pgTable(
  "stories",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    valueProp: text(),
    subheader: text(),
    metaTitle: text(),
    cardDescription: text(),
    /** The story body (HTML from staff). */
    body: text(),
  },
  (t) => [uniqueIndex("stories_product_unique").on(t.productId)],
);

export const storyImages = pgTable(
  "story_images",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storyId: integer()
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    /** Image URL (or media key). */
    image: text().notNull(),
    altText: text().notNull().default(""),
    mediaId: integer().references(() => media.id, { onDelete: "set null" }),
    position: integer().notNull().default(0),
  },
  (t) => [index("story_images_story_idx").on(t.storyId, t.position)],
);

export const storyVideos = pgTable(
  "story_videos",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storyId: integer()
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    videoId: integer()
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
  },
  (t) => [index("story_videos_story_idx").on(t.storyId, t.position)],
);

// ---------------------------------------------------------------------------------------------
// Founders, posts, company card
// ---------------------------------------------------------------------------------------------

/** The founders block of a deal (the founders themselves are the deal's partners). */
export const founders = pgTable(
  "founders",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    headquarters: text(),
    links: jsonb().$type<SocialLinks>().notNull().default({}),
    manager: jsonb().$type<PersonCard>(),
  },
  (t) => [uniqueIndex("founders_deal_unique").on(t.dealId)],
);

export type FounderPostKind = (typeof FOUNDER_POST_KINDS)[number];

/** "From the founders" / News & Updates posts. */
export const founderPosts = pgTable(
  "founder_posts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    authorUserId: integer().references(() => users.id, { onDelete: "set null" }),
    title: text().notNull(),
    message: text().notNull(),
    /** A news post or a changelog entry: both mark the rating history (issue 33). */
    kind: text().$type<FounderPostKind>().notNull().default("post"),
    createdAt: createdAt(),
    modifiedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    check("founder_posts_kind_check", oneOf(t.kind, FOUNDER_POST_KINDS)),
    index("founder_posts_deal_created_idx").on(
      t.dealId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

export const companyCards = pgTable(
  "company_cards",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    logo: text(),
    companyName: text().notNull(),
    /** Display text ("2019", "March 2019"). */
    foundedDate: text(),
    location: text(),
    employeeCount: text(),
    companyType: text(),
    fundingStage: text(),
    verifiedBy: text(),
    manager: jsonb().$type<PersonCard>(),
    socialLinks: jsonb().$type<SocialLinks>().notNull().default({}),
  },
  (t) => [uniqueIndex("company_cards_deal_unique").on(t.dealId)],
);

// ---------------------------------------------------------------------------------------------
// FAQs, badges, testimonials, staff messages
// ---------------------------------------------------------------------------------------------

export const faqs = pgTable(
  "faqs",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    question: text().notNull(),
    answer: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [index("faqs_deal_idx").on(t.dealId, t.position)],
);

export type BadgeReviews = { rating: number; max_rating: number; count: number };

/** Social-proof badges; dealId null = a site-wide badge. */
export const badges = pgTable(
  "badges",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    dealId: integer().references(() => deals.id, { onDelete: "cascade" }),
    image: text(),
    icon: text(),
    title: text().notNull(),
    description: text(),
    url: text(),
    reviews: jsonb().$type<BadgeReviews>(),
    useDealReviews: boolean().notNull().default(false),
    position: integer().notNull().default(0),
  },
  (t) => [index("badges_deal_idx").on(t.dealId, t.position)],
);

/** Testimonials; dealId null = a site-wide testimonial. */
export const testimonials = pgTable(
  "testimonials",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    dealId: integer().references(() => deals.id, { onDelete: "cascade" }),
    rating: smallint(),
    title: text(),
    description: text().notNull(),
    userName: text().notNull(),
    userAvatar: text(),
    userVerified: boolean().notNull().default(false),
    postDate: timestamptz(),
    sourceImg: text(),
    /** is_{product}_review: a review written on this marketplace. */
    isProductReview: boolean().notNull().default(false),
    position: integer().notNull().default(0),
  },
  (t) => [
    index("testimonials_deal_idx").on(t.dealId, t.position),
    check("testimonials_rating_check", sql`${t.rating} is null or ${t.rating} between 1 and 5`),
  ],
);

export type StaffMessageAuthor = { name: string; avatar?: string; title?: string };

/** Staff messages by audience; dealId null = shown on every deal. */
export const staffMessages = pgTable(
  "staff_messages",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    dealId: integer().references(() => deals.id, { onDelete: "cascade" }),
    title: text().notNull(),
    message: text().notNull(),
    startDate: timestamptz(),
    endDate: timestamptz(),
    userGroup: text().$type<StaffMessageUserGroup>().notNull().default("all"),
    author: jsonb().$type<StaffMessageAuthor>(),
    ctaText: text(),
    ctaUrl: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index("staff_messages_deal_idx").on(t.dealId, t.startDate),
    check("staff_messages_user_group_check", oneOf(t.userGroup, STAFF_MESSAGE_USER_GROUPS)),
  ],
);

// ---------------------------------------------------------------------------------------------
// Deals joined to accounts and to the taxonomy: here, where both sides are imported, so the
// schema modules reference one way (accounts <- catalog -> taxonomy).
// ---------------------------------------------------------------------------------------------

/** Per-deal roles: partners (founders) and user moderators of a deal. */
export const dealRoles = pgTable(
  "deal_roles",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text().$type<DealRoleName>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("deal_roles_deal_user_role_unique").on(t.dealId, t.userId, t.role),
    index("deal_roles_user_idx").on(t.userId),
    check("deal_roles_role_check", oneOf(t.role, DEAL_ROLES)),
  ],
);

/** Which attributes a deal has (the attribute's `values` in the API). */
export const dealAttributeValues = pgTable(
  "deal_attribute_values",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    attributeId: integer()
      .notNull()
      .references(() => attributes.id, { onDelete: "cascade" }),
    /** Optional free text shown beside the attribute name. */
    value: text(),
    position: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex("deal_attribute_values_deal_attr_unique").on(t.dealId, t.attributeId),
    index("deal_attribute_values_attr_idx").on(t.attributeId),
  ],
);

export type Media = typeof media.$inferSelect;
export type VideoCollection = typeof videoCollections.$inferSelect;
export type Video = typeof videos.$inferSelect;
export type Deal = typeof deals.$inferSelect;
export type NewDeal = typeof deals.$inferInsert;
export type Plan = typeof plans.$inferSelect;
export type NewPlan = typeof plans.$inferInsert;
export type DealFeature = typeof dealFeatures.$inferSelect;
export type DealFeatureEntry = typeof dealFeatureEntries.$inferSelect;
export type AddonFeature = typeof addonFeatures.$inferSelect;
export type AddonPrimaryPlanValue = typeof addonPrimaryPlanValues.$inferSelect;
export type AddonValue = typeof addonValues.$inferSelect;
export type AddonAssociation = typeof addonAssociations.$inferSelect;
export type DealGroup = typeof dealGroups.$inferSelect;
export type DealGroupDeal = typeof dealGroupDeals.$inferSelect;
export type Product = typeof products.$inferSelect;
export type Story = typeof stories.$inferSelect;
export type StoryImage = typeof storyImages.$inferSelect;
export type StoryVideo = typeof storyVideos.$inferSelect;
export type Founder = typeof founders.$inferSelect;
export type FounderPost = typeof founderPosts.$inferSelect;
export type CompanyCard = typeof companyCards.$inferSelect;
export type Faq = typeof faqs.$inferSelect;
export type Badge = typeof badges.$inferSelect;
export type Testimonial = typeof testimonials.$inferSelect;
export type StaffMessage = typeof staffMessages.$inferSelect;
export type DealRole = typeof dealRoles.$inferSelect;
export type DealAttributeValue = typeof dealAttributeValues.$inferSelect;
