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
import { requireStaff } from "../guards";
import { errorResponses } from "../schemas";
import { actorOf, bodyOf, idParams, objectResponse, pathId, tableResponse } from "./common";

const tags = ["staff"];
const slugParams = z.object({ slug: z.string().max(200).describe("The page's slug") });

/** Staff: pages, collections, campaigns, coupons and gift cards (issue 16). */
export const staffCatalogRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const pages = services.staff.pages;
  const marketing = services.staff.marketing;
  const page = objectResponse("A page: layout, SEO meta, its ordered items");

  app.get(
    "/api/staff/pages/",
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: "Modular pages (query, page)",
        querystring: StaffListQuery,
        response: { 200: tableResponse("A page of pages"), ...errorResponses },
      },
    },
    async (request) => pages.listPages(request.query),
  );

  app.get(
    "/api/staff/pages/:slug/",
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: "One page with its ordered collections and blocks",
        params: slugParams,
        response: { 200: page, ...errorResponses },
      },
    },
    async (request) => pages.getPage(request.params.slug),
  );

  app.patch(
    "/api/staff/pages/:slug/",
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: "Change a page's title, layout, SEO meta and the order of its collections",
        params: slugParams,
        body: bodyOf(PagePatchSchema),
        response: { 200: page, ...errorResponses },
      },
    },
    async (request) =>
      pages.patchPage(actorOf(request, "staff"), request.params.slug, request.body),
  );

  const collection = objectResponse("A smart collection");
  app.get(
    "/api/staff/collections/",
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: "Smart collections (query, page)",
        querystring: StaffListQuery,
        response: { 200: tableResponse("A page of collections"), ...errorResponses },
      },
    },
    async (request) => pages.listCollections(request.query),
  );
  app.post(
    "/api/staff/collections/",
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: "Create a smart collection",
        body: bodyOf(CollectionCreateSchema),
        response: { 201: collection, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await pages.createCollection(actorOf(request, "staff"), request.body)),
  );
  app.get(
    "/api/staff/collections/:id/",
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: "One smart collection",
        params: idParams("collection"),
        response: { 200: collection, ...errorResponses },
      },
    },
    async (request) => pages.getCollection(pathId(request.params.id)),
  );
  app.patch(
    "/api/staff/collections/:id/",
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: "Change a smart collection (type, deals, title, colours, schedule)",
        params: idParams("collection"),
        body: bodyOf(CollectionPatchSchema),
        response: { 200: collection, ...errorResponses },
      },
    },
    async (request) =>
      pages.patchCollection(actorOf(request, "staff"), pathId(request.params.id), request.body),
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
    app.get(
      `/api/staff/${r.path}/`,
      {
        preValidation: requireStaff,
        schema: {
          tags,
          summary: `${r.what}s (query, page)`,
          querystring: StaffListQuery,
          response: { 200: tableResponse(`A page of ${r.what}s`), ...errorResponses },
        },
      },
      async (request) => r.list(request.query),
    );
    app.post(
      `/api/staff/${r.path}/`,
      {
        preValidation: requireStaff,
        schema: {
          tags,
          summary: `Create a ${r.what}`,
          body: bodyOf(r.createSchema),
          response: { 201: objectResponse(`The ${r.what}`), ...errorResponses },
        },
      },
      // Each resource's call takes its own schema's output, which the route validated.
      async (request, reply) =>
        reply.status(201).send(await r.create(actorOf(request, "staff"), request.body as never)),
    );
    app.patch(
      `/api/staff/${r.path}/:id/`,
      {
        preValidation: requireStaff,
        schema: {
          tags,
          summary: `Change a ${r.what}`,
          params: idParams(r.what),
          body: bodyOf(r.patchSchema),
          response: { 200: objectResponse(`The ${r.what}`), ...errorResponses },
        },
      },
      // Each resource's call takes its own schema's output, which the route validated.
      async (request) =>
        r.patch(actorOf(request, "staff"), pathId(request.params.id), request.body as never),
    );
  }
};
