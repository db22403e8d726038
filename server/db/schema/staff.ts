import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { CHANGE_PROPOSAL_STATUSES } from "../../../domain/staff";
import { createdAt, oneOf, timestamptz } from "./_helpers";
import { users } from "./accounts";
import { deals } from "./catalog";

export { CHANGE_PROPOSAL_STATUSES };
export type ChangeProposalStatus = (typeof CHANGE_PROPOSAL_STATUSES)[number];

/**
 * Who changed what, when, before and after: one row per staff or partner write, inserted in the
 * same transaction as the write (a rolled-back write leaves no row, a committed one always has
 * one). The actor's e-mail is copied so the log still reads after the account is deleted.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    actorUserId: integer().references(() => users.id, { onDelete: "set null" }),
    actorEmail: text().notNull(),
    /** "staff" or "partner": the role the write was made under. */
    actorRole: text().notNull(),
    /** e.g. "deal.create", "plan.update", "order.refund". */
    action: text().notNull(),
    /** The kind of row changed ("deal", "plan", "coupon", ...) and its id. */
    entity: text().notNull(),
    entityId: integer(),
    before: jsonb().$type<Record<string, unknown> | null>(),
    after: jsonb().$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("audit_log_entity_idx").on(t.entity, t.entityId),
  ],
);

/**
 * A partner's proposed edit of their deal's copy or plans, waiting for staff. `changes` holds
 * only fields of domain/staff.ts's PARTNER_EDITABLE lists; staff approval applies them.
 */
export const dealChangeProposals = pgTable(
  "deal_change_proposals",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    proposedByUserId: integer().references(() => users.id, { onDelete: "set null" }),
    changes: jsonb().$type<Record<string, unknown>>().notNull(),
    note: text(),
    status: text().$type<ChangeProposalStatus>().notNull().default("pending"),
    decidedByUserId: integer().references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    index("deal_change_proposals_status_idx").on(t.status, t.createdAt),
    index("deal_change_proposals_deal_idx").on(t.dealId),
    check("deal_change_proposals_status_check", oneOf(t.status, CHANGE_PROPOSAL_STATUSES)),
    check("deal_change_proposals_changes_check", sql`jsonb_typeof(${t.changes}) = 'object'`),
  ],
);

export type AuditEntry = typeof auditLog.$inferSelect;
export type DealChangeProposal = typeof dealChangeProposals.$inferSelect;
