/**
 * The cart service (spec 001 "Cart"): one surface over the cart's jobs, each in its own file:
 * reading and pricing (cart-view.ts), lines (cart-items.ts), add-ons (cart-addons.ts), coupon and
 * credits (cart-coupons.ts), and the login merge (cart-merge.ts).
 */
import { createCartAddons } from "./cart-addons";
import { createCartCoupons } from "./cart-coupons";
import { createCartItems } from "./cart-items";
import { type CartDeps, createCartReader } from "./cart-view";

export { mergeSessionCart } from "./cart-merge";
export type { CartActor, CartLine, CartView, Tx } from "./cart-types";

export function createCartService(deps: CartDeps) {
  const reader = createCartReader(deps);
  const coupons = createCartCoupons(deps, reader);
  const items = createCartItems(deps, reader, coupons);
  const { addAddons } = createCartAddons(deps, reader);
  return {
    get: reader.get,
    count: reader.count,
    dealIdBySlug: items.dealIdBySlug,
    view: reader.view,
    findCart: reader.findCart,
    addItem: items.addItem,
    updateItem: items.updateItem,
    removeItem: items.removeItem,
    addAddons,
    applyCoupon: coupons.applyCoupon,
    removeCoupon: coupons.removeCoupon,
    setUseCredit: coupons.setUseCredit,
    creditBalance: reader.creditBalance,
    findCoupon: coupons.findCoupon,
  };
}

export type CartService = ReturnType<typeof createCartService>;
