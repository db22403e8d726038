import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { forbidden, notFound, unauthenticated } from "../../../domain/errors";
import type { Db } from "../../db/client";
import { type CommentKind, comments } from "../../db/schema/discussions";
import { questionFollows } from "../../db/schema/notifications";
import type { Clock } from "../../providers/clock";
import { ownsDeal } from "../commerce/ownership-sql";
import { afterCursor, DATE_KEY, decodeCursor, encodeCursor, orderBy, sortKeys } from "./cursor";
import { itemIdFromSegment } from "./ids";
import type { DealContext, ReadQueries } from "./read-queries";
import type {
  DiscussionItem,
  DiscussionList,
  DiscussionReply,
  DiscussionStats,
  ListOptions,
  Viewer,
} from "./types";

// The review and question lists (page numbers or the keyset cursor), one item with its thread,
// and the moderation counts. Every read runs a fixed number of statements whatever the page
// size: the deal with its roles, the page of top-level items, the total, and all replies of the
// page's items by root id (none when no item of the page has a reply).

export function createListReads(deps: { db: Db; clock: Clock; queries: ReadQueries }) {
  const { db, clock } = deps;
  const { dealContext, visibleTo, hasFounderReply, moderatorFilterSql, selectItems } = deps.queries;
  const { loadReplies, toItem, topLevel } = deps.queries;

  async function list(
    kind: CommentKind,
    dealKey: string,
    viewer: Viewer,
    options: ListOptions,
    /** The deal's context when the caller already has it (listBoth): no second statement. */
    preloaded?: DealContext,
    /** Loads the page's replies; listBoth hands both lists one loader (one statement). */
    replies: typeof loadReplies = loadReplies,
  ): Promise<DiscussionList> {
    const keys = sortKeys(options.sort, kind);
    const descending = options.order === "desc";
    // Decoded before any query, so a bad cursor is a 400 that costs no statement.
    const cursor = options.searchAfter
      ? decodeCursor(options.searchAfter, options.sort, options.order, keys)
      : null;
    const deal = preloaded ?? (await dealContext(dealKey, viewer));
    const now = clock.now();
    const search = options.query?.trim();
    const filters = and(
      ...topLevel(deal, kind),
      visibleTo(viewer, deal),
      moderatorFilterSql(options.moderatorFilter),
      kind === "review" && options.rating !== undefined
        ? eq(comments.rating, options.rating)
        : undefined,
      search ? sql`${comments.search} @@ websearch_to_tsquery('english', ${search})` : undefined,
      // Reviews by the deal's current owners, and video reviews (issue 33, decision 070).
      kind === "review" && options.verifiedOnly
        ? ownsDeal(sql.raw("comments.user_id"), sql`${deal.id}::int`)
        : undefined,
      kind === "review" && options.withVideo ? isNotNull(comments.videoMediaId) : undefined,
    );
    const narrowed = kind === "review" && (options.verifiedOnly || options.withVideo);
    const limit = options.itemsPerPage;
    // Keyset whenever a cursor is given (it wins over page); OFFSET only for page numbers.
    const offset = cursor ? 0 : (options.page - 1 + (options.skipPages ?? 0)) * limit;
    // Deep page numbers: find the page's ids with a bare index scan first, so the author
    // subqueries run for the page's rows only, not for every row OFFSET skips (page 4500 of
    // 100,000 reviews otherwise timed out).
    const pageIds =
      offset > 0
        ? db
            .select({ id: comments.id })
            .from(comments)
            .where(filters)
            .orderBy(...orderBy(keys, descending))
            .limit(limit + 1)
            .offset(offset)
        : undefined;
    const pageQuery = selectItems(deal, viewer, keys, now)
      .where(
        pageIds
          ? inArray(comments.id, pageIds)
          : cursor
            ? and(filters, afterCursor(keys, cursor, descending))
            : filters,
      )
      .orderBy(...orderBy(keys, descending))
      // One row more than the page says whether a next cursor exists.
      .limit(limit + 1);
    // Without a text search or a moderator's filter, the total is what the deal's stored
    // aggregates count (approved top-level items, by rating for reviews, kept exact in every
    // write's transaction), plus for a signed-in viewer their own pending items (read with the
    // deal's context): no count(*) over the whole deal, no statement of its own.
    const rating = kind === "review" ? options.rating : undefined;
    const stored =
      !deal.moderates && !search && !options.moderatorFilter && !narrowed
        ? rating !== undefined
          ? (deal.approvedReviewsByRating[rating - 1] ?? 0)
          : deal.approvedCount[kind]
        : null;
    const pending = narrowed
      ? 0
      : deal.viewerPending
        ? rating !== undefined
          ? (deal.viewerPending.reviewsByRating[rating - 1] ?? 0)
          : deal.viewerPending[kind]
        : 0;
    const totalQuery =
      stored === null
        ? db.select({ total: sql<number>`count(*)::int` }).from(comments).where(filters)
        : Promise.resolve([{ total: stored + pending }]);
    const [rows, totals] = await Promise.all([pageQuery, totalQuery]);

    const pageRows = rows.slice(0, limit);
    // Only threads that have replies at all (their stored count, kept in each reply's
    // transaction): a page without any costs no replies statement.
    const byRoot = await replies(
      pageRows.filter((row) => row.storedReplyCount > 0).map((row) => row.id),
      deal,
      viewer,
      now,
    );
    const last = pageRows[pageRows.length - 1];
    const searchAfter =
      rows.length > limit && last
        ? encodeCursor({
            s: options.sort,
            o: options.order,
            k: JSON.parse(last.sortKey) as (string | null)[],
            i: last.id,
          })
        : null;
    return {
      items: pageRows.map((row) => toItem(row, deal, byRoot.get(row.id) ?? [])),
      total: Number(totals[0]?.total ?? 0),
      searchAfter,
    };
  }

  /** One top-level item with its replies; 404 when missing, of another deal, or not visible. */
  async function get(
    kind: CommentKind,
    dealKey: string,
    itemKey: string,
    viewer: Viewer,
  ): Promise<DiscussionItem> {
    const id = itemIdFromSegment(itemKey);
    if (id === null) throw notFound();
    const deal = await dealContext(dealKey, viewer);
    const now = clock.now();
    const rows = await selectItems(deal, viewer, [DATE_KEY], now)
      .where(and(...topLevel(deal, kind), eq(comments.id, id), visibleTo(viewer, deal)))
      .limit(1);
    const row = rows[0];
    if (!row) throw notFound();
    const byRoot = await loadReplies(row.storedReplyCount > 0 ? [row.id] : [], deal, viewer, now);
    const item = toItem(row, deal, byRoot.get(row.id) ?? []);
    if (kind !== "question") return item;
    // The viewer's follow (issue 33): its author always follows it.
    const following =
      viewer != null &&
      (row.user?.id === viewer.id ||
        (
          await db
            .select({ userId: questionFollows.userId })
            .from(questionFollows)
            .where(
              and(eq(questionFollows.commentId, row.id), eq(questionFollows.userId, viewer.id)),
            )
            .limit(1)
        ).length > 0);
    return { ...item, isFollowing: following };
  }

  /**
   * Moderation counts of one list; staff, the deal's partners and its user moderators only (a
   * visitor: 401). The needs-moderation count is staff moderators' (spec 000 section 6: partners
   * and user moderators get the reply counts): null for the others.
   */
  async function stats(
    kind: CommentKind,
    dealKey: string,
    viewer: Viewer,
  ): Promise<DiscussionStats> {
    if (!viewer) throw unauthenticated();
    const deal = await dealContext(dealKey, viewer);
    if (!deal.moderates) throw forbidden();
    const rows = await db
      .select({
        // Pending replies wait for a moderator as much as pending top-level items do.
        needsModeration: sql<number>`count(*) filter (where ${comments.status} = 'pending')::int`,
        needsReply: sql<number>`count(*) filter (where ${comments.parentId} is null
          and ${comments.status} = 'approved' and not ${hasFounderReply})::int`,
      })
      .from(comments)
      .where(and(eq(comments.dealId, deal.id), eq(comments.kind, kind)));
    return {
      needsModeration: deal.staff ? Number(rows[0]?.needsModeration ?? 0) : null,
      needsReply: Number(rows[0]?.needsReply ?? 0),
    };
  }

  /**
   * The reviews and the questions lists of one deal with the same options (the product page's
   * community previews): the deal's context is read once for both.
   */
  async function listBoth(
    dealKey: string,
    viewer: Viewer,
    options: ListOptions,
    /** The deal's context when the caller already has it (for the same viewer). */
    preloaded?: DealContext,
  ): Promise<{ review: DiscussionList; question: DiscussionList }> {
    const deal = preloaded ?? (await dealContext(dealKey, viewer));
    const replies = sharedReplies(2);
    const [review, question] = await Promise.all([
      list("review", dealKey, viewer, options, deal, replies),
      list("question", dealKey, viewer, options, deal, replies),
    ]);
    return { review, question };
  }

  /**
   * A replies loader for `lists` lists at once: it waits until each has asked, then loads the
   * replies of all their items in one statement (every lookup is by the item's own root id).
   */
  function sharedReplies(lists: number): typeof loadReplies {
    const asks: { ids: number[]; done: (r: Promise<Map<number, DiscussionReply[]>>) => void }[] =
      [];
    return (ids, deal, viewer, now) =>
      new Promise((resolve) => {
        asks.push({ ids, done: resolve });
        if (asks.length < lists) return;
        const all = loadReplies(
          asks.flatMap((a) => a.ids),
          deal,
          viewer,
          now,
        );
        for (const a of asks) a.done(all);
      });
  }

  return { list, get, stats, listBoth };
}

type BothLists = { review: DiscussionList; question: DiscussionList };

/** Every item and reply id of kept lists: what `dealContext(..., voteIds)` reads votes for. */
export function keptListIds(kept: BothLists): number[] {
  const ids: number[] = [];
  const walk = (replies: DiscussionReply[]) => {
    for (const reply of replies) {
      ids.push(reply.id);
      walk(reply.children);
    }
  };
  for (const item of [...kept.review.items, ...kept.question.items]) {
    ids.push(item.id);
    walk(item.children);
  }
  return ids;
}

/**
 * Both lists of a deal as an anonymous viewer got them (kept between requests with the deal's
 * public data, page 1 without a search), for `deal`'s viewer: the same rows whenever the viewer
 * sees what the public sees (no moderator; no pending item or reply of their own), with the
 * stored totals of the context and, for a signed-in viewer, each row's current up-votes and their
 * own vote (read with the context, `voteIds` = keptListIds). Null when the viewer's lists differ
 * (or a vote was not read): then they are read as `listBoth` does.
 */
export function listsForViewer(kept: BothLists, deal: DealContext): BothLists | null {
  if (deal.moderates) return null;
  const pending = deal.viewerPending;
  if (pending && (pending.review > 0 || pending.question > 0 || pending.replies > 0)) return null;
  const votes = deal.viewerVotes;
  const signedIn = deal.viewerStatus !== null;
  if (signedIn && !votes) return null;
  let complete = true;
  const voteOf = <T extends { id: number; upVotes: number; userVote: number }>(row: T): T => {
    if (!votes) return row;
    const vote = votes.get(row.id);
    if (!vote) {
      complete = false;
      return row;
    }
    return { ...row, upVotes: vote.upVotes, userVote: vote.userVote };
  };
  const replies = (list: DiscussionReply[]): DiscussionReply[] =>
    list.map((reply) => ({ ...voteOf(reply), children: replies(reply.children) }));
  const one = (list: DiscussionList, total: number): DiscussionList => ({
    ...list,
    items: list.items.map((item) => ({ ...voteOf(item), children: replies(item.children) })),
    total,
  });
  const lists = {
    review: one(kept.review, deal.approvedCount.review),
    question: one(kept.question, deal.approvedCount.question),
  };
  return complete ? lists : null;
}
