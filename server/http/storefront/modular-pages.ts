import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MODULAR_PAGE_SIZE, ZONE_NAMES } from "../../../domain/constants";
import { notFound } from "../../../domain/errors";
import type { Services } from "../../services";
import { requireStaff } from "../guards";
import { errorResponses } from "../schemas";
import { modularPageResponse, zoneCollectionResponse } from "./responses";

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
  // Staff preview (spec 001 section 7): another page's id and/or a moment to render the page at.
  preview_page_id: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,199}$/i, { error: "Enter a page id or slug." })
    .optional(),
  preview_start_date: z
    .string()
    .refine((v) => !Number.isNaN(Date.parse(v)), { error: "Enter a date and time (ISO 8601)." })
    .transform((v) => new Date(v))
    .optional(),
});

const ZoneParams = z.object({ zone: z.enum(ZONE_NAMES, { error: "Unknown zone." }) });
const ZoneQuery = z.object({
  format: z.enum(["json"], { error: "Only json is served." }).optional(),
  /** The product page asking: its own deal is left out of the zone's deals. */
  template_slug: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,199}$/i, { error: "Enter a valid slug." })
    .optional(),
  /** Accepted, not interpreted (docs/decisions/026-storefront-listings-and-email-capture.md). */
  conditions: z.string().max(2000).optional(),
});

const PageParams = z.object({ pageId: z.string().min(1).max(200) });

type PageQueryValues = z.output<typeof PageQuery>;

/** A preview shows pages and collections before their time: staff only. */
async function requireStaffForPreview(request: FastifyRequest, reply: FastifyReply) {
  const q = request.query as PageQueryValues;
  if (q.preview_page_id != null || q.preview_start_date != null) await requireStaff(request, reply);
}

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
        response: { 200: modularPageResponse, ...errorResponses },
      },
      preHandler: requireStaffForPreview,
    },
    async (request) => {
      const q = request.query;
      const limit = q.limit ?? MODULAR_PAGE_SIZE;
      // offset wins; otherwise page n starts after n - 1 pages of `limit` collections.
      const offset = q.offset ?? ((q.page ?? 1) - 1) * limit;
      const page = await services.pages.getModularPage(q.preview_page_id ?? request.params.pageId, {
        offset,
        limit,
        includeDeals: q.include_deals ?? true,
        ...(q.preview_start_date ? { now: q.preview_start_date } : {}),
      });
      if (!page) throw notFound();
      return page;
    },
  );

  app.get(
    "/api/smartcollections/zone/:zone/",
    {
      schema: {
        tags: ["pages"],
        summary: "The smart collection filling a product-page zone (spec 001 section 7)",
        params: ZoneParams,
        querystring: ZoneQuery,
        response: { 200: zoneCollectionResponse, ...errorResponses },
      },
    },
    async (request) => {
      const collection = await services.pages.getZoneCollection(request.params.zone, {
        templateSlug: request.query.template_slug,
      });
      if (!collection) throw notFound();
      return collection;
    },
  );
};
