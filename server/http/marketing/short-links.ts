import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { invalid, notFound } from "../../../domain/errors";
import { FIELD_REQUIRED } from "../../../domain/messages";
import { shareableLinkPath } from "../../../domain/safe-redirect";
import type { Services } from "../../services";
import { byAddress, rateLimited } from "../rate-limit";
import { errorResponses, redirectResponse } from "../schemas";
import { emptyBodyAsObject } from "./body-defaults";

const NOT_SAME_SITE = "Only links to this site's deal, review and question pages can be shortened.";

const ShortLinkSchema = z.object({
  link: z.string({ error: FIELD_REQUIRED }).trim().min(1, { error: FIELD_REQUIRED }),
  experiment_data: z.record(z.string(), z.unknown()).nullish(),
});

const ShortLinkParams = z.object({
  kind: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, { error: "Select a valid choice." }),
  key: z.string().min(1, { error: "Enter a valid key." }).max(200, { error: "Enter a valid key." }),
});

/**
 * POST /api/short-links/{kind}/{key}/ (link, experiment_data) answers {url} on PUBLIC_URL, and
 * GET /s/{code} redirects to the stored same-site link (contract.md). Creation is rate limited.
 */
export const shortLinkRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.post(
    "/api/short-links/:kind/:key/",
    {
      preHandler: rateLimited("short-links.create", byAddress),
      schema: {
        tags: ["marketing"],
        summary: "Create (or reuse) a share short link",
        params: ShortLinkParams,
        body: ShortLinkSchema,
        response: { 200: z.looseObject({ url: z.string() }), ...errorResponses },
      },
      preValidation: emptyBodyAsObject,
    },
    async (request) => {
      const { kind, key } = request.params;
      const path = services.shortLinks.sameSitePath(request.body.link);
      if (!path) throw invalid({ link: [NOT_SAME_SITE] });
      const link = await services.shortLinks.create({
        kind,
        key,
        path,
        // Without data of the client's, the session's buckets, as the server assigns them (the
        // page's data carries none: decision 053).
        experimentData:
          request.body.experiment_data ??
          (request.session ? await services.growth.experimentsFor(request.session.id) : null),
        userId: request.session?.user?.id ?? null,
      });
      return { url: link.url };
    },
  );

  app.get(
    "/s/:code",
    {
      schema: {
        tags: ["marketing"],
        summary: "Follow a share short link",
        params: z.object({ code: z.string().min(1).max(200) }),
        response: { 302: redirectResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      // Checked again when followed: a link stored before the rule was tightened cannot leave.
      const target = shareableLinkPath(await services.shortLinks.resolve(request.params.code));
      if (!target) throw notFound();
      reply.header("cache-control", "no-store");
      return reply.redirect(target, 302);
    },
  );
};
