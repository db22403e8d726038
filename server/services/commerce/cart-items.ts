/** The cart's lines: add a deal plan or a deal group, change a licensing line's quantity, remove. */
import { and, asc, eq, isNull } from "drizzle-orm";
import { lineQuantity, saleProblem, saleProblemCode } from "../../../domain/cart";
import { PLUS_DEAL_SLUG } from "../../../domain/constants";
import { DomainError, isDomainError } from "../../../domain/errors";
import {
  CART_ITEM_NOT_FOUND,
  DEAL_NOT_FOUND,
  PLAN_NOT_AVAILABLE,
  PLUS_ALREADY_MEMBER,
  QUANTITY_FIXED,
} from "../../../domain/messages";
import type { AddCartItemInput } from "../../../domain/schemas/cart";
import { cartItems, carts, dealGroupDeals, deals, plans } from "../../db/schema";
import type { CartCoupons } from "./cart-coupons";
import type { CartActor, CartView, Tx } from "./cart-types";
import type { CartDeps, CartReader } from "./cart-view";

export function createCartItems(deps: CartDeps, reader: CartReader, coupons: CartCoupons) {
  const { db, clock } = deps;
  const { ensureCart, findCart, view } = reader;
  const { applyCouponIn } = coupons;

  type DealRow = typeof deals.$inferSelect;
  type PlanRow = typeof plans.$inferSelect;

  async function loadDealPlan(tx: Tx, dealId: number, planId: number | undefined | null) {
    const [deal] = await tx.select().from(deals).where(eq(deals.id, dealId)).limit(1);
    if (!deal) throw new DomainError("invalid", { dealId: [DEAL_NOT_FOUND] });
    const dealPlans = await tx
      .select()
      .from(plans)
      .where(eq(plans.dealId, deal.id))
      .orderBy(asc(plans.position), asc(plans.id));
    let plan: PlanRow | undefined;
    if (planId != null) {
      plan = dealPlans.find((p) => p.id === planId);
      if (!plan) throw new DomainError("invalid", { planId: [PLAN_NOT_AVAILABLE] });
    } else {
      const active = dealPlans.filter((p) => p.isActive);
      plan = active.find((p) => p.highlight) ?? active[0];
      if (!plan) throw new DomainError("invalid", { planId: [PLAN_NOT_AVAILABLE] });
    }
    return { deal, plan };
  }

  function checkSale(deal: DealRow, plan: PlanRow, actor: CartActor, plusInCart: boolean) {
    const isPlusDeal = deal.slug === PLUS_DEAL_SLUG;
    const problem = saleProblem(
      { ...deal, planIsActive: plan.isActive, planIsPlusTier: plan.isPlusTier },
      {
        now: clock.now(),
        plusMember: Boolean(actor.user?.hasPlus) || plusInCart,
        isStaff: Boolean(actor.user?.isStaff),
        isAddonOrPlus: isPlusDeal,
      },
    );
    if (problem) {
      throw new DomainError("invalid", { planId: [problem] }, undefined, saleProblemCode(problem));
    }
  }

  /** Adds (or, for the same deal, switches the plan of) one top-level line. */
  async function putLine(
    tx: Tx,
    cartId: number,
    actor: CartActor,
    deal: DealRow,
    plan: PlanRow,
    dealGroupId: number | null,
  ) {
    const existing = await tx
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.cartId, cartId), isNull(cartItems.primaryPlanId)));
    if (deal.slug === PLUS_DEAL_SLUG && actor.user?.hasPlus) {
      throw new DomainError("invalid", { planId: [PLUS_ALREADY_MEMBER] });
    }
    const plusInCart = await cartHasPlus(tx, cartId);
    checkSale(deal, plan, actor, plusInCart);
    const same = existing.find((i) => i.dealId === deal.id && i.parentInvoiceItemId == null);
    const quantity = lineQuantity(deal.useLicensing, plan.codes);
    if (same) {
      if (same.planId === plan.id) return;
      // A different plan of the same deal replaces the line; its add-ons were for the old plan.
      await tx.delete(cartItems).where(eq(cartItems.parentCartItemId, same.id));
      await tx
        .update(cartItems)
        .set({ planId: plan.id, quantity, snapshotPriceCents: plan.priceCents, dealGroupId })
        .where(eq(cartItems.id, same.id));
      return;
    }
    await tx.insert(cartItems).values({
      cartId,
      dealId: deal.id,
      planId: plan.id,
      dealGroupId,
      quantity,
      snapshotPriceCents: plan.priceCents,
      createdAt: clock.now(),
    });
  }

  /**
   * putLine, with the Plus-first step when asked: a plan refused as Plus-only ("plus_required",
   * typed) comes with the Plus deal, added first in the same transaction, so Plus never stays in
   * the cart alone when the plan is refused for another reason.
   */
  async function putLineWithPlus(
    tx: Tx,
    cartId: number,
    actor: CartActor,
    line: { deal: DealRow; plan: PlanRow },
    dealGroupId: number | null,
    withPlus: boolean,
  ) {
    try {
      await putLine(tx, cartId, actor, line.deal, line.plan, dealGroupId);
    } catch (err) {
      if (!withPlus || !isDomainError(err) || err.code !== "plus_required") throw err;
      const [plusDeal] = await tx
        .select({ id: deals.id })
        .from(deals)
        .where(eq(deals.slug, PLUS_DEAL_SLUG))
        .limit(1);
      if (!plusDeal) throw err;
      const plus = await loadDealPlan(tx, plusDeal.id, undefined);
      await putLine(tx, cartId, actor, plus.deal, plus.plan, null);
      await putLine(tx, cartId, actor, line.deal, line.plan, dealGroupId);
    }
  }

  async function cartHasPlus(tx: Tx, cartId: number) {
    const [row] = await tx
      .select({ id: cartItems.id })
      .from(cartItems)
      .innerJoin(deals, eq(deals.id, cartItems.dealId))
      .where(and(eq(cartItems.cartId, cartId), eq(deals.slug, PLUS_DEAL_SLUG)))
      .limit(1);
    return Boolean(row);
  }

  /**
   * POST /api/cart/items/ and the product page's form: one deal (or every deal of a deal group);
   * all or nothing. `withPlus` takes the Plus-first step for a Plus-only plan.
   */
  async function addItem(actor: CartActor, input: AddCartItemInput): Promise<CartView> {
    const withPlus = input.withPlus === true;
    return db.transaction(async (tx) => {
      const cart = await ensureCart(tx, actor);
      if (input.dealId != null) {
        const line = await loadDealPlan(tx, input.dealId, input.planId);
        await putLineWithPlus(tx, cart.id, actor, line, input.dealGroupId ?? null, withPlus);
      } else if (input.dealGroupId != null) {
        const members = await tx
          .select()
          .from(dealGroupDeals)
          .where(eq(dealGroupDeals.dealGroupId, input.dealGroupId))
          .orderBy(asc(dealGroupDeals.position));
        if (members.length === 0) {
          throw new DomainError("invalid", { dealGroupId: [DEAL_NOT_FOUND] });
        }
        for (const m of members) {
          const line = await loadDealPlan(tx, m.dealId, input.planId ?? m.planId);
          await putLineWithPlus(tx, cart.id, actor, line, input.dealGroupId, withPlus);
        }
      }
      if (input.couponCode) await applyCouponIn(tx, cart.id, actor, input.couponCode, "couponCode");
      await tx.update(carts).set({ updatedAt: clock.now() }).where(eq(carts.id, cart.id));
      const [fresh] = await tx.select().from(carts).where(eq(carts.id, cart.id));
      return view(tx, fresh ?? null, actor);
    });
  }

  async function ownedItem(tx: Tx, actor: CartActor, itemId: number) {
    const cart = await findCart(tx, actor, true);
    if (!cart) throw new DomainError("not_found", { detail: CART_ITEM_NOT_FOUND });
    const [item] = await tx
      .select({ item: cartItems, useLicensing: deals.useLicensing })
      .from(cartItems)
      .innerJoin(deals, eq(deals.id, cartItems.dealId))
      .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cart.id)))
      .limit(1);
    if (!item) throw new DomainError("not_found", { detail: CART_ITEM_NOT_FOUND });
    return { cart, ...item };
  }

  /** PATCH /api/cart/items/{id}/: only licensing lines stack (each unit is a licence). */
  async function updateItem(actor: CartActor, itemId: number, quantity: number) {
    return db.transaction(async (tx) => {
      const { cart, item, useLicensing } = await ownedItem(tx, actor, itemId);
      if (!useLicensing || item.primaryPlanId != null) {
        if (quantity !== item.quantity) {
          throw new DomainError("invalid", { quantity: [QUANTITY_FIXED] });
        }
      } else {
        await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, item.id));
      }
      return view(tx, cart, actor);
    });
  }

  /** DELETE /api/cart/items/{id}/: a plan goes with its add-ons. */
  async function removeItem(actor: CartActor, itemId: number) {
    return db.transaction(async (tx) => {
      const { cart, item } = await ownedItem(tx, actor, itemId);
      await tx.delete(cartItems).where(eq(cartItems.id, item.id));
      const [fresh] = await tx.select().from(carts).where(eq(carts.id, cart.id));
      return view(tx, fresh ?? null, actor);
    });
  }

  /** A deal's id by slug (the Plus page adds the Plus deal by its slug). */
  async function dealIdBySlug(slug: string): Promise<number | null> {
    const [row] = await db
      .select({ id: deals.id })
      .from(deals)
      .where(eq(deals.slug, slug))
      .limit(1);
    return row?.id ?? null;
  }

  return { addItem, updateItem, removeItem, dealIdBySlug };
}
