/** Pure rules of what a discussion card or list shows (spec 000 sections 4, 6 and 9). */
import {
  COMMENT_SORT_OPTIONS,
  type MODERATION_FILTERS,
  type RATING_FILTERS,
  REVIEW_SORT_OPTIONS,
} from "../../domain/constants";
import {
  APPROVE,
  APPROVE_AND_ANSWER,
  APPROVE_EDITS,
  FOUNDER_TEAM,
  foundersFaster,
  MODERATION_FILTER_PENDING,
  NEEDS_ANSWER,
  NEEDS_MODERATION,
  NEEDS_REPLY,
  ownersAnswerLine,
  ownersFaster,
  PENDING_MODERATION,
  QUESTION_CREATED,
  REVIEW_CREATED,
  UPDATES_SUBMITTED,
  VERIFIED_OWNER,
} from "../../domain/messages";
import { utcMediumDate } from "../ui/format";
import type { AnswerType, CommentStatus, DiscussionKind, ItemView, ViewerRoles } from "./types";

export type SortOption = (typeof REVIEW_SORT_OPTIONS)[number];
export type ModerationFilter = (typeof MODERATION_FILTERS)[number] | "needs_reply";

export const SORT_LABELS: Record<SortOption, string> = {
  newest: "Newest",
  oldest: "Oldest",
  latest_reply: "Latest reply",
  helpful: "Most helpful",
  rating_desc: "Highest rating",
  rating_asc: "Lowest rating",
};

export const sortOptions = (kind: DiscussionKind): readonly SortOption[] =>
  kind === "review" ? REVIEW_SORT_OPTIONS : COMMENT_SORT_OPTIONS;

export const MODERATION_FILTER_LABELS: Record<ModerationFilter, string> = {
  all: "All",
  unresolved: "Unresolved",
  unapproved: MODERATION_FILTER_PENDING,
  needs_reply: "Needs reply",
};

export const RATING_FILTER_LABEL = (value: (typeof RATING_FILTERS)[number]) =>
  value === "all" ? "All ratings" : `${value} ${value === 1 ? "taco" : "tacos"}`;

/** Our wording: the provider's label on staff replies (spec: "the provider's staff label"). */
export const STAFF_LABEL = "Payonce Staff";

export const answerLabel = (answerType: AnswerType | null): string | null =>
  answerType === "founder_team"
    ? FOUNDER_TEAM
    : answerType === "staff"
      ? STAFF_LABEL
      : answerType === "verified_owner"
        ? VERIFIED_OWNER
        : null;

/** A founder-team answer that is approved counts as the creator's reply. */
const hasCreatorReply = (item: ItemView): boolean =>
  item.children.some((r) => r.answerType === "founder_team" && r.status === "approved");

/**
 * The status label of a card: pending reads 'Needs moderation' to its owner and 'Pending
 * moderation' to others; an approved item without a creator reply reads 'Needs answer' (questions)
 * or 'Needs reply' (reviews), to moderators and partners only; declined (seen only by moderators
 * and the owner) reads "Declined" (our wording).
 */
export function statusLabel(
  item: Pick<ItemView, "status" | "user" | "kind" | "children">,
  roles: ViewerRoles,
): { text: string; tone: "amber" | "stone" | "red" } | null {
  const owner = item.user != null && item.user.id === roles.userId;
  if (item.status === "pending") {
    return { text: owner ? NEEDS_MODERATION : PENDING_MODERATION, tone: "amber" };
  }
  if (item.status === "declined") return { text: "Declined", tone: "red" };
  if ((roles.canModerate || roles.partner) && !hasCreatorReply(item as ItemView)) {
    return { text: item.kind === "question" ? NEEDS_ANSWER : NEEDS_REPLY, tone: "stone" };
  }
  return null;
}

export const replyStatusLabel = (
  status: CommentStatus,
  ownerId: number | null | undefined,
  roles: ViewerRoles,
): string | null => {
  if (status === "pending") {
    return ownerId != null && ownerId === roles.userId ? NEEDS_MODERATION : PENDING_MODERATION;
  }
  return status === "declined" ? "Declined" : null;
};

/** 'Approve & answer' or 'Approve edits' (edited) for questions, 'Approve' otherwise. */
export const approveLabel = (kind: DiscussionKind | "reply", edited: boolean): string =>
  kind === "question" ? (edited ? APPROVE_EDITS : APPROVE_AND_ANSWER) : APPROVE;

export const FLASH_MESSAGES = {
  review: REVIEW_CREATED,
  question: QUESTION_CREATED,
  edit: UPDATES_SUBMITTED,
} as const;
export type FlashKey = keyof typeof FLASH_MESSAGES;

export const flashMessage = (value: string | null): string | null =>
  value && value in FLASH_MESSAGES ? FLASH_MESSAGES[value as FlashKey] : null;

// "Nov 15, 2026" without Intl (app/ui/format: no ICU load in the browser).
export const formatDate = (iso: string): string => utcMediumDate(new Date(iso));

/** A duration for people: "12 minutes", "5 hours", "3 days" (at least a minute). */
export function formatDuration(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return minutes === 1 ? "a minute" : `${minutes} minutes`;
  const hours = Math.round(seconds / 3600);
  if (hours < 24) return hours === 1 ? "an hour" : `${hours} hours`;
  const days = Math.round(seconds / 86400);
  return days === 1 ? "a day" : `${days} days`;
}

/** "Founders answered 23 of 27 questions (85%)", plus " · typically within 5 hours" when known. */
export function responsivenessLine(r: {
  questions: number;
  answered: number;
  answeredShare: number;
  medianFirstAnswerSeconds: number | null;
}): { answered: string; typical: string | null } {
  const noun = r.questions === 1 ? "question" : "questions";
  return {
    answered: `Founders answered ${r.answered} of ${r.questions} ${noun} (${Math.round(r.answeredShare * 100)}%)`,
    typical:
      r.answered > 0 && r.medianFirstAnswerSeconds != null
        ? `typically within ${formatDuration(r.medianFirstAnswerSeconds)}`
        : null,
  };
}

/**
 * Who answers the deal's questions faster, the founders or the owners (issue 33): medians of the
 * first answer of each; null until the owners have answered any.
 */
export function fasterAnswerLine(r: {
  answered: number;
  medianFirstAnswerSeconds: number | null;
  ownersAnswered: number;
  ownersMedianFirstAnswerSeconds: number | null;
}): string | null {
  if (r.ownersAnswered === 0 || r.ownersMedianFirstAnswerSeconds == null) return null;
  const owners = formatDuration(r.ownersMedianFirstAnswerSeconds);
  if (r.answered === 0 || r.medianFirstAnswerSeconds == null) {
    return ownersAnswerLine(r.ownersAnswered, owners);
  }
  const founders = formatDuration(r.medianFirstAnswerSeconds);
  return r.ownersMedianFirstAnswerSeconds < r.medianFirstAnswerSeconds
    ? ownersFaster(owners, founders)
    : foundersFaster(founders, owners);
}

/**
 * A community tab's card as the loader sends it: what the card shows, its status label already
 * decided for the viewer (labels.ts statusLabel), not the whole item with its replies.
 */
export function toPreviewItem(item: ItemView, roles: ViewerRoles) {
  return {
    id: item.id,
    title: item.title,
    comment: item.comment,
    rating: item.rating,
    displayPath: item.displayPath,
    author: item.user?.name || item.user?.username || "Deleted user",
    created: item.created,
    replyCount: item.replyCount,
    upVotes: item.upVotes,
    status: statusLabel(item, roles),
  };
}

export type PreviewItem = ReturnType<typeof toPreviewItem>;
