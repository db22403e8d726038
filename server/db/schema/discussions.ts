import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
// Spec enumerations have one home, domain/constants.ts; the CHECK constraints use them.
import { ANSWER_TYPES, COMMENT_STATUSES, VOTE_DIRECTIONS } from "../../../domain/constants";
import {
  FLAG_REASONS,
  FLAG_STATUSES,
  type FlagReason,
  type FlagStatus,
} from "../../../domain/flags";
import { createdAt, nullOrOneOf, oneOf, timestamptz, tsvector } from "./_helpers";
import { users } from "./accounts";
import { deals, media } from "./catalog";

export const COMMENT_KINDS = ["review", "question"] as const;

/**
 * Ids per part of the sitemaps of deals, reviews, questions and profiles
 * (server/services/storefront/sitemap.ts), here because the comments' sitemap indexes are keyed by
 * it: changing it renames every part and needs a migration.
 */
export const SITEMAP_RANGE = 2_000;
export type CommentKind = (typeof COMMENT_KINDS)[number];

export { COMMENT_STATUSES };
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

export { ANSWER_TYPES };
export type AnswerType = (typeof ANSWER_TYPES)[number];

/**
 * Reviews, questions and their replies in one table. A top-level item has parent_id and root_id
 * null; a reply has both (root_id = the top-level item of its thread) and carries the kind of its
 * thread. The id is an identity integer because it appears in URLs.
 */
export const comments = pgTable(
  "comments",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    kind: text().$type<CommentKind>().notNull(),
    parentId: integer().references((): AnyPgColumn => comments.id, { onDelete: "cascade" }),
    rootId: integer().references((): AnyPgColumn => comments.id, { onDelete: "cascade" }),
    /** Null once the author's account is deleted; the item stays in the thread. */
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    title: text(),
    comment: text().notNull().default(""),
    /** 1-5 tacos, top-level reviews only. */
    rating: smallint(),
    /**
     * When the current rating was given: null means when the review was created. An edit that
     * changes the rating moves it and keeps the earlier one in comment_rating_history.
     */
    ratedAt: timestamptz(),
    status: text().$type<CommentStatus>().notNull().default("pending"),
    resolved: boolean().notNull().default(false),
    /** Why a moderator declined the item, shown to its author (issue 33); null otherwise. */
    moderationReason: text(),
    answerType: text().$type<AnswerType>(),
    videoMediaId: integer().references(() => media.id, { onDelete: "set null" }),
    videoThumbnailMediaId: integer().references(() => media.id, { onDelete: "set null" }),
    upVotes: integer().notNull().default(0),
    downVotes: integer().notNull().default(0),
    /** Replies under this item (all depths, for top-level items). */
    replyCount: integer().notNull().default(0),
    /** Questions: members following it (question_follows rows), kept on write (issue 33). */
    followersCount: integer().notNull().default(0),
    hasFounderReply: boolean().notNull().default(false),
    firstFounderReplyAt: timestamptz(),
    createdAt: createdAt(),
    editedAt: timestamptz(),
    /** Last reply in the thread: the "latest reply" sort. */
    lastReplyAt: timestamptz(),
    search: tsvector().generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', coalesce("comment", '')), 'B')`,
    ),
  },
  (t) => [
    // Lists page over top-level items of one deal and kind.
    index("comments_list_created_idx")
      .on(t.dealId, t.kind, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.parentId} is null`),
    index("comments_list_all_created_idx")
      .on(t.dealId, t.kind, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.parentId} is null`),
    index("comments_list_helpful_idx")
      .on(t.dealId, t.kind, t.upVotes.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.parentId} is null`),
    index("comments_list_rating_idx")
      .on(t.dealId, t.kind, t.rating, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.parentId} is null`),
    index("comments_list_latest_reply_idx")
      .on(t.dealId, t.kind, t.lastReplyAt.desc().nullsLast(), t.id.desc().nullsFirst())
      .where(sql`${t.parentId} is null`),
    // The deal details' top questions and reviews: the first rows of this index, per kind.
    index("comments_top_idx")
      .on(
        t.dealId,
        t.kind,
        t.upVotes.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.parentId} is null and ${t.status} = 'approved'`),
    // The sitemaps (server/services/storefront/sitemap.ts): a part is the public items of one
    // kind in a fixed range of 2,000 ids, and the index finds the ranges that hold any by skipping
    // from one range number to the next, in this index's order. Keyed by the range number, not
    // the id: ordered by id the planner takes the primary key and filters it, walking every reply
    // between two ranges (2 s at the L size, where the replies' ids follow the items').
    ...COMMENT_KINDS.map((kind) =>
      index(`comments_sitemap_${kind}_idx`)
        .on(sql`((${t.id} - 1) / ${sql.raw(String(SITEMAP_RANGE))})`)
        .where(
          sql`${t.kind} = ${sql.raw(`'${kind}'`)} and ${t.parentId} is null and ${t.status} = 'approved'`,
        ),
    ),
    // Owners' answers to questions, for the deal's responsiveness (issue 33).
    index("comments_owner_answers_idx")
      .on(t.dealId, t.rootId, t.createdAt)
      .where(sql`${t.answerType} = 'verified_owner' and ${t.status} = 'approved'`),
    index("comments_parent_created_idx").on(t.parentId, t.createdAt),
    index("comments_root_idx").on(t.rootId),
    index("comments_user_idx").on(t.userId),
    index("comments_search_idx").using("gin", t.search),
    // One review per user per deal (a second one answers 409).
    uniqueIndex("comments_one_review_per_user")
      .on(t.dealId, t.userId)
      .where(sql`${t.kind} = 'review' and ${t.parentId} is null`),
    check("comments_kind_check", oneOf(t.kind, COMMENT_KINDS)),
    check("comments_status_check", oneOf(t.status, COMMENT_STATUSES)),
    check("comments_answer_type_check", nullOrOneOf(t.answerType, ANSWER_TYPES)),
    check("comments_rating_check", sql`${t.rating} is null or ${t.rating} between 1 and 5`),
    check(
      "comments_thread_check",
      sql`(${t.parentId} is null and ${t.rootId} is null) or (${t.parentId} is not null and ${t.rootId} is not null)`,
    ),
  ],
);

export const COMMENT_VOTE_DIRECTIONS = VOTE_DIRECTIONS;

/** Helpful votes: one per user per item; toggling deletes the row. */
export const commentVotes = pgTable(
  "comment_votes",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    commentId: integer()
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    direction: smallint().$type<1 | -1>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("comment_votes_comment_user_unique").on(t.commentId, t.userId),
    index("comment_votes_user_idx").on(t.userId),
    check("comment_votes_direction_check", oneOf(t.direction, COMMENT_VOTE_DIRECTIONS)),
  ],
);

/**
 * A review's earlier ratings (issue 33): a reviewer who changes their rating (after a fix, say)
 * keeps the earlier one visible in the review's history and in the deal's rating history.
 */
export const commentRatingHistory = pgTable(
  "comment_rating_history",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    commentId: integer()
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    rating: smallint().notNull(),
    /** When this rating was given. */
    ratedAt: timestamptz().notNull(),
    /** When a new rating replaced it. */
    replacedAt: createdAt(),
  },
  (t) => [
    index("comment_rating_history_comment_idx").on(t.commentId, t.ratedAt),
    check("comment_rating_history_rating_check", sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * Reports of abuse (issue 33, decision 069): one per person and item, open until staff resolve
 * the item's reports (dismissed, or the item declined). A reporter's deleted account leaves the
 * report (user_id null); a deleted item takes its reports with it.
 */
export const commentFlags = pgTable(
  "comment_flags",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    commentId: integer()
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    reason: text().$type<FlagReason>().notNull(),
    details: text().notNull().default(""),
    status: text().$type<FlagStatus>().notNull().default("open"),
    createdAt: createdAt(),
    resolvedAt: timestamptz(),
    resolvedByUserId: integer().references(() => users.id, { onDelete: "set null" }),
    /** Staff's note when resolving. */
    resolutionNote: text(),
  },
  (t) => [
    uniqueIndex("comment_flags_comment_user_unique").on(t.commentId, t.userId),
    // The staff queue: open reports, oldest first.
    index("comment_flags_open_idx").on(t.createdAt, t.commentId).where(sql`${t.status} = 'open'`),
    index("comment_flags_user_idx").on(t.userId),
    check("comment_flags_reason_check", oneOf(t.reason, FLAG_REASONS)),
    check("comment_flags_status_check", oneOf(t.status, FLAG_STATUSES)),
  ],
);

export type CommentFlag = typeof commentFlags.$inferSelect;
export type Comment = typeof comments.$inferSelect;
export type NewComment = typeof comments.$inferInsert;
export type CommentVote = typeof commentVotes.$inferSelect;
