import { sql } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import { notFound } from "../../../domain/errors";
import type { Db } from "../../db/client";
import { deals } from "../../db/schema/catalog";
import { type DealReader, dealKeyFor } from "../storefront/publication";

// What every discussion read of a deal selects first: the deal a URL names and the viewer's
// standing on it.

/**
 * The deal a URL names, by numeric id or by slug, among the deals `reader` may read (the
 * publication rule, issue 31): a draft or private deal is a 404 to anyone but staff and its
 * partners, the same 404 as a missing id. A key that can be neither is a 404 before any
 * statement runs.
 */
export const dealKeyWhere = (dealKey: string, reader: DealReader) => dealKeyFor(dealKey, reader);

/** Select fields: whether the viewer moderates the deal's users, and its approved counts. */
const moderatorAndCounts = (viewerId: number | null) => ({
  userModerator: sql<boolean>`exists (select 1 from deal_roles dr
          where dr.deal_id = deals.id and dr.role = 'user_moderator'
            and dr.user_id = ${viewerId}::int)`,
  reviewCount: deals.reviewCount,
  questionCount: deals.commentCount,
  reviewCountByRating: sql<string>`json_build_array(${deals.reviewCount1}, ${deals.reviewCount2},
    ${deals.reviewCount3}, ${deals.reviewCount4}, ${deals.reviewCount5})::text`,
});

/**
 * One row of the deal `dealKey` names (if `viewer` may read it), with `fields` (which may read the enclosing `deals` row,
 * as the sql above does), and the viewer's moderator role and the approved counts; a 404 when
 * there is no such deal.
 */
export async function dealRow<F extends SelectedFields>(
  db: Db,
  dealKey: string,
  viewer: DealReader,
  fields: F,
) {
  const viewerId = viewer?.id ?? null;
  const where = dealKeyWhere(dealKey, viewer);
  const rows = await db
    .select({ ...fields, ...moderatorAndCounts(viewerId) })
    .from(deals)
    .where(where)
    .limit(1);
  const row = rows[0];
  if (!row) throw notFound();
  return row;
}
