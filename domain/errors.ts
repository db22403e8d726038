/**
 * The one error type services throw when they refuse a request on purpose. It knows nothing of
 * HTTP: server/web/errors.ts maps each kind to a status and answer (JSON for the API, a message on
 * the page for actions).
 *
 * Recognised by a brand, not `instanceof`: the server bundle and the React Router build each carry
 * their own copy of this module, so an error thrown by a service is not an instance of the page's
 * copy of the class. `Symbol.for` gives both copies the same key.
 */

export type ErrorKind =
  | "invalid"
  | "unauthenticated"
  | "payment_refused"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "too_large"
  | "throttled";

/**
 * A refusal a client may act on, beyond its kind: "plus_required" means the plan is for Plus
 * members, and joining Plus first (Plus in the cart) lifts it.
 */
export type ErrorCode = "plus_required";

/** Field name -> messages; "non_field_errors" for the form as a whole, "detail" for one message. */
export type FieldErrors = Record<string, string[]>;

/**
 * The answer's payload: a field map for invalid input, `{ detail }` for the other kinds (the
 * spec's message where it gives one), sometimes both.
 */
export type ErrorBody = Record<string, string | string[]>;

const BRAND = Symbol.for("payonce.DomainError");

export class DomainError extends Error {
  readonly [BRAND] = true;

  constructor(
    readonly kind: ErrorKind,
    readonly body: ErrorBody,
    /** Seconds a throttled client should wait. */
    readonly retryAfter?: number,
    /** What a client may do about it, typed, so no door matches message text. */
    readonly code?: ErrorCode,
  ) {
    super(firstMessage(body) ?? kind);
    this.name = "DomainError";
  }

  /** The body as a field map (every value a list), for forms that show messages by field. */
  get fields(): FieldErrors {
    const out: FieldErrors = {};
    for (const [key, value] of Object.entries(this.body)) out[key] = toList(value);
    return out;
  }
}

export function isDomainError(err: unknown): err is DomainError {
  return (
    typeof err === "object" && err !== null && (err as Record<symbol, unknown>)[BRAND] === true
  );
}

const toList = (value: string | string[]): string[] => (Array.isArray(value) ? value : [value]);

function firstMessage(body: ErrorBody): string | undefined {
  for (const value of Object.values(body)) {
    const [first] = toList(value);
    if (first) return first;
  }
  return undefined;
}

export const invalid = (fields: FieldErrors) => new DomainError("invalid", fields);
export const fieldError = (field: string, message: string) => invalid({ [field]: [message] });
export const unauthenticated = (detail = "Authentication credentials were not provided.") =>
  new DomainError("unauthenticated", { detail });
export const paymentRefused = (detail: string) => new DomainError("payment_refused", { detail });
export const forbidden = (detail = "You do not have permission to perform this action.") =>
  new DomainError("forbidden", { detail });
export const notFound = (detail = "Not found.") => new DomainError("not_found", { detail });
export const conflict = (detail: string) => new DomainError("conflict", { detail });
export const tooLarge = (field: string, message: string) =>
  new DomainError("too_large", { [field]: [message] });
export const throttled = (detail: string, retryAfter?: number) =>
  new DomainError("throttled", { detail }, retryAfter);
