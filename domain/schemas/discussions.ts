import { z } from "zod";
import {
  APPROVE_VALUES,
  COMMENT_PAGE_SIZE,
  DISCUSSION_SORT_FIELDS,
  MODERATION_REASON_MAX,
  MODERATOR_FILTERS,
  QUESTION_COMMENT_MAX,
  QUESTION_INLINE_MAX,
  QUESTION_TITLE_MAX,
  RATING_MAX,
  RATING_MIN,
  REPLY_COMMENT_MAX,
  REVIEW_COMMENT_MAX,
  REVIEW_TITLE_MAX,
  REVIEW_VIDEO_MAX_BYTES,
  SORT_ORDERS,
  VOTE_DIRECTIONS,
} from "../constants";
import { FLAG_DETAILS_MAX, FLAG_REASONS } from "../flags";
import {
  EITHER_COMMENT_OR_VIDEO,
  INVALID_CHOICE,
  RATING_INVALID,
  REPORT_DETAILS_REQUIRED,
  VIDEO_TOO_LARGE,
} from "../messages";
import { always, formBoolean, formInt, optionalText, requiredText } from "./common";

const rating = formInt(RATING_INVALID, { min: RATING_MIN, max: RATING_MAX });

/** The create body's other fields (spec 000 section 7); the server decides what they mean. */
const commentExtras = {
  followup: z.string().optional(),
  answer_type: z.string().optional(),
  parent: formInt().optional(),
};

/** A browser sends an empty file input as a nameless file of size 0: that is no video. */
const hasVideo = (video: unknown): boolean => {
  if (video == null || video === "") return false;
  if (typeof video === "object" && "size" in video) return Number(video.size) > 0;
  return true;
};

const videoSize = (video: unknown): number | null =>
  typeof video === "object" && video !== null && "size" in video ? Number(video.size) : null;

/**
 * Create and edit (PUT, same body) of a review. `video_file` is whatever the multipart parser or
 * the browser gives (a File or an object with a size); its presence satisfies "comment or video".
 * The either-or error is reported on the comment field, where the form shows it.
 */
export const ReviewCreateSchema = z
  .object({
    title: requiredText(REVIEW_TITLE_MAX),
    rating,
    comment: optionalText(REVIEW_COMMENT_MAX),
    video_file: z.unknown().optional(),
    ...commentExtras,
  })
  .superRefine((value, ctx) => {
    if (!value.comment && !hasVideo(value.video_file)) {
      ctx.addIssue({ code: "custom", path: ["comment"], message: EITHER_COMMENT_OR_VIDEO });
    }
    const size = videoSize(value.video_file);
    if (size !== null && size > REVIEW_VIDEO_MAX_BYTES) {
      ctx.addIssue({ code: "custom", path: ["video_file"], message: VIDEO_TOO_LARGE });
    }
  }, always);

export const QuestionCreateSchema = z.object({
  title: requiredText(QUESTION_TITLE_MAX),
  comment: optionalText(QUESTION_COMMENT_MAX),
  ...commentExtras,
});

/** The short comment box on a question (400 characters; an empty box is never sent). */
export const InlineCommentSchema = z.object({
  comment: requiredText(QUESTION_INLINE_MAX),
  ...commentExtras,
});

export const ReplySchema = z.object({
  comment: requiredText(REPLY_COMMENT_MAX),
  ...commentExtras,
});

export const VoteSchema = z.object({
  direction: z.preprocess(
    (value) => (typeof value === "string" ? Number(value.trim()) : value),
    z.union(
      VOTE_DIRECTIONS.map((direction) => z.literal(direction)),
      { error: INVALID_CHOICE },
    ),
  ),
});

/**
 * "approved" approves, "denied" declines, null returns the item to pending (contract.md);
 * "declined" is taken as "denied" (the status it leads to). `moderation_reason` is the
 * moderator's reason for a decline, shown to the author (decision 067).
 */
export const ApproveSchema = z.object({
  approved: z.preprocess(
    (value) => (value === "" || value === "null" ? null : value === "declined" ? "denied" : value),
    z.enum(APPROVE_VALUES, { error: INVALID_CHOICE }).nullable(),
  ),
  moderation_reason: optionalText(MODERATION_REASON_MAX).nullable().optional(),
});

export const ResolveSchema = z.object({ resolved: formBoolean() });

/**
 * A report of abuse (issue 33, decision 069): one of the fixed reasons, and the reporter's own
 * words, required with "other".
 */
export const FlagSchema = z
  .object({
    reason: z.enum(FLAG_REASONS, { error: INVALID_CHOICE }),
    details: optionalText(FLAG_DETAILS_MAX),
  })
  .superRefine((value, ctx) => {
    if (value.reason === "other" && !value.details) {
      ctx.addIssue({ code: "custom", path: ["details"], message: REPORT_DETAILS_REQUIRED });
    }
  }, always);

/**
 * Query of the review and question lists. The spec calls the sort field required in the UI; the
 * API defaults it to newest first so that a bare GET works.
 */
export const DiscussionListQuerySchema = z.object({
  page: formInt(INVALID_CHOICE, { min: 1 }).default(1),
  sort: z.enum(DISCUSSION_SORT_FIELDS, { error: INVALID_CHOICE }).default("date"),
  order: z.enum(SORT_ORDERS, { error: INVALID_CHOICE }).default("desc"),
  items_per_page: formInt(INVALID_CHOICE, { min: 1, max: 100 }).default(COMMENT_PAGE_SIZE),
  moderator_filter: z.enum(MODERATOR_FILTERS, { error: INVALID_CHOICE }).optional(),
  rating: rating.optional(),
  query: z.string().trim().optional(),
  search_after: z.string().optional(),
  from: z.string().optional(),
  skip_pages: formInt(INVALID_CHOICE, { min: 0 }).optional(),
  enroll: z.string().optional(),
  /** Reviews by the deal's current owners only (issue 33, decision 070). */
  verified: formBoolean(INVALID_CHOICE).optional(),
  /** Video reviews only (issue 33). */
  video: formBoolean(INVALID_CHOICE).optional(),
});

/** The new-review page honours ?rating= only when it is 1 to 5. */
export const reviewRatingParam = (value: unknown): number | null => {
  const parsed = rating.safeParse(value);
  return parsed.success ? parsed.data : null;
};
