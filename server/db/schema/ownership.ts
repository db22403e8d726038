import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { deals } from "./catalog";

/**
 * Who owns which deal, kept by triggers on invoice_items and orders (migration scale_counts) from
 * the one rule of ownership (server/services/commerce/ownership-sql.ts): an item the user
 * currently holds, on a paid order, not refunded. A row exists while `items` > 0, so "owns the
 * deal" is one primary-key lookup, not a join of the deal's buyers with every order.
 */
export const dealOwners = pgTable(
  "deal_owners",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    /** Owned items of the deal, add-ons included. */
    items: integer().notNull(),
    /** Owned items that are plans (not add-ons): the deal counts in users.deals_purchased. */
    planItems: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.dealId] }),
    index("deal_owners_deal_idx").on(t.dealId),
    check("deal_owners_items_check", sql`${t.items} > 0 and ${t.planItems} >= 0`),
  ],
);

export type DealOwner = typeof dealOwners.$inferSelect;

/**
 * A deal's purchases and refunds (a founder's record, decision 077), kept by triggers on
 * invoice_items and orders (migration founder_records): plan lines, the newest of an upgrade
 * chain, on paid or refunded orders; refunds are those refunded.
 */
export const dealSales = pgTable("deal_sales", {
  dealId: integer()
    .primaryKey()
    .references(() => deals.id, { onDelete: "cascade" }),
  purchases: integer().notNull().default(0),
  refunds: integer().notNull().default(0),
});
