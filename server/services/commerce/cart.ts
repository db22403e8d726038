import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { PLUS_DEAL_SLUG } from "../../../domain/constants";
import {
  cartTotals,
  chargedUnits,
  isFreebieCart,
  isPaypalAvailable,
  lineQuantity,
  linePrice,
  paymentKind,
  type CouponFacts,
  type PaymentKind,
  type PricedLine,
  couponProblem,
  creditsPay,
  saleProblem,
} from "../../../domain/cart";
import {
  ADDONS_ADD_FAILED,
  CART_ITEM_NOT_FOUND,
  COUPON_NOT_FOUND,
  DEAL_NOT_FOUND,
  PLAN_NOT_AVAILABLE,
  PLUS_ALREADY_MEMBER,
  QUANTITY_FIXED,
  couponNotApplied,
} from "../../../domain/messages";
import type { AddCartItemInput, AddonItemInput } from "../../../domain/schemas/cart";
import { toMajor } from "../../../domain/money";
import type { Db } from "../../db/client";
import {
  addonAssociations,
  addonPrimaryPlanValues,
  campaignDeals,
  campaigns,
  cartItems,
  carts,
  couponRedemptions,
  coupons,
  credits,
  dealGroupDeals,
  deals,
  invoiceItems,
  orders,
  plans,
} from "../../db/schema";
import { DomainError } from "../../../domain/errors";
import type { Clock } from "../../providers/clock";
import { offeredAddonLine } from "./addon-offers";
import { assertNotOwnGiveCode } from "./rewards";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Executor = Db | Tx;

/** Who the cart belongs to: the signed-in user, else the anonymous session. */
export type CartActor = {
  sessionId: string | null;
  user: { id: number; email: string; hasPlus: boolean; isStaff: boolean } | null;
};

/** A cart line with everything pricing and display need, read fresh from the database. */
export type CartLine = {
  id: number;
  parentCartItemId: number | null;
  parentInvoiceItemId: number | null;
  parentInvoiceData: Record<string, unknown> | null;
  primaryPlanId: number | null;
  dealGroupId: number | null;
  quantity: number;
  unitQuantity: number | null;
  deal: {
    id: number;
    slug: string;
    name: string;
    publicName: string;
    productLogo: string | null;
    mediaUrl: string | null;
    useLicensing: boolean;
    quantityTotal: number | null;
    isPlusDeal: boolean;
  };
  plan: {
    id: number;
    publicName: string;
    tier: number;
    codes: number;
    priceCents: number;
    originalPriceCents: number;
    planType: string;
    access: string;
  };
  /** The sale facts (re-checked at checkout). */
  problem: string | null;
  isAddon: boolean;
  /** Add-ons sold as licences get codes too. */
  isLicensing: boolean;
  /** Unit price after campaign and Plus; for add-ons the selection's total. */
  unitCents: number;
  units: number;
  originalCents: number;
};

export type CartView = {
  id: number | null;
  lines: CartLine[];
  useCredit: boolean;
  creditBalanceCents: number;
  coupon: (CouponFacts & { id: number }) | null;
  couponProblem: string | null;
  subtotalCents: number;
  couponDiscountCents: number;
  creditAppliedCents: number;
  totalCents: number;
  plusDiscountCents: number;
  hasPlusDeal: boolean;
  plusMember: boolean;
  paymentKind: PaymentKind;
};

const lineKey = (l: CartLine): PricedLine => ({
  dealId: l.deal.id,
  planId: l.plan.id,
  dealGroupId: l.dealGroupId,
  unitCents: l.unitCents,
  units: l.units,
});

/** An add-on line's price: the add-on value's total for the chosen units, else price x quantity. */
const addonBaseCents = sql<number | null>`(select case when aa.purchase_state = 'included_free'
    then 0 else coalesce((select av.total_price_cents from addon_values av
      where av.primary_plan_value_id = aa.primary_plan_value_id and av.addon_plan_id = ${cartItems.planId}
        and (${cartItems.unitQuantity} is null or av.quantity_value = ${cartItems.unitQuantity})
      order by av.position limit 1), aa.addon_price_cents * ${cartItems.quantity}) end
  from addon_associations aa join addon_primary_plan_values ppv on ppv.id = aa.primary_plan_value_id
  where aa.addon_plan_id = ${cartItems.planId} and ppv.primary_plan_id = ${cartItems.primaryPlanId}
  order by aa.id limit 1)`;

const addonIsLicensing = sql<boolean>`coalesce((select aa.is_licensing from addon_associations aa
  join addon_primary_plan_values ppv on ppv.id = aa.primary_plan_value_id
  where aa.addon_plan_id = ${cartItems.planId} and ppv.primary_plan_id = ${cartItems.primaryPlanId}
  order by aa.id limit 1), false)`;

export function createCartService(deps: {
  db: Db;
  clock: Clock;
  /** Campaign prices apply only while the pricing experiment is on (spec 001 section 9). */
  campaignExperimentEnabled: boolean;
}) {
  const { db, clock } = deps;

  function ownerWhere(actor: CartActor) {
    if (actor.user) return eq(carts.userId, actor.user.id);
    if (actor.sessionId) return and(eq(carts.sessionId, actor.sessionId), isNull(carts.userId));
    return null;
  }

  async function findCart(ex: Executor, actor: CartActor, lock = false) {
    const where = ownerWhere(actor);
    if (!where) return null;
    const query = ex.select().from(carts).where(where).limit(1);
    const rows = lock ? await query.for("update") : await query;
    return rows[0] ?? null;
  }

  /** The actor's cart, created on first use (one per user, one per anonymous session). */
  async function ensureCart(tx: Tx, actor: CartActor) {
    const found = await findCart(tx, actor, true);
    if (found) return found;
    const now = clock.now();
    const values = actor.user
      ? { userId: actor.user.id, createdAt: now, updatedAt: now }
      : { sessionId: actor.sessionId, createdAt: now, updatedAt: now };
    await tx.insert(carts).values(values).onConflictDoNothing();
    const cart = await findCart(tx, actor, true);
    if (!cart) throw new Error("cart could not be created");
    return cart;
  }

  async function creditBalance(ex: Executor, userId: number | null): Promise<number> {
    if (!userId) return 0;
    const [row] = await ex
      .select({ n: sql<number>`coalesce(sum(${credits.amountCents}), 0)::int` })
      .from(credits)
      .where(eq(credits.userId, userId));
    return row?.n ?? 0;
  }

  /** Reads a cart and prices it from the database (never from what the client sent). */
  async function view(
    ex: Executor,
    cart: typeof carts.$inferSelect | null,
    actor: CartActor,
  ): Promise<CartView> {
    const now = clock.now();
    const rows = cart
      ? await ex
          .select({
            item: cartItems,
            deal: {
              id: deals.id,
              slug: deals.slug,
              name: deals.name,
              publicName: deals.publicName,
              productLogo: deals.productLogo,
              mediaUrl: deals.mediaUrl,
              useLicensing: deals.useLicensing,
              dealStatus: deals.dealStatus,
              browseDealStatus: deals.browseDealStatus,
              isInfo: deals.isInfo,
              isDraft: deals.isDraft,
              isComingSoon: deals.isComingSoon,
              isEarlyAccess: deals.isEarlyAccess,
              isLastCall: deals.isLastCall,
              startDate: deals.startDate,
              endDate: deals.endDate,
              currentStage: deals.currentStage,
              nextStage: deals.nextStage,
              quantityTotal: deals.quantityTotal,
              quantitySold: deals.quantitySold,
            },
            plan: {
              id: plans.id,
              publicName: plans.publicName,
              tier: plans.tier,
              codes: plans.codes,
              priceCents: plans.priceCents,
              originalPriceCents: plans.originalPriceCents,
              planType: plans.planType,
              access: plans.access,
              isActive: plans.isActive,
              isPlusTier: plans.isPlusTier,
            },
            addonCents: addonBaseCents,
            addonLicensing: addonIsLicensing,
          })
          .from(cartItems)
          .innerJoin(deals, eq(deals.id, cartItems.dealId))
          .innerJoin(plans, eq(plans.id, cartItems.planId))
          .where(eq(cartItems.cartId, cart.id))
          .orderBy(asc(cartItems.id))
      : [];

    const hasPlusDeal = rows.some((r) => r.deal.slug === PLUS_DEAL_SLUG);
    const plusMember = Boolean(actor.user?.hasPlus) || hasPlusDeal;
    const dealIds = [...new Set(rows.map((r) => r.deal.id))];
    const campaignByDeal = new Map<
      number,
      { type: "percent" | "fixed"; value: number; deal_tiers: number[] }
    >();
    if (deps.campaignExperimentEnabled && dealIds.length) {
      const found = await ex
        .select({
          dealId: campaignDeals.dealId,
          type: campaigns.type,
          value: campaigns.value,
          dealTiers: campaigns.dealTiers,
        })
        .from(campaignDeals)
        .innerJoin(campaigns, eq(campaigns.id, campaignDeals.campaignId))
        .where(
          and(
            inArray(campaignDeals.dealId, dealIds),
            eq(campaigns.isActive, true),
            sql`(${campaigns.startDate} is null or ${campaigns.startDate} <= ${now.toISOString()}::timestamptz)`,
            sql`(${campaigns.endDate} is null or ${campaigns.endDate} > ${now.toISOString()}::timestamptz)`,
          ),
        )
        .orderBy(asc(campaigns.id));
      for (const c of found) {
        if (!campaignByDeal.has(c.dealId)) {
          campaignByDeal.set(c.dealId, { type: c.type, value: c.value, deal_tiers: c.dealTiers });
        }
      }
    }

    let plusDiscountCents = 0;
    const lines: CartLine[] = rows.map((r) => {
      const isAddon = r.item.primaryPlanId != null;
      const isPlusDeal = r.deal.slug === PLUS_DEAL_SLUG;
      const base = isAddon
        ? (r.addonCents ?? r.plan.priceCents * r.item.quantity)
        : r.plan.priceCents;
      const priceInput = {
        priceCents: base,
        tier: r.plan.tier,
        campaign: isAddon ? null : (campaignByDeal.get(r.deal.id) ?? null),
        campaignExperimentEnabled: deps.campaignExperimentEnabled,
        isPlusDeal,
      };
      const unitCents = linePrice({ ...priceInput, plusMember });
      const units = isAddon ? 1 : chargedUnits(r.deal.useLicensing, r.item.quantity);
      if (plusMember) {
        plusDiscountCents += (linePrice({ ...priceInput, plusMember: false }) - unitCents) * units;
      }
      return {
        id: r.item.id,
        parentCartItemId: r.item.parentCartItemId,
        parentInvoiceItemId: r.item.parentInvoiceItemId,
        parentInvoiceData: r.item.parentInvoiceData ?? null,
        primaryPlanId: r.item.primaryPlanId,
        dealGroupId: r.item.dealGroupId,
        quantity: r.item.quantity,
        unitQuantity: r.item.unitQuantity,
        deal: {
          id: r.deal.id,
          slug: r.deal.slug,
          name: r.deal.name,
          publicName: r.deal.publicName,
          productLogo: r.deal.productLogo,
          mediaUrl: r.deal.mediaUrl,
          useLicensing: r.deal.useLicensing,
          quantityTotal: r.deal.quantityTotal,
          isPlusDeal,
        },
        plan: r.plan,
        problem: saleProblem(
          { ...r.deal, planIsActive: r.plan.isActive, planIsPlusTier: r.plan.isPlusTier },
          {
            now,
            plusMember,
            isStaff: Boolean(actor.user?.isStaff),
            isAddonOrPlus: isAddon || isPlusDeal,
          },
        ),
        isAddon,
        isLicensing: isAddon ? r.addonLicensing : r.deal.useLicensing,
        unitCents,
        units,
        originalCents: isAddon ? base : r.plan.originalPriceCents,
      };
    });

    const balance = await creditBalance(ex, actor.user?.id ?? null);
    let coupon: CartView["coupon"] = null;
    let problem: string | null = null;
    if (cart?.couponId) {
      const [c] = await ex.select().from(coupons).where(eq(coupons.id, cart.couponId)).limit(1);
      if (c) {
        coupon = { ...c, deals: c.deals ?? [] };
        problem = couponProblem(coupon, {
          now,
          email: actor.user?.email ?? null,
          alreadyRedeemed: await alreadyRedeemed(ex, c.id, actor),
          lines: lines.map(lineKey),
        });
      }
    }
    const useCredit = Boolean(cart?.useCredit) && balance > 0;
    const totals = cartTotals({
      lines: lines.map(lineKey),
      // A coupon that stopped applying (expired, another cart) gives no discount.
      coupon: problem ? null : coupon,
      creditBalanceCents: balance,
      useCredit,
    });
    return {
      id: cart?.id ?? null,
      lines,
      useCredit,
      creditBalanceCents: balance,
      coupon,
      couponProblem: problem,
      ...totals,
      plusDiscountCents,
      hasPlusDeal,
      plusMember,
      paymentKind: paymentKind(totals, lines.length, useCredit),
    };
  }

  async function alreadyRedeemed(ex: Executor, couponId: number, actor: CartActor) {
    if (!actor.user) return false;
    const [row] = await ex
      .select({ id: couponRedemptions.id })
      .from(couponRedemptions)
      .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
      .where(
        and(
          eq(couponRedemptions.couponId, couponId),
          eq(orders.status, "paid"),
          sql`(${couponRedemptions.userId} = ${actor.user.id} or lower(${couponRedemptions.email}) = ${actor.user.email.toLowerCase()})`,
        ),
      )
      .limit(1);
    return Boolean(row);
  }

  async function get(actor: CartActor): Promise<CartView> {
    const cart = await findCart(db, actor);
    return view(db, cart, actor);
  }

  /** How many lines the header's cart badge shows (add-ons count with their plan). */
  async function count(actor: CartActor): Promise<number> {
    const where = ownerWhere(actor);
    if (!where) return 0;
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(and(where, isNull(cartItems.primaryPlanId)));
    return row?.n ?? 0;
  }

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
        email: actor.user?.email ?? null,
        alreadyRedeemed: await alreadyRedeemed(tx, c.id, actor),
        lines: current.lines.map(lineKey),
      },
    );
    if (reason) throw new DomainError("invalid", { [field]: [couponNotApplied(reason)] });
    await tx
      .update(carts)
      .set({ couponId: c.id, updatedAt: clock.now() })
      .where(eq(carts.id, cartId));
  }

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
    if (problem) throw new DomainError("invalid", { planId: [problem] });
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

  async function cartHasPlus(tx: Tx, cartId: number) {
    const [row] = await tx
      .select({ id: cartItems.id })
      .from(cartItems)
      .innerJoin(deals, eq(deals.id, cartItems.dealId))
      .where(and(eq(cartItems.cartId, cartId), eq(deals.slug, PLUS_DEAL_SLUG)))
      .limit(1);
    return Boolean(row);
  }

  /** POST /api/cart/items/: one deal (or every deal of a deal group); all or nothing. */
  async function addItem(actor: CartActor, input: AddCartItemInput): Promise<CartView> {
    return db.transaction(async (tx) => {
      const cart = await ensureCart(tx, actor);
      if (input.dealId != null) {
        const { deal, plan } = await loadDealPlan(tx, input.dealId, input.planId);
        await putLine(tx, cart.id, actor, deal, plan, input.dealGroupId ?? null);
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
          const { deal, plan } = await loadDealPlan(tx, m.dealId, input.planId ?? m.planId);
          await putLine(tx, cart.id, actor, deal, plan, input.dealGroupId);
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

  /** A deal's id by slug (the Plus page adds the Plus deal by its slug). */
  async function dealIdBySlug(slug: string): Promise<number | null> {
    const [row] = await db
      .select({ id: deals.id })
      .from(deals)
      .where(eq(deals.slug, slug))
      .limit(1);
    return row?.id ?? null;
  }

  return {
    get,
    count,
    dealIdBySlug,
    view,
    findCart,
    addItem,
    updateItem,
    removeItem,
    addAddons,
    applyCoupon,
    removeCoupon,
    setUseCredit,
    creditBalance,
    findCoupon,
  };
}

export type CartService = ReturnType<typeof createCartService>;

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

/** The cart as the API answers it (spec 001 "Cart"; money in major units, contract.md). */
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
