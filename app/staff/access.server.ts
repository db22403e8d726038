import type { z } from "zod";
import type { SessionUser } from "../../server/services/accounts/sessions";
import {
  accountContext,
  isDomainError,
  requireUser,
  statusOf,
} from "../routes/accounts/accounts.server";
import { type NotFoundCtx, notFound } from "../ui/not-found.server";

type ContextGetter = Parameters<typeof accountContext>[0];

/**
 * Staff pages: anonymous visitors go to log in (like the account pages); any other signed-in
 * user gets the store's own 404, so the back office does not announce itself. The API checks
 * every permission again on each call.
 */
export async function staffContext(context: ContextGetter, request: Request) {
  const user: SessionUser = requireUser(context, request);
  const { services } = accountContext(context);
  if (!user.isStaff) throw await notFound({ services });
  return { user, services };
}

/** A list page's query string read through the API's own query schema (bad values: defaults). */
export function listQuery<T extends z.ZodType>(schema: T, request: Request): z.infer<T> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = schema.safeParse(params);
  return parsed.success ? parsed.data : schema.parse({});
}

type StaffServices = Awaited<ReturnType<typeof staffContext>>["services"];

/**
 * The shape of a staff list page's loader: staff only, the query string read through the API's
 * own query schema, then `load` (the list and whatever else the page shows). A sort key the list
 * does not know (the API's 400 on `sort`) falls back to the list's own order.
 */
export function staffListLoader<S extends z.ZodType<{ sort: string }>, R extends object>(
  schema: S,
  load: (services: StaffServices, q: z.infer<S>, user: SessionUser) => Promise<R>,
) {
  return async ({ request, context }: { request: Request; context: ContextGetter }) => {
    const { services, user } = await staffContext(context, request);
    const q = listQuery(schema, request);
    try {
      return { q, ...(await load(services, q, user)) };
    } catch (err) {
      if (!q.sort || !isDomainError(err)) throw err;
      const unsorted = { ...q, sort: "" };
      return { q: unsorted, ...(await load(services, unsorted, user)) };
    }
  };
}

/** A route's numeric id, or the store's 404 page. */
export async function routeId(ctx: NotFoundCtx, raw: string | undefined): Promise<number> {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id < 1) throw await notFound(ctx);
  return id;
}

/** One staff item: a 404 from the service is the store's 404 page, not a 500. */
export async function orNotFound<T>(ctx: NotFoundCtx, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (err) {
    if (isDomainError(err) && statusOf(err) === 404) throw await notFound(ctx);
    throw err;
  }
}
