import { fieldError, invalid } from "../../../domain/errors";

/** The SQLSTATE of a database error (Drizzle wraps the driver's error in `cause`). */
export function sqlState(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Runs a write whose unique index may refuse it (two staff creating one slug at once): the
 * refusal becomes the field's 400 instead of a database error.
 */
export async function uniqueOr<T>(field: string, message: string, write: () => Promise<T>) {
  try {
    return await write();
  } catch (err) {
    if (sqlState(err) === "23505") throw fieldError(field, message);
    throw err;
  }
}

export const iso = (d: Date | string | null | undefined): string | null =>
  d == null ? null : new Date(d).toISOString();

export const cents = (major: number) => Math.round(major * 100);
export const major = (c: number) => c / 100;

/** Drops undefined values, so a PATCH touches only what it names. */
export function defined<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export function invalidFields(fields: Record<string, string>) {
  return invalid(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v]])));
}
