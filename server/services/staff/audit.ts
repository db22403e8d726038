/**
 * The audit log (issue 16) and the one way a staff, moderator or partner write is made (issue 31):
 * `auditedWrite` opens the transaction, runs the write, inserts the audit row in that same
 * transaction (a refused or rolled-back write leaves none, a committed one always has one), and
 * after the commit tells the page cache what changed. The write must say which pages it changed,
 * or "none": the type has no default, so a writer cannot forget the cache.
 */
import { desc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { auditLog } from "../../db/schema";
import type { PageEvent, PageEvents } from "../cache/page-events";
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
async function audit(tx: Tx | Db, actor: Actor, write: AuditWrite): Promise<void> {
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

type Snapshot = Record<string, unknown> | null;

/** What a write changed on public pages: named pages, or explicitly none. */
export type PagesChanged = "none" | [PageEvent, ...PageEvent[]];

/** The page events of a deal's page (by id or slug), and of every page. */
export const dealPage = (deal: number | string): PageEvent => ({ kind: "deal", deal });
export const allPages: PageEvent = { kind: "all" };

/** What an audited write hands back: its answer, the snapshots, the pages it changed. */
export type Written<T> = {
  result: T;
  /** The row's state before (null or left out for a create). */
  before?: Snapshot;
  /** Its state after (null for a delete). */
  after: Snapshot;
  pages: PagesChanged;
  /** The entity's id when only the write knows it (a create). */
  id?: number | null;
};

/** Who writes, when the role they write under is only known inside the write (a deal's roles). */
export type Writer = Omit<Actor, "role">;

/** What is written: the audit row's action ("deal.update"), entity ("deal") and its id. */
export type AuditedAction = { action: string; entity: string; id?: number | null };

/**
 * Runs a staff, moderator or partner write: one transaction with its audit row, then the page
 * events. With a `Writer` (no role yet), the write names the role it was made under, or null when
 * it was a shopper's own write (not audited; its page events still go out).
 */
export function createAuditedWrite(deps: { db: Db; pageEvents: PageEvents }) {
  const { db, pageEvents } = deps;

  async function run<T>(
    writer: Writer,
    what: AuditedAction,
    fn: (tx: Tx) => Promise<Written<T> & { role: Actor["role"] | null }>,
  ): Promise<T> {
    const written = await db.transaction(async (tx) => {
      const out = await fn(tx);
      if (out.role) {
        await audit(
          tx,
          { ...writer, role: out.role },
          {
            action: what.action,
            entity: what.entity,
            entityId: out.id !== undefined ? out.id : (what.id ?? null),
            before: out.before ?? null,
            after: out.after,
          },
        );
      }
      return out;
    });
    if (written.pages !== "none") {
      for (const event of written.pages) {
        if (event.kind === "all") await pageEvents.allPagesChanged();
        else await pageEvents.dealChanged(event.deal);
      }
    }
    return written.result;
  }

  function auditedWrite<T>(
    actor: Actor,
    what: AuditedAction,
    fn: (tx: Tx) => Promise<Written<T>>,
  ): Promise<T>;
  function auditedWrite<T>(
    writer: Writer,
    what: AuditedAction,
    fn: (tx: Tx) => Promise<Written<T> & { role: Actor["role"] | null }>,
  ): Promise<T>;
  function auditedWrite<T>(
    actor: Actor | Writer,
    what: AuditedAction,
    fn: (tx: Tx) => Promise<Written<T> & { role?: Actor["role"] | null }>,
  ): Promise<T> {
    const fixed = "role" in actor ? actor.role : undefined;
    const { id, email } = actor;
    return run({ id, email }, what, async (tx) => {
      const out = await fn(tx);
      return { ...out, role: fixed ?? out.role ?? null };
    });
  }

  return auditedWrite;
}

export type AuditedWrite = ReturnType<typeof createAuditedWrite>;

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
