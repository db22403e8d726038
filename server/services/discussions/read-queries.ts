import { and, asc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { deals, media } from "../../db/schema/catalog";
import { type CommentKind, type CommentStatus, comments } from "../../db/schema/discussions";
import { hasActivePlus, ownsDeal } from "../commerce/ownership-sql";
import type { SortKey } from "./cursor";
import { dealRow } from "./deal-key";
import { isStaffModeratorUser } from "./ids";
import { displayPath } from "./item-paths";
import { parseProvenance, provenanceColumn } from "./provenance";
import type {
  CommentAuthor,
  DiscussionItem,
  DiscussionReply,
  ModeratorFilter,
  UserStatus,
  Viewer,
} from "./types";

// The statements every read builds on: the deal with the viewer's roles, who sees what, and the
// page of top-level items with authors, media and the viewer's vote joined, then their replies.

/** A deal as the discussion reads need it, with the viewer's roles on it. */
export type DealContext = {
  id: number;
  slug: string;
  /** The deal's stored counts of approved top-level items, by kind. */
  approvedCount: Record<CommentKind, number>;
  /** The stored counts of approved reviews with 1 to 5 tacos (index 0 is 1 taco). */
  approvedReviewsByRating: number[];
  partnerIds: number[];
  staff: boolean;
  partner: boolean;
  userModerator: boolean;
  /** Sees pending and declined items and the moderator filters act on everything. */
  moderates: boolean;
  /**
   * The viewer's own pending and declined top-level items (which they see in the lists, on top of
   * the stored approved counts: decision 067): reviews, questions, and reviews by tacos (index 0 is
   * 1 taco). Null for an anonymous viewer.
   */
  viewerPending: {
    review: number;
    question: number;
    reviewsByRating: number[];
    /** Own pending or declined replies in the deal's threads (shown to their author only). */
    replies: number;
    /**
     * Own items and replies of any status in the deal: a page kept for the reader's audience
     * shows none of them as theirs (no owner controls, no pending ones), so the fill asks the
     * page to render for them (decision 059).
     */
    own: number;
  } | null;
  /**
   * The signed-in viewer's relation to the deal (null for an anonymous viewer); `review` is their
   * own review of it, of any status (what "Edit your review" leads to).
   */
  viewerStatus: {
    purchased: boolean;
    reviewed: boolean;
    review: { id: number; status: CommentStatus } | null;
  } | null;
  /**
   * For the items and replies the caller named (`voteIds`, a kept list's): each one's current
   * up-vote count and the signed-in viewer's vote on it (0: none), read in the same statement.
   * Null when none were asked for (or for an anonymous viewer).
   */
  viewerVotes: Map<number, { upVotes: number; userVote: number }> | null;
};

/** The viewer's relation to a deal (UserStatus) from its context: no statement of its own. */
export function userStatusOf(deal: DealContext): UserStatus {
  return {
    userHasPurchased: deal.viewerStatus?.purchased ?? false,
    userHasReviewed: deal.viewerStatus?.reviewed ?? false,
    ownReview: deal.viewerStatus?.review ?? null,
    userModerator: deal.viewerStatus != null && deal.userModerator,
    staffModerator: deal.staff,
  };
}

/** Whether the viewer bought the deal, and their review of it (any status): [id, status] or null. */
const viewerStatusSql = (viewerId: number) => sql<string>`json_build_array(
      ${ownsDeal(sql`${viewerId}::int`, sql.raw("deals.id"))},
      (select json_build_array(c.id, c.status) from comments c where c.deal_id = deals.id
        and c.kind = 'review' and c.parent_id is null and c.user_id = ${viewerId}::int
        order by c.id limit 1))::text`;

/**
 * The viewer's pending and declined top-level counts (and such replies), read with the deal (by
 * the author index): what they see beyond the approved items (decision 067).
 */
const viewerPendingSql = (viewerId: number) => sql<string>`(select json_build_array(
      count(*) filter (where p and c.parent_id is null and c.kind = 'review'),
      count(*) filter (where p and c.parent_id is null and c.kind = 'question'),
      count(*) filter (where p and c.parent_id is null and c.kind = 'review' and c.rating = 1),
      count(*) filter (where p and c.parent_id is null and c.kind = 'review' and c.rating = 2),
      count(*) filter (where p and c.parent_id is null and c.kind = 'review' and c.rating = 3),
      count(*) filter (where p and c.parent_id is null and c.kind = 'review' and c.rating = 4),
      count(*) filter (where p and c.parent_id is null and c.kind = 'review' and c.rating = 5),
      count(*) filter (where p and c.parent_id is not null),
      count(*))::text
    from (select c.*, c.status <> 'approved' as p from comments c
      where c.user_id = ${viewerId}::int and c.deal_id = deals.id) c)`;

/** Up-votes and the viewer's vote of the named comments of this deal (by primary key). */
const viewerVotesSql = (viewerId: number, ids: number[]) => sql<string | null>`(select
      json_agg(json_build_array(c.id, c.up_votes, coalesce(cv.direction, 0)))::text
    from comments c left join comment_votes cv on cv.comment_id = c.id
      and cv.user_id = ${viewerId}::int
    where c.deal_id = deals.id and c.id in (${sql.join(
      ids.map((id) => sql`${id}::int`),
      sql`, `,
    )}))`;

export function createReadQueries(db: Db) {
  const videoMedia = alias(media, "video_media");
  const thumbnailMedia = alias(media, "video_thumbnail_media");

  /**
   * The deal by numeric id or slug, with its partners, the viewer's roles, relation to the deal
   * (purchase, review) and own pending items, and (`voteIds`) the viewer's votes on those
   * comments: one statement.
   */
  async function dealContext(
    dealKey: string,
    viewer: Viewer,
    voteIds?: readonly number[],
  ): Promise<DealContext> {
    const ids = viewer && voteIds?.length ? [...new Set(voteIds)] : null;
    const row = await dealRow(db, dealKey, viewer, {
      id: deals.id,
      slug: deals.slug,
      partnerIds: sql<number[] | string>`coalesce((select json_agg(dr.user_id)::text
          from deal_roles dr where dr.deal_id = deals.id and dr.role = 'partner'), '[]')`,
      viewerPending: viewer ? viewerPendingSql(viewer.id) : sql<null>`null`,
      viewerStatus: viewer ? viewerStatusSql(viewer.id) : sql<null>`null`,
      viewerVotes: viewer && ids ? viewerVotesSql(viewer.id, ids) : sql<null>`null`,
    });
    const status = row.viewerStatus ? (JSON.parse(row.viewerStatus) as unknown[]) : null;
    const pending = row.viewerPending
      ? (JSON.parse(row.viewerPending) as unknown[]).map(Number)
      : null;
    const partnerIds = parseIdList(row.partnerIds);
    const staff = isStaffModeratorUser(viewer);
    const partner = viewer != null && partnerIds.includes(viewer.id);
    const userModerator = viewer != null && Boolean(row.userModerator);
    return {
      id: row.id,
      slug: row.slug,
      approvedCount: { review: row.reviewCount, question: row.questionCount },
      approvedReviewsByRating: (JSON.parse(row.reviewCountByRating) as unknown[]).map(Number),
      partnerIds,
      staff,
      partner,
      userModerator,
      moderates: staff || partner || userModerator,
      viewerPending: pending
        ? {
            review: pending[0] ?? 0,
            question: pending[1] ?? 0,
            reviewsByRating: pending.slice(2, 7),
            replies: pending[7] ?? 0,
            own: pending[8] ?? 0,
          }
        : null,
      viewerStatus: status
        ? {
            purchased: Boolean(status[0]),
            reviewed: status[1] != null,
            review: ownReview(status[1]),
          }
        : null,
      viewerVotes: ids ? parseVotes(row.viewerVotes) : null,
    };
  }

  /**
   * Moderators see every status; everyone else approved items plus their own pending and declined
   * ones (an author sees what became of their post: decision 067). The same rule hides replies.
   */
  function visibleTo(viewer: Viewer, deal: DealContext): SQL | undefined {
    if (deal.moderates) return undefined;
    if (!viewer) return eq(comments.status, "approved");
    return or(eq(comments.status, "approved"), eq(comments.userId, viewer.id));
  }

  /**
   * The moderator's reason for a decline, for the item's author and the deal's moderators only
   * (null for everyone else, so no shared answer ever carries one).
   */
  const moderationReasonColumn = (viewer: Viewer, deal: DealContext) =>
    deal.moderates
      ? sql<string | null>`${comments.moderationReason}`
      : viewer
        ? sql<
            string | null
          >`case when ${comments.userId} = ${viewer.id}::int then ${comments.moderationReason} end`
        : sql<string | null>`null::text`;

  /**
   * Approved founder-team answers count as "replied"; a pending one still needs a reply, and a
   * bot's answer never counts (as comments.has_founder_reply, kept by the write side).
   */
  const hasFounderReply = sql`exists (select 1 from comments fr
    join users fu on fu.id = fr.user_id
    where fr.root_id = comments.id and fr.answer_type = 'founder_team'
      and fr.status = 'approved' and not fu.is_bot)`;

  function moderatorFilterSql(filter: ModeratorFilter | undefined): SQL | undefined {
    switch (filter) {
      case "unapproved":
        return eq(comments.status, "pending");
      case "unresolved":
        return eq(comments.resolved, false);
      case "needs_reply":
        return and(eq(comments.status, "approved"), sql`not ${hasFounderReply}`);
      default:
        return undefined;
    }
  }

  // Correlated subqueries name the outer tables literally (comments, users, deals): drizzle leaves
  // columns unqualified in single-table selects, where "id" would bind to the subquery's own table.

  /** Author columns of a joined users row, derived per deal in the same statement. */
  const authorColumns = (dealId: number, now: Date) => ({
    id: users.id,
    username: users.username,
    avatar: users.avatar,
    firstName: users.firstName,
    lastName: users.lastName,
    dateJoined: users.dateJoined,
    isBot: users.isBot,
    emailVerified: sql<boolean>`coalesce((select ue.verified from user_emails ue
      where ue.user_id = users.id and ue."primary" limit 1), false)`,
    // An ISO string, not a Date: a driver may not bind a Date inside a raw sql fragment (postgres.js could not).
    hasPlus: hasActivePlus(sql.raw("users.id"), now),
    // Kept on write (users.deals_purchased): no count over the author's orders per row.
    dealsPurchased: users.dealsPurchased,
    verifiedPurchaser: ownsDeal(sql.raw("users.id"), sql`${dealId}`),
  });

  /** The viewer's vote on each row, by the (comment_id, user_id) unique index: no extra query. */
  const userVoteColumn = (viewer: Viewer) =>
    viewer
      ? sql<number>`coalesce((select cv.direction from comment_votes cv
          where cv.comment_id = comments.id and cv.user_id = ${viewer.id}), 0)::int`
      : sql<number>`0`;

  type AuthorRow = {
    id: number | null;
    username: string | null;
    avatar: string | null;
    firstName: string | null;
    lastName: string | null;
    dateJoined: Date | null;
    isBot: boolean | null;
    emailVerified: boolean;
    hasPlus: boolean;
    dealsPurchased: number;
    verifiedPurchaser: boolean;
  };

  // drizzle may give a left-joined object of nulls or null itself when there is no author.
  function toAuthor(row: AuthorRow | null, deal: DealContext): CommentAuthor | null {
    if (row?.id == null) return null;
    const username = row.username ?? "";
    const name = `${row.firstName ?? ""} ${row.lastName ?? ""}`.trim() || username;
    return {
      id: row.id,
      username,
      avatar: row.avatar,
      name,
      hasPlus: Boolean(row.hasPlus),
      dateJoined: row.dateJoined ?? new Date(0),
      dealsPurchased: Number(row.dealsPurchased ?? 0),
      emailVerified: Boolean(row.emailVerified),
      isFounder: deal.partnerIds.includes(row.id),
      isBot: Boolean(row.isBot),
      verifiedPurchaser: Boolean(row.verifiedPurchaser),
    };
  }

  /** Top-level items with authors, media and the viewer's vote; `where` decides which. */
  function selectItems(deal: DealContext, viewer: Viewer, keys: SortKey[], now: Date) {
    return db
      .select({
        id: comments.id,
        dealId: comments.dealId,
        kind: comments.kind,
        title: comments.title,
        comment: comments.comment,
        rating: comments.rating,
        status: comments.status,
        resolved: comments.resolved,
        moderationReason: moderationReasonColumn(viewer, deal),
        createdAt: comments.createdAt,
        editedAt: comments.editedAt,
        upVotes: comments.upVotes,
        // The thread's stored size, every status (aggregates.ts recomputeThread, in the reply's
        // own transaction): 0 means no replies to load.
        storedReplyCount: comments.replyCount,
        followersCount: comments.followersCount,
        videoKey: videoMedia.key,
        videoThumbnailKey: thumbnailMedia.key,
        // Reviews only (issue 33): the author's purchases of the deal, in this same statement.
        provenance: provenanceColumn(deal.id),
        userVote: userVoteColumn(viewer),
        sortKey: sql<string>`json_build_array(${sql.join(
          keys.map((key) => sql`${key.column}::text`),
          sql`, `,
        )})::text`,
        user: authorColumns(deal.id, now),
      })
      .from(comments)
      .leftJoin(users, eq(users.id, comments.userId))
      .leftJoin(videoMedia, eq(videoMedia.id, comments.videoMediaId))
      .leftJoin(thumbnailMedia, eq(thumbnailMedia.id, comments.videoThumbnailMediaId));
  }

  /** Every visible reply of the given threads, oldest first, in one statement. */
  async function loadReplies(
    rootIds: number[],
    deal: DealContext,
    viewer: Viewer,
    now: Date,
  ): Promise<Map<number, DiscussionReply[]>> {
    const byRoot = new Map<number, DiscussionReply[]>();
    if (rootIds.length === 0) return byRoot;
    const rows = await db
      .select({
        id: comments.id,
        parentId: comments.parentId,
        rootId: comments.rootId,
        kind: comments.kind,
        comment: comments.comment,
        answerType: comments.answerType,
        status: comments.status,
        moderationReason: moderationReasonColumn(viewer, deal),
        createdAt: comments.createdAt,
        editedAt: comments.editedAt,
        upVotes: comments.upVotes,
        userVote: userVoteColumn(viewer),
        user: authorColumns(deal.id, now),
      })
      .from(comments)
      .leftJoin(users, eq(users.id, comments.userId))
      .where(and(inArray(comments.rootId, rootIds), visibleTo(viewer, deal)))
      .orderBy(asc(comments.createdAt), asc(comments.id));

    const replies = new Map<number, DiscussionReply>();
    for (const row of rows) {
      replies.set(row.id, {
        id: row.id,
        parentId: row.parentId ?? 0,
        comment: row.comment,
        answerType: row.answerType,
        status: row.status,
        moderationReason: row.moderationReason ?? null,
        created: row.createdAt,
        edited: row.editedAt,
        user: toAuthor(row.user, deal),
        upVotes: row.upVotes,
        userVote: Number(row.userVote ?? 0),
        children: [],
      });
    }
    // A reply under a hidden reply is hidden with it: it is only reachable through its parent.
    for (const row of rows) {
      const reply = replies.get(row.id);
      if (!reply || row.rootId == null) continue;
      if (row.parentId === row.rootId) {
        const list = byRoot.get(row.rootId) ?? [];
        list.push(reply);
        byRoot.set(row.rootId, list);
      } else {
        replies.get(reply.parentId)?.children.push(reply);
      }
    }
    // A question's answers rank by helpful votes, the oldest first among equals (issue 33); a
    // review's replies, and replies to an answer, stay in the order they were written.
    const questionRoots = new Set(rows.filter((r) => r.kind === "question").map((r) => r.rootId));
    for (const [rootId, list] of byRoot) {
      if (questionRoots.has(rootId)) list.sort((a, b) => b.upVotes - a.upVotes);
    }
    return byRoot;
  }

  const countTree = (list: DiscussionReply[]): number =>
    list.reduce((sum, reply) => sum + 1 + countTree(reply.children), 0);

  type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>["where"]>>[number];

  function toItem(row: ItemRow, deal: DealContext, children: DiscussionReply[]): DiscussionItem {
    const title = row.title ?? "";
    const user = toAuthor(row.user, deal);
    const provenance = parseProvenance(row.provenance, user?.verifiedPurchaser ?? false);
    return {
      id: row.id,
      dealId: row.dealId,
      kind: row.kind,
      title,
      comment: row.comment,
      rating: row.kind === "review" ? row.rating : null,
      status: row.status,
      resolved: row.resolved,
      moderationReason: row.moderationReason ?? null,
      created: row.createdAt,
      edited: row.editedAt,
      displayPath: displayPath(deal.slug, row.kind, row.id, title),
      user,
      upVotes: row.upVotes,
      userVote: Number(row.userVote ?? 0),
      replyCount: countTree(children),
      followersCount: row.followersCount,
      provenance: provenance?.provenance ?? null,
      earlierRatings: provenance?.earlierRatings ?? [],
      videoKey: row.videoKey,
      videoThumbnailKey: row.videoThumbnailKey,
      children,
    };
  }

  const topLevel = (deal: DealContext, kind: CommentKind) => [
    eq(comments.dealId, deal.id),
    eq(comments.kind, kind),
    isNull(comments.parentId),
  ];

  return {
    dealContext,
    visibleTo,
    hasFounderReply,
    moderatorFilterSql,
    selectItems,
    loadReplies,
    toItem,
    topLevel,
  };
}

export type ReadQueries = ReturnType<typeof createReadQueries>;

/** json_agg comes back as text (cast, so both drivers agree); null members are dropped. */
function parseIdList(value: number[] | string): number[] {
  const list: unknown = typeof value === "string" ? JSON.parse(value) : value;
  return Array.isArray(list) ? list.filter((v): v is number => typeof v === "number") : [];
}

/** The viewer's review as the status column reads it: [id, status], or null for none. */
function ownReview(value: unknown): { id: number; status: CommentStatus } | null {
  if (!Array.isArray(value)) return null;
  return { id: Number(value[0]), status: value[1] as CommentStatus };
}

/** The votes column (json_agg of [id, up_votes, direction]; null when no row matched). */
function parseVotes(value: string | null): Map<number, { upVotes: number; userVote: number }> {
  const votes = new Map<number, { upVotes: number; userVote: number }>();
  const list: unknown = value ? JSON.parse(value) : [];
  if (!Array.isArray(list)) return votes;
  for (const entry of list) {
    if (!Array.isArray(entry)) continue;
    votes.set(Number(entry[0]), {
      upVotes: Number(entry[1] ?? 0),
      userVote: Number(entry[2] ?? 0),
    });
  }
  return votes;
}
