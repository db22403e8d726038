import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { NeedsReplyQuery, ProposalSchema } from "../../../domain/schemas/staff";
import type { Services } from "../../services";
import { requireUser, signedInUser } from "../guards";
import { errorResponses } from "../schemas";
import { actorOf, bodyOf, idParams, objectResponse, pathId, tableResponse } from "../staff/common";

const tags = ["partners"];

/**
 * The partner portal (issue 16). Signed in only; the service answers 404 for a deal the caller
 * is not partner of (another deal's partner included) and 403 for a user who partners none.
 * Answering a question goes through the discussion's own reply call.
 */
export const partnerRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const partners = services.staff.partners;

  app.get(
    "/api/partners/deals/",
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary:
          "The caller's deals as partner: sales, refunds, rating, counts, unanswered questions, median time to answer",
        response: { 200: tableResponse("The partner's deals"), ...errorResponses },
      },
    },
    async (request) => partners.listDeals(signedInUser(request).id),
  );

  for (const [path, kind] of [
    ["questions", "question"],
    ["reviews", "review"],
  ] as const) {
    app.get(
      `/api/partners/deals/:id/${path}/`,
      {
        preValidation: requireUser,
        schema: {
          tags,
          summary: `The deal's ${path}; needs_reply=1: those without a founder's reply, oldest first`,
          params: idParams("deal"),
          querystring: NeedsReplyQuery,
          response: { 200: tableResponse(`A page of ${path}`), ...errorResponses },
        },
      },
      async (request) =>
        partners[kind === "question" ? "questions" : "reviews"](
          signedInUser(request).id,
          pathId(request.params.id),
          request.query,
        ),
    );
  }

  app.get(
    "/api/partners/deals/:id/changes/",
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: "The partner's proposed changes of the deal and their state",
        params: idParams("deal"),
        response: { 200: tableResponse("The deal's proposals"), ...errorResponses },
      },
    },
    async (request) =>
      partners.partnerProposals(signedInUser(request).id, pathId(request.params.id)),
  );

  app.post(
    "/api/partners/deals/:id/changes/",
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: "Propose edits of the deal's copy and plans, for staff to approve or decline",
        params: idParams("deal"),
        body: bodyOf(ProposalSchema),
        response: { 201: objectResponse("The proposal"), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await partners.propose(
            actorOf(request, "partner"),
            pathId(request.params.id),
            request.body,
          ),
        ),
  );
};
