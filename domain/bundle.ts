/**
 * Bundle add-to-cart (spec 001 section 4 "Bundle add-to-cart", section 5): every deal of a
 * coupon bundle needs a deal id or a deal group id, else the bundle is invalid and nothing is
 * added; the deals are added one at a time, in order, and only the last line carries the coupon.
 */

export interface BundleDeal {
  deal_id?: number | null;
  deal_group_id?: number | null;
  plan_id?: number | null;
}

export interface BundleCoupon {
  code: string;
  deals: readonly BundleDeal[];
}

/** One POST /api/cart/items/ body (contract.md). */
export interface BundleCartItem {
  dealId: number | null;
  dealGroupId: number | null;
  planId: number | null;
  couponCode: string | null;
  quantity: number;
}

const isId = (id: unknown): id is number =>
  typeof id === "number" && Number.isInteger(id) && id > 0;

/** A bundle is valid when it has deals and each has a deal id or a deal group id. */
export const isValidBundle = (coupon: BundleCoupon | null | undefined): coupon is BundleCoupon =>
  coupon != null &&
  coupon.deals.length > 0 &&
  coupon.deals.every((d) => isId(d.deal_id) || isId(d.deal_group_id));

/**
 * The cart lines of a bundle, in order, the coupon on the last one only; null for an invalid
 * bundle. The server applies each plan's quantity rule, so 1 is sent.
 */
export const bundleCartItems = (
  coupon: BundleCoupon | null | undefined,
): BundleCartItem[] | null => {
  if (!isValidBundle(coupon)) return null;
  const last = coupon.deals.length - 1;
  return coupon.deals.map((d, i) => ({
    dealId: isId(d.deal_id) ? d.deal_id : null,
    dealGroupId: isId(d.deal_group_id) ? d.deal_group_id : null,
    planId: isId(d.plan_id) ? d.plan_id : null,
    couponCode: i === last && coupon.code ? coupon.code : null,
    quantity: 1,
  }));
};
