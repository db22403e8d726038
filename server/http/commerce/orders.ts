import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../../domain/errors";
import type { Services } from "../../services";
import { orderJson } from "../../web/commerce-presenters";
import { requireUser, signedInUser } from "../guards";
import { errorResponses } from "../schemas";
import { idParam, orderResponse, pathId } from "./schemas";

/** GET /api/orders/{id}/ (contract.md): the order's owner or staff; anyone else 404. */
export const orderRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get(
    "/api/orders/:id/",
    {
      preValidation: requireUser,
      schema: {
        tags: ["checkout"],
        summary: "One order (owner or staff)",
        params: z.object({ id: idParam("The order's id") }),
        response: { 200: orderResponse, ...errorResponses },
      },
    },
    async (request) => {
      const order = await services.orders.get(pathId(request.params.id), signedInUser(request));
      if (!order) throw notFound();
      return orderJson(order);
    },
  );

  /**
   * GET /api/orders/{id}/receipt/ (issue 30): the order's PDF receipt, for its buyer and staff
   * (anyone else 404, anonymous 401). Personal: no cache may keep it.
   */
  app.get(
    "/api/orders/:id/receipt/",
    {
      preValidation: requireUser,
      schema: {
        tags: ["checkout"],
        summary: "The order's PDF receipt (owner or staff)",
        params: z.object({ id: idParam("The order's id") }),
        produces: ["application/pdf"],
        response: {
          200: z.any().describe("application/pdf: the receipt"),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const found = await services.receipts.receipt(
        pathId(request.params.id),
        signedInUser(request),
      );
      if (!found) throw notFound();
      return reply
        .header("cache-control", "private, no-store")
        .header("content-disposition", `inline; filename="${found.filename}"`)
        .type("application/pdf")
        .send(found.pdf);
    },
  );
};
