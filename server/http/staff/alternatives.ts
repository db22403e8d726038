import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AlternativePatchSchema } from "../../../domain/schemas/staff";
import type { Services } from "../../services";
import { objectResponse, staffRouter } from "./common";

/**
 * Staff: the "Alternative to" tools' monthly prices, which each plan's payback is counted
 * against (issue 34, domain/payback.ts; decision 076).
 */
export const staffAlternativeRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const alternatives = services.staff.alternatives;
  const route = staffRouter(app);
  route.get(
    "/api/staff/alternatives/",
    {
      summary: 'The "Alternative to" tools with their monthly prices (USD) and deal counts',
      response: objectResponse("items: id, slug, name, monthly_price, deal_count"),
    },
    async () => alternatives.list(),
  );
  route.patch(
    "/api/staff/alternatives/:id/",
    {
      summary:
        'Set an "Alternative to" tool\'s monthly price in USD (null: none); every deal naming it pays back against it',
      id: "alternative",
      body: AlternativePatchSchema,
      response: objectResponse("The tool: id, slug, name, monthly_price"),
    },
    async ({ actor, id, body }) => alternatives.patch(actor, id, body),
  );
};
