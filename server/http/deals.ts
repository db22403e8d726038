import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Services } from "../services";
import { notFound } from "./errors";

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
};
