import { type AnyColumn, asc, desc, type SQL, sql } from "drizzle-orm";
import { invalid } from "../../../domain/errors";
import { type CommentKind, comments } from "../../db/schema/discussions";
import { INT4_MAX } from "./ids";
import type { DiscussionSort, SortOrder } from "./types";

// The lists' keyset cursor (search_after) and their ORDER BY, per sort.

export type SortKey = { column: AnyColumn; type: "timestamptz" | "int"; nullable: boolean };

export const DATE_KEY: SortKey = {
  column: comments.createdAt,
  type: "timestamptz",
  nullable: false,
};

/** Each sort's key columns; the id always breaks ties, in the same direction. */
export function sortKeys(sort: DiscussionSort, kind: CommentKind): SortKey[] {
  switch (sort) {
    case "date":
      return [DATE_KEY];
    case "latest":
      // Items without a reply have no "latest reply": last when newest first, first otherwise.
      return [{ column: comments.lastReplyAt, type: "timestamptz", nullable: true }];
    case "helpful":
      return [{ column: comments.upVotes, type: "int", nullable: false }];
    case "rating":
      // Questions carry no rating; their rating sort is the date sort.
      return kind === "review"
        ? [{ column: comments.rating, type: "int", nullable: true }, DATE_KEY]
        : [DATE_KEY];
  }
}

export type Cursor = { s: DiscussionSort; o: SortOrder; k: (string | null)[]; i: number };

// Timestamps travel as PostgreSQL's own text form (microseconds kept: a JS Date would drop them
// and make equal-millisecond rows skip or repeat across pages).
const TIMESTAMP_TEXT =
  /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:?\d{2}){0,2})?$/;
const INT_TEXT = /^-?\d{1,10}$/;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

const invalidCursor = () => invalid({ search_after: ["Invalid cursor."] });

export function decodeCursor(
  value: string,
  sort: DiscussionSort,
  order: SortOrder,
  keys: SortKey[],
): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor();
  }
  if (typeof parsed !== "object" || parsed === null) throw invalidCursor();
  const { s, o, k, i } = parsed as Record<string, unknown>;
  // A cursor belongs to one sort and order; reused under another it would silently skip items.
  if (s !== sort || o !== order || !Array.isArray(k) || k.length !== keys.length) {
    throw invalidCursor();
  }
  if (typeof i !== "number" || !Number.isInteger(i) || i < 1 || i > INT4_MAX) throw invalidCursor();
  const values = keys.map((key, index) => {
    const v: unknown = k[index];
    if (v === null && key.nullable) return null;
    if (typeof v !== "string") throw invalidCursor();
    const ok =
      key.type === "int"
        ? INT_TEXT.test(v) && Math.abs(Number(v)) <= INT4_MAX
        : TIMESTAMP_TEXT.test(v);
    if (!ok) throw invalidCursor();
    return v;
  });
  return { s: sort, o: order, k: values, i };
}

const castKey = (value: string, type: SortKey["type"]): SQL =>
  type === "int" ? sql`${value}::int` : sql`${value}::timestamptz`;

/**
 * Rows strictly after the cursor in the list's order. Without nullable keys this is one row
 * comparison, `(key, id) < (...)`, which PostgreSQL answers from the list indexes. Nulls sort
 * last when descending and first when ascending (as comments_list_latest_reply_idx does).
 */
export function afterCursor(keys: SortKey[], cursor: Cursor, descending: boolean): SQL {
  const op = descending ? sql`<` : sql`>`;
  if (keys.every((key) => !key.nullable)) {
    const left = sql.join([...keys.map((key) => sql`${key.column}`), sql`${comments.id}`], sql`, `);
    const right = sql.join(
      [...keys.map((key, i) => castKey(cursor.k[i] ?? "", key.type)), sql`${cursor.i}::int`],
      sql`, `,
    );
    return sql`(${left}) ${op} (${right})`;
  }
  const expand = (index: number): SQL => {
    const key = keys[index];
    if (!key) return sql`${comments.id} ${op} ${cursor.i}::int`;
    const rest = expand(index + 1);
    const value = cursor.k[index] ?? null;
    if (value === null) {
      return descending
        ? sql`(${key.column} is null and ${rest})`
        : sql`((${key.column} is null and ${rest}) or ${key.column} is not null)`;
    }
    const v = castKey(value, key.type);
    const nullsAfter = descending && key.nullable ? sql` or ${key.column} is null` : sql``;
    return sql`(${key.column} ${op} ${v} or (${key.column} = ${v} and ${rest})${nullsAfter})`;
  };
  return expand(0);
}

export function orderBy(keys: SortKey[], descending: boolean): SQL[] {
  return [
    // Non-nullable keys use the default null placement, which is the list indexes' order (DESC
    // NULLS FIRST): a NULLS LAST here made PostgreSQL sort the whole deal instead (measured at
    // 100,000 reviews: a parallel seq scan and an 88 ms on-disk sort per page).
    ...keys.map((key) =>
      key.nullable
        ? descending
          ? sql`${key.column} desc nulls last`
          : sql`${key.column} asc nulls first`
        : descending
          ? desc(key.column)
          : asc(key.column),
    ),
    descending ? desc(comments.id) : asc(comments.id),
  ];
}
