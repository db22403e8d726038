import { PLUS_DEAL_SLUG } from "../../domain/constants";
import type { AppLoadContext } from "../context";
import type { PlusOffer } from "./plus-offer";

/**
 * The Plus deal's ids (the deal with slug PLUS_DEAL_SLUG, one annual plan), or null while it is
 * not in the catalogue: the shelf then says Plus cannot be added rather than failing.
 */
export async function loadPlusOffer(
  ctx: Pick<AppLoadContext, "services">,
): Promise<PlusOffer | null> {
  const deal = await ctx.services.catalog.getDealDetails(PLUS_DEAL_SLUG);
  const plan = deal?.plans.find((p) => p.is_active) ?? null;
  if (!deal || !plan) return null;
  return { dealId: deal.id, planId: plan.id, price: plan.price };
}
