/**
 * Form values to API bodies for the staff forms: dates are entered in UTC (datetime-local
 * inputs labelled UTC), empty optional fields are null, numbers are numbers.
 */

/** An ISO timestamp as a datetime-local input's value (UTC). */
export const utcInput = (iso: string | null | undefined) => (iso ? iso.slice(0, 16) : "");

/** A datetime-local input's value (UTC) as the API's ISO timestamp; empty is null. */
export const utcIso = (value: string | undefined) =>
  value ? new Date(`${value}:00Z`).toISOString() : null;

export const numberOr = (value: string | undefined, empty: number | null = null) =>
  value === undefined || value === "" ? empty : Number(value);

/** Comma- or space-separated ids as numbers. */
export const idsOf = (value: string | undefined) =>
  (value ?? "")
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
