import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DiscussionListQuerySchema } from "../../domain/schemas/discussions";
import type { CommentKind } from "../db/schema/discussions";
import type { Services } from "../services";
import type { CommentAuthor, DiscussionItem, DiscussionReply } from "../services/discussions";

// The read side of spec 000 section 7's discussion calls: lists, one item, stats, user status.

/** Where a review's video lives until a media provider serves URLs of its own. */
const mediaUrl = (key: string | null): string | null => (key ? `/media/${key}` : null);

function authorJson(user: CommentAuthor | null) {
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

type ReplyJson = {
  id: number;
  parent_id: number;
  comment: string;
  answer_type: DiscussionReply["answerType"];
  created: string;
  edited: string | null;
  status: DiscussionReply["status"];
  user: ReturnType<typeof authorJson>;
  up_votes: number;
  user_vote: number;
  children: ReplyJson[];
};

function replyJson(reply: DiscussionReply): ReplyJson {
  return {
    id: reply.id,
    parent_id: reply.parentId,
    comment: reply.comment,
    answer_type: reply.answerType,
    created: reply.created.toISOString(),
    edited: reply.edited?.toISOString() ?? null,
    status: reply.status,
    user: authorJson(reply.user),
    up_votes: reply.upVotes,
    user_vote: reply.userVote,
    children: reply.children.map(replyJson),
  };
}

/** A review or question as the API shows it; rating and video fields exist on reviews only. */
function itemJson(item: DiscussionItem) {
  const base = {
    id: item.id,
    deal_id: item.dealId,
    title: item.title,
    comment: item.comment,
    created: item.created.toISOString(),
    edited: item.edited?.toISOString() ?? null,
    status: item.status,
    resolved: item.resolved,
    display_path: item.displayPath,
    user: authorJson(item.user),
    up_votes: item.upVotes,
    user_vote: item.userVote,
    reply_count: item.replyCount,
    children: item.children.map(replyJson),
  };
  if (item.kind !== "review") return base;
  return {
    ...base,
    rating: item.rating,
    video_file: mediaUrl(item.videoKey),
    video_thumbnail: mediaUrl(item.videoThumbnailKey),
  };
}

const DealParams = z.object({ dealId: z.string().min(1).max(200) });
const ItemParams = DealParams.extend({ id: z.string().min(1).max(200) });

const KINDS: { kind: CommentKind; path: "reviews" | "questions"; stats: string }[] = [
  { kind: "review", path: "reviews", stats: "review_stats" },
  { kind: "question", path: "questions", stats: "question_stats" },
];

export const discussionRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const discussions = services.discussions;

  for (const { kind, path, stats } of KINDS) {
    app.get(
      `/api/v2/deals/:dealId/${path}/`,
      {
        schema: {
          tags: ["discussions"],
          summary: `List a deal's ${path} (page numbers or the search_after cursor)`,
          params: DealParams,
          querystring: DiscussionListQuerySchema,
        },
      },
      async (request, reply) => {
        const q = request.query;
        const result = await discussions.list(
          kind,
          request.params.dealId,
          request.session?.user ?? null,
          {
            page: q.page,
            sort: q.sort,
            order: q.order,
            itemsPerPage: q.items_per_page,
            skipPages: q.skip_pages,
            moderatorFilter: q.moderator_filter,
            rating: q.rating,
            query: q.query,
            searchAfter: q.search_after || undefined,
          },
        );
        // Pending items and the viewer's votes make a signed-in answer personal.
        if (request.session?.user) reply.header("cache-control", "private, no-store");
        return {
          comments: result.items.map(itemJson),
          meta: { total: result.total },
          search_after: result.searchAfter,
        };
      },
    );

    app.get(
      `/api/v2/deals/:dealId/${path}/:id/`,
      {
        schema: {
          tags: ["discussions"],
          summary: `One of a deal's ${path} with its replies`,
          params: ItemParams,
        },
      },
      async (request, reply) => {
        const user = request.session?.user ?? null;
        const item = await discussions.get(kind, request.params.dealId, request.params.id, user);
        if (user) reply.header("cache-control", "private, no-store");
        return itemJson(item);
      },
    );

    app.get(
      `/api/v2/deals/:dealId/${stats}/`,
      {
        schema: {
          tags: ["discussions"],
          summary: `Moderation counts of a deal's ${path} (moderators only)`,
          params: DealParams,
        },
      },
      async (request, reply) => {
        const result = await discussions.stats(
          kind,
          request.params.dealId,
          request.session?.user ?? null,
        );
        reply.header("cache-control", "private, no-store");
        return { needs_moderation: result.needsModeration, needs_reply: result.needsReply };
      },
    );
  }

  app.get(
    "/api/v2/deals/:dealId/user_status/",
    {
      schema: {
        tags: ["discussions"],
        summary: "The viewer's relation to a deal",
        params: DealParams,
      },
    },
    async (request, reply) => {
      const status = await discussions.userStatus(
        request.params.dealId,
        request.session?.user ?? null,
      );
      reply.header("cache-control", "private, no-store");
      return {
        user_has_purchased: status.userHasPurchased,
        user_has_reviewed: status.userHasReviewed,
        user_moderator: status.userModerator,
        staff_moderator: status.staffModerator,
      };
    },
  );
};
