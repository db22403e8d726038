import { z } from "zod";

/**
 * Answer schemas of the storefront's JSON (built in server/services/storefront/deal-json.ts):
 * the fields clients rely on, loose so nothing the presenters add is stripped.
 */

export const dealCardResponse = z
  .looseObject({
    id: z.number(),
    slug: z.string(),
    name: z.string(),
    get_absolute_url: z.string(),
    price: z.number().nullable(),
    original_price: z.number().nullable(),
    discount_percent: z.number(),
    has_ended: z.boolean(),
  })
  .describe("A deal card (spec 001 section 3)");

export const dealResponse = z
  .looseObject({ id: z.number(), slug: z.string(), name: z.string() })
  .describe("The Deal entity (spec 001 section 3)");

export const dealListingResponse = z.looseObject({
  /** Matches; a text search counts up to 1,000 and then sets count_capped ("1,000+"). */
  count: z.number(),
  count_capped: z.boolean(),
  page: z.number(),
  page_size: z.number(),
  total_pages: z.number(),
  results: z.array(dealCardResponse),
});

export const modularPageResponse = z
  .looseObject({
    id: z.number(),
    slug: z.string(),
    title: z.string().nullable(),
    layout: z.string(),
    collections: z.array(
      z.looseObject({
        id: z.number(),
        type: z.enum(["smart_collection", "static"]),
        data: z.looseObject({ id: z.number(), modular_component_type: z.string() }),
      }),
    ),
    seo_meta: z.looseObject({}),
    next_offset: z.number().nullable(),
    total: z.number(),
  })
  .describe("A modular page (spec 001 section 7)");

export const zoneCollectionResponse = z
  .looseObject({
    id: z.number(),
    slug: z.string(),
    title: z.string(),
    component_type: z.string(),
    modular_component_type: z.string(),
    url: z.string(),
    deals: z.array(dealCardResponse),
  })
  .describe("The smart collection of a product-page zone");
