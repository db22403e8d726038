/**
 * Ids of rows: PostgreSQL integer (int4) keys, 1 to 2147483647. One parser for every id that
 * arrives from outside (path, query, body, form), so that "abc", "1e308", "-1" or
 * "99999999999999999999" are refused as input and never reach a query as an out-of-range value.
 */
export const ID_MAX = 2147483647;

export const isId = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= ID_MAX;

/** A decimal id from text or a number, or null when it is not one. */
export function parseId(value: unknown): number | null {
  if (typeof value === "number") return isId(value) ? value : null;
  if (typeof value !== "string" || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return isId(id) ? id : null;
}
