import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CampaignCreateSchema,
  CampaignPatchSchema,
  CollectionCreateSchema,
  CollectionPatchSchema,
  CouponCreateSchema,
  CouponPatchSchema,
  GiftCardCreateSchema,
  GiftCardPatchSchema,
  PagePatchSchema,
  StaffListQuery,
} from "../../../domain/schemas/staff";
import type { Services } from "../../services";
import { objectResponse, staffRouter, tableResponse } from "./common";

const slugParams = z.object({ slug: z.string().max(200).describe("The page's slug") });

/** Staff: pages, collections, campaigns, coupons and gift cards (issue 16). */
export const staffCatalogRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const pages = services.staff.pages;
  const marketing = services.staff.marketing;
  const route = staffRouter(app);
  const page = objectResponse("A page: layout, SEO meta, its ordered items");
  const collection = objectResponse("A smart collection");

  route.get(
    "/api/staff/pages/",
    {
      summary: "Modular pages (query, page)",
      querystring: StaffListQuery,
      response: tableResponse("A page of pages"),
    },
    async ({ query }) => pages.listPages(query),
  );
  route.get(
    "/api/staff/pages/:slug/",
    {
      summary: "One page with its ordered collections and blocks",
      params: slugParams,
      response: page,
    },
    async ({ params }) => pages.getPage(params.slug ?? ""),
  );
  route.patch(
    "/api/staff/pages/:slug/",
    {
      summary: "Change a page's title, layout, SEO meta and the order of its collections",
      params: slugParams,
      body: PagePatchSchema,
      response: page,
    },
    async ({ actor, params, body }) => pages.patchPage(actor, params.slug ?? "", body),
  );

  route.get(
    "/api/staff/collections/",
    {
      summary: "Smart collections (query, page)",
      querystring: StaffListQuery,
      response: tableResponse("A page of collections"),
    },
    async ({ query }) => pages.listCollections(query),
  );
  route.post(
    "/api/staff/collections/",
    {
      summary: "Create a smart collection",
      body: CollectionCreateSchema,
      response: collection,
      status: 201,
    },
    async ({ actor, body }) => pages.createCollection(actor, body),
  );
  route.get(
    "/api/staff/collections/:id/",
    { summary: "One smart collection", id: "collection", response: collection },
    async ({ id }) => pages.getCollection(id),
  );
  route.patch(
    "/api/staff/collections/:id/",
    {
      summary: "Change a smart collection (type, deals, title, colours, schedule)",
      id: "collection",
      body: CollectionPatchSchema,
      response: collection,
    },
    async ({ actor, id, body }) => pages.patchCollection(actor, id, body),
  );

  // Campaigns, coupons and gift cards share one shape: list, create, change.
  const resources = [
    {
      path: "campaigns",
      what: "campaign",
      list: marketing.listCampaigns,
      create: marketing.createCampaign,
      patch: marketing.patchCampaign,
      createSchema: CampaignCreateSchema,
      patchSchema: CampaignPatchSchema,
    },
    {
      path: "coupons",
      what: "coupon",
      list: marketing.listCoupons,
      create: marketing.createCoupon,
      patch: marketing.patchCoupon,
      createSchema: CouponCreateSchema,
      patchSchema: CouponPatchSchema,
    },
    {
      path: "giftcards",
      what: "gift card",
      list: marketing.listGiftCards,
      create: marketing.createGiftCard,
      patch: marketing.patchGiftCard,
      createSchema: GiftCardCreateSchema,
      patchSchema: GiftCardPatchSchema,
    },
  ] as const;

  for (const r of resources) {
    const one = objectResponse(`The ${r.what}`);
    route.get(
      `/api/staff/${r.path}/`,
      {
        summary: `${r.what}s (query, page)`,
        querystring: StaffListQuery,
        response: tableResponse(`A page of ${r.what}s`),
      },
      async ({ query }) => r.list(query),
    );
    // Each resource's call takes its own schema's output, which the route validated.
    route.post(
      `/api/staff/${r.path}/`,
      { summary: `Create a ${r.what}`, body: r.createSchema, response: one, status: 201 },
      async ({ actor, body }) => r.create(actor, body as never),
    );
    route.patch(
      `/api/staff/${r.path}/:id/`,
      { summary: `Change a ${r.what}`, id: r.what, body: r.patchSchema, response: one },
      async ({ actor, id, body }) => r.patch(actor, id, body as never),
    );
  }
};
