import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { FLAG_REASONS } from "../../../domain/flags";
import { REPORT_THANKS } from "../../../domain/messages";
import { FlagSchema } from "../../../domain/schemas/discussions";
import type { Services } from "../../services";
import { requireUser, signedInUser } from "../guards";
import { errorResponses } from "../schemas";
import type { PerUserLimit } from "./rate-limits";
import { CommentParams, formBody, KINDS } from "./schemas";

// Reports of abuse (issue 33, decision 069): a signed-in reader reports a review, question or
// reply they can see, once. Staff read and resolve them under /api/staff/flags/.

const flagResponse = z
  .looseObject({
    id: z.number(),
    comment_id: z.number(),
    reason: z.enum(FLAG_REASONS),
    details: z.string(),
    created: z.string(),
    detail: z.string(),
  })
  .describe("The report, and the thanks the page shows");

export const discussionFlagRoutes: FastifyPluginAsyncZod<{
  services: Services;
  perUser: PerUserLimit;
}> = async (app, { services, perUser }) => {
  for (const { kind, path } of KINDS) {
    app.post(
      `/api/v2/deals/:dealId/${path}/:commentId/flag/`,
      {
        onRequest: perUser("flag"),
        preValidation: requireUser,
        schema: {
          tags: ["discussions"],
          summary: `Report a ${kind} or a reply in its thread {reason: ${FLAG_REASONS.join(" | ")}, details} (once per person; a second report is a 409)`,
          params: CommentParams,
          body: formBody(FlagSchema),
          response: { 201: flagResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { dealId, commentId } = request.params;
        const made = await services.discussions.flag(
          kind,
          dealId,
          String(commentId),
          signedInUser(request),
          request.body,
        );
        return reply.status(201).send({
          id: made.id,
          comment_id: made.commentId,
          reason: made.reason,
          details: made.details,
          created: made.created.toISOString(),
          detail: REPORT_THANKS,
        });
      },
    );
  }
};
