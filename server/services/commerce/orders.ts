import { and, asc, eq, inArray } from "drizzle-orm";
import { PLUS_DEAL_SLUG } from "../../../domain/constants";
import { toMajor } from "../../../domain/money";
import type { Db } from "../../db/client";
import {
  coupons,
  deals,
  invoiceItems,
  licences,
  orders,
  paymentMethods,
  plans,
} from "../../db/schema";

/**
 * Orders as their owner (or staff) reads them: GET /api/orders/{id}/ and the /orders/{id}/
 * confirmation page. Anyone else gets null, so the caller answers 404 and no order id leaks.
 */
export function createOrderService(deps: { db: Db }) {
  const { db } = deps;

  async function get(orderId: number, viewer: { id: number; isStaff: boolean } | null) {
    if (!viewer || !Number.isSafeInteger(orderId) || orderId <= 0) return null;
    const [row] = await db
      .select({
        order: orders,
        couponCode: coupons.code,
        cardBrand: paymentMethods.brand,
        cardLast4: paymentMethods.last4,
      })
      .from(orders)
      .leftJoin(coupons, eq(coupons.id, orders.couponId))
      .leftJoin(paymentMethods, eq(paymentMethods.id, orders.paymentMethodId))
      .where(eq(orders.id, orderId))
      .limit(1);
    if (!row) return null;
    if (row.order.userId !== viewer.id && !viewer.isStaff) return null;
    const items = await db
      .select({
        item: invoiceItems,
        deal: {
          id: deals.id,
          slug: deals.slug,
          publicName: deals.publicName,
          productLogo: deals.productLogo,
        },
        plan: { id: plans.id, publicName: plans.publicName, tier: plans.tier },
      })
      .from(invoiceItems)
      .innerJoin(deals, eq(deals.id, invoiceItems.dealId))
      .leftJoin(plans, eq(plans.id, invoiceItems.planId))
      .where(eq(invoiceItems.orderId, orderId))
      .orderBy(asc(invoiceItems.id));
    const ids = items.map((i) => i.item.id);
    const codes = ids.length
      ? await db
          .select({ invoiceItemId: licences.invoiceItemId, code: licences.code })
          .from(licences)
          .where(inArray(licences.invoiceItemId, ids))
          .orderBy(asc(licences.id))
      : [];
    const itemJson = (i: (typeof items)[number]) => ({
      id: i.item.id,
      deal: {
        id: i.deal.id,
        slug: i.deal.slug,
        public_name: i.deal.publicName,
        product_logo: i.deal.productLogo,
        get_absolute_url: `/products/${i.deal.slug}/`,
      },
      plan: i.plan?.id
        ? { id: i.plan.id, public_name: i.plan.publicName, tier: i.plan.tier }
        : null,
      price: toMajor(i.item.priceCents),
      original_price: i.item.originalPriceCents == null ? null : toMajor(i.item.originalPriceCents),
      discount: toMajor(i.item.discountCents),
      quantity: i.item.quantity,
      unit_quantity: i.item.unitQuantity,
      licences: codes.filter((c) => c.invoiceItemId === i.item.id).map((c) => c.code),
      is_plus: i.deal.slug === PLUS_DEAL_SLUG,
    });
    const topIds = new Set(ids);
    const top = items.filter(
      (i) => i.item.parentInvoiceItemId == null || !topIds.has(i.item.parentInvoiceItemId),
    );
    const o = row.order;
    return {
      id: o.id,
      status: o.status,
      created: o.createdAt.toISOString(),
      paid_at: o.paidAt?.toISOString() ?? null,
      subtotal: toMajor(o.subtotalCents),
      coupon_discount: toMajor(o.discountCents),
      coupon: row.couponCode,
      credit: toMajor(o.creditCents),
      total: toMajor(o.totalCents),
      currency: o.currency,
      payment_provider: o.paymentProvider,
      card: row.cardBrand ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
      items: top.map((i) => ({
        ...itemJson(i),
        addons: items.filter((a) => a.item.parentInvoiceItemId === i.item.id).map(itemJson),
      })),
    };
  }

  /** Whether the user has a paid order (used by tests and the order page's copy). */
  async function paidCount(userId: number) {
    const rows = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, "paid")));
    return rows.length;
  }

  return { get, paidCount };
}

export type OrderService = ReturnType<typeof createOrderService>;
export type OrderJson = NonNullable<Awaited<ReturnType<OrderService["get"]>>>;
