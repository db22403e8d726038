import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { demoImageSvg } from "../../db/seed/images";
import { errorResponses } from "../schemas";

// Demo names are the seed's own: letters, digits and separators, ending in .svg.
const MediaParams = z.object({
  name: z.string().regex(/^[a-z0-9][a-z0-9._-]{0,100}\.svg$/i, { error: "Unknown image." }),
});

/**
 * The demo data's images, drawn from their names (server/db/seed/images.ts) so the demo ships no
 * binary assets. Each name always draws the same picture, so browsers may keep it for a year.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/media/demo/:name",
    {
      schema: {
        hide: true,
        params: MediaParams,
        response: { 200: z.string().describe("An SVG image"), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply
        .header("content-type", "image/svg+xml; charset=utf-8")
        .header("cache-control", "public, max-age=31536000, immutable")
        // An SVG opened on its own must not run anything.
        .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'");
      return demoImageSvg(request.params.name);
    },
  );
};
