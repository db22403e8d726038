import { type DealSearch, DealSearchSchema, effectiveSort } from "../../domain/search";
import type { DealFilter, SearchService } from "../services/storefront/search";

/**
 * The deal search as both doors run it: GET /api/v2/deals/ (its query string validated by its
 * route schema) and the /browse page (its URL, through `browseQueryFromParams`).
 */

/** A listing URL's parameters as the search's input; a repeated name counts with its last value. */
export const browseQueryFromParams = (params: URLSearchParams) =>
  DealSearchSchema.safeParse(Object.fromEntries(params));

/** What a valid search narrows the listing to. */
export const dealFilterOf = (q: DealSearch): DealFilter => ({
  query: q.query,
  group: q.group,
  category: q.category,
  subcategory: q.subcategory,
  planType: q.plan_type,
  minPrice: q.min_price,
  maxPrice: q.max_price,
});

/** One page of the search's results, in its effective order. */
export async function searchDeals(search: SearchService, q: DealSearch) {
  const sort = effectiveSort(q);
  const listing = await search.listDeals(dealFilterOf(q), { sort, page: q.page ?? 1 });
  return { listing, sort };
}
