import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { FIELD_REQUIRED } from "../../../domain/messages";
import { fieldErrors } from "../../../domain/schemas/common";
import type { Services } from "../../services";
import { invalid, notFound } from "../../../domain/errors";
import { byAddress, rateLimited } from "../rate-limit";
import { shareableLinkPath } from "../../../domain/safe-redirect";

const NOT_SAME_SITE = "Only links to this site's deal, review and question pages can be shortened.";

const ShortLinkSchema = z.object({
  link: z.string({ error: FIELD_REQUIRED }).trim().min(1, { error: FIELD_REQUIRED }),
  experiment_data: z.record(z.string(), z.unknown()).nullish(),
});

const KIND_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * POST /api/short-links/{kind}/{key}/ (link, experiment_data) answers {url} on PUBLIC_URL, and
 * GET /s/{code} redirects to the stored same-site link (contract.md). Creation is rate limited.
 */
export const shortLinkRoutes: FastifyPluginAsync<{ services: Services }> = async (
  app,
  { services },
) => {
  app.post<{ Params: { kind: string; key: string } }>(
    "/api/short-links/:kind/:key/",
    {
      preHandler: rateLimited("short-links.create", byAddress),
      schema: { tags: ["marketing"], summary: "Create (or reuse) a share short link" },
    },
    async (request) => {
      const { kind, key } = request.params;
      if (!KIND_PATTERN.test(kind)) throw invalid({ kind: ["Select a valid choice."] });
      if (!key || key.length > 200) throw invalid({ key: ["Enter a valid key."] });
      const parsed = ShortLinkSchema.safeParse(request.body ?? {});
      if (!parsed.success) throw invalid(fieldErrors(parsed.error));
      const path = services.shortLinks.sameSitePath(parsed.data.link);
      if (!path) throw invalid({ link: [NOT_SAME_SITE] });
      const link = await services.shortLinks.create({
        kind,
        key,
        path,
        experimentData: parsed.data.experiment_data ?? null,
        userId: request.session?.user?.id ?? null,
      });
      return { url: link.url };
    },
  );

  app.get<{ Params: { code: string } }>(
    "/s/:code",
    { schema: { tags: ["marketing"], summary: "Follow a share short link" } },
    async (request, reply) => {
      // Checked again when followed: a link stored before the rule was tightened cannot leave.
      const target = shareableLinkPath(await services.shortLinks.resolve(request.params.code));
      if (!target) throw notFound();
      reply.header("cache-control", "no-store");
      return reply.redirect(target, 302);
    },
  );
};
