import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { VoteSchema } from "../../../domain/schemas/discussions";
import type { Services } from "../../services";
import { requireUser, signedInUser } from "../guards";
import { errorResponses } from "../schemas";
import type { PerUserLimit } from "./rate-limits";
import { CommentParams, formBody, KINDS, voteResponse } from "./schemas";

// Helpful votes (spec 000 section 5): up or down; the same direction again takes the vote back.

export const discussionVoteRoutes: FastifyPluginAsyncZod<{
  services: Services;
  perUser: PerUserLimit;
}> = async (app, { services, perUser }) => {
  for (const { kind, path } of KINDS) {
    app.post(
      `/api/v2/deals/:dealId/${path}/:commentId/vote/`,
      {
        onRequest: perUser("vote"),
        preValidation: requireUser,
        schema: {
          tags: ["discussions"],
          summary: "Helpful vote {direction: 1 or -1}; the same direction again removes it",
          params: CommentParams,
          body: formBody(VoteSchema),
          response: { 200: voteResponse, ...errorResponses },
        },
      },
      async (request) => {
        const { dealId, commentId } = request.params;
        const result = await services.discussions.vote(
          kind,
          dealId,
          String(commentId),
          signedInUser(request),
          request.body.direction,
        );
        return {
          id: result.id,
          up_votes: result.upVotes,
          down_votes: result.downVotes,
          user_vote: result.userVote,
        };
      },
    );
  }
};
