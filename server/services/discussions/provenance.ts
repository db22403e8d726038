import { type SQL, sql } from "drizzle-orm";
import {
  type EarlierRating,
  NO_PROVENANCE,
  type ReviewProvenance,
} from "../../../domain/provenance";

// Review provenance (issue 33, decision 070): what the author's purchases of the deal say about
// a review. A column of the lists' page statement (read-queries.ts selectItems), so a page of
// reviews costs no statement more: per review row, one probe of invoice_items by its (deal_id,
// user_id) index and one of comment_rating_history by its comment index; for questions the CASE
// evaluates neither.

/** When the holder got a line: the transfer that gave it to them, else the order's payment. */
const ACQUIRED = sql.raw(`case when ii.transferred_to_user_id = ii.user_id
  then ii.transferred_at else coalesce(o.paid_at, ii.created_at) end`);

/**
 * [plan, days_owned, refunded_since, by_transfer, updated_after_reply, earlier ratings] as JSON
 * text; null for questions. `verified_purchase` is the author's ownsDeal, read beside it.
 *
 * - A line the author holds: invoice_items.user_id is them (the buyer, or the recipient of a
 *   transfer), on a paid order, not refunded (the ownership rule, ownership-sql.ts).
 * - The plan: the highest tier among the plan lines they hold (add-ons are not plans).
 * - Days owned: from their first acquisition of a plan of the deal (the order's payment, or the
 *   transfer that gave it to them) to the review's creation; null when the review came first.
 * - Refunded since: they hold no plan of the deal now and a line of theirs was refunded after
 *   they wrote the review.
 * - Updated after the founder's reply: edited after the first approved founder-team answer.
 */
export function provenanceColumn(dealId: number): SQL<string | null> {
  // One scalar subquery per review row (a CASE never evaluates it for a question).
  return sql<string | null>`case when comments.kind = 'review' and comments.parent_id is null
    then (select json_build_array(
      (array_agg(p.public_name order by p.tier desc, ii.id desc)
        filter (where o.status = 'paid' and ii.refunded_at is null))[1],
      case when min(${ACQUIRED}) <= comments.created_at
        then floor(extract(epoch from comments.created_at - min(${ACQUIRED})) / 86400)::int end,
      coalesce(not bool_or(o.status = 'paid' and ii.refunded_at is null)
        and bool_or(ii.refunded_at >= comments.created_at), false),
      coalesce(bool_or(o.status = 'paid' and ii.refunded_at is null
        and ii.transferred_to_user_id = ii.user_id), false),
      coalesce(comments.edited_at > comments.first_founder_reply_at, false),
      (select json_agg(json_build_array(h.rating, h.rated_at) order by h.rated_at, h.id)
        from comment_rating_history h where h.comment_id = comments.id))::text
    from invoice_items ii
      join orders o on o.id = ii.order_id
      left join plans p on p.id = ii.plan_id
    where ii.deal_id = ${dealId}::int and ii.user_id = comments.user_id
      and ii.parent_invoice_item_id is null and o.status in ('paid', 'refunded'))
    end`;
}

/** The column's JSON as domain data; the author's current ownership decides verified. */
export function parseProvenance(
  text: string | null,
  verifiedPurchase: boolean,
): { provenance: ReviewProvenance; earlierRatings: EarlierRating[] } | null {
  if (text == null) return null;
  const row = JSON.parse(text) as unknown[];
  const earlier = Array.isArray(row[5]) ? (row[5] as unknown[][]) : [];
  return {
    provenance: {
      ...NO_PROVENANCE,
      verifiedPurchase,
      plan: verifiedPurchase && typeof row[0] === "string" ? row[0] : null,
      daysOwned: verifiedPurchase && row[1] != null ? Number(row[1]) : null,
      refunded: !verifiedPurchase && row[2] === true,
      byTransfer: verifiedPurchase && row[3] === true,
      updatedAfterReply: row[4] === true,
    },
    earlierRatings: earlier.map((e) => ({ rating: Number(e[0]), ratedAt: new Date(String(e[1])) })),
  };
}
