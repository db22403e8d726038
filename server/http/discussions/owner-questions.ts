import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { formBoolean } from "../../../domain/schemas/common";
import type { Services } from "../../services";
import { requireUser, signedInUser } from "../guards";
import { errorResponses } from "../schemas";
import { formBody } from "./schemas";

// The owner's choice to be asked new questions on the deals they own (issue 33, decision 070).
// The e-mails themselves leave through the outbox (discussions/owner-answers.ts).

const preferenceResponse = z.looseObject({ enabled: z.boolean() });

export const ownerQuestionRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const discussions = services.discussions;

  app.get(
    "/api/users/owner_questions/",
    {
      schema: {
        tags: ["users"],
        summary: "Whether the signed-in user is asked new questions on the deals they own",
        response: { 200: preferenceResponse, ...errorResponses },
      },
      preValidation: requireUser,
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return { enabled: await discussions.askOwnerQuestions(signedInUser(request)) };
    },
  );

  app.put(
    "/api/users/owner_questions/",
    {
      schema: {
        tags: ["users"],
        summary: "Be asked (or not) new questions on the deals you own",
        body: formBody(z.object({ enabled: formBoolean() })),
        response: { 200: preferenceResponse, ...errorResponses },
      },
      preValidation: requireUser,
    },
    async (request, reply) => {
      const user = signedInUser(request);
      await discussions.setAskOwnerQuestions(user, request.body.enabled);
      reply.header("cache-control", "private, no-store");
      return { enabled: request.body.enabled };
    },
  );
};
