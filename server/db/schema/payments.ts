import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  DISPUTE_OUTCOMES,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  type PaymentPurpose,
  type PaymentStatus,
  REFUND_SOURCES,
  REFUND_STATUSES,
  type RefundSource,
  type RefundStatus,
} from "../../../domain/payments";
import { createdAt, nullOrOneOf, oneOf, timestamptz } from "./_helpers";
import { users } from "./accounts";
import { orders } from "./commerce";

/**
 * Our mirror of every payment (a PaymentIntent) the provider made for us. The provider is the
 * source of truth for money (DESIGN.md); this row is what ties its payment to a buyer's cart and,
 * once paid, to exactly one order: every path that completes a payment (the checkout itself, the
 * browser's return from 3-D Secure, the webhook, the orphan sweep) locks this row first.
 */
export const payments = pgTable(
  "payments",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    provider: text().notNull(),
    providerPaymentId: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    /** The order's idempotency key (u{user}:{key}): the browser's retry finds the order by it. */
    idempotencyKey: text(),
    /** What the buyer's cart was when it was charged (domain/payments.ts cartSignature). */
    cartSignature: text(),
    amountCents: integer().notNull(),
    currency: text().notNull().default("USD"),
    status: text().$type<PaymentStatus>().notNull(),
    orderId: integer().references(() => orders.id, { onDelete: "set null" }),
    providerChargeId: text(),
    /** The provider's fee and what is left for us and the partner (its balance transaction). */
    feeCents: integer(),
    netCents: integer(),
    /** What the payment is for: a cart's checkout, or a tier upgrade of one purchased line. */
    purpose: text().$type<PaymentPurpose>().notNull().default("checkout"),
    /** For an upgrade: the line and the plan it moves to, and what was quoted. */
    upgrade: jsonb().$type<{ invoice_item_id: number; plan_id: number; amount_cents: number }>(),
    /** Why a payment that succeeded made no order and was given back. */
    failureMessage: text(),
    createdAt: createdAt(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payments_provider_payment_unique").on(t.providerPaymentId),
    uniqueIndex("payments_order_unique").on(t.orderId).where(sql`${t.orderId} is not null`),
    index("payments_status_created_idx").on(t.status, t.createdAt),
    check("payments_status_check", oneOf(t.status, PAYMENT_STATUSES)),
    check("payments_purpose_check", oneOf(t.purpose, PAYMENT_PURPOSES)),
    check("payments_amount_check", sql`${t.amountCents} >= 0`),
  ],
);

/**
 * Every provider event we were sent (webhooks, the replay), stored by its id in the transaction
 * that applies it: a second delivery finds the row and changes nothing, and a failed one leaves
 * no row, so the provider's retry applies it.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: text().primaryKey(),
    provider: text().notNull(),
    type: text().notNull(),
    objectId: text(),
    /** "applied", or why nothing changed ("ignored": a type we do not handle, "unknown"). */
    outcome: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    /** When the provider made the event (its `created`). */
    occurredAt: timestamptz().notNull(),
    receivedAt: createdAt(),
  },
  (t) => [index("payment_events_received_idx").on(t.receivedAt)],
);

/**
 * Refunds of a payment, ours or made in the provider's dashboard. `invoiceItemIds` are the lines
 * it paid back (their licences revoked), restored when the refund fails.
 */
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    providerRefundId: text().notNull(),
    providerPaymentId: text().notNull(),
    orderId: integer().references(() => orders.id, { onDelete: "set null" }),
    amountCents: integer().notNull(),
    status: text().$type<RefundStatus>().notNull(),
    source: text().$type<RefundSource>().notNull(),
    invoiceItemIds: jsonb().$type<number[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payment_refunds_provider_unique").on(t.providerRefundId),
    index("payment_refunds_payment_idx").on(t.providerPaymentId),
    check("payment_refunds_status_check", oneOf(t.status, REFUND_STATUSES)),
    check("payment_refunds_source_check", oneOf(t.source, REFUND_SOURCES)),
  ],
);

/** Disputes (chargebacks): the order's licences are held while open, revoked when lost. */
export const paymentDisputes = pgTable(
  "payment_disputes",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    providerDisputeId: text().notNull(),
    providerPaymentId: text().notNull(),
    orderId: integer().references(() => orders.id, { onDelete: "set null" }),
    amountCents: integer().notNull(),
    reason: text(),
    /** The provider's status (needs_response, under_review, won, lost, ...). */
    status: text().notNull(),
    outcome: text().$type<(typeof DISPUTE_OUTCOMES)[number]>(),
    openedAt: timestamptz().notNull(),
    closedAt: timestamptz(),
  },
  (t) => [
    uniqueIndex("payment_disputes_provider_unique").on(t.providerDisputeId),
    index("payment_disputes_order_idx").on(t.orderId),
    check("payment_disputes_outcome_check", nullOrOneOf(t.outcome, DISPUTE_OUTCOMES)),
  ],
);

/** The provider's customer of each user (Stripe: cus_...), to which saved cards are attached. */
export const paymentCustomers = pgTable(
  "payment_customers",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text().notNull(),
    customerId: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.provider] }),
    uniqueIndex("payment_customers_customer_unique").on(t.customerId),
  ],
);

/**
 * The built-in test gateway's answers to its 3-D Secure challenge (approve or fail), shared by
 * every process; the intent's amount and metadata travel in its id.
 */
export const testGatewayIntents = pgTable("test_gateway_intents", {
  id: text().primaryKey(),
  status: text().notNull(),
  updatedAt: timestamptz().notNull().defaultNow(),
});
