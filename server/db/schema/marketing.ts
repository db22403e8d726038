import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, oneOf, timestamptz } from "./_helpers";
import { users } from "./accounts";
import { deals } from "./catalog";

export const OUTBOX_KINDS = ["email", "job"] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export const OUTBOX_STATUSES = ["pending", "done", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** Waitlist of an informational or inactive deal; one sign-up per e-mail and deal. */
export const waitlistSignups = pgTable(
  "waitlist_signups",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: text().notNull(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    content: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("waitlist_signups_email_deal_unique").on(sql`lower(${t.email})`, t.dealId),
    index("waitlist_signups_deal_idx").on(t.dealId),
  ],
);

/** Restock / notification sign-ups ("Notify me when it returns"), per component slug. */
export const notificationSignups = pgTable(
  "notification_signups",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: text().notNull(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    componentSlug: text().notNull().default(""),
    createdAt: createdAt(),
    notifiedAt: timestamptz(),
  },
  (t) => [
    uniqueIndex("notification_signups_email_deal_component_unique").on(
      sql`lower(${t.email})`,
      t.dealId,
      t.componentSlug,
    ),
    index("notification_signups_pending_idx").on(t.dealId, t.notifiedAt),
  ],
);

/** E-mail list sign-ups (email capture, subscribe blocks, 404 offer). */
export const emailSubscriptions = pgTable(
  "email_subscriptions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    source: text(),
    campaign: text(),
    medium: text(),
    content: text(),
    component: text(),
    custom: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** The first-order coupon sent to this address. */
    couponCode: text(),
    unsubscribeToken: text().notNull(),
    unsubscribedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_subscriptions_email_lower_unique").on(sql`lower(${t.email})`),
    uniqueIndex("email_subscriptions_unsubscribe_token_unique").on(t.unsubscribeToken),
  ],
);

export type ShortLinkExperimentData = Record<string, unknown>;

/** Share links: /s/{code} redirects to url. (kind, key) is the share kind and the shared key. */
export const shortLinks = pgTable(
  "short_links",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: text().notNull(),
    kind: text().notNull(),
    key: text().notNull(),
    url: text().notNull(),
    experimentData: jsonb().$type<ShortLinkExperimentData>(),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    clicks: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("short_links_code_unique").on(t.code),
    index("short_links_kind_key_idx").on(t.kind, t.key),
  ],
);

/** Exchange rates from USD: 1 USD = rate units of currency. */
export const currencyRates = pgTable(
  "currency_rates",
  {
    currency: text().primaryKey(),
    rate: numeric({ precision: 18, scale: 8 }).notNull(),
    symbol: text(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    check("currency_rates_currency_check", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("currency_rates_rate_check", sql`${t.rate} > 0`),
  ],
);

/**
 * Transactional outbox for e-mail and background jobs: written in the same transaction as the
 * change, polled with FOR UPDATE SKIP LOCKED by an in-process worker in every app process.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kind: text().$type<OutboxKind>().notNull(),
    topic: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    status: text().$type<OutboxStatus>().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    lastError: text(),
    runAfter: timestamptz().notNull().defaultNow(),
    lockedAt: timestamptz(),
    lockedBy: text(),
    createdAt: createdAt(),
    doneAt: timestamptz(),
  },
  (t) => [
    index("outbox_status_run_after_idx").on(t.status, t.runAfter),
    index("outbox_created_idx").on(t.createdAt.desc().nullsFirst()),
    check("outbox_kind_check", oneOf(t.kind, OUTBOX_KINDS)),
    check("outbox_status_check", oneOf(t.status, OUTBOX_STATUSES)),
  ],
);

/** Server-side analytics events (e.g. view_item), for reports; nothing reads them on a page. */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    sessionId: text(),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    dealId: integer().references(() => deals.id, { onDelete: "set null" }),
    properties: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("analytics_events_name_created_idx").on(t.name, t.createdAt)],
);

export type WaitlistSignup = typeof waitlistSignups.$inferSelect;
export type NotificationSignup = typeof notificationSignups.$inferSelect;
export type EmailSubscription = typeof emailSubscriptions.$inferSelect;
export type ShortLink = typeof shortLinks.$inferSelect;
export type CurrencyRate = typeof currencyRates.$inferSelect;
export type OutboxMessage = typeof outbox.$inferSelect;
export type NewOutboxMessage = typeof outbox.$inferInsert;
export type AnalyticsEvent = typeof analyticsEvents.$inferSelect;
