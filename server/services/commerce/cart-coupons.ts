/** The cart's coupon and credits: apply or remove a coupon code, use credits or not. */
import { eq, sql } from "drizzle-orm";
import { couponProblem } from "../../../domain/cart";
import { DomainError } from "../../../domain/errors";
import { COUPON_NOT_FOUND, couponNotApplied } from "../../../domain/messages";
import { carts, coupons } from "../../db/schema";
import { type CartActor, couponOwnerEmail, type Executor, lineKey, type Tx } from "./cart-types";
import type { CartDeps, CartReader } from "./cart-view";
import { assertNotOwnGiveCode } from "./rewards";

export function createCartCoupons(deps: CartDeps, reader: CartReader) {
  const { db, clock } = deps;
  const { alreadyRedeemed, ensureCart, findCart, isReferralCoupon, view } = reader;

  async function findCoupon(ex: Executor, code: string) {
    const [c] = await ex
      .select()
      .from(coupons)
      .where(sql`upper(${coupons.code}) = ${code.trim().toUpperCase()}`)
      .limit(1);
    return c ?? null;
  }

  /** Applies a coupon inside a transaction, or throws the spec's message with the reason. */
  async function applyCouponIn(
    tx: Tx,
    cartId: number,
    actor: CartActor,
    code: string,
    field: string,
  ) {
    const c = await findCoupon(tx, code);
    if (!c) throw new DomainError("invalid", { [field]: [couponNotApplied(COUPON_NOT_FOUND)] });
    await assertNotOwnGiveCode(tx, c.id, actor.user?.id, field);
    const cart = await tx.select().from(carts).where(eq(carts.id, cartId)).limit(1);
    const current = await view(tx, cart[0] ?? null, actor);
    const reason = couponProblem(
      { ...c, deals: c.deals ?? [] },
      {
        now: clock.now(),
        email: couponOwnerEmail(actor),
        alreadyRedeemed: await alreadyRedeemed(tx, c.id, actor),
        lines: current.lines.map(lineKey),
        referralBlockedBy:
          current.campaignReferralBlock && (await isReferralCoupon(tx, c.id))
            ? current.campaignReferralBlock
            : null,
      },
    );
    if (reason) throw new DomainError("invalid", { [field]: [couponNotApplied(reason)] });
    await tx
      .update(carts)
      .set({ couponId: c.id, updatedAt: clock.now() })
      .where(eq(carts.id, cartId));
  }

  async function applyCoupon(actor: CartActor, code: string) {
    return db.transaction(async (tx) => {
      const cart = await ensureCart(tx, actor);
      await applyCouponIn(tx, cart.id, actor, code, "code");
      const [fresh] = await tx.select().from(carts).where(eq(carts.id, cart.id));
      return view(tx, fresh ?? null, actor);
    });
  }

  async function removeCoupon(actor: CartActor) {
    return db.transaction(async (tx) => {
      const cart = await findCart(tx, actor, true);
      if (!cart) return { view: await view(tx, null, actor), code: null as string | null };
      let code: string | null = null;
      if (cart.couponId) {
        const [c] = await tx
          .select({ code: coupons.code })
          .from(coupons)
          .where(eq(coupons.id, cart.couponId));
        code = c?.code ?? null;
      }
      await tx
        .update(carts)
        .set({ couponId: null, updatedAt: clock.now() })
        .where(eq(carts.id, cart.id));
      return { view: await view(tx, { ...cart, couponId: null }, actor), code };
    });
  }

  async function setUseCredit(actor: CartActor, useCredit: boolean) {
    return db.transaction(async (tx) => {
      const cart = await ensureCart(tx, actor);
      await tx
        .update(carts)
        .set({ useCredit, updatedAt: clock.now() })
        .where(eq(carts.id, cart.id));
      return view(tx, { ...cart, useCredit }, actor);
    });
  }

  return { findCoupon, applyCouponIn, applyCoupon, removeCoupon, setUseCredit };
}

export type CartCoupons = ReturnType<typeof createCartCoupons>;
