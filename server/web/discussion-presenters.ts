import type { AuthorView, ItemView, ReplyView } from "../../app/discussions/types";
import { NO_PROVENANCE } from "../../domain/provenance";
import type { FollowState } from "../services/discussions/follows";
import type { RatingHistory } from "../services/discussions/rating-history";
import type {
  CommentAuthor,
  DiscussionItem,
  DiscussionNode,
  DiscussionReply,
} from "../services/discussions/types";

/**
 * Reviews, questions and replies as both doors show them. The API's JSON (spec 000 section 7) is
 * written here once; the pages' views are derived from it below, so a field changes in one place.
 */

/** Where a review's video lives until a media provider serves URLs of its own. */
const mediaUrl = (key: string | null): string | null => (key ? `/media/${key}` : null);

export function authorJson(user: CommentAuthor | null) {
  if (!user) return null;
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    avatar: user.avatar,
    has_plus: user.hasPlus,
    date_joined: user.dateJoined.toISOString(),
    deals_purchased: user.dealsPurchased,
    email_verified: user.emailVerified,
    is_founder: user.isFounder,
    is_bot: user.isBot,
    verified_purchaser: user.verifiedPurchaser,
  };
}

export type AuthorJson = NonNullable<ReturnType<typeof authorJson>>;

export type ReplyJson = {
  id: number;
  parent_id: number;
  comment: string;
  answer_type: DiscussionReply["answerType"];
  created: string;
  edited: string | null;
  status: DiscussionReply["status"];
  moderation_reason: string | null;
  user: AuthorJson | null;
  up_votes: number;
  user_vote: number;
  children: ReplyJson[];
};

export function replyJson(reply: DiscussionReply): ReplyJson {
  return {
    id: reply.id,
    parent_id: reply.parentId,
    comment: reply.comment,
    answer_type: reply.answerType,
    created: reply.created.toISOString(),
    edited: reply.edited?.toISOString() ?? null,
    status: reply.status,
    moderation_reason: reply.moderationReason,
    user: authorJson(reply.user),
    up_votes: reply.upVotes,
    user_vote: reply.userVote,
    children: reply.children.map(replyJson),
  };
}

/** A review or question as the API shows it; rating and video fields exist on reviews only. */
export function itemJson(item: DiscussionItem) {
  const base = {
    id: item.id,
    deal_id: item.dealId,
    title: item.title,
    comment: item.comment,
    created: item.created.toISOString(),
    edited: item.edited?.toISOString() ?? null,
    status: item.status,
    resolved: item.resolved,
    moderation_reason: item.moderationReason,
    display_path: item.displayPath,
    user: authorJson(item.user),
    up_votes: item.upVotes,
    user_vote: item.userVote,
    reply_count: item.replyCount,
    children: item.children.map(replyJson),
  };
  if (item.kind !== "review") {
    // Questions: who follows it (issue 33); the viewer's own follow when read alone.
    return {
      ...base,
      followers_count: item.followersCount,
      ...(item.isFollowing === undefined ? {} : { is_following: item.isFollowing }),
    };
  }
  return {
    ...base,
    rating: item.rating,
    video_file: mediaUrl(item.videoKey),
    video_thumbnail: mediaUrl(item.videoThumbnailKey),
    provenance: provenanceJson(item.provenance),
    rating_history: item.earlierRatings.map((r) => ({
      rating: r.rating,
      rated_at: r.ratedAt.toISOString(),
    })),
  };
}

/** Where a review comes from (issue 33, decision 070); every field always present. */
export function provenanceJson(p: DiscussionItem["provenance"]) {
  const v = p ?? NO_PROVENANCE;
  return {
    verified_purchase: v.verifiedPurchase,
    plan: v.plan,
    days_owned: v.daysOwned,
    refunded: v.refunded,
    by_transfer: v.byTransfer,
    updated_after_reply: v.updatedAfterReply,
  };
}

export type ItemJson = ReturnType<typeof itemJson>;

/** A follow or unfollow's answer: the viewer's state and the question's count. */
export const followJson = (state: FollowState) => ({
  id: state.id,
  is_following: state.following,
  followers_count: state.followersCount,
});
/** The deal's rating history as the API shows it (issue 33); averages to two decimals. */
export function ratingHistoryJson(h: RatingHistory) {
  const round = (n: number | null) => (n == null ? null : Math.round(n * 100) / 100);
  return {
    months: h.months.map((m) => ({
      month: m.month,
      average: round(m.average) ?? 0,
      count: m.count,
    })),
    updates: h.updates.map((u) => ({ date: u.date.toISOString(), title: u.title, kind: u.kind })),
    lifetime: { average: round(h.lifetime.average), count: h.lifetime.count },
    since_latest_update: h.sinceLatestUpdate
      ? {
          since: h.sinceLatestUpdate.since.toISOString(),
          average: round(h.sinceLatestUpdate.average),
          count: h.sinceLatestUpdate.count,
        }
      : null,
  };
}

export type RatingHistoryJson = ReturnType<typeof ratingHistoryJson>;

/** What a write answers: the changed item, or the reply inside its thread. */
export const nodeJson = (node: DiscussionNode) =>
  node.type === "item" ? itemJson(node.item) : replyJson(node.reply);

// ---------------------------------------------------------------------------------------------
// The pages' views: the API's fields, camelCased, with what the cards show of an author.
// ---------------------------------------------------------------------------------------------

function authorView(user: AuthorJson | null): AuthorView | null {
  if (!user) return null;
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    avatar: user.avatar,
    hasPlus: user.has_plus,
    isFounder: user.is_founder,
    verifiedPurchaser: user.verified_purchaser,
    isBot: user.is_bot,
  };
}

function replyView(reply: ReplyJson): ReplyView {
  return {
    id: reply.id,
    parentId: reply.parent_id,
    comment: reply.comment,
    answerType: reply.answer_type,
    status: reply.status,
    moderationReason: reply.moderation_reason,
    created: reply.created,
    edited: reply.edited,
    user: authorView(reply.user),
    upVotes: reply.up_votes,
    userVote: reply.user_vote,
    children: reply.children.map(replyView),
  };
}

/** A review or question as the discussion pages show it (app/discussions/types.ts). */
export function itemView(item: DiscussionItem): ItemView {
  const json = itemJson(item);
  const review = "rating" in json ? json : null;
  const question = "followers_count" in json ? json : null;
  return {
    id: json.id,
    kind: item.kind,
    title: json.title,
    comment: json.comment,
    rating: review?.rating ?? null,
    status: json.status,
    resolved: json.resolved,
    moderationReason: json.moderation_reason,
    created: json.created,
    edited: json.edited,
    displayPath: json.display_path,
    user: authorView(json.user),
    upVotes: json.up_votes,
    userVote: json.user_vote,
    replyCount: json.reply_count,
    followersCount: question?.followers_count ?? 0,
    isFollowing: question?.is_following ?? null,
    videoUrl: review?.video_file ?? null,
    videoThumbnailUrl: review?.video_thumbnail ?? null,
    provenance: review
      ? {
          verifiedPurchase: review.provenance.verified_purchase,
          plan: review.provenance.plan,
          daysOwned: review.provenance.days_owned,
          refunded: review.provenance.refunded,
          byTransfer: review.provenance.by_transfer,
          updatedAfterReply: review.provenance.updated_after_reply,
        }
      : null,
    earlierRatings: review
      ? review.rating_history.map((r) => ({ rating: r.rating, ratedAt: r.rated_at }))
      : [],
    children: json.children.map(replyView),
  };
}
