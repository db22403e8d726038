import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CancelReasonSchema,
  CancelReasonsQuerySchema,
  PlusSubscriptionPatchSchema,
} from "../../../domain/schemas/account";
import type { Services } from "../../services";
import { requireUser, signedInUser } from "../guards";
import { errorResponses } from "../schemas";
import { bodyOf, plusResponse } from "./schemas";

/**
 * Plus membership (spec 001 sections 7 and 8; contract.md). Failures answer {detail} with the
 * spec's Plus messages; success answers "Subscription updated" with the new state.
 */
export const plusRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { plus } = services;

  app.get(
    "/api/plus/subscription/",
    {
      preValidation: requireUser,
      schema: {
        tags: ["plus"],
        summary: "The caller's Plus subscription (latest) and has_plus",
        response: { 200: plusResponse, ...errorResponses },
      },
    },
    async (request) => plus.get(signedInUser(request).id),
  );

  app.patch(
    "/api/plus/subscription/",
    {
      preValidation: requireUser,
      schema: {
        tags: ["plus"],
        summary:
          "action cancel (at period end), reactivate, or update_payment_method (payment_method_id)",
        body: bodyOf(PlusSubscriptionPatchSchema),
        response: { 200: plusResponse, ...errorResponses },
      },
    },
    async (request) => plus.update(signedInUser(request).id, request.body),
  );

  app.get(
    "/api/plus/cancel-reasons/",
    {
      preValidation: requireUser,
      schema: {
        tags: ["plus"],
        summary: "Cancel reasons to choose from, and those already given, for subscription_id",
        querystring: bodyOf(CancelReasonsQuerySchema),
        response: {
          200: z
            .looseObject({
              subscription_id: z.number(),
              reasons: z.array(z.looseObject({ value: z.string(), label: z.string() })),
              submitted: z.array(z.unknown()),
            })
            .describe("Reasons to choose from and those already given"),
          ...errorResponses,
        },
      },
    },
    async (request) => plus.cancelReasons(signedInUser(request).id, request.query.subscription_id),
  );

  app.post(
    "/api/plus/cancel-reasons/",
    {
      preValidation: requireUser,
      schema: {
        tags: ["plus"],
        summary: "Record why a member cancels (subscription, reason, feedback)",
        body: bodyOf(CancelReasonSchema),
        response: {
          201: z.looseObject({ id: z.number(), detail: z.string() }).describe("The reason saved"),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const result = await plus.addCancelReason(signedInUser(request).id, request.body);
      return reply.status(201).send(result);
    },
  );
};
