import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MEDIA_KEY } from "../../providers/media";
import type { Services } from "../../services";
import { detailResponse } from "../schemas";

// Uploaded review videos and posters, with the type recorded at upload; ranges for seeking.

const MediaKeyParams = z.object({ key: z.string().max(200) });

export const reviewMediaRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const discussions = services.discussions;

  app.get(
    "/media/:key",
    {
      schema: {
        hide: true,
        params: MediaKeyParams,
        response: {
          200: z.unknown().describe("The file's bytes"),
          206: z.unknown().describe("The requested range's bytes"),
          404: detailResponse,
          416: z.null().describe("Range not satisfiable"),
        },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      if (!MEDIA_KEY.test(key)) return reply.status(404).send({ detail: "Not found." });
      const range = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(request.headers.range ?? "");
      // The publication rule: a hidden deal's review video is its staff's and partners' alone.
      const reader = request.session?.user ?? null;
      const head = await discussions.mediaHead(key, reader);
      if (!head) return reply.status(404).send({ detail: "Not found." });
      reply
        .header("content-type", head.contentType)
        .header("accept-ranges", "bytes")
        .header("x-content-type-options", "nosniff")
        .header(
          "cache-control",
          head.hidden ? "private, no-store" : "public, max-age=31536000, immutable",
        );
      if (head.contentType === "image/svg+xml") {
        reply.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'");
      }
      if (range && head.size > 0 && (range[1] || range[2])) {
        const start = range[1] ? Number(range[1]) : Math.max(0, head.size - Number(range[2]));
        const end = Math.min(
          range[1] && range[2] ? Number(range[2]) : head.size - 1,
          head.size - 1,
        );
        if (start > end) {
          return reply.status(416).header("content-range", `bytes */${head.size}`).send();
        }
        const part = await discussions.mediaFile(key, { start, end }, reader);
        if (!part) return reply.status(404).send({ detail: "Not found." });
        return reply
          .status(206)
          .header("content-range", `bytes ${start}-${end}/${head.size}`)
          .header("content-length", String(end - start + 1))
          .send(part.body);
      }
      const file = await discussions.mediaFile(key, undefined, reader);
      if (!file) return reply.status(404).send({ detail: "Not found." });
      return reply.header("content-length", String(file.size)).send(file.body);
    },
  );
};
