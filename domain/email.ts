/**
 * The one e-mail address rule, shared by the zod schemas (server) and the client forms. Kept free
 * of zod so the browser bundle of the pages with an e-mail field does not ship zod (~24 KB gz).
 * The pattern is zod 4's own default for z.email(), so API and form agree on every address.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Whether `value` (trimmed, as the schemas trim it) is an e-mail address. */
export const isValidEmail = (value: string): boolean => EMAIL_PATTERN.test(value.trim());
