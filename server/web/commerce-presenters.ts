/**
 * The JSON shapes of the commerce area, written once for both doors: the API (server/http/commerce)
 * and the cart, order and account pages (app/cart, app/account). Money in major units
 * (contract.md).
 */
import { creditsPay, isFreebieCart, isPaypalAvailable } from "../../domain/cart";
import { PLUS_DEAL_SLUG } from "../../domain/constants";
import { couponNotApplied, namedDiscount } from "../../domain/messages";
import { formatMoney, toMajor } from "../../domain/money";
import type { CartLine, CartView } from "../services/commerce/cart";
import type { OrderRecord } from "../services/commerce/orders";
import type { Purchase } from "../services/commerce/purchases";

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
    // The discounts the line got, named (issue 30): what the unit price already has taken off.
    campaign_name: l.campaignName,
    campaign_discount: toMajor(l.campaignDiscountCents),
    plus_discount: toMajor(l.plusDiscountCents),
    discounts: l.discounts.map((d) => ({
      kind: d.kind,
      name: d.name,
      percent: d.percent,
      amount: toMajor(d.cents),
      text: namedDiscount(d.label, formatMoney(d.cents)),
    })),
  });
  const top = v.lines.filter((l) => l.parentCartItemId == null);
  // The summary names each discount once, summed over the lines that got it.
  const named = new Map<string, { kind: string; name: string | null; cents: number }>();
  for (const d of v.lines.flatMap((l) => l.discounts)) {
    const seen = named.get(d.label);
    if (seen) seen.cents += d.cents;
    else named.set(d.label, { kind: d.kind, name: d.name, cents: d.cents });
  }
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
    /** Each discount the lines got, named and summed (issue 30); already in the subtotal. */
    discounts: [...named].map(([label, d]) => ({
      kind: d.kind,
      name: d.name,
      label,
      amount: toMajor(d.cents),
      text: namedDiscount(label, formatMoney(d.cents)),
    })),
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

/** An order as its owner or staff reads it: GET /api/orders/{id}/, checkout's answer, /orders/{id}/. */
export function orderJson(record: OrderRecord) {
  const { order: o, items } = record;
  const itemJson = (i: OrderRecord["items"][number]) => ({
    id: i.item.id,
    deal: {
      id: i.deal.id,
      slug: i.deal.slug,
      public_name: i.deal.publicName,
      product_logo: i.deal.productLogo,
      get_absolute_url: `/products/${i.deal.slug}/`,
    },
    plan: i.plan?.id ? { id: i.plan.id, public_name: i.plan.publicName, tier: i.plan.tier } : null,
    price: toMajor(i.item.priceCents),
    original_price: i.item.originalPriceCents == null ? null : toMajor(i.item.originalPriceCents),
    discount: toMajor(i.item.discountCents),
    quantity: i.item.quantity,
    unit_quantity: i.item.unitQuantity,
    licences: i.licences,
    // Codes on hold (a disputed payment) or revoked (refunded, dispute lost); absent: active.
    licence_status: Object.fromEntries(i.licencesNotActive.map((c) => [c.code, c.status])),
    // Codes the partner's product has redeemed (POST /api/partners/licences/redeem/).
    licences_redeemed: i.licencesRedeemed,
    is_plus: i.deal.slug === PLUS_DEAL_SLUG,
    refunded_at: i.item.refundedAt?.toISOString() ?? null,
    // Given to another account (the line's owner is no longer the buyer); refundable by the buyer.
    transferred: i.item.transferredToUserId != null && i.item.userId !== o.userId,
    // Replaced by an upgrade: the new line (its own order) carries the licence from then on.
    upgraded: i.item.upgradedAt != null,
    refund: {
      refundable: i.refund.refundable && i.item.upgradedAt == null,
      deadline: i.refund.deadline?.toISOString() ?? null,
      text: i.refund.text,
    },
  });
  const ids = new Set(items.map((i) => i.item.id));
  // An add-on of an earlier order's item shows as an item of its own.
  const top = items.filter(
    (i) => i.item.parentInvoiceItemId == null || !ids.has(i.item.parentInvoiceItemId),
  );
  return {
    id: o.id,
    status: o.status,
    created: o.createdAt.toISOString(),
    paid_at: o.paidAt?.toISOString() ?? null,
    subtotal: toMajor(o.subtotalCents),
    coupon_discount: toMajor(o.discountCents),
    coupon: record.couponCode,
    credit: toMajor(o.creditCents),
    total: toMajor(o.totalCents),
    currency: o.currency,
    payment_provider: o.paymentProvider,
    card: record.card,
    kind: o.kind,
    // The billing details the order was bought under (what the receipt prints).
    billing: o.billing ?? null,
    receipt_url: `/api/orders/${o.id}/receipt/`,
    items: top.map((i) => ({
      ...itemJson(i),
      addons: items.filter((a) => a.item.parentInvoiceItemId === i.item.id).map(itemJson),
    })),
  };
}

export type OrderJson = ReturnType<typeof orderJson>;

/** One of the buyer's products: GET /api/users/products/, its CSV, /account/products/. */
export function productJson(p: Purchase) {
  return {
    invoice_item: p.id,
    order_id: p.order_id,
    deal: {
      id: p.deal_id,
      slug: p.deal_slug,
      name: p.deal_name,
      product_logo: p.deal_logo,
      get_absolute_url: `/products/${p.deal_slug}/`,
    },
    plan: p.plan_id
      ? { id: p.plan_id, public_name: p.plan_name, plan_type: p.plan_type, codes: p.plan_codes }
      : null,
    price: toMajor(p.price_cents),
    quantity: p.quantity,
    is_addon: p.parent_invoice_item_id !== null,
    parent_invoice_item: p.parent_invoice_item_id,
    purchased_at: p.purchasedAt.toISOString(),
    refunded_at: p.refundedAt?.toISOString() ?? null,
    received_by_transfer: p.received_by_transfer,
    licence_codes: p.codes,
    refundable_days: p.refundable_days,
    refund: {
      refundable: p.refund.refundable,
      deadline: p.refund.deadline?.toISOString() ?? null,
      text: p.refund.text,
      reason: p.refund.refundable ? null : p.refund.reason,
    },
    // Transfer rules, mirrored for the page (the server checks them again).
    transferable: p.refundedAt === null && p.parent_invoice_item_id === null,
  };
}

export type ProductJson = ReturnType<typeof productJson>;

/** A page of the buyer's products with its paging facts. */
export const productListJson = <M>(list: { results: Purchase[]; meta: M }) => ({
  results: list.results.map(productJson),
  meta: list.meta,
});
