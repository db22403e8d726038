import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { MODULAR_PAGE_SIZE } from "../../../domain/constants";
import { toMajor } from "../../../domain/money";
import { SEARCH_PAGE_SIZE, type SearchSort } from "../../../domain/search";
import { campaignDiscountLabel } from "../../../domain/storefront";
import type { Db } from "../../db/client";
import {
  campaigns,
  deals,
  type PdpZone,
  type SmartCollection,
  type SubCollection,
  modularPageItems,
  modularPages,
  smartCollectionDeals,
  smartCollections,
  staticComponents,
  subCollections,
  videoCollections,
  videos,
} from "../../db/schema";
import type { Clock } from "../../providers/clock";
import { activePlanPrices, dealCoreColumns, publicDeal } from "./deal-columns";
import {
  type DealCardJson,
  type DealCore,
  type PageCollectionJson,
  type PageJson,
  type SmartCollectionDataJson,
  type SubCollectionJson,
  type VideoJson,
  dealCardJson,
  dealUrl,
  iso,
} from "./deal-json";
import {
  createSearchService,
  type DealFilter,
  type DealListing,
  type SearchService,
} from "./search";

export type ModularPageOptions = {
  offset?: number;
  limit?: number;
  includeDeals?: boolean;
  /** Staff preview (preview_start_date): the page as it will be at this moment. */
  now?: Date;
};

export const collectionUrl = (slug: string, isRootLevel: boolean) =>
  isRootLevel ? `/${slug}/` : `/collections/${slug}`;

/** Page items outside their display window are not part of the page (and do not count). */
const itemVisibleAt = (now: Date): SQL =>
  and(
    or(isNull(modularPageItems.startDate), lte(modularPageItems.startDate, now)),
    or(isNull(modularPageItems.endDate), gt(modularPageItems.endDate, now)),
  ) as SQL;

export function createPagesService(deps: { db: Db; clock: Clock; search?: SearchService }) {
  const { db, clock } = deps;
  const search = deps.search ?? createSearchService({ db, clock });

  /**
   * The Page response of spec 001 sections 3 and 7, one slice of `limit` collections from
   * `offset`. A fixed number of statements whatever the number of collections or deals: the page
   * with its item count, the slice of items with their collections, then (in parallel) the
   * sub-collections, every deal card of the slice, and static components' videos when any.
   */
  async function getModularPage(
    slugOrId: string,
    options: ModularPageOptions = {},
  ): Promise<PageJson | null> {
    const offset = Math.max(0, options.offset ?? 0);
    const limit = Math.max(1, options.limit ?? MODULAR_PAGE_SIZE);
    const includeDeals = options.includeDeals ?? true;
    const now = options.now ?? clock.now();
    const key = slugOrId.trim();
    const match = /^\d{1,9}$/.test(key)
      ? eq(modularPages.id, Number(key))
      : eq(modularPages.slug, key);

    const [page] = await db
      .select({
        id: modularPages.id,
        slug: modularPages.slug,
        title: modularPages.title,
        layout: modularPages.layout,
        seoMeta: modularPages.seoMeta,
        // Qualified by hand: drizzle leaves a single-table select's columns unqualified, and a
        // bare "id" inside the subquery would be the item's.
        total: sql<number>`(select count(*)::int from ${modularPageItems}
          where ${modularPageItems.pageId} = "modular_pages"."id" and ${itemVisibleAt(now)})`,
      })
      .from(modularPages)
      .where(match)
      .limit(1);
    if (!page) return null;

    const items = await db
      .select({
        id: modularPageItems.id,
        collection: smartCollections,
        component: staticComponents,
        videoCollectionLabel: videoCollections.label,
      })
      .from(modularPageItems)
      .leftJoin(smartCollections, eq(smartCollections.id, modularPageItems.smartCollectionId))
      .leftJoin(staticComponents, eq(staticComponents.id, modularPageItems.staticComponentId))
      .leftJoin(videoCollections, eq(videoCollections.id, staticComponents.videoCollectionId))
      .where(and(eq(modularPageItems.pageId, page.id), itemVisibleAt(now)))
      .orderBy(asc(modularPageItems.position), asc(modularPageItems.id))
      .offset(offset)
      .limit(limit);

    const collectionIds = items.flatMap((i) => (i.collection ? [i.collection.id] : []));
    const videoCollectionIds = items.flatMap((i) =>
      i.component?.videoCollectionId ? [i.component.videoCollectionId] : [],
    );

    const [subRows, dealRows, videoRows] = await Promise.all([
      collectionIds.length
        ? db
            .select()
            .from(subCollections)
            .where(inArray(subCollections.smartCollectionId, collectionIds))
            .orderBy(asc(subCollections.position), asc(subCollections.id))
        : [],
      includeDeals && collectionIds.length
        ? db
            .select({
              collectionId: smartCollectionDeals.smartCollectionId,
              deal: dealCoreColumns,
              plans: activePlanPrices,
            })
            .from(smartCollectionDeals)
            .innerJoin(deals, eq(deals.id, smartCollectionDeals.dealId))
            .where(and(inArray(smartCollectionDeals.smartCollectionId, collectionIds), publicDeal))
            .orderBy(asc(smartCollectionDeals.position), asc(deals.id))
        : [],
      videoCollectionIds.length
        ? db
            .select()
            .from(videos)
            .where(inArray(videos.collectionId, videoCollectionIds))
            .orderBy(asc(videos.position), asc(videos.id))
        : [],
    ]);

    const subsByCollection = groupBy(subRows, (s) => s.smartCollectionId);
    const dealsByCollection = new Map<number, DealCardJson[]>();
    for (const row of dealRows) {
      const list = dealsByCollection.get(row.collectionId) ?? [];
      list.push(dealCardJson(row.deal as DealCore, row.plans, now));
      dealsByCollection.set(row.collectionId, list);
    }
    const videosByCollection = groupBy(videoRows, (v) => v.collectionId ?? 0);

    const collections: PageCollectionJson[] = items.flatMap((item): PageCollectionJson[] => {
      if (item.collection) {
        const c = item.collection;
        const data = smartCollectionJson(
          c,
          dealsByCollection.get(c.id) ?? [],
          subsByCollection.get(c.id) ?? [],
        );
        return [{ id: item.id, type: "smart_collection", data }];
      }
      if (item.component) {
        const s = item.component;
        return [
          {
            id: item.id,
            type: "static",
            data: {
              id: s.id,
              modular_component_type: s.modularComponentType,
              json_data: s.jsonData,
              video_collection: s.videoCollectionId
                ? {
                    id: s.videoCollectionId,
                    label: item.videoCollectionLabel ?? "",
                    videos: (videosByCollection.get(s.videoCollectionId) ?? []).map(
                      (v): VideoJson => ({
                        video_id: v.videoId,
                        title: v.title,
                        src: v.src,
                        alt: v.alt,
                        thumbnail: v.thumbnail,
                        published_at: iso(v.publishedAt),
                        username: v.username,
                      }),
                    ),
                  }
                : null,
            },
          },
        ];
      }
      return [];
    });

    const seo = page.seoMeta;
    const nextOffset = offset + items.length;
    return {
      id: page.id,
      slug: page.slug,
      title: page.title,
      layout: page.layout,
      collections,
      seo_meta: {
        title: seo.title ?? page.title,
        description: seo.description ?? null,
        open_graph: {
          title: seo.open_graph?.title ?? seo.title ?? page.title,
          type: seo.open_graph?.type ?? "website",
          image: seo.open_graph?.image ?? null,
          description: seo.open_graph?.description ?? seo.description ?? null,
        },
      },
      next_offset: nextOffset < page.total && items.length > 0 ? nextOffset : null,
      total: page.total,
    };
  }

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
      const cards = dealRows.map((r) => dealCardJson(r.deal as DealCore, r.plans, now));
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

  /** The live campaign (the most recently started), or null; one statement. */
  async function activeCampaign(at?: Date): Promise<CampaignJson | null> {
    const now = at ?? clock.now();
    const [c] = await db
      .select()
      .from(campaigns)
      .where(
        and(
          eq(campaigns.isActive, true),
          or(isNull(campaigns.startDate), lte(campaigns.startDate, now)),
          or(isNull(campaigns.endDate), gt(campaigns.endDate, now)),
        ),
      )
      .orderBy(sql`${campaigns.startDate} desc nulls last`, desc(campaigns.id))
      .limit(1);
    if (!c) return null;
    return {
      id: c.id,
      optin_slug: c.optinSlug,
      type: c.type,
      value: c.type === "fixed" ? toMajor(c.value) : c.value,
      name: c.name,
      public_name: c.publicName,
      start_date: iso(c.startDate),
      end_date: iso(c.endDate),
      deal_tiers: c.dealTiers,
      campaign_discount: c.discountDisplay,
      discount_label: campaignDiscountLabel({ type: c.type, value: c.value }),
      campaign_config: {
        banner_content: c.bannerContent,
        banner_color: c.bannerColor,
        banner_font_color: c.bannerFontColor,
        banner_badge: c.bannerBadge,
        sku_logo: c.skuLogo,
        smart_collection_slug: c.smartCollectionSlug,
        allow_asksumo_discount: c.allowAsksumoDiscount,
      },
      url: c.smartCollectionSlug ? `/collections/${c.smartCollectionSlug}/` : null,
    };
  }

  /**
   * The smart collection filling a product-page zone, with its deals (the deal of the product
   * page itself, template_slug, left out): two statements. Null when no collection fills it.
   */
  async function getZoneCollection(
    zone: PdpZone,
    options: { templateSlug?: string } = {},
  ): Promise<ZoneCollectionJson | null> {
    const now = clock.now();
    const [c] = await db
      .select()
      .from(smartCollections)
      .where(eq(smartCollections.zone, zone))
      .orderBy(asc(smartCollections.id))
      .limit(1);
    if (!c) return null;
    const rows = await db
      .select({ deal: dealCoreColumns, plans: activePlanPrices })
      .from(smartCollectionDeals)
      .innerJoin(deals, eq(deals.id, smartCollectionDeals.dealId))
      .where(
        and(
          eq(smartCollectionDeals.smartCollectionId, c.id),
          publicDeal,
          options.templateSlug ? ne(deals.slug, options.templateSlug) : undefined,
        ),
      )
      .orderBy(asc(smartCollectionDeals.position), asc(deals.id));
    return {
      id: c.id,
      slug: c.slug,
      title: c.title,
      subheader: c.subheader,
      component_type: c.componentType,
      modular_component_type: c.modularComponentType,
      url: collectionUrl(c.slug, c.isRootLevel),
      deals: rows.map((r) => dealCardJson(r.deal as DealCore, r.plans, now)),
    };
  }

  /** Public deals and collections for /sitemap.xml: two statements. */
  async function sitemapEntries() {
    const [dealRows, collectionRows] = await Promise.all([
      db
        .select({ slug: deals.slug, updatedAt: deals.updatedAt })
        .from(deals)
        .where(publicDeal)
        .orderBy(asc(deals.id)),
      db
        .select({
          slug: smartCollections.slug,
          isRootLevel: smartCollections.isRootLevel,
          updatedAt: smartCollections.updatedAt,
        })
        .from(smartCollections)
        // Zone collections fill product pages; they have no page of their own worth indexing.
        .where(isNull(smartCollections.zone))
        .orderBy(asc(smartCollections.id)),
    ]);
    return {
      deals: dealRows.map((d) => ({ path: dealUrl(d.slug), updatedAt: d.updatedAt })),
      collections: [
        ...collectionRows.map((c) => ({
          path: collectionUrl(c.slug, c.isRootLevel),
          updatedAt: c.updatedAt as Date | null,
        })),
        ...Object.keys(RULE_COLLECTIONS)
          .filter((slug) => slug !== "for-you" && !collectionRows.some((c) => c.slug === slug))
          .map((slug) => ({ path: `/collections/${slug}/`, updatedAt: null as Date | null })),
      ],
    };
  }

  return {
    getModularPage,
    getCollectionPage,
    getBestForPage,
    activeCampaign,
    getZoneCollection,
    sitemapEntries,
  };
}

/** The data of a smart collection as the page response and the collection page carry it. */
export function smartCollectionJson(
  c: SmartCollection,
  dealCards: DealCardJson[],
  subs: readonly SubCollection[],
): SmartCollectionDataJson {
  const display: Record<`component_${string}`, unknown> = {};
  for (const [field, value] of Object.entries(c.display)) display[`component_${field}`] = value;
  return {
    ...display,
    id: c.id,
    modular_component_type: c.modularComponentType,
    component_type: c.componentType,
    slug: c.slug,
    title: c.title,
    subheader: c.subheader,
    url: collectionUrl(c.slug, c.isRootLevel),
    deals: dealCards,
    sub_collections: subs.map(
      (s): SubCollectionJson => ({
        id: s.id,
        slug: s.slug,
        title: s.title,
        subheader: s.subheader,
        url: collectionUrl(s.slug, false),
        start_date: iso(s.startDate),
        end_date: iso(s.endDate),
        mosaic_background_image: s.mosaicBackgroundImage,
        component_background_color: s.componentBackgroundColor,
      }),
    ),
    content_badge: c.contentBadge ?? null,
    modular_data: c.modularData,
    experiment_data: c.experimentData ?? null,
  };
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
    filter: { startedWithinDays: 120, reviewed: true, activeOnly: true },
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

export type CampaignJson = {
  id: number;
  optin_slug: string;
  type: "percent" | "fixed";
  /** Percent for percent campaigns; major units for fixed ones (contract.md). */
  value: number;
  name: string;
  public_name: string;
  start_date: string | null;
  end_date: string | null;
  deal_tiers: number[];
  campaign_discount: string | null;
  /** "15%" or "$10": what the subscribe banner and badges say. */
  discount_label: string | null;
  campaign_config: {
    banner_content: string | null;
    banner_color: string | null;
    banner_font_color: string | null;
    banner_badge: string | null;
    sku_logo: string | null;
    smart_collection_slug: string | null;
    allow_asksumo_discount: boolean;
  };
  /** Where the banner links: the campaign's smart collection. */
  url: string | null;
};

export type ZoneCollectionJson = {
  id: number;
  slug: string;
  title: string;
  subheader: string | null;
  component_type: string;
  modular_component_type: string;
  url: string;
  deals: DealCardJson[];
};

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
}

export type PagesService = ReturnType<typeof createPagesService>;
