import { eq, sql } from "drizzle-orm";
import { forbidden, notFound, unauthenticated } from "../../../domain/errors";
import { canApproveOrDecline, canUndoResolveWhitelistBlacklist } from "../../../domain/permissions";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { type CommentKind, type CommentStatus, comments } from "../../db/schema/discussions";
import type { SessionUser } from "../accounts/sessions";
import type { PageEvents } from "../cache/page-events";
import type { Outbox } from "../jobs/outbox";
import { createAuditedWrite, dealActorRole, dealPage } from "../staff/audit";
import { afterTopLevelChange, recomputeThread } from "./aggregates";
import { writerOf } from "./audited";
import { isStaffModeratorUser, parseId } from "./ids";
import type { Notifier } from "./notifications";
import { askOwners } from "./owner-answers";
import type { ApproveValue, DiscussionNode, DiscussionReader } from "./types";
import { changedNode, dealFacts, domainViewer, loadRow, MESSAGES } from "./write-context";

// Moderation (spec 000 section 7): approve, decline or reopen an item, resolve it, and the
// author white- and blacklists.

export function createModeration(deps: {
  db: Db;
  outbox: Outbox;
  read: DiscussionReader;
  pageEvents: PageEvents;
  notifier?: Notifier;
}) {
  const { db, outbox, read } = deps;
  const auditedWrite = createAuditedWrite(deps);

  const TARGET: Record<"approved" | "denied", CommentStatus> = {
    approved: "approved",
    denied: "declined",
  };

  /**
   * approved / denied / null (back to pending). Staff moderators: any transition on any item. The
   * deal's partners and user moderators: approve or decline pending items only. Others: 403.
   * A decline keeps the moderator's `reason` for the author (none: null); an approval clears it;
   * a return to pending keeps it (decision 067).
   */
  async function approve(
    kind: CommentKind,
    dealKey: string,
    commentKey: string,
    user: SessionUser | null,
    value: ApproveValue,
    reason?: string | null,
  ): Promise<DiscussionNode> {
    if (!user) throw unauthenticated();
    const what = { action: `${kind}.moderate`, entity: "comment" };
    const result = await auditedWrite(writerOf(user), what, async (tx) => {
      const facts = await dealFacts(tx, dealKey, user, true);
      const row = await loadRow(tx, facts, kind, commentKey, user, { lock: true });
      const viewer = domainViewer(user, facts);
      const deal = { partnerUserIds: facts.partnerIds, moderatorUserIds: facts.moderatorIds };
      if (!canApproveOrDecline(viewer, deal)) throw forbidden();
      const staff = canUndoResolveWhitelistBlacklist(viewer);
      if (value === null && !staff) throw forbidden(MESSAGES.staffOnly);
      if (!staff && row.status !== "pending") throw forbidden(MESSAGES.notPending);
      const next: CommentStatus = value === null ? "pending" : TARGET[value];
      const out = { id: row.id, rootId: row.rootId, dealId: facts.id };
      const [was] = await tx
        .select({ reason: comments.moderationReason })
        .from(comments)
        .where(eq(comments.id, row.id));
      const wasReason = was?.reason ?? null;
      const nextReason =
        next === "approved" ? null : next === "declined" ? reason?.trim() || null : wasReason;
      // Setting the status (and reason) it has changes nothing: no audit row, no page event.
      if (next === row.status && nextReason === wasReason) {
        return { result: out, role: null, after: null, pages: "none" };
      }
      await tx
        .update(comments)
        .set({ status: next, moderationReason: nextReason })
        .where(eq(comments.id, row.id));
      if (row.rootId != null) await recomputeThread(tx, row.rootId);
      else if (row.status === "approved" || next === "approved") {
        await afterTopLevelChange(tx, outbox, facts, kind);
      }
      // The author hears the verdict; an approval also tells whoever the item concerns.
      await deps.notifier?.moderated(tx, row.id, next, user.id);
      if (next === "approved") await deps.notifier?.published(tx, row.id, user.id);
      // A question made public for the first time goes to the owners who opted in (issue 33).
      if (kind === "question" && row.rootId == null && next === "approved") {
        await askOwners(tx, outbox, facts.id, row.id);
      }
      return {
        result: out,
        id: row.id,
        // Moderation by staff, partners and moderators is in the audit log (issue 16).
        role: dealActorRole(user, facts),
        before: { status: row.status, moderation_reason: wasReason },
        after: { status: next, moderation_reason: nextReason },
        pages: [dealPage(facts.id)],
      };
    });
    return changedNode(read, kind, { id: result.dealId }, result.id, result.rootId, user);
  }

  /** Resolve and unresolve: staff moderators only. */
  async function resolve(
    kind: CommentKind,
    dealKey: string,
    commentKey: string,
    user: SessionUser | null,
    resolved: boolean,
  ): Promise<DiscussionNode> {
    if (!user) throw unauthenticated();
    if (!isStaffModeratorUser(user)) throw forbidden(MESSAGES.staffOnly);
    const facts = await dealFacts(db, dealKey, user, false);
    const row = await loadRow(db, facts, kind, commentKey, user);
    const actor = { ...writerOf(user), role: "staff" as const };
    const what = { action: `${kind}.resolve`, entity: "comment", id: row.id };
    await auditedWrite(actor, what, async (tx) => {
      const [was] = await tx
        .select({ resolved: comments.resolved })
        .from(comments)
        .where(eq(comments.id, row.id))
        .for("update");
      await tx.update(comments).set({ resolved }).where(eq(comments.id, row.id));
      // The resolved flag is shown to staff only: no cached page changes.
      return {
        result: undefined,
        before: { resolved: was?.resolved ?? null },
        after: { resolved },
        pages: "none",
      };
    });
    return changedNode(read, kind, facts, row.id, row.rootId, user);
  }

  /**
   * Staff put an author on the comment whitelist (new items start approved) or blacklist (may not
   * post). The lists exclude each other: adding to one takes the author off the other. The
   * reason (the staff lists page asks for one, decision 069) is kept with the change.
   */
  async function setAuthorList(
    user: SessionUser | null,
    list: "whitelist" | "blacklist",
    targetKey: string,
    on: boolean,
    reason: string | null = null,
  ): Promise<{ userId: number; commentWhitelist: boolean; commentBlacklist: boolean }> {
    if (!user) throw unauthenticated();
    if (!isStaffModeratorUser(user)) throw forbidden(MESSAGES.staffOnly);
    const targetId = parseId(targetKey);
    if (targetId === null) throw notFound();
    const changes =
      list === "whitelist"
        ? { commentWhitelist: on, ...(on ? { commentBlacklist: false } : {}) }
        : { commentBlacklist: on, ...(on ? { commentWhitelist: false } : {}) };
    const flags = {
      commentWhitelist: users.commentWhitelist,
      commentBlacklist: users.commentBlacklist,
    };
    const actor = { ...writerOf(user), role: "staff" as const };
    const what = { action: `user.${list}`, entity: "user", id: targetId };
    return auditedWrite(actor, what, async (tx) => {
      const [was] = await tx.select(flags).from(users).where(eq(users.id, targetId)).for("update");
      if (!was) throw notFound();
      const [row] = await tx
        .update(users)
        .set({ ...changes, commentListReason: reason, commentListChangedAt: sql`now()` })
        .where(eq(users.id, targetId))
        .returning(flags);
      if (!row) throw notFound();
      const snap = (f: typeof row) => ({
        comment_whitelist: f.commentWhitelist,
        comment_blacklist: f.commentBlacklist,
      });
      return {
        result: { userId: targetId, ...row },
        before: snap(was),
        after: { ...snap(row), reason },
        // Who may post next; nothing already on a page changes.
        pages: "none",
      };
    });
  }

  return { approve, resolve, setAuthorList };
}
