import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Services } from "../../services";
import { cachedJson } from "../api-cache";
import { errorResponses } from "../schemas";
import { dealCardResponse } from "./responses";

// Named apart from a deal's `slug` parameter: a founder's slug (their username) names no deal.
const FounderParams = z.object({ founderSlug: z.string().min(1).max(150) });

const rate = z.number().nullable();

export const founderRecordResponse = z.object({
  founder: z.object({
    slug: z.string(),
    name: z.string(),
    avatar: z.string().nullable(),
    title: z.string().nullable(),
  }),
  purchases: z.number(),
  refunds: z.number(),
  questions: z.number(),
  answered: z.number(),
  refund_rate: rate,
  answer_rate: rate,
  median_answer_hours: rate,
  badge: z.string().nullable(),
  update_window_days: z.number(),
  updates: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      date: z.string(),
      deal: z.object({ slug: z.string(), name: z.string() }),
      rating_before: rate,
      reviews_before: z.number(),
      rating_after: rate,
      reviews_after: z.number(),
      change: rate,
    }),
  ),
  deals: z.array(dealCardResponse),
});

/**
 * GET /api/founders/{slug}/ (issue 34, decision 077): a founder's public record across their
 * published deals. Anonymous answers are kept under the listings scope: a record changes with any
 * of the founder's deals, and no per-founder scope exists.
 */
export const founderRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get(
    "/api/founders/:founderSlug/",
    {
      schema: {
        tags: ["deals"],
        summary: "A founder's public record: refunds, answers, rating around updates, deals",
        params: FounderParams,
        response: { 200: founderRecordResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const slug = request.params.founderSlug;
      return cachedJson(
        request,
        reply,
        services.pageCache,
        `/api/founders/${slug}/`,
        { kind: "listing" },
        () => services.founderRecords.record(slug),
      );
    },
  );
};
