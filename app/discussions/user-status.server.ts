import type { SessionUser } from "../../server/services/accounts/sessions";
import type { AppLoadContext } from "../context";

type Ctx = Pick<AppLoadContext, "services" | "session">;
type UserStatus = Awaited<ReturnType<AppLoadContext["services"]["discussions"]["userStatus"]>>;

/** Per request (the loader context object) and deal: the one userStatus statement's promise. */
const memo = new WeakMap<object, Map<string, Promise<UserStatus>>>();

/**
 * The viewer's relation to a deal, asked once per request: the product page's community section
 * and its purchase viewer both need it, and ran the same statement twice per render.
 */
export function userStatusOnce(
  ctx: Ctx,
  dealId: number,
  user: SessionUser | null,
): Promise<UserStatus> {
  let byDeal = memo.get(ctx);
  if (!byDeal) memo.set(ctx, (byDeal = new Map()));
  const key = `${dealId}:${user?.id ?? ""}`;
  let status = byDeal.get(key);
  if (!status) {
    status = ctx.services.discussions.userStatus(String(dealId), user);
    byDeal.set(key, status);
  }
  return status;
}
