import { and, asc, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { deals, type PdpZone, smartCollectionDeals, smartCollections } from "../../db/schema";
import type { Clock } from "../../providers/clock";
import { collectionUrl } from "./collection-json";
import { activePlanPrices, dealCoreColumns, publicDeal } from "./deal-columns";
import { type DealCardJson, type DealCore, dealCardJson } from "./deal-json";

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

/** The product page's zones (GET /api/smartcollections/zone/{zone}/). */
export function createZoneCollections(deps: {
  db: Db;
  clock: Clock;
  /** CAMPAIGN_PRICING_EXPERIMENT: cards show campaign prices only when the cart gives them. */
  campaignPricing?: boolean;
}) {
  const { db, clock } = deps;
  const pricing = { campaignPricing: deps.campaignPricing === true };

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
      deals: rows.map((r) => dealCardJson(r.deal as DealCore, r.plans, now, pricing)),
    };
  }

  return { getZoneCollection };
}
