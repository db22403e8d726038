import { z } from "zod";
import { COMMENT_STATUSES } from "../../../domain/constants";
import { idField } from "../../../domain/schemas/common";
import type { CommentKind } from "../../db/schema/discussions";
import { errorResponses, fieldErrorsResponse } from "../schemas";

// Route schemas of the discussion calls: params, and the answers as
// server/web/discussion-presenters.ts writes them.

/** A deal named by numeric id or slug (the service answers 404 for anything else). */
export const DealParams = z.object({ dealId: z.string().min(1).max(200) });
export const ItemParams = DealParams.extend({ id: idField() });
/**
 * Reading one item also takes the page's segment ("great-tool-42": its last hyphen-separated part
 * is the id, parsed with parseId by the service); anything else is an unknown item (404).
 */
export const ItemSegmentParams = DealParams.extend({ id: z.string().min(1).max(200) });
export const CommentParams = DealParams.extend({ commentId: idField() });

export const KINDS: { kind: CommentKind; path: "reviews" | "questions"; stats: string }[] = [
  { kind: "review", path: "reviews", stats: "review_stats" },
  { kind: "question", path: "questions", stats: "question_stats" },
];

/** A JSON or form body as an object ({} when there is none), so every field reports its own error. */
export const bodyObject = (body: unknown): Record<string, unknown> =>
  body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

/** A route body read with a domain schema; a missing or non-object body counts as {}. */
export const formBody = <T extends z.ZodType>(schema: T) => z.preprocess(bodyObject, schema);

/** Refusals of the write calls; 413 is a video over the limit (field map). */
export const writeErrors = { ...errorResponses, 413: fieldErrorsResponse } as const;

const status = z.enum(COMMENT_STATUSES);

const author = z
  .looseObject({
    id: z.number(),
    username: z.string(),
    name: z.string(),
    avatar: z.string().nullable(),
    has_plus: z.boolean(),
    date_joined: z.string(),
    deals_purchased: z.number(),
    email_verified: z.boolean(),
    is_founder: z.boolean(),
    is_bot: z.boolean(),
    verified_purchaser: z.boolean(),
  })
  .nullable();

const replyFields = {
  id: z.number(),
  parent_id: z.number(),
  comment: z.string(),
  answer_type: z.string().nullable(),
  created: z.string(),
  edited: z.string().nullable(),
  status,
  /** Why a moderator declined it: for its author and the deal's moderators, else null. */
  moderation_reason: z.string().nullable(),
  user: author,
  up_votes: z.number(),
  user_vote: z.number(),
};

/** A reply with its replies (nested the same way, to MAX_REPLY_DEPTH). */
export const replyResponse = z
  .looseObject({ ...replyFields, children: z.array(z.looseObject(replyFields)) })
  .describe("A reply and the replies below it");

/** A review or question; rating, video_file and video_thumbnail on reviews only. */
export const itemResponse = z
  .looseObject({
    id: z.number(),
    deal_id: z.number(),
    title: z.string(),
    comment: z.string(),
    created: z.string(),
    edited: z.string().nullable(),
    status,
    resolved: z.boolean(),
    moderation_reason: z.string().nullable(),
    display_path: z.string(),
    user: author,
    up_votes: z.number(),
    user_vote: z.number(),
    reply_count: z.number(),
    children: z.array(replyResponse),
    rating: z.number().nullable().optional(),
    video_file: z.string().nullable().optional(),
    video_thumbnail: z.string().nullable().optional(),
    provenance: z
      .looseObject({
        verified_purchase: z.boolean(),
        plan: z.string().nullable(),
        days_owned: z.number().int().nullable(),
        refunded: z.boolean(),
        by_transfer: z.boolean(),
        updated_after_reply: z.boolean(),
      })
      .optional(),
    rating_history: z
      .array(z.looseObject({ rating: z.number().int(), rated_at: z.string() }))
      .optional(),
  })
  .describe("A review or question with its replies");

/** What a write answers: the item, or the reply it changed. */
export const nodeResponse = z.union([itemResponse, replyResponse]);

export const listResponse = z.looseObject({
  comments: z.array(itemResponse),
  meta: z.looseObject({ total: z.number() }),
  search_after: z.string().nullable(),
});

export const statsResponse = z.looseObject({
  /** Staff moderators only; null for the deal's partners and user moderators (spec 000 s. 6). */
  needs_moderation: z.number().nullable(),
  needs_reply: z.number(),
});

/** The header's reader (server/web/personal-fill.ts), null for a visitor. */
export const personalHeaderResponse = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    email_verified: z.boolean(),
    has_plus: z.boolean(),
    is_staff: z.boolean(),
    comment_blacklist: z.boolean(),
    number_of_purchases: z.number().int(),
    cart_count: z.number().int(),
  })
  .nullable();

/**
 * The spec's four fields, then what a page kept for an audience fills per person (issue 32):
 * the plans of the deal the reader owns, their votes on the comments the page shows, how many
 * items and replies of the deal are theirs (any status: the page then renders for them), whether
 * they see a staff message for buyers (likewise), and the header's reader.
 */
export const userStatusResponse = z.looseObject({
  user_has_purchased: z.boolean(),
  user_has_reviewed: z.boolean(),
  user_moderator: z.boolean(),
  staff_moderator: z.boolean(),
  /** The reader's own review, any status: what they edit instead of writing a second one. */
  user_review: z.object({ id: z.number().int(), status, edit_path: z.string() }).nullable(),
  owned_plan_ids: z.array(z.number().int()),
  votes: z.array(z.object({ id: z.number().int(), up_votes: z.number().int(), vote: z.number() })),
  own_items: z.number().int(),
  /** The newest staff message this reader sees speaks to buyers only: no shared page has it. */
  own_staff_message: z.boolean(),
  viewer: personalHeaderResponse,
});

/** `?comments=1,2,3`: the comments whose votes the page shows (at most 100, others ignored). */
export const UserStatusQuery = z.object({
  comments: z
    .string()
    .max(1200)
    .regex(/^\d{1,10}(,\d{1,10})*$/)
    .optional(),
});

export const responsivenessResponse = z.looseObject({
  questions: z.number(),
  answered: z.number(),
  answered_share: z.number(),
  median_first_answer_seconds: z.number().nullable(),
  owners_answered: z.number().int(),
  owners_median_first_answer_seconds: z.number().nullable(),
});

export const reviewsSummaryResponse = z.looseObject({
  reviews_summary: z
    .looseObject({ text: z.string(), statements: z.array(z.looseObject({ text: z.string() })) })
    .nullable(),
});

export const voteResponse = z.looseObject({
  id: z.number(),
  up_votes: z.number(),
  down_votes: z.number(),
  user_vote: z.number(),
});

export const authorListResponse = z.looseObject({
  success: z.literal(true),
  user_id: z.number(),
  comment_whitelist: z.boolean(),
  comment_blacklist: z.boolean(),
});
