import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Services } from "../../services";
import type { SessionUser } from "../../services/accounts/sessions";
import { ratingHistoryJson } from "../../web/discussion-presenters";
import { cachedJson, dealScopeOf } from "../api-cache";
import { errorResponses } from "../schemas";
import { DealParams } from "./schemas";

// The deal's rating history beside the founders' updates (issue 33): months of ratings as they
// were given, the founder posts and changelog entries, and the averages for life and since the
// latest update. Anonymous answers are kept per deal and go with its page events (a review
// approved, edited, declined or deleted moves the deal's scope).

const average = z.looseObject({ average: z.number().nullable(), count: z.number().int() });

export const ratingHistoryResponse = z.looseObject({
  months: z.array(
    z.looseObject({ month: z.string(), average: z.number(), count: z.number().int() }),
  ),
  updates: z.array(z.looseObject({ date: z.string(), title: z.string(), kind: z.string() })),
  lifetime: average,
  since_latest_update: average.extend({ since: z.string() }).nullable(),
});

export const ratingHistoryRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get(
    "/api/v2/deals/:dealId/rating_history/",
    {
      schema: {
        tags: ["discussions"],
        summary: "The deal's monthly ratings beside the founders' posts and changelog entries",
        params: DealParams,
        response: { 200: ratingHistoryResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { dealId } = request.params;
      return cachedJson(
        request,
        reply,
        services.pageCache,
        `/api/v2/deals/${dealId}/rating_history/`,
        dealScopeOf(dealId),
        () => answer(request.session?.user ?? null),
      );
      async function answer(user: SessionUser | null) {
        const history = await services.discussions.ratingHistory(dealId, user);
        // A partner's or staff reader's answer may be of a deal the public cannot see.
        if (user) reply.header("cache-control", "private, no-store");
        return ratingHistoryJson(history);
      }
    },
  );
};
