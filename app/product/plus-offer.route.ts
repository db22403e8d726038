// Resource route GET /plus/offer: the Plus deal's ids for the Plus shelf, fetched when a
// non-member opens it (the product page's loader belongs to the page, not to the shelf).
import { appContext } from "../context";
import type { Route } from "./+types/plus-offer.route";
import { loadPlusOffer } from "./plus-offer.server";

export async function loader({ context }: Route.LoaderArgs) {
  const offer = await loadPlusOffer(context.get(appContext));
  return Response.json(offer, { headers: { "Cache-Control": "public, max-age=60" } });
}
