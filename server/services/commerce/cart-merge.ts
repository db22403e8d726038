import { and, eq, inArray, isNull } from "drizzle-orm";
import { cartItems, carts } from "../../db/schema";
import type { Tx } from "./cart-types";

/**
 * Login keeps what an anonymous visitor put in the cart: the session's cart moves to the user
 * (called by sessions.start in the transaction that rotates the session, before the old session
 * and its cart are deleted). A deal in both carts keeps the newer, anonymous choice.
 */
export async function mergeSessionCart(tx: Tx, sessionId: string, userId: number): Promise<void> {
  const [anon] = await tx
    .select()
    .from(carts)
    .where(and(eq(carts.sessionId, sessionId), isNull(carts.userId)))
    .limit(1)
    .for("update");
  if (!anon) return;
  const [mine] = await tx
    .select()
    .from(carts)
    .where(eq(carts.userId, userId))
    .limit(1)
    .for("update");
  if (!mine) {
    await tx.update(carts).set({ userId, sessionId: null }).where(eq(carts.id, anon.id));
    return;
  }
  const anonDeals = await tx
    .select({ dealId: cartItems.dealId })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, anon.id), isNull(cartItems.primaryPlanId)));
  if (anonDeals.length) {
    await tx.delete(cartItems).where(
      and(
        eq(cartItems.cartId, mine.id),
        isNull(cartItems.primaryPlanId),
        inArray(
          cartItems.dealId,
          anonDeals.map((d) => d.dealId),
        ),
      ),
    );
  }
  await tx.update(cartItems).set({ cartId: mine.id }).where(eq(cartItems.cartId, anon.id));
  if (!mine.couponId && anon.couponId) {
    await tx.update(carts).set({ couponId: anon.couponId }).where(eq(carts.id, mine.id));
  }
  await tx.delete(carts).where(eq(carts.id, anon.id));
}
