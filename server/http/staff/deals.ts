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
import { objectResponse, staffRouter, tableResponse } from "./common";

/** Staff: deals, plans, publishing, roles and the product page's blocks (issue 16). */
export const staffDealRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const deals = services.staff.deals;
  const route = staffRouter(app);
  const deal = objectResponse("A deal with its plans and roles");
  const plan = objectResponse("The plan");
  const blocks = objectResponse("The deal's blocks: source deal (its own) or template");

  route.get(
    "/api/staff/deals/",
    {
      summary: "Deals (query, status: draft, published or a deal_status; page)",
      querystring: StaffDealsQuery,
      response: tableResponse("A page of deals"),
    },
    async ({ query }) => deals.list(query),
  );
  route.post(
    "/api/staff/deals/",
    {
      summary: "Create a deal (a draft unless is_draft is false)",
      body: DealCreateSchema,
      response: deal,
      status: 201,
    },
    async ({ actor, body }) => deals.create(actor, body),
  );
  route.get(
    "/api/staff/deals/:id/",
    { summary: "One deal with its plans and roles", id: "deal", response: deal },
    async ({ id }) => deals.get(id),
  );
  route.patch(
    "/api/staff/deals/:id/",
    { summary: "Change a deal's fields", id: "deal", body: DealPatchSchema, response: deal },
    async ({ actor, id, body }) => deals.patch(actor, id, body),
  );

  route.post(
    "/api/staff/deals/:id/plans/",
    {
      summary: "Add a plan to a deal",
      id: "deal",
      body: PlanCreateSchema,
      response: plan,
      status: 201,
    },
    async ({ actor, id, body }) => deals.createPlan(actor, id, body),
  );
  route.patch(
    "/api/staff/plans/:id/",
    { summary: "Change a plan", id: "plan", body: PlanPatchSchema, response: plan },
    async ({ actor, id, body }) => deals.patchPlan(actor, id, body),
  );

  route.post(
    "/api/staff/deals/:id/publish/",
    {
      summary: "Publish a deal: its page, search and collections show it at once",
      id: "deal",
      response: deal,
    },
    async ({ actor, id }) => deals.setDraft(actor, id, false),
  );
  route.post(
    "/api/staff/deals/:id/unpublish/",
    {
      summary: "Make a deal a draft again (404 to the public at once)",
      id: "deal",
      response: deal,
    },
    async ({ actor, id }) => deals.setDraft(actor, id, true),
  );

  route.put(
    "/api/staff/deals/:id/roles/",
    {
      summary: "Set a deal's partners and user moderators (user ids)",
      id: "deal",
      body: RolesSchema,
      response: objectResponse("The deal's roles"),
    },
    async ({ actor, id, body }) => deals.setRoles(actor, id, body),
  );

  route.get(
    "/api/staff/deals/:id/blocks/",
    { summary: "A deal's product page blocks", id: "deal", response: blocks },
    async ({ id }) => deals.getBlocks(id),
  );
  route.put(
    "/api/staff/deals/:id/blocks/",
    {
      summary: "Replace a deal's blocks (validated by domain/blocks.ts's rules)",
      id: "deal",
      body: BlocksSchema,
      response: blocks,
    },
    async ({ actor, id, body }) => deals.putBlocks(actor, id, body),
  );
};
