import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CancelReasonSchema,
  CancelReasonsQuerySchema,
  PlusSubscriptionPatchSchema,
} from "../../../domain/schemas/account";
import { fieldErrors } from "../../../domain/schemas/common";
import type { Services } from "../../services";
import { invalid } from "../../../domain/errors";
import { accountUser } from "../guards";

const anyBody = z.record(z.string(), z.unknown()).optional();

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw invalid(fieldErrors(result.error));
  return result.data;
}

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
    { schema: { tags: ["plus"], summary: "The caller's Plus subscription (latest) and has_plus" } },
    async (request, reply) => plus.get(accountUser(request, reply).id),
  );

  app.patch(
    "/api/plus/subscription/",
    {
      schema: {
        tags: ["plus"],
        summary:
          "action cancel (at period end), reactivate, or update_payment_method (payment_method_id)",
        body: anyBody,
      },
    },
    async (request, reply) => {
      const user = accountUser(request, reply);
      return plus.update(user.id, parse(PlusSubscriptionPatchSchema, request.body));
    },
  );

  app.get(
    "/api/plus/cancel-reasons/",
    {
      schema: {
        tags: ["plus"],
        summary: "Cancel reasons to choose from, and those already given, for subscription_id",
        querystring: z.record(z.string(), z.unknown()),
      },
    },
    async (request, reply) => {
      const user = accountUser(request, reply);
      const query = parse(CancelReasonsQuerySchema, request.query);
      return plus.cancelReasons(user.id, query.subscription_id);
    },
  );

  app.post(
    "/api/plus/cancel-reasons/",
    {
      schema: {
        tags: ["plus"],
        summary: "Record why a member cancels (subscription, reason, feedback)",
        body: anyBody,
      },
    },
    async (request, reply) => {
      const user = accountUser(request, reply);
      const result = await plus.addCancelReason(user.id, parse(CancelReasonSchema, request.body));
      return reply.status(201).send(result);
    },
  );
};
