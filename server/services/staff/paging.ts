/**
 * One page of a staff table (issue 16): every staff list sorts, filters and pages on the server
 * the same way: a page of rows in the asked order and the count of every row the filter keeps,
 * shaped as a TablePage. The lists name their sortable columns; an unknown sort key is the
 * `sort` field's 400.
 */
import { type AnyColumn, asc, count, desc, ilike, or, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { fieldError } from "../../../domain/errors";
import { STAFF_PAGE_SIZE, type TablePage, tablePage } from "../../../domain/staff";
import type { Db } from "../../db/client";
import type { Tx } from "./audit";

/** A list's query: free text, the page from 1 and an optional sort key ("title", "-title"). */
export type ListQuery = { query: string; page: number; sort?: string };

/** The API names of a list's sortable columns. */
export type SortColumns = Record<string, AnyColumn | SQL>;

export const sortMessage = (columns: SortColumns) =>
  `Sort by one of: ${Object.keys(columns).join(", ")} (a leading - for descending).`;

/**
 * The ORDER BY of a sort key: `title` ascending, `-title` descending, with `tieBreak` in the
 * same direction so pages never overlap; no key: the list's own order.
 */
export function sortOrder(
  sort: string | undefined,
  columns: SortColumns,
  fallback: SQL[],
  tieBreak?: AnyColumn,
): SQL[] {
  if (!sort) return fallback;
  const descending = sort.startsWith("-");
  const column = columns[descending ? sort.slice(1) : sort];
  if (!column) throw fieldError("sort", sortMessage(columns));
  const dir = descending ? desc : asc;
  return [dir(column), ...(tieBreak ? [dir(tieBreak)] : [])];
}

/** A page of rows, the count of all that match, and the answer shaped for a table. */
export type Paged<R> = {
  rows: R[];
  total: number;
  table: <T>(items: T[]) => TablePage<T>;
};

/**
 * The general form: `rows(limit, offset)` reads the page, `total()` counts every match (both
 * with the same filter and joins), run together.
 */
export async function paged<R>(
  page: number,
  rows: (limit: number, offset: number) => Promise<R[]>,
  total: () => Promise<Array<{ n: number }>>,
): Promise<Paged<R>> {
  const [items, [counted]] = await Promise.all([
    rows(STAFF_PAGE_SIZE, (page - 1) * STAFF_PAGE_SIZE),
    total(),
  ]);
  const n = Number(counted?.n ?? 0);
  return { rows: items, total: n, table: (mapped) => tablePage(mapped, n, page) };
}

/** A page of one table's rows in `order`, filtered by `where`. */
export function pagedRows<T extends PgTable>(
  db: Db | Tx,
  table: T,
  where: SQL | undefined,
  order: SQL[],
  page: number,
): Promise<Paged<T["$inferSelect"]>> {
  return paged(
    page,
    (limit, offset) =>
      db
        .select()
        .from(table as PgTable)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset) as Promise<T["$inferSelect"][]>,
    () =>
      db
        .select({ n: count() })
        .from(table as PgTable)
        .where(where),
  );
}

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** `%text%` for ILIKE, the text's own wildcards escaped. */
export const likeOf = (s: string) => `%${escapeLike(s)}%`;

/** Free text matched against any of the columns (ILIKE, wildcards escaped); no text, no filter. */
export function matchingAny(text: string, ...columns: Array<AnyColumn | SQL>): SQL | undefined {
  if (!text) return undefined;
  const like = likeOf(text);
  return or(...columns.map((c) => ilike(c, like)));
}
