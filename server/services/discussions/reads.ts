import {
  type AnyColumn,
  and,
  asc,
  desc,
  eq,
  inArray,
  isNull,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type {
  DISCUSSION_SORT_FIELDS,
  MODERATOR_FILTERS,
  SORT_ORDERS,
} from "../../../domain/constants";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { deals, media } from "../../db/schema/catalog";
import {
  type AnswerType,
  type CommentKind,
  type CommentStatus,
  comments,
} from "../../db/schema/discussions";
import { forbidden, invalid, notFound } from "../../../domain/errors";
import type { Clock } from "../../providers/clock";
import type { MediaProvider } from "../../providers/media";
import { createDiscussionWrites } from "./writes";
import type { PageEvents } from "../cache/page-events";
import { INT4_MAX, isStaffModeratorUser, itemIdFromSegment, parseId } from "./ids";
import type { Outbox } from "../jobs/outbox";
import type { SessionUser } from "../accounts/sessions";
import { dealsOwnedCount, hasActivePlus, ownsDeal } from "../commerce/ownership-sql";

// The read side of the discussion area (spec 000 sections 3, 4 and 7): lists, one item, stats and
// the viewer's status for a deal. Every read runs a fixed number of statements whatever the page
// size: the deal with its roles, the page of top-level items (authors, media and the viewer's vote
// joined), the total, and all replies of the page's items by root id.

export type DiscussionSort = (typeof DISCUSSION_SORT_FIELDS)[number];
export type SortOrder = (typeof SORT_ORDERS)[number];
export type ModeratorFilter = (typeof MODERATOR_FILTERS)[number];

export type ListOptions = {
  page: number;
  sort: DiscussionSort;
  order: SortOrder;
  itemsPerPage: number;
  skipPages?: number | undefined;
  moderatorFilter?: ModeratorFilter | undefined;
  /** Reviews only; ignored for questions. */
  rating?: number | undefined;
  query?: string | undefined;
  searchAfter?: string | undefined;
};

export type CommentAuthor = {
  id: number;
  username: string;
  avatar: string | null;
  name: string;
  hasPlus: boolean;
  dateJoined: Date;
  dealsPurchased: number;
  emailVerified: boolean;
  isFounder: boolean;
  isBot: boolean;
  verifiedPurchaser: boolean;
};

export type DiscussionReply = {
  id: number;
  parentId: number;
  comment: string;
  answerType: AnswerType | null;
  status: CommentStatus;
  created: Date;
  edited: Date | null;
  user: CommentAuthor | null;
  upVotes: number;
  userVote: number;
  children: DiscussionReply[];
};

export type DiscussionItem = {
  id: number;
  dealId: number;
  kind: CommentKind;
  title: string;
  comment: string;
  rating: number | null;
  status: CommentStatus;
  resolved: boolean;
  created: Date;
  edited: Date | null;
  displayPath: string;
  user: CommentAuthor | null;
  upVotes: number;
  userVote: number;
  replyCount: number;
  videoKey: string | null;
  videoThumbnailKey: string | null;
  children: DiscussionReply[];
};

export type DiscussionList = { items: DiscussionItem[]; total: number; searchAfter: string | null };

export type DiscussionStats = { needsModeration: number; needsReply: number };

/** How the founder team answers a deal's questions (approved top-level questions only). */
export type FounderResponsiveness = {
  questions: number;
  answered: number;
  /** answered / questions, 0..1; 0 when there are no questions. */
  answeredShare: number;
  /** Median seconds from a question to its first approved founder-team answer; null if none. */
  medianFirstAnswerSeconds: number | null;
};

export type UserStatus = {
  userHasPurchased: boolean;
  userHasReviewed: boolean;
  userModerator: boolean;
  staffModerator: boolean;
};

type Viewer = SessionUser | null;

/** A deal as the discussion reads need it, with the viewer's roles on it. */
type DealContext = {
  id: number;
  slug: string;
  /** The deal's stored counts of approved top-level items, by kind. */
  approvedCount: Record<CommentKind, number>;
  partnerIds: number[];
  staff: boolean;
  partner: boolean;
  userModerator: boolean;
  /** Sees pending and declined items and the moderator filters act on everything. */
  moderates: boolean;
};

export { isStaffModeratorUser, itemIdFromSegment, parseId } from "./ids";

export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
}

export const LIST_SEGMENT: Record<CommentKind, "reviews" | "questions"> = {
  review: "reviews",
  question: "questions",
};

/** `/products/{slug}/reviews/{slugified-title}-{id}/`; a title without letters: `review-{id}`. */
export function displayPath(
  dealSlug: string,
  kind: CommentKind,
  id: number,
  title: string,
): string {
  const slug = slugify(title) || kind;
  return `/products/${dealSlug}/${LIST_SEGMENT[kind]}/${slug}-${id}/`;
}

// ---------------------------------------------------------------------------------------------
// Keyset cursor
// ---------------------------------------------------------------------------------------------

type SortKey = { column: AnyColumn; type: "timestamptz" | "int"; nullable: boolean };

const DATE_KEY: SortKey = { column: comments.createdAt, type: "timestamptz", nullable: false };

/** Each sort's key columns; the id always breaks ties, in the same direction. */
function sortKeys(sort: DiscussionSort, kind: CommentKind): SortKey[] {
  switch (sort) {
    case "date":
      return [DATE_KEY];
    case "latest":
      // Items without a reply have no "latest reply": last when newest first, first otherwise.
      return [{ column: comments.lastReplyAt, type: "timestamptz", nullable: true }];
    case "helpful":
      return [{ column: comments.upVotes, type: "int", nullable: false }];
    case "rating":
      // Questions carry no rating; their rating sort is the date sort.
      return kind === "review"
        ? [{ column: comments.rating, type: "int", nullable: true }, DATE_KEY]
        : [DATE_KEY];
  }
}

type Cursor = { s: DiscussionSort; o: SortOrder; k: (string | null)[]; i: number };

// Timestamps travel as PostgreSQL's own text form (microseconds kept: a JS Date would drop them
// and make equal-millisecond rows skip or repeat across pages).
const TIMESTAMP_TEXT =
  /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:?\d{2}){0,2})?$/;
const INT_TEXT = /^-?\d{1,10}$/;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

const invalidCursor = () => invalid({ search_after: ["Invalid cursor."] });

function decodeCursor(
  value: string,
  sort: DiscussionSort,
  order: SortOrder,
  keys: SortKey[],
): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor();
  }
  if (typeof parsed !== "object" || parsed === null) throw invalidCursor();
  const { s, o, k, i } = parsed as Record<string, unknown>;
  // A cursor belongs to one sort and order; reused under another it would silently skip items.
  if (s !== sort || o !== order || !Array.isArray(k) || k.length !== keys.length) {
    throw invalidCursor();
  }
  if (typeof i !== "number" || !Number.isInteger(i) || i < 1 || i > INT4_MAX) throw invalidCursor();
  const values = keys.map((key, index) => {
    const v: unknown = k[index];
    if (v === null && key.nullable) return null;
    if (typeof v !== "string") throw invalidCursor();
    const ok =
      key.type === "int"
        ? INT_TEXT.test(v) && Math.abs(Number(v)) <= INT4_MAX
        : TIMESTAMP_TEXT.test(v);
    if (!ok) throw invalidCursor();
    return v;
  });
  return { s: sort, o: order, k: values, i };
}

const castKey = (value: string, type: SortKey["type"]): SQL =>
  type === "int" ? sql`${value}::int` : sql`${value}::timestamptz`;

/**
 * Rows strictly after the cursor in the list's order. Without nullable keys this is one row
 * comparison, `(key, id) < (...)`, which PostgreSQL answers from the list indexes. Nulls sort
 * last when descending and first when ascending (as comments_list_latest_reply_idx does).
 */
function afterCursor(keys: SortKey[], cursor: Cursor, descending: boolean): SQL {
  const op = descending ? sql`<` : sql`>`;
  if (keys.every((key) => !key.nullable)) {
    const left = sql.join([...keys.map((key) => sql`${key.column}`), sql`${comments.id}`], sql`, `);
    const right = sql.join(
      [...keys.map((key, i) => castKey(cursor.k[i] ?? "", key.type)), sql`${cursor.i}::int`],
      sql`, `,
    );
    return sql`(${left}) ${op} (${right})`;
  }
  const expand = (index: number): SQL => {
    const key = keys[index];
    if (!key) return sql`${comments.id} ${op} ${cursor.i}::int`;
    const rest = expand(index + 1);
    const value = cursor.k[index] ?? null;
    if (value === null) {
      return descending
        ? sql`(${key.column} is null and ${rest})`
        : sql`((${key.column} is null and ${rest}) or ${key.column} is not null)`;
    }
    const v = castKey(value, key.type);
    const nullsAfter = descending && key.nullable ? sql` or ${key.column} is null` : sql``;
    return sql`(${key.column} ${op} ${v} or (${key.column} = ${v} and ${rest})${nullsAfter})`;
  };
  return expand(0);
}

function orderBy(keys: SortKey[], descending: boolean): SQL[] {
  return [
    // Non-nullable keys use the default null placement, which is the list indexes' order (DESC
    // NULLS FIRST): a NULLS LAST here made PostgreSQL sort the whole deal instead (measured at
    // 100,000 reviews: a parallel seq scan and an 88 ms on-disk sort per page).
    ...keys.map((key) =>
      key.nullable
        ? descending
          ? sql`${key.column} desc nulls last`
          : sql`${key.column} asc nulls first`
        : descending
          ? desc(key.column)
          : asc(key.column),
    ),
    descending ? desc(comments.id) : asc(comments.id),
  ];
}

// ---------------------------------------------------------------------------------------------
// The service
// ---------------------------------------------------------------------------------------------

export function createDiscussionService(deps: {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  media: MediaProvider;
  pageEvents?: PageEvents;
}) {
  const { db, clock } = deps;
  const videoMedia = alias(media, "video_media");
  const thumbnailMedia = alias(media, "video_thumbnail_media");

  /** The deal by numeric id or slug, with its partners and the viewer's roles: one statement. */
  async function dealContext(dealKey: string, viewer: Viewer): Promise<DealContext> {
    const id = parseId(dealKey);
    if (id === null && !/^[a-z0-9][a-z0-9_-]{0,199}$/i.test(dealKey)) throw notFound();
    const viewerId = viewer?.id ?? null;
    const rows = await db
      .select({
        id: deals.id,
        slug: deals.slug,
        partnerIds: sql<number[] | string>`coalesce((select json_agg(dr.user_id)::text
          from deal_roles dr where dr.deal_id = deals.id and dr.role = 'partner'), '[]')`,
        userModerator: sql<boolean>`exists (select 1 from deal_roles dr
          where dr.deal_id = deals.id and dr.role = 'user_moderator'
            and dr.user_id = ${viewerId}::int)`,
        reviewCount: deals.reviewCount,
        questionCount: deals.commentCount,
      })
      .from(deals)
      .where(id !== null ? eq(deals.id, id) : eq(deals.slug, dealKey))
      .limit(1);
    const row = rows[0];
    if (!row) throw notFound();
    const partnerIds = parseIdList(row.partnerIds);
    const staff = isStaffModeratorUser(viewer);
    const partner = viewer != null && partnerIds.includes(viewer.id);
    const userModerator = viewer != null && Boolean(row.userModerator);
    return {
      id: row.id,
      slug: row.slug,
      approvedCount: { review: row.reviewCount, question: row.questionCount },
      partnerIds,
      staff,
      partner,
      userModerator,
      moderates: staff || partner || userModerator,
    };
  }

  /**
   * Moderators see every status; everyone else approved items plus their own pending ones. The
   * same rule hides replies.
   */
  function visibleTo(viewer: Viewer, deal: DealContext): SQL | undefined {
    if (deal.moderates) return undefined;
    if (!viewer) return eq(comments.status, "approved");
    return or(
      eq(comments.status, "approved"),
      and(eq(comments.status, "pending"), eq(comments.userId, viewer.id)),
    );
  }

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
    // An ISO string, not a Date: postgres-js cannot bind a Date inside a raw sql fragment.
    hasPlus: hasActivePlus(sql.raw("users.id"), now),
    dealsPurchased: dealsOwnedCount(sql.raw("users.id")),
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
        createdAt: comments.createdAt,
        editedAt: comments.editedAt,
        upVotes: comments.upVotes,
        videoKey: videoMedia.key,
        videoThumbnailKey: thumbnailMedia.key,
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
        comment: comments.comment,
        answerType: comments.answerType,
        status: comments.status,
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
    return byRoot;
  }

  const countTree = (list: DiscussionReply[]): number =>
    list.reduce((sum, reply) => sum + 1 + countTree(reply.children), 0);

  type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>["where"]>>[number];

  function toItem(row: ItemRow, deal: DealContext, children: DiscussionReply[]): DiscussionItem {
    const title = row.title ?? "";
    return {
      id: row.id,
      dealId: row.dealId,
      kind: row.kind,
      title,
      comment: row.comment,
      rating: row.kind === "review" ? row.rating : null,
      status: row.status,
      resolved: row.resolved,
      created: row.createdAt,
      edited: row.editedAt,
      displayPath: displayPath(deal.slug, row.kind, row.id, title),
      user: toAuthor(row.user, deal),
      upVotes: row.upVotes,
      userVote: Number(row.userVote ?? 0),
      replyCount: countTree(children),
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

  async function list(
    kind: CommentKind,
    dealKey: string,
    viewer: Viewer,
    options: ListOptions,
    /** The deal's context when the caller already has it (listBoth): no second statement. */
    preloaded?: DealContext,
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
    );
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
    // An anonymous, unfiltered list is exactly what the deal's stored aggregate counts (approved
    // top-level items, kept exact in every write's transaction): no count(*) over the whole deal.
    const unfiltered =
      viewer == null && !search && options.rating === undefined && !options.moderatorFilter;
    const totalQuery = unfiltered
      ? Promise.resolve([{ total: deal.approvedCount[kind] }])
      : db.select({ total: sql<number>`count(*)::int` }).from(comments).where(filters);
    const [rows, totals] = await Promise.all([pageQuery, totalQuery]);

    const pageRows = rows.slice(0, limit);
    const byRoot = await loadReplies(
      pageRows.map((row) => row.id),
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
    const byRoot = await loadReplies([row.id], deal, viewer, now);
    return toItem(row, deal, byRoot.get(row.id) ?? []);
  }

  /** Moderation counts of one list; staff, the deal's partners and its user moderators only. */
  async function stats(
    kind: CommentKind,
    dealKey: string,
    viewer: Viewer,
  ): Promise<DiscussionStats> {
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
      needsModeration: Number(rows[0]?.needsModeration ?? 0),
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
  ): Promise<{ review: DiscussionList; question: DiscussionList }> {
    const deal = await dealContext(dealKey, viewer);
    const [review, question] = await Promise.all([
      list("review", dealKey, viewer, options, deal),
      list("question", dealKey, viewer, options, deal),
    ]);
    return { review, question };
  }

  /** The viewer's relation to the deal (all false for anonymous), in one statement. */
  async function userStatus(dealKey: string, viewer: Viewer): Promise<UserStatus> {
    const id = parseId(dealKey);
    if (id === null && !/^[a-z0-9][a-z0-9_-]{0,199}$/i.test(dealKey)) throw notFound();
    const viewerId = viewer?.id ?? null;
    const rows = await db
      .select({
        id: deals.id,
        purchased: ownsDeal(sql`${viewerId}::int`, sql.raw("deals.id")),
        reviewed: sql<boolean>`exists (select 1 from comments c where c.deal_id = deals.id
          and c.kind = 'review' and c.parent_id is null and c.user_id = ${viewerId}::int)`,
        userModerator: sql<boolean>`exists (select 1 from deal_roles dr
          where dr.deal_id = deals.id and dr.role = 'user_moderator'
            and dr.user_id = ${viewerId}::int)`,
        reviewCount: deals.reviewCount,
        questionCount: deals.commentCount,
      })
      .from(deals)
      .where(id !== null ? eq(deals.id, id) : eq(deals.slug, dealKey))
      .limit(1);
    const row = rows[0];
    if (!row) throw notFound();
    if (!viewer) {
      return {
        userHasPurchased: false,
        userHasReviewed: false,
        userModerator: false,
        staffModerator: false,
      };
    }
    return {
      userHasPurchased: Boolean(row.purchased),
      userHasReviewed: Boolean(row.reviewed),
      userModerator: Boolean(row.userModerator),
      staffModerator: isStaffModeratorUser(viewer),
    };
  }

  /**
   * The share of approved top-level questions the founder team answered and the median time to
   * the first founder answer, from comments.has_founder_reply and first_founder_reply_at (kept
   * by the write side: approved founder-team replies, never a bot's). One statement: the deal
   * (by id or slug) left-joined to its questions, so an unknown deal is an empty result.
   */
  async function founderResponsiveness(dealKey: string): Promise<FounderResponsiveness> {
    const id = parseId(dealKey);
    if (id === null && !/^[a-z0-9][a-z0-9_-]{0,199}$/i.test(dealKey)) throw notFound();
    const rows = await db
      .select({
        questions: sql<number>`count(*) filter (where ${comments.id} is not null)::int`,
        answered: sql<number>`count(*) filter (where ${comments.hasFounderReply})::int`,
        median: sql<number | string | null>`percentile_cont(0.5) within group (order by
          extract(epoch from ${comments.firstFounderReplyAt} - ${comments.createdAt}))`,
      })
      .from(deals)
      .leftJoin(
        comments,
        and(
          eq(comments.dealId, deals.id),
          eq(comments.kind, "question"),
          isNull(comments.parentId),
          eq(comments.status, "approved"),
        ),
      )
      .where(id !== null ? eq(deals.id, id) : eq(deals.slug, dealKey))
      .groupBy(deals.id);
    const row = rows[0];
    if (!row) throw notFound();
    const questions = Number(row.questions);
    const answered = Number(row.answered);
    return {
      questions,
      answered,
      answeredShare: questions ? answered / questions : 0,
      medianFirstAnswerSeconds: row.median == null ? null : Math.round(Number(row.median)),
    };
  }

  /**
   * The summary's evidence as links: of the given review ids, the deal's approved top-level
   * reviews (one later declined or deleted drops out), with their titles for the item paths.
   */
  async function approvedReviewLinks(
    deal: { id: number; slug: string },
    ids: readonly number[],
  ): Promise<Map<number, { title: string; displayPath: string }>> {
    const wanted = [...new Set(ids)].filter(
      (id) => Number.isInteger(id) && id > 0 && id <= INT4_MAX,
    );
    const out = new Map<number, { title: string; displayPath: string }>();
    if (wanted.length === 0) return out;
    const rows = await db
      .select({ id: comments.id, title: comments.title })
      .from(comments)
      .where(
        and(
          inArray(comments.id, wanted),
          eq(comments.dealId, deal.id),
          eq(comments.kind, "review"),
          isNull(comments.parentId),
          eq(comments.status, "approved"),
        ),
      );
    for (const row of rows) {
      const title = row.title ?? "";
      out.set(row.id, { title, displayPath: displayPath(deal.slug, "review", row.id, title) });
    }
    return out;
  }

  // The write side lives in discussion-writes.ts; it answers with items read through `get`.
  const writes = createDiscussionWrites({ ...deps, read: { get } });

  return {
    list,
    get,
    stats,
    userStatus,
    listBoth,
    founderResponsiveness,
    approvedReviewLinks,
    ...writes,
  };
}

/** json_agg comes back as text (cast, so both drivers agree); null members are dropped. */
function parseIdList(value: number[] | string): number[] {
  const list: unknown = typeof value === "string" ? JSON.parse(value) : value;
  return Array.isArray(list) ? list.filter((v): v is number => typeof v === "number") : [];
}

export type DiscussionService = ReturnType<typeof createDiscussionService>;
