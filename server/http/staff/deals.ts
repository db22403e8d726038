import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  BlocksSchema,
  DealCreateSchema,
  DealPatchSchema,
  PlanCreateSchema,
  PlanPatchSchema,
  RolesSchema,
  StaffDealsQuery,
} from "../../../domain/schemas/staff";
import type { Services } from "../../services";
import { requireStaff } from "../guards";
import { errorResponses } from "../schemas";
import { actorOf, bodyOf, idParams, objectResponse, pathId, tableResponse } from "./common";

const tags = ["staff"];

/** Staff: deals, plans, publishing, roles and the product page's blocks (issue 16). */
export const staffDealRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const deals = services.staff.deals;
  const deal = objectResponse("A deal with its plans and roles");

  app.get(
    "/api/staff/deals/",
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: "Deals (query, status: draft, published or a deal_status; page)",
        querystring: StaffDealsQuery,
        response: { 200: tableResponse("A page of deals"), ...errorResponses },
      },
    },
    async (request) => deals.list(request.query),
  );

  app.post(
    "/api/staff/deals/",
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: "Create a deal (a draft unless is_draft is false)",
        body: bodyOf(DealCreateSchema),
        response: { 201: deal, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await deals.create(actorOf(request, "staff"), request.body)),
  );

  app.get(
    "/api/staff/deals/:id/",
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: "One deal with its plans and roles",
        params: idParams("deal"),
        response: { 200: deal, ...errorResponses },
      },
    },
    async (request) => deals.get(pathId(request.params.id)),
  );

  app.patch(
    "/api/staff/deals/:id/",
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: "Change a deal's fields",
        params: idParams("deal"),
        body: bodyOf(DealPatchSchema),
        response: { 200: deal, ...errorResponses },
      },
    },
    async (request) =>
      deals.patch(actorOf(request, "staff"), pathId(request.params.id), request.body),
  );

  app.post(
    "/api/staff/deals/:id/plans/",
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: "Add a plan to a deal",
        params: idParams("deal"),
        body: bodyOf(PlanCreateSchema),
        response: { 201: objectResponse("The plan"), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await deals.createPlan(
            actorOf(request, "staff"),
            pathId(request.params.id),
            request.body,
          ),
        ),
  );

  app.patch(
    "/api/staff/plans/:id/",
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: "Change a plan",
        params: idParams("plan"),
        body: bodyOf(PlanPatchSchema),
        response: { 200: objectResponse("The plan"), ...errorResponses },
      },
    },
    async (request) =>
      deals.patchPlan(actorOf(request, "staff"), pathId(request.params.id), request.body),
  );

  for (const [action, isDraft] of [
    ["publish", false],
    ["unpublish", true],
  ] as const) {
    app.post(
      `/api/staff/deals/:id/${action}/`,
      {
        preValidation: requireStaff,
        schema: {
          tags,
          summary: isDraft
            ? "Make a deal a draft again (404 to the public at once)"
            : "Publish a deal: its page, search and collections show it at once",
          params: idParams("deal"),
          response: { 200: deal, ...errorResponses },
        },
      },
      async (request) =>
        deals.setDraft(actorOf(request, "staff"), pathId(request.params.id), isDraft),
    );
  }

  app.put(
    "/api/staff/deals/:id/roles/",
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: "Set a deal's partners and user moderators (user ids)",
        params: idParams("deal"),
        body: bodyOf(RolesSchema),
        response: { 200: objectResponse("The deal's roles"), ...errorResponses },
      },
    },
    async (request) =>
      deals.setRoles(actorOf(request, "staff"), pathId(request.params.id), request.body),
  );

  const blocks = objectResponse("The deal's blocks: source deal (its own) or template");
  app.get(
    "/api/staff/deals/:id/blocks/",
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: "A deal's product page blocks",
        params: idParams("deal"),
        response: { 200: blocks, ...errorResponses },
      },
    },
    async (request) => deals.getBlocks(pathId(request.params.id)),
  );

  app.put(
    "/api/staff/deals/:id/blocks/",
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: "Replace a deal's blocks (validated by domain/blocks.ts's rules)",
        params: idParams("deal"),
        body: bodyOf(BlocksSchema),
        response: { 200: blocks, ...errorResponses },
      },
    },
    async (request) =>
      deals.putBlocks(actorOf(request, "staff"), pathId(request.params.id), request.body),
  );
};
