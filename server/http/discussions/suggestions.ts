import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Services } from "../../services";
import { SUGGESTION_QUERY_MAX } from "../../services/discussions/suggestions";
import { errorResponses } from "../schemas";
import { DealParams } from "./schemas";

const SUGGESTIONS_MAX = 5;

const suggestionsResponse = z.object({
  comments: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      display_path: z.string(),
      reply_count: z.number(),
      created: z.string(),
    }),
  ),
});

/**
 * GET /api/v2/deals/{dealId}/questions/similar/?query=: up to five approved questions like the
 * text, any stemmed word matching (the new-question form's "Already asked?" list). Not in the
 * spec's section 7; a static path, so it never shadows /questions/{id}/.
 */
export const discussionSuggestionRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get(
    "/api/v2/deals/:dealId/questions/similar/",
    {
      schema: {
        tags: ["discussions"],
        summary: "Approved questions similar to a text (any stemmed word)",
        params: DealParams,
        querystring: z.object({
          query: z
            .string()
            .max(SUGGESTION_QUERY_MAX * 5)
            .default(""),
        }),
        response: { 200: suggestionsResponse, ...errorResponses },
      },
    },
    async (request) => {
      const list = await services.discussions.similarQuestions(
        request.params.dealId,
        request.session?.user ?? null,
        request.query.query,
        SUGGESTIONS_MAX,
      );
      return {
        comments: list.map((q) => ({
          id: q.id,
          title: q.title,
          display_path: q.displayPath,
          reply_count: q.replyCount,
          created: q.created.toISOString(),
        })),
      };
    },
  );
};
