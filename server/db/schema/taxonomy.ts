import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, oneOf } from "./_helpers";

/** Browse taxonomy: /{group}/, /{group}/{category}/, /{group}/{category}/{subcategory}/. */
export const taxonomyGroups = pgTable(
  "taxonomy_groups",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    slug: text().notNull(),
    name: text().notNull(),
    valueEnumeration: integer(),
    searchValues: text().array().notNull().default(sql`'{}'::text[]`),
    position: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("taxonomy_groups_slug_unique").on(t.slug)],
);

export const categories = pgTable(
  "categories",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer()
      .notNull()
      .references(() => taxonomyGroups.id, { onDelete: "cascade" }),
    slug: text().notNull(),
    name: text().notNull(),
    valueEnumeration: integer(),
    searchValues: text().array().notNull().default(sql`'{}'::text[]`),
    position: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("categories_group_slug_unique").on(t.groupId, t.slug)],
);

export const subcategories = pgTable(
  "subcategories",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    slug: text().notNull(),
    name: text().notNull(),
    valueEnumeration: integer(),
    searchValues: text().array().notNull().default(sql`'{}'::text[]`),
    position: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("subcategories_category_slug_unique").on(t.categoryId, t.slug)],
);

export const ATTRIBUTE_TYPES = ["alternative_to", "integrations", "best_for"] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

/** "At-a-glance" attributes; best_for slugs back /collections/best-for/{slug}. */
export const attributes = pgTable(
  "attributes",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    type: text().$type<AttributeType>().notNull(),
    slug: text().notNull(),
    name: text().notNull(),
    /**
     * An "Alternative to" tool's monthly subscription price in US cents (issue 34: the payback
     * of a deal's plans, domain/payback.ts); null when not priced. Decision 076.
     */
    monthlyPriceCents: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("attributes_type_slug_unique").on(t.type, t.slug),
    check("attributes_type_check", oneOf(t.type, ATTRIBUTE_TYPES)),
    check(
      "attributes_monthly_price_check",
      sql`${t.monthlyPriceCents} is null or (${t.type} = 'alternative_to' and ${t.monthlyPriceCents} > 0)`,
    ),
  ],
);

export type TaxonomyGroup = typeof taxonomyGroups.$inferSelect;
export type Category = typeof categories.$inferSelect;
export type Subcategory = typeof subcategories.$inferSelect;
export type Attribute = typeof attributes.$inferSelect;
