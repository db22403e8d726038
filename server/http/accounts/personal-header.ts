import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { personalHeaderJson } from "../../web/personal-fill";
import { personalHeaderResponse } from "../discussions/schemas";
import { errorResponses } from "../schemas";

/**
 * GET /api/users/header/ (issue 32, decision 059): the header's reader for a page kept for an
 * audience of signed-in readers that is not a deal's (home, collections, browse): a deal's page
 * asks its `user_status`, which carries the same. A visitor gets `{ viewer: null }`; never kept by
 * a shared cache. No statement: the session load read all of it.
 */
export const personalHeaderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/users/header/",
    {
      schema: {
        tags: ["users"],
        summary: "The signed-in reader as a page's header shows them (name, cart count)",
        response: { 200: z.object({ viewer: personalHeaderResponse }), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return { viewer: personalHeaderJson(request.session) };
    },
  );
};
