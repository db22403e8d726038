/**
 * The cart's money rules (spec 001 sections 3, 6 and 9): line prices (campaign, then Plus),
 * coupon discount, credits, totals and which ways to pay a cart allows. Pure: the cart service
 * feeds it prices read from the database, never the client's.
 */

import { comingSoonAt } from "./deal-state";
import type { ErrorCode } from "./errors";
import {
  COUPON_EXPIRED,
  COUPON_NOT_FOR_CART,
  COUPON_NOT_FOR_EMAIL,
  COUPON_NOT_STARTED,
  COUPON_USED_UP,
  DEAL_NOT_FOR_SALE,
  DEAL_NOT_STARTED,
  DEAL_SOLD_OUT,
  EMAIL_COUPON_ALREADY_USED,
  PLAN_NOT_AVAILABLE,
  PLUS_REQUIRED,
  referralNotWithCampaign,
} from "./messages";
import type { Cents } from "./money";
import { type ReaderPriceInput, readerPrice } from "./pricing";

export type DiscountKind = "percent" | "fixed";

/** What prices one line: the plan's price and what may lower it (the one rule: readerPrice). */
export type LinePriceInput = ReaderPriceInput;

/** A line's unit price: the reader's price of domain/pricing readerPrice (campaign, then Plus). */
export function linePrice(input: LinePriceInput): Cents {
  return readerPrice(input).priceCents;
}

/** A priced line as the totals see it (add-ons are lines of their own). */
export type PricedLine = {
  dealId: number;
  planId: number | null;
  dealGroupId?: number | null;
  /** Unit price after campaign and Plus. */
  unitCents: Cents;
  /** How many units are charged (licensing stacks; other plans charge once). */
  units: number;
};

export const lineTotal = (line: PricedLine): Cents => line.unitCents * line.units;

export type CouponTerms = {
  type: DiscountKind;
  /** Percent for percent coupons; cents for fixed ones. */
  value: number;
  /** Empty = any deal; otherwise the deals, groups or plans the coupon is for. */
  deals: readonly { deal_id?: number; deal_group_id?: number; plan_id?: number | null }[];
};

/** Does a coupon restricted to some deals cover this line? */
export function couponCoversLine(coupon: CouponTerms, line: PricedLine): boolean {
  if (coupon.deals.length === 0) return true;
  return coupon.deals.some((d) => {
    const dealMatches =
      (d.deal_id != null && d.deal_id === line.dealId) ||
      (d.deal_group_id != null && d.deal_group_id === line.dealGroupId);
    if (!dealMatches) return false;
    return d.plan_id == null || d.plan_id === line.planId;
  });
}

/**
 * The coupon's discount on the lines it covers: a percent of their sum (rounded to the cent), or
 * a fixed amount; never more than what it covers, so the total never goes below 0.
 */
export function couponDiscount(coupon: CouponTerms | null, lines: readonly PricedLine[]): Cents {
  if (!coupon) return 0;
  const covered = lines
    .filter((l) => couponCoversLine(coupon, l))
    .reduce((sum, l) => sum + lineTotal(l), 0);
  const raw = coupon.type === "percent" ? Math.round((covered * coupon.value) / 100) : coupon.value;
  return Math.max(0, Math.min(covered, raw));
}

export type CartTotals = {
  subtotalCents: Cents;
  couponDiscountCents: Cents;
  /** Credit spent on this cart (0 unless use_credit). */
  creditAppliedCents: Cents;
  totalCents: Cents;
};

/** Subtotal, then the coupon, then credits (only with use_credit, never more than is owed). */
export function cartTotals(input: {
  lines: readonly PricedLine[];
  coupon: CouponTerms | null;
  creditBalanceCents: Cents;
  useCredit: boolean;
}): CartTotals {
  const subtotalCents = input.lines.reduce((sum, l) => sum + lineTotal(l), 0);
  const couponDiscountCents = couponDiscount(input.coupon, input.lines);
  const afterCoupon = subtotalCents - couponDiscountCents;
  const creditAppliedCents = input.useCredit
    ? Math.max(0, Math.min(afterCoupon, input.creditBalanceCents))
    : 0;
  return {
    subtotalCents,
    couponDiscountCents,
    creditAppliedCents,
    totalCents: afterCoupon - creditAppliedCents,
  };
}

/** "A zero-subtotal cart is a freebie." */
export const isFreebieCart = (itemCount: number, subtotalCents: Cents): boolean =>
  itemCount > 0 && subtotalCents === 0;

/** "PayPal unavailable for carts with the Plus deal or no items." */
export const isPaypalAvailable = (itemCount: number, hasPlusDeal: boolean): boolean =>
  itemCount > 0 && !hasPlusDeal;

/** "Credits pay only when total is 0 and credit is in use." */
export const creditsPay = (totalCents: Cents, useCredit: boolean, creditAppliedCents: Cents) =>
  totalCents === 0 && useCredit && creditAppliedCents > 0;

export type PaymentKind = "free" | "credits" | "card";

/**
 * How a cart is paid: a freebie (or a cart a coupon brought to 0) needs no payment; credits pay
 * when they cover everything; anything else needs a card.
 */
export function paymentKind(
  totals: CartTotals,
  itemCount: number,
  useCredit: boolean,
): PaymentKind {
  if (creditsPay(totals.totalCents, useCredit, totals.creditAppliedCents)) return "credits";
  if (isFreebieCart(itemCount, totals.subtotalCents) || totals.totalCents === 0) return "free";
  return "card";
}

/** What a coupon is checked against when it is applied and again at checkout. */
export type CouponFacts = {
  isActive: boolean;
  startDate: Date | null;
  endDate: Date | null;
  maxUses: number | null;
  usedCount: number;
  singleUse: boolean;
  /** Restricted to this address, or null. */
  email: string | null;
  code: string;
} & CouponTerms;

/**
 * Why a coupon cannot go on this cart (the {reason} of "Coupon could not be applied to your
 * cart. {reason}"), or null when it can.
 */
export function couponProblem(
  coupon: CouponFacts,
  ctx: {
    now: Date;
    /** The buyer's e-mail, when known. */
    email: string | null;
    /** The buyer already redeemed this coupon (single-use coupons). */
    alreadyRedeemed: boolean;
    lines: readonly PricedLine[];
    /**
     * For a referral coupon (a reward "give" code): the public name of a campaign pricing a line
     * of this cart that does not allow referral discounts (allow_asksumo_discount off), if any.
     */
    referralBlockedBy?: string | null;
  },
): string | null {
  if (!coupon.isActive || (coupon.endDate && coupon.endDate <= ctx.now)) return COUPON_EXPIRED;
  if (coupon.startDate && coupon.startDate > ctx.now) return COUPON_NOT_STARTED;
  if (coupon.maxUses != null && coupon.usedCount >= coupon.maxUses) return COUPON_USED_UP;
  if (
    coupon.email &&
    (!ctx.email || coupon.email.trim().toLowerCase() !== ctx.email.trim().toLowerCase())
  ) {
    return COUPON_NOT_FOR_EMAIL;
  }
  if (coupon.singleUse && ctx.alreadyRedeemed) return EMAIL_COUPON_ALREADY_USED;
  if (coupon.deals.length > 0 && !ctx.lines.some((l) => couponCoversLine(coupon, l))) {
    return COUPON_NOT_FOR_CART;
  }
  // Spec 001 section 6: "The referral coupon is applied only when the campaign allows it."
  if (ctx.referralBlockedBy) return referralNotWithCampaign(ctx.referralBlockedBy);
  return null;
}

/**
 * The campaign that keeps a referral coupon off this cart: the first line whose price a campaign
 * lowers (experiment on, the plan's tier listed) while that campaign does not allow referral
 * discounts. Null when no such line: a referral code then applies as any coupon.
 */
export function referralBlockingCampaign(
  lines: readonly {
    tier: string | number | null;
    campaign: {
      deal_tiers: readonly (string | number)[];
      public_name: string;
      allow_referral: boolean;
    } | null;
  }[],
  experimentEnabled: boolean,
): string | null {
  if (!experimentEnabled) return null;
  for (const l of lines) {
    const c = l.campaign;
    if (c && !c.allow_referral && l.tier != null && c.deal_tiers.includes(l.tier)) {
      return c.public_name;
    }
  }
  return null;
}

/** Quantity rule of the add-line-item call: 1 for licensing deals, otherwise the plan's codes. */
export const lineQuantity = (useLicensing: boolean, planCodes: number): number =>
  useLicensing ? 1 : Math.max(1, planCodes);

/** Units charged for a line: licensing lines stack (each unit is a licence); others charge once. */
export const chargedUnits = (useLicensing: boolean, quantity: number): number =>
  useLicensing ? quantity : 1;

/** What decides whether a plan of a deal may be bought now. */
export type SaleFacts = {
  dealStatus: string;
  browseDealStatus: string;
  isInfo: boolean;
  isDraft: boolean;
  isComingSoon: boolean;
  isEarlyAccess: boolean;
  isLastCall: boolean;
  startDate: Date | null;
  endDate: Date | null;
  currentStage: string;
  nextStage: string | null;
  quantityTotal: number | null;
  quantitySold: number;
  planIsActive: boolean;
  planIsPlusTier: boolean;
};

/** The typed code of a sale problem a buyer can lift by joining Plus first. */
export const saleProblemCode = (problem: string | null): ErrorCode | undefined =>
  problem === PLUS_REQUIRED ? "plus_required" : undefined;

/**
 * Why this plan cannot be bought now, or null. Add-ons are sold through their primary plan, so
 * their (Private) deal status does not stop them; the Plus deal itself is Private too.
 */
export function saleProblem(
  f: SaleFacts,
  ctx: { now: Date; plusMember: boolean; isStaff: boolean; isAddonOrPlus?: boolean },
): string | null {
  if (f.isDraft && !ctx.isStaff) return DEAL_NOT_FOR_SALE;
  if (f.dealStatus === "Private" && !ctx.isAddonOrPlus) return DEAL_NOT_FOR_SALE;
  if (f.isInfo || f.dealStatus === "Info" || f.dealStatus === "Legacy") return DEAL_NOT_FOR_SALE;
  if (f.currentStage === "inactive" && f.nextStage == null) return DEAL_NOT_FOR_SALE;
  const soldOut = f.quantityTotal != null && f.quantitySold >= f.quantityTotal;
  if (
    f.dealStatus === "Ended" ||
    f.browseDealStatus === "expired" ||
    (f.endDate != null && f.endDate <= ctx.now) ||
    soldOut
  ) {
    return DEAL_SOLD_OUT;
  }
  const early = (f.isEarlyAccess || f.isLastCall) && ctx.plusMember;
  if (
    (comingSoonAt(f.isComingSoon, f.startDate, ctx.now) ||
      (f.startDate != null && f.startDate > ctx.now)) &&
    !early
  ) {
    return DEAL_NOT_STARTED;
  }
  if (!f.planIsActive) return PLAN_NOT_AVAILABLE;
  if ((f.planIsPlusTier || f.isEarlyAccess || f.isLastCall) && !ctx.plusMember) {
    return PLUS_REQUIRED;
  }
  return null;
}
