import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { PARTNER_QUESTION_MODES, type PartnerQuestionMode } from "../../../domain/notifications";
import { createdAt, oneOf, timestamptz } from "./_helpers";
import { users } from "./accounts";
import { comments } from "./discussions";

/**
 * Who follows which question (issue 33): one row per person and question. The question's author
 * follows it implicitly (no row). comments.followers_count counts the rows, kept on write.
 */
export const questionFollows = pgTable(
  "question_follows",
  {
    commentId: integer()
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.commentId, t.userId] }),
    index("question_follows_user_idx").on(t.userId),
  ],
);

/**
 * A member's notification e-mail switches, one per topic (domain/notifications.ts), and the
 * random token of their unsubscribe links. Made on first need; no row means the defaults.
 */
export const notificationSettings = pgTable(
  "notification_settings",
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    unsubscribeToken: text().notNull(),
    moderation: boolean().notNull().default(true),
    replies: boolean().notNull().default(true),
    followedQuestions: boolean().notNull().default(true),
    partnerQuestions: text().$type<PartnerQuestionMode>().notNull().default("each"),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("notification_settings_unsubscribe_token_unique").on(t.unsubscribeToken),
    check(
      "notification_settings_partner_questions_check",
      oneOf(t.partnerQuestions, PARTNER_QUESTION_MODES),
    ),
  ],
);

/**
 * One row per notification event and recipient, keyed by what happened (e.g.
 * `reply:123:to:45`): inserted before the e-mail is enqueued, so an event never mails anyone
 * twice. A founder's daily-digest question waits here (digest_pending) for the digest job.
 */
export const notificationEvents = pgTable(
  "notification_events",
  {
    key: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    topic: text().notNull(),
    commentId: integer().references(() => comments.id, { onDelete: "cascade" }),
    digestPending: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("notification_events_digest_idx").on(t.userId).where(sql`${t.digestPending}`)],
);
