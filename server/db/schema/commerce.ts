import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
// Spec enumerations have one home, domain/constants.ts; the CHECK constraints use them.
import { REWARD_TYPES } from "../../../domain/constants";
import { LICENCE_STATUSES, type LicenceStatus } from "../../../domain/payments";
import { createdAt, oneOf, timestamptz } from "./_helpers";
import { sessions, users } from "./accounts";
import { dealGroups, deals, plans } from "./catalog";
import { DISCOUNT_TYPES, type DiscountType } from "./pages";

export const ORDER_STATUSES = ["pending", "paid", "failed", "refunded", "canceled"] as const;
export const ORDER_KINDS = ["purchase", "upgrade"] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const CREDIT_REASONS = [
  "gift_card",
  "purchase",
  "refund",
  "reward",
  "purchase_protection",
  "adjustment",
] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number];

export { REWARD_TYPES };
export type RewardType = (typeof REWARD_TYPES)[number];

export const PLUS_STATUSES = ["active", "canceled"] as const;
export type PlusStatus = (typeof PLUS_STATUSES)[number];

export const TRANSFER_STATUSES = ["initiated", "completed", "failed"] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** One entry of a bundle coupon's deals (spec 001 "Coupon (bundle)"). */
export type CouponDeal = { deal_id?: number; deal_group_id?: number; plan_id?: number | null };

// ---------------------------------------------------------------------------------------------
// Coupons
// ---------------------------------------------------------------------------------------------

/**
 * Coupons. Codes are stored upper-case and unique case-insensitively. `value` is a percent for
 * type percent, integer cents for type fixed. `deals` empty = any deal.
 */
export const coupons = pgTable(
  "coupons",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: text().notNull(),
    type: text().$type<DiscountType>().notNull(),
    value: integer().notNull(),
    deals: jsonb().$type<CouponDeal[]>().notNull().default([]),
    /** One use per e-mail address (the email-capture coupon). */
    singleUse: boolean().notNull().default(false),
    maxUses: integer(),
    usedCount: integer().notNull().default(0),
    /** Restricted to this e-mail address (sign-up coupons), or null. */
    email: text(),
    startDate: timestamptz(),
    endDate: timestamptz(),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("coupons_code_unique").on(sql`upper(${t.code})`),
    check("coupons_type_check", oneOf(t.type, DISCOUNT_TYPES)),
    check(
      "coupons_value_check",
      sql`${t.value} >= 0 and (${t.type} <> 'percent' or ${t.value} <= 100)`,
    ),
    check("coupons_used_count_check", sql`${t.usedCount} >= 0`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Carts
// ---------------------------------------------------------------------------------------------

/** A cart belongs to a signed-in user, or to an anonymous session until login merges it. */
export const carts = pgTable(
  "carts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    sessionId: text().references(() => sessions.id, { onDelete: "cascade" }),
    userId: integer().references(() => users.id, { onDelete: "cascade" }),
    useCredit: boolean().notNull().default(false),
    couponId: integer().references(() => coupons.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("carts_user_unique").on(t.userId).where(sql`${t.userId} is not null`),
    uniqueIndex("carts_session_unique").on(t.sessionId).where(sql`${t.sessionId} is not null`),
    check("carts_owner_check", sql`${t.sessionId} is not null or ${t.userId} is not null`),
  ],
);

/** Parent-invoice data of an add-on bought for an already purchased plan. */
export type ParentInvoiceData = { invoice_item_id?: number; [key: string]: unknown };

export const cartItems = pgTable(
  "cart_items",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    cartId: integer()
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    planId: integer().references(() => plans.id, { onDelete: "cascade" }),
    dealGroupId: integer().references(() => dealGroups.id, { onDelete: "set null" }),
    quantity: integer().notNull().default(1),
    /** Add-on units (linear ranges) per item. */
    unitQuantity: integer(),
    /** Price when added, for display only: checkout always re-prices from plans. */
    snapshotPriceCents: integer(),
    /** Add-ons hang off the cart item of their primary plan. */
    parentCartItemId: integer().references((): AnyPgColumn => cartItems.id, {
      onDelete: "cascade",
    }),
    primaryPlanId: integer().references(() => plans.id, { onDelete: "set null" }),
    /** An add-on for a plan bought earlier. */
    parentInvoiceItemId: integer().references((): AnyPgColumn => invoiceItems.id, {
      onDelete: "set null",
    }),
    parentInvoiceData: jsonb().$type<ParentInvoiceData>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("cart_items_cart_idx").on(t.cartId, t.id),
    index("cart_items_parent_idx").on(t.parentCartItemId),
    check("cart_items_quantity_check", sql`${t.quantity} >= 1`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Orders, invoice items, licences
// ---------------------------------------------------------------------------------------------

export type BillingSnapshot = {
  email?: string;
  billing_name?: string;
  billing_address1?: string;
  billing_address2?: string;
  billing_city?: string;
  billing_state?: string;
  country?: string;
  postal_code?: string;
  tax_id?: string;
  tax_business_name?: string;
};

export const orders = pgTable(
  "orders",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    status: text().$type<OrderStatus>().notNull().default("pending"),
    subtotalCents: integer().notNull(),
    discountCents: integer().notNull().default(0),
    creditCents: integer().notNull().default(0),
    totalCents: integer().notNull(),
    currency: text().notNull().default("USD"),
    couponId: integer().references(() => coupons.id, { onDelete: "set null" }),
    paymentMethodId: integer().references((): AnyPgColumn => paymentMethods.id, {
      onDelete: "set null",
    }),
    /** "test", "stripe", "paypal", "credits", "free". */
    paymentProvider: text(),
    providerPaymentId: text(),
    idempotencyKey: text(),
    billing: jsonb().$type<BillingSnapshot>(),
    /** "purchase" (a cart checked out) or "upgrade" (the difference paid to move a line up a tier). */
    kind: text().$type<OrderKind>().notNull().default("purchase"),
    createdAt: createdAt(),
    paidAt: timestamptz(),
  },
  (t) => [
    uniqueIndex("orders_idempotency_key_unique").on(t.idempotencyKey),
    // Webhooks and the sweep find an order by its provider payment.
    index("orders_provider_payment_idx").on(t.providerPaymentId),
    index("orders_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    check("orders_status_check", oneOf(t.status, ORDER_STATUSES)),
    check("orders_kind_check", oneOf(t.kind, ORDER_KINDS)),
    check(
      "orders_amounts_check",
      sql`${t.subtotalCents} >= 0 and ${t.discountCents} >= 0 and ${t.creditCents} >= 0 and ${t.totalCents} >= 0`,
    ),
  ],
);

/**
 * One purchased plan (a "product" of the user). user_id is the current owner: the buyer, or the
 * recipient after a transfer (transferred_to_user_id keeps the hand-over on the original row).
 */
export const invoiceItems = pgTable(
  "invoice_items",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "restrict" }),
    planId: integer().references(() => plans.id, { onDelete: "set null" }),
    dealGroupId: integer().references(() => dealGroups.id, { onDelete: "set null" }),
    priceCents: integer().notNull(),
    originalPriceCents: integer(),
    discountCents: integer().notNull().default(0),
    /** What the campaign took off this line (all units), before the Plus member discount. */
    campaignDiscountCents: integer().notNull().default(0),
    /** What the Plus member price took off this line (all units): clawed back if Plus is refunded. */
    plusDiscountCents: integer().notNull().default(0),
    quantity: integer().notNull().default(1),
    unitQuantity: integer(),
    /** An upgrade's new line points at the line it replaced (which then has upgraded_at). */
    upgradedFromInvoiceItemId: integer().references((): AnyPgColumn => invoiceItems.id, {
      onDelete: "set null",
    }),
    /** This line was upgraded to another plan: the new line carries its licences from then on. */
    upgradedAt: timestamptz(),
    /** Start of the refund window: the first purchase for an upgraded line; null means created_at. */
    windowStartedAt: timestamptz(),
    parentInvoiceItemId: integer().references((): AnyPgColumn => invoiceItems.id, {
      onDelete: "cascade",
    }),
    refundedAt: timestamptz(),
    transferredToUserId: integer().references(() => users.id, { onDelete: "set null" }),
    transferredAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    index("invoice_items_order_idx").on(t.orderId),
    index("invoice_items_user_created_idx").on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("invoice_items_deal_user_idx").on(t.dealId, t.userId),
    index("invoice_items_parent_idx").on(t.parentInvoiceItemId),
    index("invoice_items_upgraded_from_idx").on(t.upgradedFromInvoiceItemId),
    check("invoice_items_quantity_check", sql`${t.quantity} >= 1 and ${t.priceCents} >= 0`),
  ],
);

export const licences = pgTable(
  "licences",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    invoiceItemId: integer()
      .notNull()
      .references(() => invoiceItems.id, { onDelete: "cascade" }),
    code: text().notNull(),
    redeemedAt: timestamptz(),
    /** active; held while the payment is disputed; revoked once refunded or the dispute is lost. */
    status: text().$type<LicenceStatus>().notNull().default("active"),
    createdAt: createdAt(),
  },
  (t) => [
    index("licences_invoice_item_idx").on(t.invoiceItemId),
    uniqueIndex("licences_code_unique").on(t.code),
    check("licences_status_check", oneOf(t.status, LICENCE_STATUSES)),
  ],
);

export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    couponId: integer()
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    orderId: integer().references(() => orders.id, { onDelete: "cascade" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    email: text(),
    discountCents: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("coupon_redemptions_coupon_email_idx").on(t.couponId, sql`lower(${t.email})`),
    index("coupon_redemptions_user_idx").on(t.userId),
    uniqueIndex("coupon_redemptions_coupon_order_unique").on(t.couponId, t.orderId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Credits, gift cards, rewards
// ---------------------------------------------------------------------------------------------

/** Credit ledger: the balance is sum(amount_cents); spending is a negative entry. */
export const credits = pgTable(
  "credits",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amountCents: integer().notNull(),
    reason: text().$type<CreditReason>().notNull(),
    note: text(),
    orderId: integer().references(() => orders.id, { onDelete: "set null" }),
    giftCardId: integer().references((): AnyPgColumn => giftCards.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("credits_user_idx").on(t.userId, t.createdAt),
    check("credits_reason_check", oneOf(t.reason, CREDIT_REASONS)),
    check("credits_amount_check", sql`${t.amountCents} <> 0`),
  ],
);

export const giftCards = pgTable(
  "gift_cards",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: text().notNull(),
    amountCents: integer().notNull(),
    redeemedByUserId: integer().references(() => users.id, { onDelete: "set null" }),
    redeemedAt: timestamptz(),
    expiresAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("gift_cards_code_unique").on(sql`upper(${t.code})`),
    check("gift_cards_amount_check", sql`${t.amountCents} > 0`),
  ],
);

/** Refer-a-friend campaigns: "give" is the friend's discount, "receive" the sharer's reward. */
export const rewardCampaigns = pgTable(
  "reward_campaigns",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    rewardType: text().$type<RewardType>().notNull(),
    type: text().$type<DiscountType>().notNull(),
    value: integer().notNull(),
    discountDisplay: text().notNull(),
    startDate: timestamptz(),
    endDate: timestamptz(),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check("reward_campaigns_reward_type_check", oneOf(t.rewardType, REWARD_TYPES)),
    check("reward_campaigns_type_check", oneOf(t.type, DISCOUNT_TYPES)),
    check("reward_campaigns_value_check", sql`${t.value} >= 0`),
  ],
);

/** A coupon a user got from a reward campaign (coupons[].code). */
export const rewardCoupons = pgTable(
  "reward_coupons",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rewardCampaignId: integer()
      .notNull()
      .references(() => rewardCampaigns.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    couponId: integer()
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    removedAt: timestamptz(),
  },
  (t) => [
    index("reward_coupons_user_idx").on(t.userId, t.rewardCampaignId),
    uniqueIndex("reward_coupons_coupon_unique").on(t.couponId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Payment methods, billing and tax details
// ---------------------------------------------------------------------------------------------

export const paymentMethods = pgTable(
  "payment_methods",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** "test" (built-in gateway) or "stripe". */
    provider: text().notNull().default("test"),
    /** The provider's payment method id (pm_...). */
    providerId: text().notNull(),
    fingerprint: text().notNull(),
    brand: text().notNull(),
    last4: text().notNull(),
    expMonth: smallint().notNull(),
    expYear: smallint().notNull(),
    isDefault: boolean().notNull().default(false),
    country: text(),
    postalCode: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index("payment_methods_user_idx").on(t.userId),
    uniqueIndex("payment_methods_user_fingerprint_unique").on(t.userId, t.fingerprint),
    uniqueIndex("payment_methods_one_default").on(t.userId).where(sql`${t.isDefault}`),
    check("payment_methods_exp_month_check", sql`${t.expMonth} between 1 and 12`),
  ],
);

export const billingDetails = pgTable(
  "billing_details",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    billingName: text(),
    billingAddress1: text(),
    billingAddress2: text(),
    billingCity: text(),
    billingState: text(),
    country: text().notNull(),
    postalCode: text(),
    isDefault: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    index("billing_details_user_idx").on(t.userId),
    uniqueIndex("billing_details_one_default").on(t.userId).where(sql`${t.isDefault}`),
  ],
);

export const taxDetails = pgTable(
  "tax_details",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    country: text(),
    taxId: text(),
    businessName: text().notNull(),
    /** Tax id type (e.g. au_abn, eu_vat). */
    type: text(),
    isTaxExempt: boolean().notNull().default(false),
    exemptStart: date({ mode: "string" }),
    exemptEnd: date({ mode: "string" }),
    isDefault: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    index("tax_details_user_idx").on(t.userId),
    uniqueIndex("tax_details_one_default").on(t.userId).where(sql`${t.isDefault}`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Plus
// ---------------------------------------------------------------------------------------------

export const plusSubscriptions = pgTable(
  "plus_subscriptions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The provider's subscription id (a test-gateway id when Stripe is not configured). */
    stripeSubscriptionId: text().notNull(),
    status: text().$type<PlusStatus>().notNull().default("active"),
    priceCents: integer().notNull(),
    currentPeriodStart: timestamptz().notNull().defaultNow(),
    currentPeriodEnd: timestamptz().notNull(),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    canceledAt: timestamptz(),
    paymentMethodId: integer().references(() => paymentMethods.id, { onDelete: "set null" }),
    /** The renewal reminder for the current period went out. */
    remindedAt: timestamptz(),
    /** The renewal charge failed (declined, needs authentication): the member was asked to fix it. */
    renewalFailedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("plus_subscriptions_stripe_id_unique").on(t.stripeSubscriptionId),
    index("plus_subscriptions_user_idx").on(t.userId, t.status),
    check("plus_subscriptions_status_check", oneOf(t.status, PLUS_STATUSES)),
  ],
);

export const plusCancelReasons = pgTable(
  "plus_cancel_reasons",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer()
      .notNull()
      .references(() => plusSubscriptions.id, { onDelete: "cascade" }),
    reason: text().notNull(),
    feedback: text(),
    createdAt: createdAt(),
  },
  (t) => [index("plus_cancel_reasons_subscription_idx").on(t.subscriptionId)],
);

// ---------------------------------------------------------------------------------------------
// Product transfers
// ---------------------------------------------------------------------------------------------

export const productTransfers = pgTable(
  "product_transfers",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    invoiceItemId: integer()
      .notNull()
      .references(() => invoiceItems.id, { onDelete: "cascade" }),
    fromUserId: integer().references(() => users.id, { onDelete: "set null" }),
    toUserId: integer().references(() => users.id, { onDelete: "set null" }),
    toEmail: text().notNull(),
    planId: integer().references(() => plans.id, { onDelete: "set null" }),
    status: text().$type<TransferStatus>().notNull().default("initiated"),
    createdAt: createdAt(),
    completedAt: timestamptz(),
  },
  (t) => [
    index("product_transfers_invoice_item_idx").on(t.invoiceItemId),
    index("product_transfers_from_user_idx").on(t.fromUserId),
    check("product_transfers_status_check", oneOf(t.status, TRANSFER_STATUSES)),
  ],
);

export type Coupon = typeof coupons.$inferSelect;
export type Cart = typeof carts.$inferSelect;
export type CartItem = typeof cartItems.$inferSelect;
export type NewCartItem = typeof cartItems.$inferInsert;
export type Order = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type InvoiceItem = typeof invoiceItems.$inferSelect;
export type NewInvoiceItem = typeof invoiceItems.$inferInsert;
export type Licence = typeof licences.$inferSelect;
export type CouponRedemption = typeof couponRedemptions.$inferSelect;
export type Credit = typeof credits.$inferSelect;
export type GiftCard = typeof giftCards.$inferSelect;
export type RewardCampaign = typeof rewardCampaigns.$inferSelect;
export type RewardCoupon = typeof rewardCoupons.$inferSelect;
export type PaymentMethod = typeof paymentMethods.$inferSelect;
export type BillingDetail = typeof billingDetails.$inferSelect;
export type TaxDetail = typeof taxDetails.$inferSelect;
export type PlusSubscription = typeof plusSubscriptions.$inferSelect;
export type PlusCancelReason = typeof plusCancelReasons.$inferSelect;
export type ProductTransfer = typeof productTransfers.$inferSelect;
