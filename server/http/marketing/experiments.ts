import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../../domain/errors";
import { FIELD_REQUIRED, INVALID_CHOICE } from "../../../domain/messages";
import type { Services } from "../../services";
import { ANALYTICS_EVENT_NAMES } from "../../services/marketing/experiments";
import { byAddress, rateLimited } from "../rate-limit";
import { errorResponses } from "../schemas";
import { emptyBodyAsObject } from "./body-defaults";

/**
 * The analytics event body: a closed list of names, the deal by slug, and a few short, flat
 * properties (the page's own ref, say). Anything else is refused, so nobody stores arbitrary
 * blobs through it. The session's experiments are added by the server, never taken from here.
 */
const AnalyticsEventSchema = z
  .object({
    name: z.enum(ANALYTICS_EVENT_NAMES, { error: INVALID_CHOICE }),
    deal_slug: z
      .string({ error: FIELD_REQUIRED })
      .trim()
      .min(1, { error: FIELD_REQUIRED })
      .max(200),
    properties: z
      .record(
        z.string().regex(/^[a-z_]{1,40}$/),
        z.union([z.string().max(200), z.number(), z.boolean(), z.null()]),
      )
      .refine((p) => Object.keys(p).length <= 10, { error: "At most 10 properties." })
      .optional(),
  })
  .strict();

/**
 * GET /api/experiments/ (the session's variant of every experiment) and
 * POST /api/analytics/events/ (the product page's view_item, recorded with those variants).
 */
export const growthRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get(
    "/api/experiments/",
    {
      schema: {
        tags: ["marketing"],
        summary: "The session's variant of every experiment",
        response: {
          200: z.looseObject({ experiments: z.record(z.string(), z.unknown()) }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return { experiments: await services.growth.experimentsFor(request.session?.id) };
    },
  );

  app.post(
    "/api/analytics/events/",
    {
      preHandler: rateLimited("analytics-events", byAddress),
      schema: {
        tags: ["marketing"],
        summary: "Record an analytics event (view_item) with the session's experiments; 204",
        body: AnalyticsEventSchema,
        response: { 204: z.undefined().describe("Recorded"), ...errorResponses },
      },
      preValidation: emptyBodyAsObject,
    },
    async (request, reply) => {
      const event = request.body;
      const recorded = await services.growth.recordDealEvent({
        name: event.name,
        dealSlug: event.deal_slug,
        sessionId: request.session?.id ?? null,
        userId: request.session?.user?.id ?? null,
        properties: event.properties,
      });
      if (!recorded) throw notFound();
      return reply.status(204).send();
    },
  );
};
