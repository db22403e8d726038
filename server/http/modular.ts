import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { MODULAR_PAGE_SIZE } from "../../domain/constants";
import type { Services } from "../services";
import { notFound } from "./errors";

/** More collections than this in one answer is never what a client needs (ours: 4 a page). */
const MAX_LIMIT = 20;

const queryBoolean = z
  .enum(["true", "false", "1", "0"], { error: "Must be true or false." })
  .transform((v) => v === "true" || v === "1");
const queryInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, { error: "A whole number is required." })
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

// Unknown extra parameters (utm_*, experiment flags) are allowed and ignored, as the spec's
// client sends "extra query params".
const PageQuery = z.object({
  include_deals: queryBoolean.optional(),
  page: queryInt(1, 10_000).optional(),
  limit: queryInt(1, MAX_LIMIT).optional(),
  offset: queryInt(0, 100_000).optional(),
  user_device: z.enum(["mobile", "tablet", "desktop"]).optional(),
});

const PageParams = z.object({ pageId: z.string().min(1).max(200) });

export const modularRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get(
    "/api/modular/page/:pageId/",
    {
      schema: {
        tags: ["pages"],
        summary:
          "A modular page: layout, a slice of its collections, SEO meta (spec 001 section 7)",
        params: PageParams,
        querystring: PageQuery,
      },
    },
    async (request) => {
      const q = request.query;
      const limit = q.limit ?? MODULAR_PAGE_SIZE;
      // offset wins; otherwise page n starts after n - 1 pages of `limit` collections.
      const offset = q.offset ?? ((q.page ?? 1) - 1) * limit;
      const page = await services.pages.getModularPage(request.params.pageId, {
        offset,
        limit,
        includeDeals: q.include_deals ?? true,
      });
      if (!page) throw notFound();
      return page;
    },
  );
};
