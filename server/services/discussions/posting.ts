import { eq, sql } from "drizzle-orm";
import { conflict, forbidden, invalid, notFound, unauthenticated } from "../../../domain/errors";
import { canDelete, canEdit, canReply } from "../../../domain/permissions";
import type { Db } from "../../db/client";
import { type CommentKind, type CommentStatus, comments } from "../../db/schema/discussions";
import type { Clock } from "../../providers/clock";
import type { SessionUser } from "../accounts/sessions";
import type { PageEvents } from "../cache/page-events";
import type { Outbox } from "../jobs/outbox";
import { createAuditedWrite, dealActorRole, dealPage } from "../staff/audit";
import { afterTopLevelChange, recomputeThread } from "./aggregates";
import { commentSnapshot, writerOf } from "./audited";
import { isStaffModeratorUser } from "./ids";
import type { Notifier } from "./notifications";
import { askOwners } from "./owner-answers";
import {
  answerTypeFor,
  assertCreateAllowed,
  initialTopLevelStatus,
  replyStatus,
} from "./posting-gates";
import { keepEarlierRating } from "./rating-history";
import type { ReviewMedia } from "./review-media";
import type {
  CreateInput,
  DiscussionItem,
  DiscussionNode,
  DiscussionReader,
  DiscussionReply,
  EditTarget,
} from "./types";
import {
  changedNode,
  dealFacts,
  domainViewer,
  loadRow,
  MAX_REPLY_DEPTH,
  MESSAGES,
  type Tx,
} from "./write-context";

// Posting: a new review or question, a reply, an owner's edit, and deletion (spec 000 sections 4
// to 7). Every change that can move the deal's aggregates locks the deal row first (see
// write-context.ts).

const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err, i = 0; e && i < 5; i++) {
    if (
      typeof e === "object" &&
      e !== null &&
      "code" in e &&
      (e as { code: unknown }).code === "23505"
    )
      return true;
    e =
      typeof e === "object" && e !== null && "cause" in e ? (e as { cause: unknown }).cause : null;
  }
  return false;
};

export function createPosting(deps: {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  reviewMedia: ReviewMedia;
  read: DiscussionReader;
  pageEvents: PageEvents;
  notifier?: Notifier;
}) {
  const { db, clock, outbox, read } = deps;
  const auditedWrite = createAuditedWrite(deps);
  const { insertVideo, deleteMediaRows, deleteFiles, discardVideo } = deps.reviewMedia;

  /** The posting gates alone, before a (possibly large) body is read. */
  async function checkCreate(
    kind: CommentKind,
    dealKey: string,
    user: SessionUser | null,
  ): Promise<void> {
    if (!user) throw unauthenticated();
    const facts = await dealFacts(db, dealKey, user, false);
    assertCreateAllowed(kind, user, facts);
  }

  async function create(
    kind: CommentKind,
    dealKey: string,
    user: SessionUser | null,
    input: CreateInput,
  ): Promise<DiscussionItem> {
    if (!user) throw unauthenticated();
    let id: number;
    let dealId: number;
    try {
      ({ id, dealId } = await db.transaction(async (tx) => {
        const facts = await dealFacts(tx, dealKey, user, true);
        assertCreateAllowed(kind, user, facts);
        const status = initialTopLevelStatus(facts);
        const mediaIds =
          kind === "review" && input.video ? await insertVideo(tx, user, input.video) : null;
        const [row] = await tx
          .insert(comments)
          .values({
            dealId: facts.id,
            kind,
            userId: user.id,
            title: input.title,
            comment: input.comment,
            rating: kind === "review" ? (input.rating ?? null) : null,
            status,
            ...(mediaIds ?? {}),
            createdAt: clock.now(),
          })
          .returning({ id: comments.id });
        if (!row) throw new Error("insert returned nothing");
        if (status === "approved") {
          await afterTopLevelChange(tx, outbox, facts, kind);
          await deps.notifier?.published(tx, row.id, user.id);
        }
        // Owners who opted in are asked a question once it is public (issue 33).
        if (status === "approved" && kind === "question") {
          await askOwners(tx, outbox, facts.id, row.id);
        }
        return { id: row.id, dealId: facts.id };
      }));
    } catch (err) {
      await discardVideo(input.video);
      // Two requests racing past the gate: the unique index decides.
      if (isUniqueViolation(err)) throw conflict(MESSAGES.alreadyReviewed);
      throw err;
    }
    await deps.pageEvents.dealChanged(dealId);
    return read.get(kind, String(dealId), String(id), user);
  }

  async function depthOf(tx: Tx, id: number): Promise<number> {
    const rows = await tx.execute<{
      depth: number;
    }>(sql`with recursive up(id, parent_id, depth) as (
        select c.id, c.parent_id, 0 from comments c where c.id = ${id}
        union all
        select c.id, c.parent_id, up.depth + 1 from comments c join up on c.id = up.parent_id
        where up.depth < 50)
      select max(depth)::int as depth from up`);
    const list = (Array.isArray(rows) ? rows : (rows as { rows: { depth: number }[] }).rows) as {
      depth: number;
    }[];
    return Number(list[0]?.depth ?? 0);
  }

  async function reply(
    kind: CommentKind,
    dealKey: string,
    parentKey: string,
    user: SessionUser | null,
    input: { comment: string },
  ): Promise<DiscussionReply> {
    if (!user) throw unauthenticated();
    const what = { action: `${kind}.reply`, entity: "comment" };
    const result = await auditedWrite(writerOf(user), what, async (tx) => {
      const facts = await dealFacts(tx, dealKey, user, true);
      const parent = await loadRow(tx, facts, kind, parentKey, user);
      const rootId = parent.rootId ?? parent.id;
      let threadStatus = parent.status;
      if (parent.rootId != null) {
        const root = await loadRow(tx, facts, kind, String(parent.rootId), user);
        if (root.status === "declined") threadStatus = "declined";
      }
      const gate = canReply(domainViewer(user, facts), threadStatus);
      if (!gate.allowed) {
        if (gate.reason === "login") throw unauthenticated();
        throw forbidden(gate.reason === "declined" ? MESSAGES.declined : MESSAGES.blacklisted);
      }
      const depth = (await depthOf(tx, parent.id)) + 1;
      if (depth > MAX_REPLY_DEPTH) throw invalid({ parent: [MESSAGES.tooDeep] });
      const status = replyStatus(user, facts);
      const [row] = await tx
        .insert(comments)
        .values({
          dealId: facts.id,
          kind,
          parentId: parent.id,
          rootId,
          userId: user.id,
          title: null,
          comment: input.comment,
          status,
          answerType: answerTypeFor(user, facts, kind),
          createdAt: clock.now(),
        })
        .returning({ id: comments.id });
      if (!row) throw new Error("insert returned nothing");
      await recomputeThread(tx, rootId);
      if (status === "approved") await deps.notifier?.published(tx, row.id, user.id);
      return {
        result: { id: row.id, rootId, dealId: facts.id },
        id: row.id,
        // A partner's (or staff's) answer is theirs to account for: in the audit log (issue 16).
        role: dealActorRole(user, facts),
        after: { deal_id: facts.id, parent_id: parent.id, comment: input.comment, status },
        pages: [dealPage(facts.id)],
      };
    });
    const found = await changedNode(
      read,
      kind,
      { id: result.dealId },
      result.id,
      result.rootId,
      user,
    );
    if (found.type !== "reply") throw notFound();
    return found.reply;
  }

  /** Who may edit what, before the body is read: owners only (404 when not visible). */
  async function editTarget(
    kind: CommentKind,
    dealKey: string,
    itemKey: string,
    user: SessionUser | null,
  ): Promise<EditTarget> {
    if (!user) throw unauthenticated();
    const facts = await dealFacts(db, dealKey, user, false);
    const row = await loadRow(db, facts, kind, itemKey, user);
    if (row.userId == null || !canEdit(domainViewer(user, facts), row.userId)) throw forbidden();
    if (facts.blacklisted) throw forbidden(MESSAGES.blacklisted);
    return { isReply: row.parentId != null, hasVideo: row.videoMediaId != null };
  }

  /**
   * An owner's edit: the text (and for reviews title, rating and optionally a new video) is
   * replaced, `edited` is set, and the item returns to the status a new item of its author would
   * get (pending for most; approved for a non-staff partner's reply or a whitelisted author's
   * item), so an approved item leaves the public counts until a moderator approves the edit.
   */
  async function edit(
    kind: CommentKind,
    dealKey: string,
    itemKey: string,
    user: SessionUser | null,
    input: CreateInput,
  ): Promise<DiscussionNode> {
    if (!user) throw unauthenticated();
    let removedKeys: string[] = [];
    let result: { id: number; rootId: number | null; dealId: number };
    try {
      const what = { action: `${kind}.edit`, entity: "comment" };
      result = await auditedWrite(writerOf(user), what, async (tx) => {
        const facts = await dealFacts(tx, dealKey, user, true);
        const row = await loadRow(tx, facts, kind, itemKey, user, { lock: true });
        const viewer = domainViewer(user, facts);
        if (row.userId == null || !canEdit(viewer, row.userId)) throw forbidden();
        const before = await commentSnapshot(tx, row.id);
        if (facts.blacklisted) throw forbidden(MESSAGES.blacklisted);
        const isReply = row.parentId != null;
        const status: CommentStatus = isReply
          ? replyStatus(user, facts)
          : initialTopLevelStatus(facts);
        let mediaIds = {};
        if (!isReply && kind === "review" && input.video) {
          removedKeys = await deleteMediaRows(tx, [row.videoMediaId, row.videoThumbnailMediaId]);
          mediaIds = await insertVideo(tx, user, input.video);
        }
        // The earlier rating stays in the review's history (issue 33).
        const rated =
          !isReply && kind === "review"
            ? await keepEarlierRating(tx, row.id, input.rating, clock.now())
            : {};
        await tx
          .update(comments)
          .set({
            comment: input.comment,
            ...rated,
            ...(isReply
              ? {}
              : {
                  title: input.title,
                  ...(kind === "review" ? { rating: input.rating ?? row.rating } : {}),
                }),
            ...mediaIds,
            status,
            // Back to pending, it waits for a moderator again: not resolved (spec 000 section 4).
            // Approved (a whitelisted author), a decline's reason no longer applies (decision 067).
            ...(status === "pending" ? { resolved: false } : { moderationReason: null }),
            editedAt: clock.now(),
          })
          .where(eq(comments.id, row.id));
        if (isReply) await recomputeThread(tx, row.rootId ?? row.id);
        else if (row.status === "approved" || status === "approved") {
          await afterTopLevelChange(tx, outbox, facts, kind);
        }
        return {
          result: { id: row.id, rootId: row.rootId, dealId: facts.id },
          id: row.id,
          // A partner's, moderator's or staff's edit of their own words is theirs to account for.
          role: dealActorRole(user, facts),
          before,
          after: await commentSnapshot(tx, row.id),
          pages: [dealPage(facts.id)],
        };
      });
    } catch (err) {
      await discardVideo(input.video);
      throw err;
    }
    await deleteFiles(removedKeys);
    return changedNode(read, kind, { id: result.dealId }, result.id, result.rootId, user);
  }

  /** Owners delete their own items, staff any; a parent takes its whole thread with it. */
  async function remove(
    kind: CommentKind,
    dealKey: string,
    itemKey: string,
    user: SessionUser | null,
  ): Promise<void> {
    if (!user) throw unauthenticated();
    const what = { action: `${kind}.delete`, entity: "comment" };
    const keys = await auditedWrite(writerOf(user), what, async (tx) => {
      const facts = await dealFacts(tx, dealKey, user, true);
      const row = await loadRow(tx, facts, kind, itemKey, user, { lock: true });
      if (row.userId == null && !isStaffModeratorUser(user)) throw forbidden();
      if (!canDelete(domainViewer(user, facts), row.userId ?? -1)) throw forbidden();
      const before = await commentSnapshot(tx, row.id);
      // Videos hang off top-level reviews only; their rows and files go with the thread.
      const removed = await deleteMediaRows(tx, [row.videoMediaId, row.videoThumbnailMediaId]);
      // comments.parent_id and root_id cascade: the thread below goes in the same statement.
      await tx.delete(comments).where(eq(comments.id, row.id));
      if (row.rootId != null) await recomputeThread(tx, row.rootId);
      else if (row.status === "approved") await afterTopLevelChange(tx, outbox, facts, kind);
      return {
        result: removed,
        id: row.id,
        // Staff deleting anyone's item, or a partner or moderator their own (issue 31).
        role: dealActorRole(user, facts),
        before,
        after: null,
        pages: [dealPage(facts.id)],
      };
    });
    await deleteFiles(keys);
  }

  return { checkCreate, create, reply, editTarget, edit, remove };
}
