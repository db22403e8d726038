import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Services } from "../../services";
import { errorResponses } from "../schemas";

const attributeGroup = z.object({
  slug: z.string(),
  name: z.string(),
  type: z.string(),
  values: z.array(z.object({ slug: z.string(), name: z.string(), deal_count: z.number() })),
});

export const personalAttributesResponse = z.object({
  alternative_to: attributeGroup,
  integrations: attributeGroup,
  best_for: attributeGroup,
});

/**
 * GET /api/dealattribute/personal/ (spec 001 section 7): the signed-in user's personal
 * attributes (those of the deals they own). A visitor gets the same shape with empty lists, so a
 * client can ask without knowing who is signed in; it is never cached by shared caches.
 */
export const dealAttributeRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get(
    "/api/dealattribute/personal/",
    {
      schema: {
        tags: ["deals"],
        summary: "The user's personal deal attributes (spec 001 section 7)",
        response: { 200: personalAttributesResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return services.personalAttributes.forUser(request.session?.user?.id ?? null);
    },
  );
};
