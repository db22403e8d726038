import type {
  DISCUSSION_SORT_FIELDS,
  MODERATOR_FILTERS,
  SORT_ORDERS,
} from "../../../domain/constants";
import type { EarlierRating, ReviewProvenance } from "../../../domain/provenance";
import type { AnswerType, CommentKind, CommentStatus } from "../../db/schema/discussions";
import type { SessionUser } from "../accounts/sessions";
import type { StoredVideo } from "./video";

// What the discussion service takes and answers, shared by its read and write modules (each
// imports from here, never from the other side).

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
  /** Reviews only: by the deal's current owners (issue 33). */
  verifiedOnly?: boolean | undefined;
  /** Reviews only: with a video (issue 33). */
  withVideo?: boolean | undefined;
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
  /** Why a moderator declined it: for its author and the deal's moderators only (decision 067). */
  moderationReason: string | null;
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
  /** Why a moderator declined it: for its author and the deal's moderators only (decision 067). */
  moderationReason: string | null;
  created: Date;
  edited: Date | null;
  displayPath: string;
  user: CommentAuthor | null;
  upVotes: number;
  userVote: number;
  replyCount: number;
  /** Questions: how many members follow it (issue 33). */
  followersCount: number;
  /** Questions read alone (`get`): whether the viewer follows it; unset in lists. */
  isFollowing?: boolean;
  videoKey: string | null;
  videoThumbnailKey: string | null;
  /** Where a review comes from (issue 33); null for questions. */
  provenance: ReviewProvenance | null;
  /** A review's earlier ratings, oldest first (issue 33); empty for questions. */
  earlierRatings: EarlierRating[];
  children: DiscussionReply[];
};

export type DiscussionList = { items: DiscussionItem[]; total: number; searchAfter: string | null };

/** needsModeration: staff moderators only (null for partners and user moderators). */
export type DiscussionStats = { needsModeration: number | null; needsReply: number };

/** How the founder team answers a deal's questions (approved top-level questions only). */
export type FounderResponsiveness = {
  questions: number;
  answered: number;
  /** answered / questions, 0..1; 0 when there are no questions. */
  answeredShare: number;
  /** Median seconds from a question to its first approved founder-team answer; null if none. */
  medianFirstAnswerSeconds: number | null;
  /** Approved questions with an approved verified-owner answer (issue 33). */
  ownersAnswered: number;
  /** Median seconds from a question to its first approved verified-owner answer; null if none. */
  ownersMedianFirstAnswerSeconds: number | null;
};

export type UserStatus = {
  userHasPurchased: boolean;
  userHasReviewed: boolean;
  /** The viewer's own review of the deal, any status (they edit it rather than write another). */
  ownReview: { id: number; status: CommentStatus } | null;
  userModerator: boolean;
  staffModerator: boolean;
};

/** The acting user, or null for an anonymous visitor. */
export type Viewer = SessionUser | null;

export type ApproveValue = "approved" | "denied" | null;

export type CreateInput = {
  title: string;
  comment: string;
  rating?: number | undefined;
  video?: StoredVideo | null | undefined;
};

export type EditTarget = { isReply: boolean; hasVideo: boolean };

export type VoteResult = { id: number; upVotes: number; downVotes: number; userVote: number };

/** What the read side gives the write side to answer with the created or changed item. */
export type DiscussionReader = {
  get(
    kind: CommentKind,
    dealKey: string,
    itemKey: string,
    viewer: SessionUser | null,
  ): Promise<DiscussionItem>;
};

export type DiscussionNode =
  | { type: "item"; item: DiscussionItem }
  | { type: "reply"; reply: DiscussionReply };
