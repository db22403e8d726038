/** The cart's shared types: who owns it, a priced line, the priced cart. */
import type { CouponFacts, PaymentKind, PricedLine } from "../../../domain/cart";
import type { PriceDiscount } from "../../../domain/pricing";
import type { Db } from "../../db/client";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Executor = Db | Tx;

/** Who the cart belongs to: the signed-in user, else the anonymous session. */
export type CartActor = {
  sessionId: string | null;
  user: {
    id: number;
    email: string;
    /** An unverified address does not own the coupons bound to it (first-order, rewards). */
    emailVerified: boolean;
    hasPlus: boolean;
    isStaff: boolean;
  } | null;
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
  /** What the campaign took off this line (all units). */
  campaignDiscountCents: number;
  /** What the Plus member price took off this line (all units), after the campaign. */
  plusDiscountCents: number;
  /** The public name of the campaign that priced this line, or null. */
  campaignName: string | null;
  /** Each discount applied, named, in order (campaign, then Plus); cents for all units. */
  discounts: PriceDiscount[];
};

export type CartView = {
  id: number | null;
  lines: CartLine[];
  useCredit: boolean;
  creditBalanceCents: number;
  coupon: (CouponFacts & { id: number }) | null;
  couponProblem: string | null;
  /** The campaign keeping referral coupons off this cart (domain/cart referralBlockingCampaign). */
  campaignReferralBlock: string | null;
  subtotalCents: number;
  couponDiscountCents: number;
  creditAppliedCents: number;
  totalCents: number;
  plusDiscountCents: number;
  hasPlusDeal: boolean;
  plusMember: boolean;
  paymentKind: PaymentKind;
};

/** The facts of a line that pricing and coupon rules read (domain/cart.ts). */
export const lineKey = (l: CartLine): PricedLine => ({
  dealId: l.deal.id,
  planId: l.plan.id,
  dealGroupId: l.dealGroupId,
  unitCents: l.unitCents,
  units: l.units,
});

/**
 * The e-mail a coupon bound to an address (a first-order WELCOME code, a "receive" reward) must
 * match: only a verified address counts, so an account cannot claim another person's coupons by
 * signing up with their address.
 */
export const couponOwnerEmail = (actor: CartActor): string | null =>
  actor.user?.emailVerified ? actor.user.email : null;
