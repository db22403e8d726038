import { and, asc, eq } from "drizzle-orm";
import { PLUS_DEAL_SLUG } from "../../../domain/constants";
import { toMajor } from "../../../domain/money";
import type { Db } from "../../db/client";
import { deals, plans } from "../../db/schema";

/** The Plus membership as the cart sells it: the Plus deal and its (first active) plan. */
export type PlusOffer = { dealId: number; planId: number; price: number };

/**
 * Where the Plus shelf learns what to add first. The Plus deal (slug PLUS_DEAL_SLUG) is Private,
 * so the catalogue's public details never show it; this reads just its ids. Null while it is not
 * seeded or has no active plan: the shelf then says Plus cannot be added.
 */
export function createPlusOfferService(deps: { db: Db }) {
  const { db } = deps;
  async function get(): Promise<PlusOffer | null> {
    const [row] = await db
      .select({ dealId: deals.id, planId: plans.id, priceCents: plans.priceCents })
      .from(deals)
      .innerJoin(plans, and(eq(plans.dealId, deals.id), eq(plans.isActive, true)))
      .where(eq(deals.slug, PLUS_DEAL_SLUG))
      .orderBy(asc(plans.position), asc(plans.id))
      .limit(1);
    return row ? { dealId: row.dealId, planId: row.planId, price: toMajor(row.priceCents) } : null;
  }
  return { get };
}
