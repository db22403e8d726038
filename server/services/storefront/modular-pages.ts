import { and, asc, eq, gt, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import { MODULAR_PAGE_SIZE } from "../../../domain/constants";
import type { Db } from "../../db/client";
import {
  deals,
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
import { createCampaignReader } from "./campaigns";
import { smartCollectionJson } from "./collection-json";
import { createCollectionPages } from "./collection-pages";
import { activePlanPrices, dealCoreColumns, publicDeal } from "./deal-columns";
import {
  type DealCardJson,
  type DealCore,
  dealCardJson,
  type PageCollectionJson,
  type PageJson,
  videoJson,
} from "./deal-json";
import { createSearchService, type SearchService } from "./search";
import { createZoneCollections } from "./zone-collections";

// The pages service's answers, for the app's components.
export type { CampaignJson } from "./campaigns";
export type { CollectionPageJson } from "./collection-pages";
export type { ZoneCollectionJson } from "./zone-collections";

export type ModularPageOptions = {
  offset?: number;
  limit?: number;
  includeDeals?: boolean;
  /** Staff preview (preview_start_date): the page as it will be at this moment. */
  now?: Date;
};

/** Page items outside their display window are not part of the page (and do not count). */
const itemVisibleAt = (now: Date): SQL =>
  and(
    or(isNull(modularPageItems.startDate), lte(modularPageItems.startDate, now)),
    or(isNull(modularPageItems.endDate), gt(modularPageItems.endDate, now)),
  ) as SQL;

export function createPagesService(deps: {
  db: Db;
  clock: Clock;
  search?: SearchService;
  /** CAMPAIGN_PRICING_EXPERIMENT: whether the live campaign's discount reaches the cart. */
  campaignPricing?: boolean;
}) {
  const { db, clock } = deps;
  const campaignPricing = deps.campaignPricing === true;
  const pricing = { campaignPricing };
  const search = deps.search ?? createSearchService({ db, clock, campaignPricing });

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
      list.push(dealCardJson(row.deal as DealCore, row.plans, now, pricing));
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
                    videos: (videosByCollection.get(s.videoCollectionId) ?? []).map(videoJson),
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

  return {
    getModularPage,
    ...createCollectionPages({ db, clock, search, campaignPricing }),
    ...createCampaignReader({ db, clock, campaignPricing }),
    ...createZoneCollections({ db, clock, campaignPricing }),
  };
}

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
