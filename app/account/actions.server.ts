import { data } from "react-router";
import { HttpError } from "../../server/http/errors";

export type FieldErrors = Record<string, string[] | undefined>;

/** What a page action answers when a call fails: the field map and, for the form, one message. */
export type ActionFailure = {
  ok: false;
  intent: string;
  errors: FieldErrors;
  target?: string;
  /** What was typed, so a page re-rendered without JavaScript keeps it. */
  values?: Record<string, string>;
};

/**
 * Turns a service error into the page's answer. A 400 keeps its field messages. Other refusals
 * show `otherwise(status, detail)`: the spec's client texts ("Cannot update billing details at
 * this time... {status} error.") or the server's message, as each page chooses.
 */
export function failure(
  err: unknown,
  intent: string,
  otherwise: (status: number, detail: string | null) => string,
  target?: string,
) {
  if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
  const body = (err.body ?? {}) as Record<string, unknown>;
  const detail = typeof body.detail === "string" ? body.detail : null;
  const errors: FieldErrors =
    err.statusCode === 400 && !detail
      ? (body as FieldErrors)
      : { non_field_errors: [otherwise(err.statusCode, detail)] };
  return data<ActionFailure>({ ok: false, intent, errors, target }, err.statusCode);
}

/** A 400 straight from a schema failure. */
export const invalid = (
  intent: string,
  errors: FieldErrors,
  values?: Record<string, string>,
  target?: string,
) => data<ActionFailure>({ ok: false, intent, errors, target, values }, 400);
