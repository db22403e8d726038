import { describe, expect, it } from "vitest";
import { MODERATION_REASON_MAX } from "../constants";
import { tooLong } from "../messages";
import { fieldErrors } from "./common";
import {
  ApproveSchema,
  DiscussionListQuerySchema,
  InlineCommentSchema,
  QuestionCreateSchema,
  ReplySchema,
  ResolveSchema,
  ReviewCreateSchema,
  reviewRatingParam,
  VoteSchema,
} from "./discussions";

const errorsOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? {} : fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);

describe("ReviewCreateSchema", () => {
  const valid = { title: "Great tool", rating: "5", comment: "  Saved me hours.  " };

  it("accepts a form post, trimming and coercing", () => {
    expect(ReviewCreateSchema.parse(valid)).toEqual({
      title: "Great tool",
      rating: 5,
      comment: "Saved me hours.",
    });
  });
  it("needs a title of at most 250 characters", () => {
    expect(errorsOf(ReviewCreateSchema.safeParse({ ...valid, title: " " }))).toEqual({
      title: ["This field is required."],
    });
    expect(ReviewCreateSchema.safeParse({ ...valid, title: "x".repeat(250) }).success).toBe(true);
    expect(errorsOf(ReviewCreateSchema.safeParse({ ...valid, title: "x".repeat(251) }))).toEqual({
      title: ["Ensure this field has no more than 250 characters."],
    });
  });
  it("needs a whole rating from 1 to 5", () => {
    for (const rating of ["0", "6", "4.5", "", undefined, "five"]) {
      expect(errorsOf(ReviewCreateSchema.safeParse({ ...valid, rating }))).toEqual({
        rating: ["Choose a rating from 1 to 5."],
      });
    }
    expect(ReviewCreateSchema.parse({ ...valid, rating: 1 }).rating).toBe(1);
  });
  it("limits the comment to 5000 characters after trimming", () => {
    expect(
      ReviewCreateSchema.safeParse({ ...valid, comment: ` ${"x".repeat(5000)} ` }).success,
    ).toBe(true);
    expect(errorsOf(ReviewCreateSchema.safeParse({ ...valid, comment: "x".repeat(5001) }))).toEqual(
      {
        comment: ["Ensure this field has no more than 5000 characters."],
      },
    );
  });
  it("needs a comment or a video", () => {
    const message = { comment: ["Either comment or video is required"] };
    expect(errorsOf(ReviewCreateSchema.safeParse({ ...valid, comment: "   " }))).toEqual(message);
    expect(errorsOf(ReviewCreateSchema.safeParse({ title: "t", rating: 3 }))).toEqual(message);
    expect(
      errorsOf(ReviewCreateSchema.safeParse({ ...valid, comment: "", video_file: { size: 0 } })),
    ).toEqual(message);
    expect(
      ReviewCreateSchema.safeParse({ ...valid, comment: "", video_file: { size: 1024 } }).success,
    ).toBe(true);
  });
  it("reports the either-or rule beside other errors", () => {
    expect(errorsOf(ReviewCreateSchema.safeParse({ rating: 3 }))).toEqual({
      title: ["This field is required."],
      comment: ["Either comment or video is required"],
    });
  });
  it("limits the video to 50 MB", () => {
    expect(ReviewCreateSchema.safeParse({ ...valid, video_file: { size: 52428800 } }).success).toBe(
      true,
    );
    expect(
      errorsOf(ReviewCreateSchema.safeParse({ ...valid, video_file: { size: 52428801 } })),
    ).toEqual({
      video_file: ["The video must be 50 MB or smaller."],
    });
  });
});

describe("QuestionCreateSchema, InlineCommentSchema, ReplySchema", () => {
  it("limits question title to 115 and comment to 850", () => {
    expect(QuestionCreateSchema.parse({ title: " Does it export? " })).toEqual({
      title: "Does it export?",
      comment: "",
    });
    expect(
      errorsOf(
        QuestionCreateSchema.safeParse({ title: "x".repeat(116), comment: "x".repeat(851) }),
      ),
    ).toEqual({
      title: ["Ensure this field has no more than 115 characters."],
      comment: ["Ensure this field has no more than 850 characters."],
    });
    expect(errorsOf(QuestionCreateSchema.safeParse({}))).toEqual({
      title: ["This field is required."],
    });
  });
  it("limits the inline comment box to 400", () => {
    expect(InlineCommentSchema.safeParse({ comment: "x".repeat(400) }).success).toBe(true);
    expect(InlineCommentSchema.safeParse({ comment: "x".repeat(401) }).success).toBe(false);
    expect(errorsOf(InlineCommentSchema.safeParse({ comment: "  " }))).toEqual({
      comment: ["This field is required."],
    });
  });
  it("needs a trimmed reply of at most 5000", () => {
    expect(ReplySchema.parse({ comment: "  Thanks!  ", parent: "12" })).toEqual({
      comment: "Thanks!",
      parent: 12,
    });
    expect(errorsOf(ReplySchema.safeParse({ comment: " \n " }))).toEqual({
      comment: ["This field is required."],
    });
    expect(errorsOf(ReplySchema.safeParse({ comment: "x".repeat(5001) }))).toEqual({
      comment: ["Ensure this field has no more than 5000 characters."],
    });
  });
});

describe("moderation bodies", () => {
  it("votes 1 or -1", () => {
    expect(VoteSchema.parse({ direction: 1 })).toEqual({ direction: 1 });
    expect(VoteSchema.parse({ direction: "-1" })).toEqual({ direction: -1 });
    expect(errorsOf(VoteSchema.safeParse({ direction: 0 }))).toEqual({
      direction: ["Select a valid choice."],
    });
    expect(VoteSchema.safeParse({}).success).toBe(false);
  });
  it("approves, denies or returns to pending with null", () => {
    expect(ApproveSchema.parse({ approved: "approved" })).toEqual({ approved: "approved" });
    expect(ApproveSchema.parse({ approved: "denied" })).toEqual({ approved: "denied" });
    expect(ApproveSchema.parse({ approved: null })).toEqual({ approved: null });
    expect(ApproveSchema.parse({ approved: "" })).toEqual({ approved: null });
    expect(errorsOf(ApproveSchema.safeParse({ approved: "yes" }))).toEqual({
      approved: ["Select a valid choice."],
    });
    expect(ApproveSchema.safeParse({}).success).toBe(false);
  });
  it("takes declined as denied, and a decline's reason (decision 067)", () => {
    expect(ApproveSchema.parse({ approved: "declined" })).toEqual({ approved: "denied" });
    expect(ApproveSchema.parse({ approved: "denied", moderation_reason: "  Off topic. " })).toEqual(
      { approved: "denied", moderation_reason: "Off topic." },
    );
    expect(
      errorsOf(
        ApproveSchema.safeParse({
          approved: "denied",
          moderation_reason: "x".repeat(MODERATION_REASON_MAX + 1),
        }),
      ),
    ).toEqual({ moderation_reason: [tooLong(MODERATION_REASON_MAX)] });
  });
  it("resolves with a boolean", () => {
    expect(ResolveSchema.parse({ resolved: true })).toEqual({ resolved: true });
    expect(ResolveSchema.parse({ resolved: "false" })).toEqual({ resolved: false });
    expect(ResolveSchema.safeParse({}).success).toBe(false);
  });
});

describe("DiscussionListQuerySchema", () => {
  it("defaults to the first page, newest first, 20 a page", () => {
    expect(DiscussionListQuerySchema.parse({})).toEqual({
      page: 1,
      sort: "date",
      order: "desc",
      items_per_page: 20,
    });
  });
  it("coerces query strings and checks choices", () => {
    expect(
      DiscussionListQuerySchema.parse({
        page: "3",
        sort: "rating",
        order: "asc",
        rating: "4",
        moderator_filter: "needs_reply",
      }),
    ).toMatchObject({
      page: 3,
      sort: "rating",
      order: "asc",
      rating: 4,
      moderator_filter: "needs_reply",
    });
    expect(DiscussionListQuerySchema.safeParse({ sort: "random" }).success).toBe(false);
    expect(DiscussionListQuerySchema.safeParse({ page: "0" }).success).toBe(false);
    expect(DiscussionListQuerySchema.safeParse({ moderator_filter: "all" }).success).toBe(false);
  });
  it("honours a review rating parameter only from 1 to 5", () => {
    expect(reviewRatingParam("4")).toBe(4);
    expect(reviewRatingParam("0")).toBeNull();
    expect(reviewRatingParam("6")).toBeNull();
    expect(reviewRatingParam(undefined)).toBeNull();
  });
});
