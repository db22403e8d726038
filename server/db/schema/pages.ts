import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
// Spec enumerations have one home, domain/constants.ts; the CHECK constraints use them.
import {
  CAMPAIGN_DISCOUNT_TYPES,
  COMPONENT_TYPES,
  MODULAR_COMPONENT_TYPES,
  PAGE_LAYOUTS,
  ZONE_NAMES,
} from "../../../domain/constants";
import { createdAt, nullOrOneOf, oneOf, timestamptz } from "./_helpers";
import { deals, videoCollections } from "./catalog";

export const DISCOUNT_TYPES = CAMPAIGN_DISCOUNT_TYPES;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export { MODULAR_COMPONENT_TYPES };
export type SmartCollectionType = (typeof MODULAR_COMPONENT_TYPES)[number];

export { COMPONENT_TYPES };
export type ComponentType = (typeof COMPONENT_TYPES)[number];

export const PDP_ZONES = ZONE_NAMES;
export type PdpZone = (typeof PDP_ZONES)[number];

export { PAGE_LAYOUTS };
export type PageLayout = (typeof PAGE_LAYOUTS)[number];

// ---------------------------------------------------------------------------------------------
// Campaigns
// ---------------------------------------------------------------------------------------------

/**
 * Opt-in campaigns (sales with a banner). `value` is a percent (0-100) for type percent and
 * integer cents for type fixed; deal_tiers lists the plan tiers the discount applies to.
 */
export const campaigns = pgTable(
  "campaigns",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    optinSlug: text().notNull(),
    type: text().$type<DiscountType>().notNull(),
    value: integer().notNull(),
    name: text().notNull(),
    publicName: text().notNull(),
    startDate: timestamptz(),
    endDate: timestamptz(),
    dealTiers: integer().array().notNull().default(sql`'{}'::integer[]`),
    /** Text shown as discount_display ("20% off"). */
    discountDisplay: text(),
    // campaign_config
    bannerContent: text(),
    bannerColor: text(),
    bannerFontColor: text(),
    bannerBadge: text(),
    skuLogo: text(),
    smartCollectionSlug: text(),
    allowAsksumoDiscount: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("campaigns_optin_slug_unique").on(t.optinSlug),
    index("campaigns_window_idx").on(t.isActive, t.startDate, t.endDate),
    check("campaigns_type_check", oneOf(t.type, DISCOUNT_TYPES)),
    check(
      "campaigns_value_check",
      sql`${t.value} >= 0 and (${t.type} <> 'percent' or ${t.value} <= 100)`,
    ),
  ],
);

/** Deals taking part in a campaign. */
export const campaignDeals = pgTable(
  "campaign_deals",
  {
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.dealId] }),
    index("campaign_deals_deal_idx").on(t.dealId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Smart collections
// ---------------------------------------------------------------------------------------------

/** The component_* display fields, without the prefix. */
export type SmartCollectionDisplay = {
  background?: string;
  mobile_background?: string;
  image?: string;
  logo_image?: string;
  promo?: string;
  cta_text?: string;
  cta_link?: string;
  header?: string;
  byline?: string;
  background_color?: string;
  invert_default_colors?: boolean;
  hide_top_banner?: boolean;
  overflow_content?: boolean;
  /** Spelled as in the spec. */
  enable_backgroud_gradient?: boolean;
};
export type ContentBadge = {
  text?: string;
  icon?: string;
  background_color?: string;
  text_color?: string;
};
export type ModularData = { show_buy_now_cta?: boolean; [key: string]: unknown };
export type ExperimentData = { id?: string | number; experiment?: string; variant?: string };

export const smartCollections = pgTable(
  "smart_collections",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    slug: text().notNull(),
    title: text().notNull(),
    subheader: text(),
    modularComponentType: text().$type<SmartCollectionType>().notNull(),
    componentType: text().$type<ComponentType>().notNull().default("carousel"),
    display: jsonb().$type<SmartCollectionDisplay>().notNull().default({}),
    contentBadge: jsonb().$type<ContentBadge>(),
    modularData: jsonb().$type<ModularData>().notNull().default({}),
    experimentData: jsonb().$type<ExperimentData>(),
    /** A product-page zone this collection fills, or null. */
    zone: text().$type<PdpZone>(),
    /** Collections shown at a root-level path /{slug}/ instead of /collections/{slug}. */
    isRootLevel: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("smart_collections_slug_unique").on(t.slug),
    index("smart_collections_zone_idx").on(t.zone),
    check(
      "smart_collections_modular_component_type_check",
      oneOf(t.modularComponentType, MODULAR_COMPONENT_TYPES),
    ),
    check("smart_collections_component_type_check", oneOf(t.componentType, COMPONENT_TYPES)),
    check("smart_collections_zone_check", nullOrOneOf(t.zone, PDP_ZONES)),
  ],
);

export const smartCollectionDeals = pgTable(
  "smart_collection_deals",
  {
    smartCollectionId: integer()
      .notNull()
      .references(() => smartCollections.id, { onDelete: "cascade" }),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.smartCollectionId, t.dealId] }),
    index("smart_collection_deals_order_idx").on(t.smartCollectionId, t.position),
    index("smart_collection_deals_deal_idx").on(t.dealId),
  ],
);

export const subCollections = pgTable(
  "sub_collections",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    smartCollectionId: integer()
      .notNull()
      .references(() => smartCollections.id, { onDelete: "cascade" }),
    slug: text().notNull(),
    title: text().notNull(),
    subheader: text(),
    startDate: timestamptz(),
    endDate: timestamptz(),
    mosaicBackgroundImage: text(),
    componentBackgroundColor: text(),
    position: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex("sub_collections_collection_slug_unique").on(t.smartCollectionId, t.slug),
    index("sub_collections_order_idx").on(t.smartCollectionId, t.position),
  ],
);

// ---------------------------------------------------------------------------------------------
// Modular pages
// ---------------------------------------------------------------------------------------------

export type SeoMeta = {
  title?: string;
  description?: string;
  open_graph?: { title?: string; type?: string; image?: string; description?: string };
};

export const modularPages = pgTable(
  "modular_pages",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    slug: text().notNull(),
    title: text(),
    layout: text().$type<PageLayout>().notNull().default("large"),
    seoMeta: jsonb().$type<SeoMeta>().notNull().default({}),
    /** The deal whose product page this is (two-column layout), if any. */
    dealId: integer().references(() => deals.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("modular_pages_slug_unique").on(t.slug),
    uniqueIndex("modular_pages_deal_unique").on(t.dealId),
    check("modular_pages_layout_check", oneOf(t.layout, PAGE_LAYOUTS)),
  ],
);

/** A content block: modular_component_type is a block type (hero, faq, pricing_card, ...). */
export const staticComponents = pgTable("static_components", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  /** Staff-facing name. */
  name: text(),
  modularComponentType: text().notNull(),
  jsonData: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  videoCollectionId: integer().references(() => videoCollections.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: timestamptz().notNull().defaultNow(),
});

/** The ordered collections of a page: each is a smart collection or a static component. */
export const modularPageItems = pgTable(
  "modular_page_items",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    pageId: integer()
      .notNull()
      .references(() => modularPages.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
    smartCollectionId: integer().references(() => smartCollections.id, { onDelete: "cascade" }),
    staticComponentId: integer().references(() => staticComponents.id, { onDelete: "cascade" }),
    /** Optional display window for time-boxed blocks. */
    startDate: timestamptz(),
    endDate: timestamptz(),
  },
  (t) => [
    index("modular_page_items_page_position_idx").on(t.pageId, t.position, t.id),
    check(
      "modular_page_items_one_target_check",
      sql`(${t.smartCollectionId} is null) <> (${t.staticComponentId} is null)`,
    ),
  ],
);

export type Campaign = typeof campaigns.$inferSelect;
export type CampaignDeal = typeof campaignDeals.$inferSelect;
export type SmartCollection = typeof smartCollections.$inferSelect;
export type SmartCollectionDeal = typeof smartCollectionDeals.$inferSelect;
export type SubCollection = typeof subCollections.$inferSelect;
export type ModularPage = typeof modularPages.$inferSelect;
export type ModularPageItem = typeof modularPageItems.$inferSelect;
export type StaticComponent = typeof staticComponents.$inferSelect;
