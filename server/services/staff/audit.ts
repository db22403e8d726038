import { desc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { auditLog } from "../../db/schema";
import { pagedRows } from "./paging";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Who writes: the signed-in user and the role the write is made under. */
export type Actor = { id: number; email: string; role: "staff" | "partner" | "moderator" };

/**
 * The role a user acts under on a deal, for the audit log: staff, the deal's partner or user
 * moderator, or null (a shopper's own writes are not audited).
 */
export function dealActorRole(
  user: { id: number; isStaff: boolean; isStaffModerator: boolean },
  deal: { partnerIds: number[]; moderatorIds: number[] },
): Actor["role"] | null {
  if (user.isStaff || user.isStaffModerator) return "staff";
  if (deal.partnerIds.includes(user.id)) return "partner";
  if (deal.moderatorIds.includes(user.id)) return "moderator";
  return null;
}

export type AuditWrite = {
  action: string;
  entity: string;
  entityId: number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/** JSON as stored: Dates as ISO text, nothing undefined. */
const plain = (v: Record<string, unknown> | null | undefined) =>
  v == null ? null : (JSON.parse(JSON.stringify(v)) as Record<string, unknown>);

/**
 * Records a write in the audit log. Takes the write's own transaction, so the entry commits and
 * rolls back with it (the log never claims a change that did not happen, nor misses one).
 */
export async function audit(tx: Tx | Db, actor: Actor, write: AuditWrite): Promise<void> {
  await tx.insert(auditLog).values({
    actorUserId: actor.id,
    actorEmail: actor.email,
    actorRole: actor.role,
    action: write.action,
    entity: write.entity,
    entityId: write.entityId,
    before: plain(write.before),
    after: plain(write.after),
  });
}

export function createAuditReader(db: Db) {
  /** Newest first, a page at a time. */
  async function list(page: number) {
    const { rows, table } = await pagedRows(
      db,
      auditLog,
      undefined,
      [desc(auditLog.createdAt), desc(auditLog.id)],
      page,
    );
    return table(
      rows.map((r) => ({
        id: r.id,
        who: { id: r.actorUserId, email: r.actorEmail, role: r.actorRole },
        action: r.action,
        entity: r.entity,
        entity_id: r.entityId,
        before: r.before,
        after: r.after,
        when: r.createdAt.toISOString(),
      })),
    );
  }
  return { list };
}
