import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../../domain/errors";
import { type DealSearch, DealSearchSchema, SEARCH_SORTS } from "../../../domain/search";
import type { Services } from "../../services";
import { searchDeals } from "../../web/deal-search";
import { cachedJson, dealScopeOf } from "../api-cache";
import { errorResponses } from "../schemas";
import { dealListingResponse, dealResponse } from "./responses";

const DealParams = z.object({ slug: z.string().min(1).max(200) });

/**
 * The search's query string: the domain schema the /browse page shares (one set of messages),
 * after refusing a repeated parameter (?page=1&page=2), which is ambiguous, rather than guess.
 */
const DealSearchQuery = z.preprocess((raw, ctx) => {
  if (raw && typeof raw === "object") {
    for (const [name, value] of Object.entries(raw)) {
      if (Array.isArray(value)) {
        ctx.addIssue({ code: "custom", path: [name], message: "Give this once." });
      }
    }
  }
  return raw;
}, DealSearchSchema);

const DealListingResponse = dealListingResponse.extend({
  sort: z.enum(SEARCH_SORTS),
  query: z.string().nullable(),
  next: z.number().nullable(),
  previous: z.number().nullable(),
});

export const dealRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get(
    "/api/v2/deals/:slug/details/",
    {
      schema: {
        tags: ["deals"],
        summary: "The Deal entity of a deal, by slug or id (spec 001 section 7)",
        params: DealParams,
        response: { 200: z.looseObject({ deal: dealResponse }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const slug = request.params.slug;
      // Anonymous answers are replayed serialized and gzipped from the page cache under the
      // deal's scope (server/http/api-cache.ts); a miss takes the deal's data kept between
      // requests (services/cache/deal-data.ts). The staff messages are cut to the reader's
      // audience here, so a stored (anonymous) answer carries only what anyone may see.
      return cachedJson(
        request,
        reply,
        services.pageCache,
        `/api/v2/deals/${slug}/details/`,
        dealScopeOf(slug),
        async () => {
          const deal = await services.dealData.get(slug, "details", () =>
            services.catalog.getDealDetails(slug),
          );
          const user = request.session?.user;
          if (deal) return { deal: await services.catalog.dealForReader(deal, user) };
          // Not public: staff and the deal's partners see it as the staff preview does, never
          // stored (a signed-in answer goes around the cache); anyone else gets a missing id's 404.
          const hidden = await services.catalog.getHiddenDealDetails(slug, user ?? null);
          if (!hidden) throw notFound();
          reply.header("cache-control", "private, no-store");
          return { deal: await services.catalog.dealForReader(hidden, user) };
        },
      );
    },
  );

  app.get(
    "/api/v2/deals/",
    {
      schema: {
        tags: ["deals"],
        summary:
          "Deal search: full text over name, description, taxonomy and attributes; filters; sort; 10 a page (contract.md)",
        querystring: DealSearchQuery,
        response: { 200: DealListingResponse, ...errorResponses },
      },
    },
    async (request, reply) =>
      // Anonymous answers come from the page cache (server/http/api-cache.ts); the search reads
      // nothing of the viewer, signed-in answers are simply not shared.
      cachedJson(request, reply, services.pageCache, "/api/v2/deals/", { kind: "listing" }, () =>
        search(request.query),
      ),
  );

  async function search(q: DealSearch) {
    const { listing, sort } = await searchDeals(services.search, q);
    return {
      ...listing,
      sort,
      query: q.query ?? null,
      next: listing.page < listing.total_pages ? listing.page + 1 : null,
      previous: listing.page > 1 ? Math.min(listing.page - 1, listing.total_pages) : null,
    };
  }
};
