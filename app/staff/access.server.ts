import { data } from "react-router";
import type { z } from "zod";
import type { SessionUser } from "../../server/services/accounts/sessions";
import { accountContext, requireUser } from "../routes/accounts/accounts.server";

type ContextGetter = Parameters<typeof accountContext>[0];

/**
 * Staff pages: anonymous visitors go to log in (like the account pages); any other signed-in
 * user gets the store's own 404, so the back office does not announce itself. The API checks
 * every permission again on each call.
 */
export function staffContext(context: ContextGetter, request: Request) {
  const user: SessionUser = requireUser(context, request);
  if (!user.isStaff) throw data(null, { status: 404 });
  return { user, services: accountContext(context).services };
}

/** A list page's query string read through the API's own query schema (bad values: defaults). */
export function listQuery<T extends z.ZodType>(schema: T, request: Request): z.infer<T> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = schema.safeParse(params);
  return parsed.success ? parsed.data : schema.parse({});
}
