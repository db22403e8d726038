/** Reading a cart and pricing it: the one place a cart's lines, coupon and totals are computed. */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  cartTotals,
  chargedUnits,
  couponProblem,
  paymentKind,
  referralBlockingCampaign,
  saleProblem,
} from "../../../domain/cart";
import { PLUS_DEAL_SLUG } from "../../../domain/constants";
import { liveDealCampaign, readerPrice } from "../../../domain/pricing";
import type { Db } from "../../db/client";
import {
  cartItems,
  carts,
  couponRedemptions,
  coupons,
  credits,
  deals,
  orders,
  plans,
  rewardCampaigns,
  rewardCoupons,
} from "../../db/schema";
import type { Clock } from "../../providers/clock";
import { linkedCampaigns } from "../storefront/deal-columns";
import type { LinkedCampaign } from "../storefront/deal-json";
import {
  type CartActor,
  type CartLine,
  type CartView,
  couponOwnerEmail,
  type Executor,
  lineKey,
  type Tx,
} from "./cart-types";
import { saleFactsColumns } from "./sale-facts-columns";

export type CartDeps = {
  db: Db;
  clock: Clock;
  /** Campaign prices apply only while the pricing experiment is on (spec 001 section 9). */
  campaignExperimentEnabled: boolean;
};

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

export function createCartReader(deps: CartDeps) {
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
              ...saleFactsColumns,
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
            campaigns: linkedCampaigns,
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
    // The deal's live campaign, picked as every page picks it (domain/pricing liveDealCampaign).
    const campaignByDeal = new Map<number, LinkedCampaign>();
    if (deps.campaignExperimentEnabled) {
      for (const r of rows) {
        const live = liveDealCampaign(r.campaigns, now);
        if (live && !campaignByDeal.has(r.deal.id)) campaignByDeal.set(r.deal.id, live);
      }
    }

    let plusDiscountCents = 0;
    const lines: CartLine[] = rows.map((r) => {
      const isAddon = r.item.primaryPlanId != null;
      const isPlusDeal = r.deal.slug === PLUS_DEAL_SLUG;
      const base = isAddon
        ? (r.addonCents ?? r.plan.priceCents * r.item.quantity)
        : r.plan.priceCents;
      const priced = readerPrice({
        priceCents: base,
        tier: r.plan.tier,
        campaign: isAddon ? null : (campaignByDeal.get(r.deal.id) ?? null),
        campaignExperimentEnabled: deps.campaignExperimentEnabled,
        plusMember,
        isPlusDeal,
      });
      const unitCents = priced.priceCents;
      const units = isAddon ? 1 : chargedUnits(r.deal.useLicensing, r.item.quantity);
      const linePlusDiscount = (priced.campaignCents - unitCents) * units;
      plusDiscountCents += linePlusDiscount;
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
        campaignDiscountCents: (base - priced.campaignCents) * units,
        plusDiscountCents: linePlusDiscount,
        campaignName: priced.discounts.find((d) => d.kind === "campaign")?.name ?? null,
        discounts: priced.discounts.map((d) => ({ ...d, cents: d.cents * units })),
      };
    });

    const campaignReferralBlock = referralBlockingCampaign(
      rows.map((r) => ({
        tier: r.item.primaryPlanId != null ? null : r.plan.tier,
        campaign: campaignByDeal.get(r.deal.id) ?? null,
      })),
      deps.campaignExperimentEnabled,
    );
    const balance = await creditBalance(ex, actor.user?.id ?? null);
    let coupon: CartView["coupon"] = null;
    let problem: string | null = null;
    if (cart?.couponId) {
      const [c] = await ex.select().from(coupons).where(eq(coupons.id, cart.couponId)).limit(1);
      if (c) {
        coupon = { ...c, deals: c.deals ?? [] };
        problem = couponProblem(coupon, {
          now,
          email: couponOwnerEmail(actor),
          alreadyRedeemed: await alreadyRedeemed(ex, c.id, actor),
          lines: lines.map(lineKey),
          referralBlockedBy:
            campaignReferralBlock && (await isReferralCoupon(ex, c.id))
              ? campaignReferralBlock
              : null,
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
      campaignReferralBlock,
      ...totals,
      plusDiscountCents,
      hasPlusDeal,
      plusMember,
      paymentKind: paymentKind(totals, lines.length, useCredit),
    };
  }

  /** A referral coupon: the code a "give" reward campaign handed a member for friends. */
  async function isReferralCoupon(ex: Executor, couponId: number): Promise<boolean> {
    const [row] = await ex
      .select({ id: rewardCoupons.id })
      .from(rewardCoupons)
      .innerJoin(rewardCampaigns, eq(rewardCampaigns.id, rewardCoupons.rewardCampaignId))
      .where(and(eq(rewardCoupons.couponId, couponId), eq(rewardCampaigns.rewardType, "give")))
      .limit(1);
    return Boolean(row);
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
          // "Used this coupon in a previous transaction": a refunded order spent it too, or a
          // single-use code could be bought with, refunded and bought with again forever.
          inArray(orders.status, ["paid", "refunded"]),
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

  return {
    ownerWhere,
    findCart,
    ensureCart,
    creditBalance,
    view,
    alreadyRedeemed,
    isReferralCoupon,
    get,
    count,
  };
}

export type CartReader = ReturnType<typeof createCartReader>;
