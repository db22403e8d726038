import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { RISING_STARS_MAX_AGE_DAYS } from "../../../domain/constants";
import { SEARCH_PAGE_SIZE, type SearchSort } from "../../../domain/search";
import type { Db } from "../../db/client";
import { deals, smartCollectionDeals, smartCollections, subCollections } from "../../db/schema";
import type { Clock } from "../../providers/clock";
import { collectionUrl, smartCollectionJson } from "./collection-json";
import { activePlanPrices, dealCoreColumns, publicDeal } from "./deal-columns";
import { type DealCore, dealCardJson, type SmartCollectionDataJson } from "./deal-json";
import type { DealFilter, DealListing, SearchService } from "./search";

export type CollectionPageJson = {
  /** A stored smart collection, or a rule (freebies, best-for, for-you...). */
  kind: "smart_collection" | "rule";
  slug: string;
  title: string;
  subheader: string | null;
  /** The canonical path of the collection. */
  url: string;
  modular_component_type: string | null;
  collection: SmartCollectionDataJson | null;
  listing: DealListing;
};

/**
 * The collection pages (/collections/{slug}, root-level /{slug}/, best-for) and the sitemap's
 * list of them.
 */
export function createCollectionPages(deps: {
  db: Db;
  clock: Clock;
  search: SearchService;
  /** CAMPAIGN_PRICING_EXPERIMENT: cards show campaign prices only when the cart gives them. */
  campaignPricing?: boolean;
}) {
  const { db, clock, search } = deps;
  const pricing = { campaignPricing: deps.campaignPricing === true };

  /**
   * A collection page (/collections/{slug}, a root-level /{slug}/, or one of the rule
   * collections): the collection and one page of its deals. A stored collection takes the
   * collection with its deal count, then its deals and sub-collections in parallel (3
   * statements); a rule collection takes that first look-up and the listing's two (3).
   */
  async function getCollectionPage(
    slug: string,
    options: { page?: number; userId?: number | null; rootLevel?: boolean } = {},
  ): Promise<CollectionPageJson | null> {
    const now = clock.now();
    const page = Math.max(1, options.page ?? 1);
    const [stored] = await db
      .select({
        collection: smartCollections,
        total: sql<number>`(select count(*)::int from smart_collection_deals scd
          join deals d on d.id = scd.deal_id
          where scd.smart_collection_id = "smart_collections"."id"
            and d.deal_status <> 'Private' and not d.is_draft)`,
      })
      .from(smartCollections)
      .where(
        options.rootLevel
          ? and(eq(smartCollections.slug, slug), eq(smartCollections.isRootLevel, true))
          : eq(smartCollections.slug, slug),
      )
      .limit(1);
    if (stored) {
      const c = stored.collection;
      const pageSize = SEARCH_PAGE_SIZE;
      const [dealRows, subRows] = await Promise.all([
        db
          .select({ deal: dealCoreColumns, plans: activePlanPrices })
          .from(smartCollectionDeals)
          .innerJoin(deals, eq(deals.id, smartCollectionDeals.dealId))
          .where(and(eq(smartCollectionDeals.smartCollectionId, c.id), publicDeal))
          .orderBy(asc(smartCollectionDeals.position), asc(deals.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db
          .select()
          .from(subCollections)
          .where(eq(subCollections.smartCollectionId, c.id))
          .orderBy(asc(subCollections.position), asc(subCollections.id)),
      ]);
      const cards = dealRows.map((r) => dealCardJson(r.deal as DealCore, r.plans, now, pricing));
      const count = Number(stored.total);
      return {
        kind: "smart_collection",
        slug: c.slug,
        title: c.title,
        subheader: c.subheader,
        url: collectionUrl(c.slug, c.isRootLevel),
        modular_component_type: c.modularComponentType,
        collection: smartCollectionJson(c, [], subRows),
        listing: {
          count,
          count_capped: false,
          page,
          page_size: pageSize,
          total_pages: Math.max(1, Math.ceil(count / pageSize)),
          results: cards,
        },
      };
    }
    const rule = options.rootLevel ? undefined : RULE_COLLECTIONS[slug];
    if (!rule) return null;
    const personal = slug === "for-you" && options.userId != null;
    const listing = await search.listDeals(
      personal ? { ...rule.filter, forUserId: options.userId as number } : rule.filter,
      { sort: rule.sort, page, now },
    );
    return {
      kind: "rule",
      slug,
      title: rule.title,
      subheader: personal ? "Picked from the categories you buy from" : rule.subheader,
      url: `/collections/${slug}/`,
      modular_component_type: null,
      collection: null,
      listing,
    };
  }

  /** /collections/best-for/{slug}: the deals with that best_for attribute (3 statements). */
  async function getBestForPage(slug: string, page = 1): Promise<CollectionPageJson | null> {
    const attribute = await search.bestForAttribute(slug);
    if (!attribute) return null;
    const listing = await search.listDeals({ bestFor: attribute.slug }, { sort: "rating", page });
    return {
      kind: "rule",
      slug: attribute.slug,
      title: `Best for ${attribute.name.toLowerCase()}`,
      subheader: `Deals ${attribute.name.toLowerCase()} rate highest`,
      url: `/collections/best-for/${attribute.slug}/`,
      modular_component_type: null,
      collection: null,
      listing,
    };
  }

  /** The collection pages for the sitemap (stored and rule collections), with their last change. */
  async function sitemapCollections(): Promise<{ path: string; updatedAt: Date | null }[]> {
    const collectionRows = await db
      .select({
        slug: smartCollections.slug,
        isRootLevel: smartCollections.isRootLevel,
        updatedAt: smartCollections.updatedAt,
      })
      .from(smartCollections)
      // Zone collections fill product pages; they have no page of their own worth indexing.
      .where(isNull(smartCollections.zone))
      .orderBy(asc(smartCollections.id));
    return [
      ...collectionRows.map((c) => ({
        path: collectionUrl(c.slug, c.isRootLevel),
        updatedAt: c.updatedAt as Date | null,
      })),
      ...Object.keys(RULE_COLLECTIONS)
        .filter((slug) => slug !== "for-you" && !collectionRows.some((c) => c.slug === slug))
        .map((slug) => ({ path: `/collections/${slug}/`, updatedAt: null as Date | null })),
    ];
  }

  return { getCollectionPage, getBestForPage, sitemapCollections };
}

/** The product name of the spec's /collections/{product}-originals. */
export const ORIGINALS_SLUG = "payonce-originals";

type RuleCollection = {
  title: string;
  subheader: string;
  filter: DealFilter;
  sort: SearchSort;
};

/**
 * Collections of spec 001 section 2 that are rules, not hand-picked lists. A stored smart
 * collection with the same slug wins, so staff can curate any of them instead.
 */
const RULE_COLLECTIONS: Record<string, RuleCollection> = {
  freebies: {
    title: "Freebies",
    subheader: "Free tools, templates and downloads. Yours to keep.",
    filter: { free: true },
    sort: "popular",
  },
  "rising-stars": {
    title: "Rising stars",
    subheader: "New deals buyers already love",
    filter: { startedWithinDays: RISING_STARS_MAX_AGE_DAYS, reviewed: true, activeOnly: true },
    sort: "rating",
  },
  [ORIGINALS_SLUG]: {
    title: "Payonce Originals",
    subheader: "Tools you can only get here",
    filter: { listingType: "original" },
    sort: "popular",
  },
  "for-you": {
    title: "Recommended for you",
    subheader: "Top-rated deals our buyers keep coming back for",
    filter: { activeOnly: true },
    sort: "rating",
  },
};
