import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { DiscussionListQuerySchema } from "../../../domain/schemas/discussions";
import type { Services } from "../../services";
import type { SessionUser } from "../../services/accounts/sessions";
import { itemJson } from "../../web/discussion-presenters";
import { personalHeaderJson } from "../../web/personal-fill";
import { cachedJson, dealScopeOf } from "../api-cache";
import { errorResponses } from "../schemas";
import {
  DealParams,
  ItemSegmentParams,
  itemResponse,
  KINDS,
  listResponse,
  responsivenessResponse,
  reviewsSummaryResponse,
  statsResponse,
  UserStatusQuery,
  userStatusResponse,
} from "./schemas";

// The read calls of spec 000 section 7: the review and question lists, one item, the moderation
// counts, the viewer's status, the founder team's responsiveness and the reviews summary.

export const discussionReadRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
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
          response: { 200: listResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const q = request.query;
        const { dealId } = request.params;
        // Anonymous answers come from the page cache (server/http/api-cache.ts).
        return cachedJson(
          request,
          reply,
          services.pageCache,
          `/api/v2/deals/${dealId}/${path}/`,
          dealScopeOf(dealId),
          () => listAnswer(request.session?.user ?? null),
        );
        async function listAnswer(user: SessionUser | null) {
          const result = await discussions.list(kind, dealId, user, {
            page: q.page,
            sort: q.sort,
            order: q.order,
            itemsPerPage: q.items_per_page,
            skipPages: q.skip_pages,
            moderatorFilter: q.moderator_filter,
            rating: q.rating,
            query: q.query,
            searchAfter: q.search_after || undefined,
            verifiedOnly: q.verified,
            withVideo: q.video,
          });
          // Pending items and the viewer's votes make a signed-in answer personal.
          if (user) reply.header("cache-control", "private, no-store");
          return {
            comments: result.items.map(itemJson),
            meta: { total: result.total },
            search_after: result.searchAfter,
          };
        }
      },
    );

    app.get(
      `/api/v2/deals/:dealId/${path}/:id/`,
      {
        schema: {
          tags: ["discussions"],
          summary: `One of a deal's ${path} with its replies`,
          params: ItemSegmentParams,
          response: { 200: itemResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = request.session?.user ?? null;
        const { dealId, id } = request.params;
        const item = await discussions.get(kind, dealId, id, user);
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
          response: { 200: statsResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        // Staff, the deal's partners and its user moderators: the service knows the deal's roles.
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
        querystring: UserStatusQuery,
        response: { 200: userStatusResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = request.session?.user ?? null;
      // Ids in range only (parseId's), at most a page's worth.
      const voteIds = (request.query.comments?.split(",") ?? [])
        .map(Number)
        .filter((id) => id >= 1 && id <= 2_147_483_647)
        .slice(0, 100);
      // One statement for the relation and the votes; the owned plans by the deal's own id.
      const context = await discussions.context(request.params.dealId, user, voteIds);
      const status = discussions.statusFrom(context);
      const [ownedPlanIds, ownStaffMessage] = status.userHasPurchased
        ? await Promise.all([
            services.ownedPlans.forDeal(user?.id ?? null, context.id),
            user ? services.catalog.ownStaffMessage(context.id, user, true) : false,
          ])
        : [[], false];
      reply.header("cache-control", "private, no-store");
      return {
        user_has_purchased: status.userHasPurchased,
        user_has_reviewed: status.userHasReviewed,
        user_moderator: status.userModerator,
        staff_moderator: status.staffModerator,
        user_review: status.ownReview
          ? {
              id: status.ownReview.id,
              status: status.ownReview.status,
              edit_path: `/products/${context.slug}/reviews/${status.ownReview.id}/edit/`,
            }
          : null,
        owned_plan_ids: ownedPlanIds,
        votes: [...(context.viewerVotes ?? new Map()).entries()].map(([id, v]) => ({
          id,
          up_votes: v.upVotes,
          vote: v.userVote,
        })),
        own_items: context.viewerPending?.own ?? 0,
        own_staff_message: ownStaffMessage,
        viewer: personalHeaderJson(request.session),
      };
    },
  );

  app.get(
    "/api/v2/deals/:dealId/founder_responsiveness/",
    {
      schema: {
        tags: ["discussions"],
        summary:
          "How the founder team answers the deal's questions: share answered, median first answer",
        params: DealParams,
        response: { 200: responsivenessResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = request.session?.user ?? null;
      const r = await discussions.founderResponsiveness(request.params.dealId, user);
      // A partner's or staff reader's answer may be of a deal the public cannot see.
      if (user) reply.header("cache-control", "private, no-store");
      return {
        questions: r.questions,
        answered: r.answered,
        answered_share: r.answeredShare,
        median_first_answer_seconds: r.medianFirstAnswerSeconds,
        owners_answered: r.ownersAnswered,
        owners_median_first_answer_seconds: r.ownersMedianFirstAnswerSeconds,
      };
    },
  );

  app.get(
    "/api/v2/deals/:dealId/reviews_summary/",
    {
      schema: {
        tags: ["discussions"],
        summary:
          "The deal's extractive reviews summary with its evidence (review ids per statement)",
        params: DealParams,
        response: { 200: reviewsSummaryResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = request.session?.user ?? null;
      const summary = await discussions.reviewsSummary(request.params.dealId, user);
      // A partner's or staff reader's answer may be of a deal the public cannot see.
      if (user) reply.header("cache-control", "private, no-store");
      return { reviews_summary: summary };
    },
  );
};
