import { data } from "react-router";
import { notFound } from "../../domain/errors";
import { parseId } from "../../domain/ids";
import { isDomainError, statusOf } from "../../server/web/errors";
import { accountContext, formFields, requireUser } from "../routes/accounts/accounts.server";

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
  if (!isDomainError(err)) throw err;
  const status = statusOf(err);
  const detail = typeof err.body.detail === "string" ? err.body.detail : null;
  const errors: FieldErrors =
    err.kind === "invalid" && !detail
      ? err.fields
      : { non_field_errors: [otherwise(status, detail)] };
  return data<ActionFailure>({ ok: false, intent, errors, target }, status);
}

/**
 * A row id from a form field (domain/ids.ts). Anything else ("abc", "99999999999") names no row:
 * it throws the same refusal as an unknown id, which the action's `failure` answers with a 404.
 */
export function formId(value: unknown, detail?: string): number {
  const id = parseId(value);
  if (id === null) throw notFound(detail);
  return id;
}

/** A 400 straight from a schema failure. */
export const invalid = (
  intent: string,
  errors: FieldErrors,
  values?: Record<string, string>,
  target?: string,
) => data<ActionFailure>({ ok: false, intent, errors, target, values }, 400);

type ActionArgs = { request: Request; context: Parameters<typeof accountContext>[0] };

/**
 * What every account page action starts with: the signed-in user (or a redirect to log in), the
 * load context, and the posted fields with the intent naming which form on the page sent them.
 */
export async function accountPost({ request, context }: ActionArgs, defaultIntent: string) {
  const user = requireUser(context, request);
  const ctx = accountContext(context);
  const fields = await formFields(request);
  return { ...ctx, user, fields, intent: fields.intent ?? defaultIntent };
}
