import { and, asc, count, countDistinct, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { conflict, forbidden, notFound, unauthenticated } from "../../../domain/errors";
import {
  declineReasonFromFlags,
  type FlagReason,
  type FlagResolution,
  reasonCounts,
} from "../../../domain/flags";
import { REPORT_ALREADY, REPORT_NOT_PUBLISHED, REPORT_OWN } from "../../../domain/messages";
import { STAFF_MESSAGES } from "../../../domain/staff";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { deals } from "../../db/schema/catalog";
import { type CommentKind, commentFlags, comments } from "../../db/schema/discussions";
import type { Clock } from "../../providers/clock";
import type { SessionUser } from "../accounts/sessions";
import type { PageEvents } from "../cache/page-events";
import { createAuditedWrite, dealActorRole } from "../staff/audit";
import { paged } from "../staff/paging";
import { iso } from "../staff/shared";
import { writerOf } from "./audited";
import { isStaffModeratorUser } from "./ids";
import { displayPath, LIST_SEGMENT } from "./item-paths";
import type { ApproveValue, DiscussionNode, DiscussionReader } from "./types";
import { changedNode, dealFacts, loadRow } from "./write-context";

// Reports of abuse (issue 33, decision 069): a signed-in reader reports a review, question or
// reply they can see, once; staff see open reports grouped by item, oldest first, and resolve an
// item's reports by dismissing them or by declining the item through the moderation use case.

export type FlagInput = { reason: FlagReason; details: string };

export type FlagCreated = {
  id: number;
  commentId: number;
  reason: FlagReason;
  details: string;
  created: Date;
};

/** The moderation use case's approve (moderation.ts), which declining from the queue goes through. */
type Approve = (
  kind: CommentKind,
  dealKey: string,
  commentKey: string,
  user: SessionUser | null,
  value: ApproveValue,
) => Promise<DiscussionNode>;

const author = alias(users, "author");
const reporter = alias(users, "reporter");

export function createFlags(deps: {
  db: Db;
  clock: Clock;
  read: DiscussionReader;
  approve: Approve;
  pageEvents: PageEvents;
}) {
  const { db, clock, read, approve } = deps;
  const auditedWrite = createAuditedWrite(deps);

  /**
   * Report an item the reader can see: approved (a pending or declined item of someone else is
   * not found; a moderator's view of one is refused), not their own, once per person and item
   * (a second report is a 409). A shopper's report is not audited; staff's, a partner's or a
   * user moderator's is, as their other writes under a deal are. No public page changes.
   */
  async function flag(
    kind: CommentKind,
    dealKey: string,
    commentKey: string,
    user: SessionUser | null,
    input: FlagInput,
  ): Promise<FlagCreated> {
    if (!user) throw unauthenticated();
    // What the reader may see, read before the write: a reply's thread through the read side
    // (outside the transaction: PGlite runs one statement at a time).
    const facts = await dealFacts(db, dealKey, user, false);
    const row = await loadRow(db, facts, kind, commentKey, user);
    if (row.userId === user.id) throw forbidden(REPORT_OWN);
    if (row.status !== "approved") throw forbidden(REPORT_NOT_PUBLISHED);
    if (row.rootId != null) await changedNode(read, kind, facts, row.id, row.rootId, user);
    const what = { action: `${kind}.flag`, entity: "comment", id: row.id };
    return auditedWrite(writerOf(user), what, async (tx) => {
      const [made] = await tx
        .insert(commentFlags)
        .values({
          commentId: row.id,
          userId: user.id,
          reason: input.reason,
          details: input.details,
          createdAt: clock.now(),
        })
        .onConflictDoNothing()
        .returning();
      if (!made) throw conflict(REPORT_ALREADY);
      const created: FlagCreated = {
        id: made.id,
        commentId: row.id,
        reason: made.reason,
        details: made.details,
        created: made.createdAt,
      };
      return {
        result: created,
        role: dealActorRole(user, facts),
        after: { flag_id: made.id, reason: made.reason, details: made.details },
        // Reports are read by staff alone.
        pages: "none",
      };
    });
  }

  /** Items with open reports, oldest report first, a page at a time (staff). */
  async function openFlags(q: { kind: "" | CommentKind; page: number }) {
    const open = eq(commentFlags.status, "open");
    const cond: SQL | undefined = q.kind ? and(open, eq(comments.kind, q.kind)) : open;
    const firstAt = sql<Date>`min(${commentFlags.createdAt})`;
    const { rows, table } = await paged(
      q.page,
      (limit, offset) =>
        db
          .select({ commentId: commentFlags.commentId, first: firstAt, n: count() })
          .from(commentFlags)
          .innerJoin(comments, eq(comments.id, commentFlags.commentId))
          .where(cond)
          .groupBy(commentFlags.commentId)
          .orderBy(asc(firstAt), asc(commentFlags.commentId))
          .limit(limit)
          .offset(offset),
      () =>
        db
          .select({ n: countDistinct(commentFlags.commentId) })
          .from(commentFlags)
          .innerJoin(comments, eq(comments.id, commentFlags.commentId))
          .where(cond),
    );
    const ids = rows.map((r) => r.commentId);
    const [items, reports] = ids.length
      ? await Promise.all([
          db
            .select({
              c: comments,
              dealSlug: deals.slug,
              dealName: deals.publicName,
              username: author.username,
            })
            .from(comments)
            .innerJoin(deals, eq(deals.id, comments.dealId))
            .leftJoin(author, eq(author.id, comments.userId))
            .where(inArray(comments.id, ids)),
          db
            .select({ f: commentFlags, username: reporter.username })
            .from(commentFlags)
            .leftJoin(reporter, eq(reporter.id, commentFlags.userId))
            .where(and(open, inArray(commentFlags.commentId, ids)))
            .orderBy(asc(commentFlags.createdAt), asc(commentFlags.id)),
        ])
      : [[], []];
    const byId = new Map(items.map((i) => [i.c.id, i]));
    return table(
      rows.flatMap(({ commentId, first, n }) => {
        const found = byId.get(commentId);
        if (!found) return [];
        const { c, dealSlug, dealName, username } = found;
        const mine = reports.filter((r) => r.f.commentId === commentId);
        return [
          {
            id: c.id,
            kind: c.kind,
            is_reply: c.parentId != null,
            parent_id: c.parentId,
            root_id: c.rootId,
            status: c.status,
            title: c.title,
            comment: c.comment,
            rating: c.rating,
            created: iso(c.createdAt),
            deal: { id: c.dealId, slug: dealSlug, name: dealName },
            user: c.userId ? { id: c.userId, username } : null,
            flag_count: Number(n),
            first_flagged: iso(first),
            reasons: reasonCounts(mine.map((r) => r.f.reason)),
            reports: mine.map((r) => ({
              id: r.f.id,
              reason: r.f.reason,
              details: r.f.details,
              user: r.f.userId ? { id: r.f.userId, username: r.username } : null,
              created: iso(r.f.createdAt),
            })),
            // The item's page (a reply's: its thread's, by the thread's id).
            path:
              c.rootId == null
                ? displayPath(dealSlug, c.kind, c.id, c.title ?? "")
                : `/products/${dealSlug}/${LIST_SEGMENT[c.kind]}/${c.rootId}/`,
            actions: { resolve: `/api/staff/flags/${c.id}/resolve/` },
          },
        ];
      }),
    );
  }

  /**
   * Staff resolve an item's open reports (409 when it has none): dismiss them, or decline the
   * item first through the moderation use case (counts, page events, the author's view and its
   * audit row are that use case's), then close the reports with the reason its author reads.
   * A decline retried after its first step ran finds the item declined already (a no-op there).
   */
  async function resolveFlags(
    user: SessionUser | null,
    commentId: number,
    body: { action: FlagResolution; note: string },
  ) {
    if (!user) throw unauthenticated();
    if (!isStaffModeratorUser(user)) throw forbidden();
    const [item] = await db
      .select({ id: comments.id, kind: comments.kind, dealId: comments.dealId })
      .from(comments)
      .where(eq(comments.id, commentId));
    if (!item) throw notFound();
    const [{ n } = { n: 0 }] = await db
      .select({ n: count() })
      .from(commentFlags)
      .where(and(eq(commentFlags.commentId, item.id), eq(commentFlags.status, "open")));
    if (Number(n) === 0) throw conflict(STAFF_MESSAGES.noOpenFlags);
    if (body.action === "decline") {
      await approve(item.kind, String(item.dealId), String(item.id), user, "denied");
    }
    const actor = { ...writerOf(user), role: "staff" as const };
    const what = { action: `flags.${body.action}`, entity: "comment", id: item.id };
    return auditedWrite(actor, what, async (tx) => {
      const flags = await tx
        .select({ id: commentFlags.id, reason: commentFlags.reason })
        .from(commentFlags)
        .where(and(eq(commentFlags.commentId, item.id), eq(commentFlags.status, "open")))
        .for("update");
      if (flags.length === 0) throw conflict(STAFF_MESSAGES.noOpenFlags);
      const status = body.action === "decline" ? "declined" : "dismissed";
      const note = body.note || null;
      await tx
        .update(commentFlags)
        .set({
          status,
          resolvedAt: clock.now(),
          resolvedByUserId: user.id,
          resolutionNote: note,
        })
        .where(
          inArray(
            commentFlags.id,
            flags.map((f) => f.id),
          ),
        );
      let reason: string | null = null;
      if (body.action === "decline") {
        reason = declineReasonFromFlags(
          note,
          flags.map((f) => f.reason),
        );
        // Shown to the item's author only (never on a public page).
        await tx
          .update(comments)
          .set({ moderationReason: reason })
          .where(and(eq(comments.id, item.id), eq(comments.status, "declined")));
      }
      const result = {
        id: item.id,
        kind: item.kind,
        resolution: status,
        resolved_flags: flags.length,
        moderation_reason: reason,
      };
      return {
        result,
        before: { open_flags: flags.length, reasons: reasonCounts(flags.map((f) => f.reason)) },
        after: { status, note, moderation_reason: reason },
        // Declining emitted the deal's page event in the moderation use case; reports are staff's.
        pages: "none",
      };
    });
  }

  return { flag, openFlags, resolveFlags };
}
