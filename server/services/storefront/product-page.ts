/**
 * What the two-column product page needs besides the deal itself: the blocks of the "product"
 * page template (static components, in page order), the smart collections of the four pdp zones,
 * and the deal's testimonials and social-proof badges. Four prepared statements in parallel,
 * whatever the number of blocks, zones or deals in them; nothing personal (the viewer is loaded
 * apart), so the result is the same for every anonymous visitor and may be cached.
 */
import { and, asc, eq, gt, isNotNull, isNull, lte, ne, or, type SQL, sql } from "drizzle-orm";
import { type BlockData, blockAppliesTo } from "../../../domain/blocks";
import { ZONE_NAMES } from "../../../domain/constants";
import type { Db } from "../../db/client";
import {
  badges,
  deals,
  modularPageItems,
  modularPages,
  type PdpZone,
  smartCollectionDeals,
  smartCollections,
  staticComponents,
  testimonials,
  videoCollections,
} from "../../db/schema";
import type { Clock } from "../../providers/clock";
import { smartCollectionJson } from "./collection-json";
import { activePlanPrices, dealCoreColumns, publicDeal } from "./deal-columns";
import {
  type DealCore,
  dealCardJson,
  iso,
  type SmartCollectionDataJson,
  type VideoJson,
} from "./deal-json";

/** The slug of the modular page whose items are the product page's blocks. */
export const PRODUCT_PAGE_SLUG = "product";

export type BlockJson = {
  /** The static component's id (stable across requests: React keys, test hooks). */
  id: number;
  /** modular_component_type: one of BLOCK_TYPES. */
  type: string;
  /** json_data: the block's configuration (anchor_tag_id, css_class and the type's own fields). */
  data: BlockData;
  /** The static component's own video collection, when it has one (video blocks). */
  video_collection: { label: string; videos: VideoJson[] } | null;
};

export type TestimonialJson = {
  id: number;
  rating: number | null;
  title: string | null;
  description: string;
  user: { name: string; avatar: string | null; verified: boolean; postDate: string | null };
  source_img: string | null;
  is_product_review: boolean;
};

export type BadgeJson = {
  id: number;
  image: string | null;
  icon: string | null;
  title: string;
  description: string | null;
  url: string | null;
  reviews: { rating: number; max_rating: number; count: number } | null;
  use_deal_reviews: boolean;
};

export type ProductPageJson = {
  blocks: BlockJson[];
  zones: Record<PdpZone, SmartCollectionDataJson | null>;
  testimonials: TestimonialJson[];
  badges: BadgeJson[];
};

export function createProductPageService(deps: {
  db: Db;
  clock: Clock;
  /** CAMPAIGN_PRICING_EXPERIMENT: cards show campaign prices only when the cart gives them. */
  campaignPricing?: boolean;
}) {
  const { db, clock } = deps;
  const pricing = { campaignPricing: deps.campaignPricing === true };
  // postgres.js serialises placeholder values as text: a Date must go in as ISO text and be
  // cast here (PGlite accepted the Date, PostgreSQL did not).
  const now = sql`${sql.placeholder("now")}::timestamptz`;
  const dealId = sql.placeholder("dealId");

  const itemVisible = and(
    or(isNull(modularPageItems.startDate), lte(modularPageItems.startDate, now)),
    or(isNull(modularPageItems.endDate), gt(modularPageItems.endDate, now)),
  ) as SQL;

  // The template's blocks with their videos aggregated in the same statement.
  const blockColumns = {
    id: staticComponents.id,
    type: staticComponents.modularComponentType,
    data: staticComponents.jsonData,
    videoLabel: videoCollections.label,
    videos: sql<VideoRow[] | null>`(
        select json_agg(json_build_object(
          'video_id', v.video_id, 'title', v.title, 'src', v.src, 'alt', v.alt,
          'thumbnail', v.thumbnail, 'published_at', v.published_at, 'username', v.username
        ) order by v.position, v.id)
        from videos v where v.collection_id = ${staticComponents.videoCollectionId}
      )`,
  };
  const blocksQuery = db
    .select(blockColumns)
    .from(modularPageItems)
    .innerJoin(modularPages, eq(modularPages.id, modularPageItems.pageId))
    .innerJoin(staticComponents, eq(staticComponents.id, modularPageItems.staticComponentId))
    .leftJoin(videoCollections, eq(videoCollections.id, staticComponents.videoCollectionId))
    .where(and(eq(modularPages.slug, PRODUCT_PAGE_SLUG), itemVisible))
    .orderBy(asc(modularPageItems.position), asc(modularPageItems.id))
    .prepare("product_page_blocks");

  // A deal whose blocks staff built in the block editor has a page of its own (modular_pages
  // .deal_id): its blocks replace the template's. One row with a null id = an empty own page.
  const dealBlocksQuery = db
    .select({ ...blockColumns, id: sql<number | null>`${staticComponents.id}` })
    .from(modularPages)
    .leftJoin(modularPageItems, and(eq(modularPageItems.pageId, modularPages.id), itemVisible))
    .leftJoin(staticComponents, eq(staticComponents.id, modularPageItems.staticComponentId))
    .leftJoin(videoCollections, eq(videoCollections.id, staticComponents.videoCollectionId))
    .where(eq(modularPages.dealId, dealId))
    .orderBy(asc(modularPageItems.position), asc(modularPageItems.id))
    .prepare("product_page_deal_blocks");

  // Every zone collection with its deals but the page's own; the first collection of a zone wins
  // (as GET /api/smartcollections/zone/{zone}/ answers). A zone with no other deal has no rows.
  const zonesQuery = db
    .select({
      collection: smartCollections,
      deal: dealCoreColumns,
      plans: activePlanPrices,
    })
    .from(smartCollections)
    .innerJoin(
      smartCollectionDeals,
      eq(smartCollectionDeals.smartCollectionId, smartCollections.id),
    )
    .innerJoin(deals, eq(deals.id, smartCollectionDeals.dealId))
    .where(and(isNotNull(smartCollections.zone), publicDeal, ne(deals.id, dealId)))
    .orderBy(asc(smartCollections.id), asc(smartCollectionDeals.position), asc(deals.id))
    .prepare("product_page_zones");

  const testimonialsQuery = db
    .select()
    .from(testimonials)
    .where(or(eq(testimonials.dealId, dealId), isNull(testimonials.dealId)))
    // The deal's own first, then site-wide ones.
    .orderBy(sql`${testimonials.dealId} is null`, asc(testimonials.position), asc(testimonials.id))
    .prepare("product_page_testimonials");

  const badgesQuery = db
    .select()
    .from(badges)
    .where(or(eq(badges.dealId, dealId), isNull(badges.dealId)))
    .orderBy(sql`${badges.dealId} is null`, asc(badges.position), asc(badges.id))
    .prepare("product_page_badges");

  /** The product page of one deal at `at` (staff preview) or now. */
  async function getProductPage(
    deal: { id: number; slug: string },
    options: { now?: Date } = {},
  ): Promise<ProductPageJson> {
    const at = options.now ?? clock.now();
    const [templateRows, ownRows, zoneRows, testimonialRows, badgeRows] = await Promise.all([
      blocksQuery.execute({ now: at.toISOString() }),
      dealBlocksQuery.execute({ now: at.toISOString(), dealId: deal.id }),
      zonesQuery.execute({ dealId: deal.id }),
      testimonialsQuery.execute({ dealId: deal.id }),
      badgesQuery.execute({ dealId: deal.id }),
    ]);

    const blockRows =
      ownRows.length > 0
        ? ownRows.flatMap((b) =>
            b.id == null || b.type == null
              ? []
              : [{ ...b, id: b.id, type: b.type, data: b.data ?? {} }],
          )
        : templateRows;
    const blocks = blockRows
      .filter((b) => blockAppliesTo(b.data ?? {}, deal.slug, at))
      .map(
        (b): BlockJson => ({
          id: b.id,
          type: b.type,
          data: b.data ?? {},
          video_collection:
            b.videoLabel != null
              ? {
                  label: b.videoLabel,
                  videos: (b.videos ?? []).map((v) => ({
                    ...v,
                    published_at: iso(v.published_at),
                  })),
                }
              : null,
        }),
      );

    const zones = Object.fromEntries(ZONE_NAMES.map((z) => [z, null])) as ProductPageJson["zones"];
    const zoneCollection = new Map<PdpZone, number>();
    const cards = new Map<number, ReturnType<typeof dealCardJson>[]>();
    const rowsByCollection = new Map<number, (typeof zoneRows)[number]["collection"]>();
    for (const row of zoneRows) {
      const zone = row.collection.zone as PdpZone;
      const owner = zoneCollection.get(zone);
      if (owner != null && owner !== row.collection.id) continue;
      zoneCollection.set(zone, row.collection.id);
      rowsByCollection.set(row.collection.id, row.collection);
      const list = cards.get(row.collection.id) ?? [];
      list.push(dealCardJson(row.deal as DealCore, row.plans, at, pricing));
      cards.set(row.collection.id, list);
    }
    for (const [zone, id] of zoneCollection) {
      const c = rowsByCollection.get(id);
      if (c) zones[zone] = smartCollectionJson(c, cards.get(id) ?? [], []);
    }

    return {
      blocks,
      zones,
      testimonials: testimonialRows.map((t) => ({
        id: t.id,
        rating: t.rating,
        title: t.title,
        description: t.description,
        user: {
          name: t.userName,
          avatar: t.userAvatar,
          verified: t.userVerified,
          postDate: iso(t.postDate),
        },
        source_img: t.sourceImg,
        is_product_review: t.isProductReview,
      })),
      badges: badgeRows.map((b) => ({
        id: b.id,
        image: b.image,
        icon: b.icon,
        title: b.title,
        description: b.description,
        url: b.url,
        reviews: b.reviews,
        use_deal_reviews: b.useDealReviews,
      })),
    };
  }

  return { getProductPage };
}

type VideoRow = Omit<VideoJson, "published_at"> & { published_at: string | null };

export type ProductPageService = ReturnType<typeof createProductPageService>;
