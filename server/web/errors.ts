import { type DomainError, type ErrorKind, isDomainError } from "../../domain/errors";

export { isDomainError };

/** DESIGN.md's error mapping: each kind of refusal and the HTTP status both doors answer with. */
const STATUS: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  payment_refused: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  throttled: 429,
};

export const statusOf = (err: DomainError): number => STATUS[err.kind];

/** The first message of a refusal: what a page shows when it has one place for it. */
export function messageOf(err: DomainError): string {
  for (const list of Object.values(err.fields)) if (list[0]) return list[0];
  return err.message;
}

/** `Retry-After` for a throttled refusal (seconds, at least 1). */
export const retryAfterHeaders = (err: DomainError): Record<string, string> =>
  err.kind === "throttled" ? { "retry-after": String(Math.max(1, err.retryAfter ?? 60)) } : {};
