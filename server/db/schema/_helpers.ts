import { type SQL, sql } from "drizzle-orm";
import { customType, type PgColumn, timestamp } from "drizzle-orm/pg-core";

/** PostgreSQL full-text vector; only ever written by a GENERATED ALWAYS expression. */
export const tsvector = customType<{ data: string; driverData: string }>({
  dataType() {
    return "tsvector";
  },
});

/** `timestamp with time zone`, returned as a Date. */
export const timestamptz = () => timestamp({ withTimezone: true, mode: "date" });

/** createdAt column: not null, defaults to now(). */
export const createdAt = () => timestamptz().notNull().defaultNow();

/**
 * `col in ('a', 'b')` for a check() constraint. Values are literals written into the migration,
 * so only ever pass constants from this schema, never user input.
 */
export function oneOf(column: PgColumn, values: readonly (string | number)[]): SQL {
  const list = values
    .map((v) => (typeof v === "number" ? String(v) : `'${v.replaceAll("'", "''")}'`))
    .join(", ");
  return sql`${column} in (${sql.raw(list)})`;
}

/** The same, allowing NULL. */
export function nullOrOneOf(column: PgColumn, values: readonly (string | number)[]): SQL {
  return sql`${column} is null or ${oneOf(column, values)}`;
}
