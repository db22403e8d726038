import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Services } from "../../services";
import { detailResponse } from "../schemas";

const OgParams = z.object({ name: z.string().max(200) });

/**
 * /media/og/{slug}.jpg (a deal's link preview) and /media/og/site.jpg: 1200x630 JPEGs that
 * Facebook, X, LinkedIn, Slack and iMessage render. Pages link them with ?v= of the art, so a
 * changed picture has a new URL and the answer can be kept for a day.
 */
export const ogImageRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get(
    "/media/og/:name",
    {
      schema: {
        hide: true,
        params: OgParams,
        response: { 200: z.unknown().describe("A 1200x630 JPEG"), 404: detailResponse },
      },
    },
    async (request, reply) => {
      const slug = /^([a-z0-9][a-z0-9-]{0,100})\.jpg$/.exec(request.params.name)?.[1];
      if (!slug) return reply.status(404).send({ detail: "Not found." });
      const image =
        slug === "site"
          ? await services.ogImages.siteImage()
          : await services.ogImages.dealImage(slug);
      if (!image) return reply.status(404).send({ detail: "Not found." });
      return reply
        .header("content-type", "image/jpeg")
        .header("cache-control", "public, max-age=86400")
        .header("x-content-type-options", "nosniff")
        .send(image);
    },
  );
};
