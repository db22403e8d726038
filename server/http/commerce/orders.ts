import type { FastifyPluginAsync } from "fastify";
import type { Services } from "../../services";
import { notFound, unauthenticated } from "../../../domain/errors";

/** GET /api/orders/{id}/ (contract.md): the order's owner or staff; anyone else 404. */
export const orderRoutes: FastifyPluginAsync<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get<{ Params: { id: string } }>(
    "/api/orders/:id/",
    { schema: { tags: ["checkout"], summary: "One order (owner or staff)" } },
    async (request, reply) => {
      const user = request.session?.user;
      if (!user) throw unauthenticated();
      const order = await services.orders.get(Number(request.params.id), user);
      if (!order) throw notFound();
      reply.header("cache-control", "private, no-store");
      return order;
    },
  );
};
