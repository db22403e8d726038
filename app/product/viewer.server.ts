import type { DealDetailsJson } from "../../server/services/storefront/catalog";
import type { AppLoadContext } from "../context";
import { userStatusOnce } from "../discussions/user-status.server";
import { ANONYMOUS_VIEWER, type ProductViewer } from "./viewer";

type Ctx = Pick<AppLoadContext, "services" | "session">;

/** The viewer of a product page, from the session; anonymous sessions in USD share one value. */
export async function loadProductViewer(
  ctx: Ctx,
  deal: DealDetailsJson,
  /** The render is kept for the reader's audience: leave the person out (decision 059). */
  shared = false,
): Promise<ProductViewer> {
  const session = ctx.session;
  const user = session?.user ?? null;
  const base: ProductViewer = {
    ...ANONYMOUS_VIEWER,
    currency: session?.currency ?? "USD",
    campaigns: session?.campaigns ?? [],
  };
  if (!user) return base;
  if (shared) {
    // The audience's member, no one's: the Plus price is the audience's; the rest is filled.
    return {
      ...base,
      isAuthenticated: true,
      emailVerified: true,
      hasPlus: user.hasPlus,
      pending: true,
    };
  }
  const status = await userStatusOnce(ctx, deal.id, user);
  return {
    ...base,
    isAuthenticated: true,
    email: user.email,
    emailVerified: user.emailVerified,
    isStaff: user.isStaff,
    hasPlus: user.hasPlus,
    numberOfPurchases: user.numberOfPurchases,
    hasPurchased: status.userHasPurchased,
  };
}
