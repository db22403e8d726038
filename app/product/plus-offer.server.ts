import type { AppLoadContext } from "../context";
import type { PlusOffer } from "./plus-offer";

/**
 * The Plus deal's ids, or null while it is not in the catalogue: the shelf then says Plus cannot
 * be added rather than failing. (The Plus deal is Private, so the public catalogue details,
 * services.catalog.getDealDetails, never return it: a dedicated read does.)
 */
export async function loadPlusOffer(
  ctx: Pick<AppLoadContext, "services">,
): Promise<PlusOffer | null> {
  return ctx.services.plusOffer.get();
}
