/**
 * Building blocks for the form and API schemas. Inputs may come from HTML forms (every value a
 * string, absent checkboxes missing) or JSON, so numbers and booleans are coerced here, once.
 */
import { z } from "zod";
import { EMAIL_PATTERN } from "../email";
import { isId, parseId } from "../ids";
import { FIELD_REQUIRED, tooLong } from "../messages";

/** The key of form-level errors in the API's 400 body. */
export const NON_FIELD_ERRORS = "non_field_errors";

/** The API's 400 body: field -> messages, form-level messages under "non_field_errors". */
export const fieldErrors = (error: z.ZodError): Record<string, string[]> => {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : NON_FIELD_ERRORS;
    const messages = (errors[key] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return errors;
};

/**
 * Lets object-level rules run even when a field already failed, so a form shows every error at
 * once (zod otherwise skips refinements after the first failing field).
 */
export const always = {
  when: (payload: { value: unknown }): boolean =>
    typeof payload.value === "object" && payload.value !== null,
};

const trimIfString = (value: unknown): unknown =>
  typeof value === "string" ? value.trim() : value;
const emptyIfMissing = (value: unknown): unknown => (value == null ? "" : value);

/** Required text, trimmed, with a maximum length. */
export const requiredText = (
  max: number,
  requiredMessage: string = FIELD_REQUIRED,
  maxMessage: string = tooLong(max),
) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .max(max, { error: maxMessage });

/** Optional text, trimmed; missing becomes "". */
export const optionalText = (max: number, maxMessage: string = tooLong(max)) =>
  z.preprocess(emptyIfMissing, z.string().trim().max(max, { error: maxMessage }));

/**
 * An e-mail address (trimmed) with the form's own message for anything that is not one. The
 * pattern is domain/email.ts's, the rule the client forms check with isValidEmail.
 */
export const emailField = (message: string) =>
  z.preprocess(trimIfString, z.email({ pattern: EMAIL_PATTERN, error: message }));

const TRUE_STRINGS = ["true", "1", "on", "yes"];
const FALSE_STRINGS = ["false", "0", "off", "no", ""];

/** A boolean from JSON or a form ("true", "on", "1"; "false", "0", "" for false). */
export const formBoolean = (message: string = FIELD_REQUIRED) =>
  z.preprocess(
    (value) => {
      if (typeof value !== "string") return value;
      const lower = value.trim().toLowerCase();
      if (TRUE_STRINGS.includes(lower)) return true;
      if (FALSE_STRINGS.includes(lower)) return false;
      return value;
    },
    z.boolean({ error: message }),
  );

/** An integer from JSON or a form field; blank form values count as missing. */
export const formInt = (
  message: string = FIELD_REQUIRED,
  bounds: { min?: number; max?: number } = {},
) => {
  let number = z.number({ error: message }).int({ error: message });
  if (bounds.min !== undefined) number = number.min(bounds.min, { error: message });
  if (bounds.max !== undefined) number = number.max(bounds.max, { error: message });
  return z.preprocess((value) => {
    if (typeof value !== "string") return value;
    const trimmed = value.trim();
    return trimmed === "" ? undefined : Number(trimmed);
  }, number);
};

/**
 * A row id from a path, query, form or JSON body (domain/ids.ts): 1 to 2147483647, given as a
 * number or decimal text. Anything else is a 400 with `message`, never a database error.
 */
export const idField = (message = "A valid integer is required.") =>
  z.preprocess(
    (value) => parseId(value) ?? value,
    z.number({ error: message }).refine(isId, { error: message }),
  );

/** An id that may be left out: missing, null or a blank form field is undefined. */
export const optionalIdField = (message?: string) =>
  z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    idField(message).optional(),
  );
