import type { SessionUser } from "../../server/services/accounts/sessions";
import type { AppLoadContext } from "../context";

type Ctx = Pick<AppLoadContext, "services" | "session">;
type Discussions = AppLoadContext["services"]["discussions"];
type UserStatus = Awaited<ReturnType<Discussions["userStatus"]>>;
export type DealContext = Awaited<ReturnType<Discussions["context"]>>;

/** Per request (the loader context object) and deal: the one deal-context statement's promise. */
const memo = new WeakMap<object, Map<string, Promise<DealContext>>>();

/**
 * The discussions' context of a deal for the viewer (roles, purchase, review, own pending items),
 * read once per request: the product page's purchase viewer, its community lists and the list
 * pages all need it, and each used to run a statement of its own.
 */
export function dealContextOnce(
  ctx: Ctx,
  dealId: number,
  user: SessionUser | null,
  /** Comments to read the viewer's votes on, by the first caller (the product page's kept lists). */
  voteIds?: readonly number[],
): Promise<DealContext> {
  let byDeal = memo.get(ctx);
  if (!byDeal) memo.set(ctx, (byDeal = new Map()));
  const key = `${dealId}:${user?.id ?? ""}`;
  let context = byDeal.get(key);
  if (!context) {
    context = ctx.services.discussions.context(String(dealId), user, voteIds);
    byDeal.set(key, context);
  }
  return context;
}

/** The viewer's relation to a deal, from the request's one deal context. */
export async function userStatusOnce(
  ctx: Ctx,
  dealId: number,
  user: SessionUser | null,
  voteIds?: readonly number[],
): Promise<UserStatus> {
  return ctx.services.discussions.statusFrom(await dealContextOnce(ctx, dealId, user, voteIds));
}
