/**
 * What the discussion pages receive from their loaders: client-safe shapes (no server imports),
 * dates as ISO strings, media as URLs. The *.server.ts modules beside it build them.
 */
import type { ANSWER_TYPES, COMMENT_STATUSES } from "../../domain/constants";
import type { ReviewProvenance } from "../../domain/provenance";

export type DiscussionKind = "review" | "question";
export type CommentStatus = (typeof COMMENT_STATUSES)[number];
export type AnswerType = (typeof ANSWER_TYPES)[number];

export type AuthorView = {
  id: number;
  username: string;
  name: string;
  avatar: string | null;
  hasPlus: boolean;
  isFounder: boolean;
  verifiedPurchaser: boolean;
  isBot: boolean;
};

export type ReplyView = {
  id: number;
  parentId: number;
  comment: string;
  answerType: AnswerType | null;
  status: CommentStatus;
  /** The moderator's reason for a decline (its author and moderators only). */
  moderationReason: string | null;
  created: string;
  edited: string | null;
  user: AuthorView | null;
  upVotes: number;
  userVote: number;
  children: ReplyView[];
};

export type ItemView = {
  id: number;
  kind: DiscussionKind;
  title: string;
  comment: string;
  rating: number | null;
  status: CommentStatus;
  resolved: boolean;
  /** The moderator's reason for a decline (its author and moderators only). */
  moderationReason: string | null;
  created: string;
  edited: string | null;
  displayPath: string;
  user: AuthorView | null;
  upVotes: number;
  userVote: number;
  replyCount: number;
  /** Questions: how many follow it; 0 for reviews. */
  followersCount: number;
  /** Questions on their own page: whether the reader follows it (null when not known). */
  isFollowing: boolean | null;
  videoUrl: string | null;
  videoThumbnailUrl: string | null;
  /** Where a review comes from (issue 33); null for questions. */
  provenance: ReviewProvenance | null;
  /** A review's earlier ratings, oldest first (dates as ISO strings). */
  earlierRatings: { rating: number; ratedAt: string }[];
  children: ReplyView[];
};

/** The deal as the discussion pages show it. */
export type DealSummary = {
  id: number;
  slug: string;
  name: string;
  logo: string | null;
  averageRating: number;
  reviewCount: number;
  /** review_count_1_tacos .. review_count_5_tacos, index 0 is 1 taco. */
  ratingCounts: number[];
  questionCount: number;
  isInfo: boolean;
  inactiveIndefinitely: boolean;
};

/** The viewer's relation to the deal: decides which controls show (the server still decides). */
export type ViewerRoles = {
  userId: number | null;
  /**
   * A signed-in reader on a page kept for their audience: who they are (userId) comes with the
   * fill (app/ui/personal-fill.tsx); until then cards act as for any member.
   */
  pending?: boolean;
  staff: boolean;
  partner: boolean;
  userModerator: boolean;
  /** Approve or decline pending items (staff, partners, user moderators). */
  canModerate: boolean;
  /** Filters, counts, show/hide all replies, collapse (staff, partners, user moderators). */
  moderatorTools: boolean;
  blacklisted: boolean;
  /** Signed in without a verified e-mail (and not staff): may not vote; the button says why. */
  unverified?: boolean;
};

/** What stands in place of the write-a-review or ask-a-question button. */
export type PostingPrompt =
  | { type: "button"; href: string }
  | { type: "login"; href: string }
  | { type: "verify"; href: string }
  | { type: "buy"; href: string }
  /** The reader's own review (any status): they edit it rather than write a second one. */
  | { type: "edit"; href: string; status: CommentStatus }
  | { type: "none" }
  /** A page kept for an audience: the reader's prompt is filled after load (decision 059). */
  | { type: "pending"; slug: string; path: string; isInfo: boolean; inactiveIndefinitely: boolean };

/** What a thread action answers to the page that posted it. */
export type ThreadActionResult =
  | { ok: true; intent: string; id: number; status?: CommentStatus; toast?: string }
  | {
      ok: false;
      intent: string;
      id: number;
      toast?: string;
      formError?: string;
      fieldErrors?: Record<string, string[]>;
    };

export const LIST_SEGMENT = { review: "reviews", question: "questions" } as const;
export const KIND_LABEL = { review: "Review", question: "Question" } as const;

export const listPath = (slug: string, kind: DiscussionKind) =>
  `/products/${slug}/${LIST_SEGMENT[kind]}/`;
export const newPath = (slug: string, kind: DiscussionKind) =>
  `/products/${slug}/${LIST_SEGMENT[kind]}/new/`;
export const editPath = (slug: string, kind: DiscussionKind, id: number) =>
  `/products/${slug}/${LIST_SEGMENT[kind]}/${id}/edit/`;
export const loginPath = (next: string) => `/accounts/login/?next=${encodeURIComponent(next)}`;
/** An item page's query parameter that opens its thread (`?replies=1`). */
export const REPLIES_PARAM = "replies";
export const threadPath = (displayPath: string) => `${displayPath}?${REPLIES_PARAM}=1`;

/** The deal's reviews summary with its evidence, as the pages show it. */
export type ReviewsSummaryView = {
  text: string;
  statements: {
    text: string;
    /** How many approved reviews backed the statement when the summary was built. */
    count: number;
    sentiment: "positive" | "mixed" | "negative";
    /** Those still approved, linked. */
    reviews: { id: number; title: string; path: string }[];
    /** Backing reviews not linked (beyond the links shown). */
    more: number;
  }[];
  /** "Based on N reviews". */
  label: string;
  /** When the summary was written (ISO); null when unknown. */
  generatedAt: string | null;
};

/** The deal's rating history beside the founders' updates (issue 33), as the API answers it. */
export type RatingHistoryView = {
  months: { month: string; average: number; count: number }[];
  updates: { date: string; title: string; kind: string }[];
  lifetime: { average: number | null; count: number };
  since_latest_update: { since: string; average: number | null; count: number } | null;
};

export type ResponsivenessView = {
  questions: number;
  answered: number;
  answeredShare: number;
  medianFirstAnswerSeconds: number | null;
  ownersAnswered: number;
  ownersMedianFirstAnswerSeconds: number | null;
};

/** The new and edit forms' fields. */
export type FormValues = { title: string; comment: string; rating: number | null };

/** What the form action answers when it refuses the post. */
export type FormActionData = {
  values: FormValues;
  fieldErrors: Record<string, string[]>;
  formError: string | null;
};
