/**
 * The JSON shapes of the commerce area, written once for both doors: the API (server/http/commerce)
 * and the cart, order and account pages (app/cart, app/account). Money in major units
 * (contract.md).
 */
import { creditsPay, isFreebieCart, isPaypalAvailable } from "../../domain/cart";
import { couponNotApplied } from "../../domain/messages";
import { toMajor } from "../../domain/money";
import type { CartLine, CartView } from "../services/commerce/cart";

/** The cart as both doors show it (spec 001 "Cart"; money in major units, contract.md). */
export function cartJson(v: CartView) {
  const lineJson = (l: CartLine) => ({
    id: l.id,
    deal: {
      id: l.deal.id,
      slug: l.deal.slug,
      name: l.deal.name,
      public_name: l.deal.publicName,
      product_logo: l.deal.productLogo,
      media_url: l.deal.mediaUrl,
      get_absolute_url: `/products/${l.deal.slug}/`,
      use_licensing: l.deal.useLicensing,
    },
    plan: {
      id: l.plan.id,
      public_name: l.plan.publicName,
      tier: l.plan.tier,
      codes: l.plan.codes,
      price: toMajor(l.plan.priceCents),
      original_price: toMajor(l.plan.originalPriceCents),
      plan_type: l.plan.planType,
      access: l.plan.access,
    },
    deal_group_id: l.dealGroupId,
    price: toMajor(l.unitCents * l.units),
    unit_price: toMajor(l.unitCents),
    original_price: toMajor(l.originalCents * l.units),
    quantity: l.quantity,
    unit_quantity: l.unitQuantity,
    primary_plan_id: l.primaryPlanId,
    parent_invoice_data: l.parentInvoiceData,
    is_plus: l.deal.isPlusDeal,
    error: l.problem,
  });
  const top = v.lines.filter((l) => l.parentCartItemId == null);
  return {
    id: v.id,
    cart_items: top.map((l) => ({
      ...lineJson(l),
      addons: v.lines.filter((a) => a.parentCartItemId === l.id).map(lineJson),
    })),
    item_count: top.length,
    subtotal: toMajor(v.subtotalCents),
    total: toMajor(v.totalCents),
    use_credit: v.useCredit,
    credit: toMajor(v.creditBalanceCents),
    credit_applied: toMajor(v.creditAppliedCents),
    coupon: v.coupon
      ? {
          coupon_id: v.coupon.id,
          code: v.coupon.code,
          type: v.coupon.type,
          value: v.coupon.type === "fixed" ? toMajor(v.coupon.value) : v.coupon.value,
          error: v.couponProblem ? couponNotApplied(v.couponProblem) : null,
        }
      : null,
    coupon_discount: toMajor(v.couponDiscountCents),
    plus_discount: toMajor(v.plusDiscountCents),
    has_plus: v.plusMember,
    has_plus_deal: v.hasPlusDeal,
    is_freebie: isFreebieCart(v.lines.length, v.subtotalCents),
    paypal_available: isPaypalAvailable(v.lines.length, v.hasPlusDeal),
    credits_pay: creditsPay(v.totalCents, v.useCredit, v.creditAppliedCents),
    payment_kind: v.paymentKind,
    currency: "USD",
  };
}

export type CartJson = ReturnType<typeof cartJson>;
