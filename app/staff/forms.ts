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

type Run = <T>(
  method: "POST" | "PATCH" | "PUT",
  path: string,
  body: unknown,
  done: string,
) => Promise<{ ok: true; data: T } | { ok: false }>;

/**
 * A form that both creates (POST to `collection`) and changes (PATCH `collection{id}/`) one kind
 * of thing: "{What} saved." or "{What} created." (then the form is cleared and `onCreated` runs).
 */
export async function createOrPatch(
  run: Run,
  {
    collection,
    id,
    what,
    body,
    form,
    onCreated,
  }: {
    collection: string;
    id?: number;
    what: string;
    body: unknown;
    form: HTMLFormElement;
    onCreated?: (id: number) => void;
  },
) {
  if (id !== undefined) {
    await run("PATCH", `${collection}${id}/`, body, `${what} saved.`);
    return;
  }
  const result = await run<{ id: number }>("POST", collection, body, `${what} created.`);
  if (result.ok) {
    form.reset();
    onCreated?.(result.data.id);
  }
}
