/** Add-ons in bulk: each hangs off its primary plan's line in the cart or an owned invoice item. */
import { and, eq, isNull } from "drizzle-orm";
import { DomainError } from "../../../domain/errors";
import { ADDONS_ADD_FAILED } from "../../../domain/messages";
import type { AddonItemInput } from "../../../domain/schemas/cart";
import {
  addonAssociations,
  addonPrimaryPlanValues,
  cartItems,
  invoiceItems,
  orders,
  plans,
} from "../../db/schema";
import { offeredAddonLine } from "./addon-offers";
import type { CartActor, CartView } from "./cart-types";
import type { CartDeps, CartReader } from "./cart-view";

export function createCartAddons(deps: CartDeps, reader: CartReader) {
  const { db, clock } = deps;
  const { ensureCart, view } = reader;

  /**
   * POST /api/cart/addons/: every add-on must be sold for its primary plan (an add-on association
   * of that plan) and hang off that plan's line in the cart or an invoice item the user owns.
   * All or nothing: one bad add-on and none is added.
   */
  async function addAddons(actor: CartActor, items: AddonItemInput[]): Promise<CartView> {
    const fail = () => new DomainError("invalid", { detail: ADDONS_ADD_FAILED });
    return db.transaction(async (tx) => {
      const cart = await ensureCart(tx, actor);
      const lines = await tx
        .select()
        .from(cartItems)
        .where(and(eq(cartItems.cartId, cart.id), isNull(cartItems.primaryPlanId)));
      for (const a of items) {
        const [plan] = await tx.select().from(plans).where(eq(plans.id, a.plan_id)).limit(1);
        if (!plan?.isActive || (a.deal_id != null && plan.dealId !== a.deal_id)) throw fail();
        // Without a primary plan id, the add-on's association names it (the one plan in the cart).
        const assocRows = await tx
          .select({ primaryPlanId: addonPrimaryPlanValues.primaryPlanId })
          .from(addonAssociations)
          .innerJoin(
            addonPrimaryPlanValues,
            eq(addonPrimaryPlanValues.id, addonAssociations.primaryPlanValueId),
          )
          .where(
            and(
              eq(addonAssociations.addonPlanId, plan.id),
              a.primary_plan_id != null
                ? eq(addonPrimaryPlanValues.primaryPlanId, a.primary_plan_id)
                : undefined,
            ),
          );
        const primaryIds = new Set(assocRows.map((r) => r.primaryPlanId));
        if (primaryIds.size === 0) throw fail();
        const invoiceItemId = Number(a.parent_invoice_data?.invoice_item_id ?? Number.NaN);
        let parentCartItemId: number | null = null;
        let parentInvoiceItemId: number | null = null;
        let primaryPlanId: number | null = null;
        if (Number.isInteger(invoiceItemId) && invoiceItemId > 0) {
          if (!actor.user) throw fail();
          const [owned] = await tx
            .select({ id: invoiceItems.id, planId: invoiceItems.planId })
            .from(invoiceItems)
            .innerJoin(orders, eq(orders.id, invoiceItems.orderId))
            .where(
              and(
                eq(invoiceItems.id, invoiceItemId),
                eq(invoiceItems.userId, actor.user.id),
                eq(orders.status, "paid"),
                isNull(invoiceItems.refundedAt),
              ),
            )
            .limit(1);
          if (!owned?.planId || !primaryIds.has(owned.planId)) throw fail();
          parentInvoiceItemId = owned.id;
          primaryPlanId = owned.planId;
        } else {
          const parent = lines.find((l) => l.planId != null && primaryIds.has(l.planId));
          if (!parent?.planId) throw fail();
          parentCartItemId = parent.id;
          primaryPlanId = parent.planId;
        }
        // Choosing an add-on again replaces the earlier choice of the same add-on deal.
        await tx
          .delete(cartItems)
          .where(
            and(
              eq(cartItems.cartId, cart.id),
              eq(cartItems.dealId, plan.dealId),
              parentCartItemId != null
                ? eq(cartItems.parentCartItemId, parentCartItemId)
                : eq(cartItems.parentInvoiceItemId, parentInvoiceItemId as number),
            ),
          );
        // Only a quantity the add-on's cell offers (money: never the client's count).
        const offered = await offeredAddonLine(tx, plan.id, primaryPlanId, a);
        await tx.insert(cartItems).values({
          cartId: cart.id,
          dealId: plan.dealId,
          planId: plan.id,
          quantity: offered.quantity,
          unitQuantity: offered.unitQuantity,
          snapshotPriceCents: plan.priceCents,
          parentCartItemId,
          parentInvoiceItemId,
          primaryPlanId,
          parentInvoiceData: a.parent_invoice_data ?? null,
          createdAt: clock.now(),
        });
      }
      return view(tx, cart, actor);
    });
  }

  return { addAddons };
}
