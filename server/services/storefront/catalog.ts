import { and, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { deals } from "../../db/schema";
import type { Clock } from "../../providers/clock";
import { activePlanPrices, dealCoreColumns, publicDeal } from "./deal-columns";
import { dealDetailsJson } from "./deal-details-json";
import { prepareDealDetailQueries } from "./deal-details-queries";
import { type DealCardJson, type DealCore, dealCardJson } from "./deal-json";
import { type DealReader, resolveDealForReader } from "./publication";
import {
  ANONYMOUS_READER,
  readerHasOwnStaffMessage,
  type StaffMessageReader,
  staffMessageReader,
  staffMessagesForReader,
} from "./staff-messages-for-reader";

const isNumericId = (s: string) => /^\d{1,9}$/.test(s);

export function createCatalogService(deps: {
  db: Db;
  clock: Clock;
  /** CAMPAIGN_PRICING_EXPERIMENT: cards show campaign prices only when the cart gives them. */
  campaignPricing?: boolean;
}) {
  const { db, clock } = deps;
  const pricing = { campaignPricing: deps.campaignPricing === true };
  const queries = prepareDealDetailQueries(db);

  /** Compact card data for many deals in one statement, in the order of the ids given. */
  async function getDealCards(dealIds: readonly number[]): Promise<DealCardJson[]> {
    if (dealIds.length === 0) return [];
    const rows = await db
      .select({ deal: dealCoreColumns, plans: activePlanPrices })
      .from(deals)
      .where(and(inArray(deals.id, [...new Set(dealIds)]), publicDeal));
    const now = clock.now();
    const byId = new Map(
      rows.map((r) => [r.deal.id, dealCardJson(r.deal as DealCore, r.plans, now, pricing)]),
    );
    return dealIds.flatMap((id) => {
      const card = byId.get(id);
      return card ? [card] : [];
    });
  }

  /**
   * The Deal entity of spec 001 section 3, or null for an unknown, private or draft deal.
   * One statement finds the deal; six more, independent of each other and of the number of plans,
   * features or posts, load its parts in parallel (7 in all).
   */
  /**
   * `now` shifts the deal's time-dependent fields (a staff preview); the clock's by default.
   * `includeHidden` finds drafts and private deals too: for staff previews only, never cached.
   */
  async function getDealDetails(
    slugOrId: string,
    options: { now?: Date; includeHidden?: boolean } = {},
  ) {
    const key = slugOrId.trim();
    const byId = options.includeHidden ? queries.anyCoreById : queries.coreById;
    const bySlug = options.includeHidden ? queries.anyCoreBySlug : queries.coreBySlug;
    const [core] = isNumericId(key)
      ? await byId.execute({ id: Number(key) })
      : await bySlug.execute({ slug: key });
    if (!core) return null;
    const dealId = core.deal.id;
    const [planRows, featureRows, addonRows, productRows, extras, topComments] = await Promise.all([
      queries.planRows.execute({ dealId }),
      queries.featureRows.execute({ dealId }),
      queries.addonRows.execute({ dealId }),
      queries.productRows.execute({ dealId }),
      queries.extras.execute({ dealId }),
      queries.topCommentsOf(dealId),
    ]);
    return dealDetailsJson(
      { core, planRows, featureRows, addonRows, productRows, extras, topComments },
      options.now ?? clock.now(),
      pricing,
    );
  }

  /**
   * The Deal entity as one reader may see it: the staff messages of their audience only (spec 001
   * section 6). `deal` is the kept entity with every message; an anonymous reader costs nothing.
   */
  async function dealForReader(
    deal: ReturnType<typeof dealDetailsJson>,
    user: { id: number; isStaff: boolean; hasPlus: boolean } | null | undefined,
  ): Promise<ReturnType<typeof dealDetailsJson>> {
    const reader: StaffMessageReader = user
      ? await staffMessageReader(db, deal.id, user)
      : ANONYMOUS_READER;
    return staffMessagesForReader(deal, reader);
  }

  /**
   * A draft or private deal's entity for a reader who may read it (staff, its partners: the
   * publication rule), as the staff preview shows it; null for everyone else, as for a missing
   * deal. Never kept: the caller answers it privately.
   */
  async function getHiddenDealDetails(slugOrId: string, reader: DealReader) {
    if (reader == null) return null;
    const key = slugOrId.trim();
    const readable = await resolveDealForReader(db, key, reader).catch(() => null);
    if (!readable) return null;
    return getDealDetails(String(readable.id), { includeHidden: true });
  }

  /** Whether this buyer sees a staff message no audience's page carries (user_status). */
  function ownStaffMessage(
    dealId: number,
    user: { isStaff: boolean; hasPlus: boolean },
    hasPurchased: boolean,
  ): Promise<boolean> {
    return readerHasOwnStaffMessage(
      db,
      dealId,
      { isStaff: user.isStaff, hasPurchased, hasPlus: user.hasPlus },
      clock.now(),
    );
  }

  return { getDealDetails, getHiddenDealDetails, getDealCards, dealForReader, ownStaffMessage };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
export type DealDetailsJson = NonNullable<Awaited<ReturnType<CatalogService["getDealDetails"]>>>;
