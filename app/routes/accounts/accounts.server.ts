import { data, redirect } from "react-router";
import type { ZodError } from "zod";
import { fieldErrors } from "../../../domain/schemas/common";
import type { SessionUser } from "../../../server/services/accounts/sessions";
import { readForm } from "../../../server/web/forms";
import type { AppLoadContext } from "../../context";
import { appContext } from "../../context";

export {
  accountSetup,
  LOGIN_THROTTLED,
  PASSWORD_SET,
  PRIMARY_EMAIL_SET,
  RESET_SENT,
  safeNextPath,
  THROTTLED,
} from "../../../server/web/accounts";
export { isDomainError, statusOf } from "../../../server/web/errors";

import { isDomainError, statusOf } from "../../../server/web/errors";
import type { FieldErrors } from "./form-ui";

type ContextGetter = { get(key: typeof appContext): AppLoadContext };

export function accountContext(context: ContextGetter) {
  const ctx = context.get(appContext);
  return { ...ctx, ip: ctx.clientIp ?? "0.0.0.0" };
}

/** The signed-in user, or a redirect to log in that comes back here afterwards. */
export function requireUser(context: ContextGetter, request: Request): SessionUser {
  const user = context.get(appContext).session?.user;
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/accounts/login/?next=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return user;
}

/** A redirect that sets the given cookies (a page action signs in or out this way). */
export function redirectWithCookies(to: string, cookies: string[]): Response {
  const headers = new Headers();
  for (const c of cookies) headers.append("Set-Cookie", c);
  return redirect(to, { headers });
}

export async function formFields(request: Request): Promise<Record<string, string>> {
  const form = await readForm(request);
  const out: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") out[key] = value;
  return out;
}

/** Retry-After for a 429 answered to a page. */
export const retryHeaders = (retryAfter?: number): HeadersInit =>
  retryAfter ? { "Retry-After": String(retryAfter) } : {};

/** The 400 of a form that failed its schema, with the field messages and `extra` to re-render. */
export const invalidForm = <T extends object = object>(error: ZodError, extra?: T) =>
  data({ errors: fieldErrors(error) as FieldErrors, ...(extra as T) }, 400);

/**
 * A service's refusal as the page's answer: its field messages, its status and, when throttled,
 * Retry-After. Anything but a domain error is rethrown.
 */
export function refused<T extends object = object>(err: unknown, extra?: T) {
  if (!isDomainError(err)) throw err;
  return data(
    { errors: err.fields as FieldErrors, ...(extra as T) },
    { status: statusOf(err), headers: retryHeaders(err.retryAfter) },
  );
}
