import { type Placeholder, type SQL, sql } from "drizzle-orm";

/**
 * What counts as owning a deal, in one place: an invoice item the user currently owns
 * (invoice_items.user_id: a transfer moves it), on a paid order, not refunded. The triggers of
 * migration scale_counts keep that fact in deal_owners (one row per owner and deal) and the
 * number of deals owned in users.deals_purchased, on every write to invoice_items and to an
 * order's status, so these reads are a key lookup whatever the number of buyers or orders. These
 * are SQL fragments so every query that needs the fact (session user, comment authors, posting
 * gates, user status) embeds it instead of running a query of its own.
 */
// A scalar subquery, not EXISTS: the planner may turn an EXISTS over a list's rows into a join
// with every owner of the deal; this stays one primary-key probe per row.
export const ownsDeal = (userId: SQL, dealId: SQL): SQL<boolean> => sql<boolean>`coalesce((select
  true from deal_owners dow where dow.user_id = ${userId} and dow.deal_id = ${dealId}), false)`;

/** How many distinct deals the user owns (add-ons are not deals). */
export const dealsOwnedCount = (userId: SQL): SQL<number> => sql<number>`coalesce((select
  uo.deals_purchased from users uo where uo.id = ${userId}), 0)`;

/**
 * The same facts from the purchases themselves, for the property test that the maintained
 * ones never drift (and for anyone who must not trust a trigger).
 */
export const ownsDealFromPurchases = (
  userId: SQL,
  dealId: SQL,
): SQL<boolean> => sql<boolean>`exists (select 1
  from invoice_items ii join orders o on o.id = ii.order_id
  where ii.user_id = ${userId} and ii.deal_id = ${dealId} and o.status = 'paid'
    and ii.refunded_at is null)`;

export const dealsOwnedCountFromPurchases = (userId: SQL): SQL<number> => sql<number>`(select
  count(distinct ii.deal_id)::int from invoice_items ii join orders o on o.id = ii.order_id
  where ii.user_id = ${userId} and o.status = 'paid' and ii.parent_invoice_item_id is null
    and ii.refunded_at is null)`;

/** The user's active Plus membership at `now` (a prepared statement's placeholder: an ISO string). */
export const hasActivePlus = (
  userId: SQL,
  now: Date | Placeholder,
): SQL<boolean> => sql<boolean>`exists (select 1
  from plus_subscriptions ps where ps.user_id = ${userId} and ps.status = 'active'
    and ps.current_period_end > ${now instanceof Date ? now.toISOString() : now}::timestamptz)`;
