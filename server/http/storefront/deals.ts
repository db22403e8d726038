import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fieldErrors } from "../../../domain/schemas/common";
import { DealSearchSchema, effectiveSort } from "../../../domain/search";
import type { Services } from "../../services";
import { invalid, notFound } from "../../../domain/errors";

const DealParams = z.object({ slug: z.string().min(1).max(200) });

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
      },
    },
    async (request) => {
      const deal = await services.catalog.getDealDetails(request.params.slug);
      if (!deal) throw notFound();
      return { deal };
    },
  );

  app.get(
    "/api/v2/deals/",
    {
      schema: {
        tags: ["deals"],
        summary:
          "Deal search: full text over name, description, taxonomy and attributes; filters; sort; 10 a page (contract.md)",
        // Validated below with the domain schema the /browse page shares (one set of messages).
        querystring: z.record(z.string(), z.unknown()),
      },
    },
    async (request) => {
      const raw = request.query as Record<string, unknown>;
      // A repeated parameter (?page=1&page=2) is ambiguous: refuse it rather than guess.
      const repeated = Object.entries(raw).filter(([, v]) => Array.isArray(v));
      if (repeated.length)
        throw invalid(Object.fromEntries(repeated.map(([k]) => [k, ["Give this once."]])));
      const parsed = DealSearchSchema.safeParse(raw);
      if (!parsed.success) throw invalid(fieldErrors(parsed.error));
      const q = parsed.data;
      const sort = effectiveSort(q);
      const listing = await services.search.listDeals(
        {
          query: q.query,
          group: q.group,
          category: q.category,
          subcategory: q.subcategory,
          planType: q.plan_type,
          minPrice: q.min_price,
          maxPrice: q.max_price,
        },
        { sort, page: q.page ?? 1 },
      );
      return {
        ...listing,
        sort,
        query: q.query ?? null,
        next: listing.page < listing.total_pages ? listing.page + 1 : null,
        previous: listing.page > 1 ? Math.min(listing.page - 1, listing.total_pages) : null,
      };
    },
  );
};
