import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Services } from "../../services";
import { followJson } from "../../web/discussion-presenters";
import { requireUser, signedInUser } from "../guards";
import { errorResponses } from "../schemas";
import type { PerUserLimit } from "./rate-limits";
import { CommentParams } from "./schemas";

// Following a question (issue 33, decision 068): POST follows, DELETE on the same path unfollows.
// Both answer the viewer's state and the question's followers count; both are idempotent.

const followResponse = z.looseObject({
  id: z.number(),
  is_following: z.boolean(),
  followers_count: z.number(),
});

export const discussionFollowRoutes: FastifyPluginAsyncZod<{
  services: Services;
  perUser: PerUserLimit;
}> = async (app, { services, perUser }) => {
  const path = "/api/v2/deals/:dealId/questions/:commentId/follow/";
  for (const [method, on] of [
    ["POST", true],
    ["DELETE", false],
  ] as const) {
    app.route({
      method,
      url: path,
      // Each change is a page event: counted with the helpful votes, the same kind of click.
      onRequest: perUser("vote"),
      preValidation: requireUser,
      schema: {
        tags: ["discussions"],
        summary: on
          ? "Follow a question: e-mailed when it is answered"
          : "Stop following a question (its author always follows it)",
        params: CommentParams,
        response: { 200: followResponse, ...errorResponses },
      },
      handler: async (request, reply) => {
        const { dealId, commentId } = request.params;
        reply.header("cache-control", "private, no-store");
        const state = await services.discussions.follow(
          dealId,
          String(commentId),
          signedInUser(request),
          on,
        );
        return followJson(state);
      },
    });
  }
};
