import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, oneOf, timestamptz } from "./_helpers";
import { users } from "./accounts";

export const LICENCE_EVENT_TYPES = [
  "licence.activated",
  "licence.upgraded",
  "licence.deactivated",
  "licence.held",
] as const;
export type LicenceEventType = (typeof LICENCE_EVENT_TYPES)[number];

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * A partner's (founder's) link to their own product: where licence events are POSTed, the secret
 * they are signed with, and the hash of the API key their product redeems codes with.
 */
export const partnerEndpoints = pgTable(
  "partner_endpoints",
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    webhookUrl: text(),
    webhookSecret: text(),
    /** sha256 of the partner's API key (the key itself is shown once). */
    apiKeyHash: text(),
    /** The key's first characters, so the portal can say which key is live. */
    apiKeyPrefix: text(),
    createdAt: createdAt(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [uniqueIndex("partner_endpoints_api_key_unique").on(t.apiKeyHash)],
);

/**
 * One licence event for one partner: written in the transaction that changes the licence, sent
 * by the outbox (at least once, with backoff), and kept with the last answer for the portal.
 */
export const partnerWebhookDeliveries = pgTable(
  "partner_webhook_deliveries",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The event's id (evt_...), the same for every partner told of it. */
    eventId: text().notNull(),
    type: text().$type<LicenceEventType>().notNull(),
    /** The JSON body POSTed, exactly as signed. */
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    url: text().notNull(),
    status: text().$type<WebhookDeliveryStatus>().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    responseStatus: integer(),
    responseBody: text(),
    error: text(),
    createdAt: createdAt(),
    lastAttemptAt: timestamptz(),
    deliveredAt: timestamptz(),
  },
  (t) => [
    uniqueIndex("partner_webhook_deliveries_event_user_unique").on(t.eventId, t.userId),
    index("partner_webhook_deliveries_user_created_idx").on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
    ),
    check("partner_webhook_deliveries_type_check", oneOf(t.type, LICENCE_EVENT_TYPES)),
    check("partner_webhook_deliveries_status_check", oneOf(t.status, WEBHOOK_DELIVERY_STATUSES)),
    check("partner_webhook_deliveries_attempts_check", sql`${t.attempts} >= 0`),
  ],
);

export type PartnerEndpoint = typeof partnerEndpoints.$inferSelect;
export type PartnerWebhookDelivery = typeof partnerWebhookDeliveries.$inferSelect;
