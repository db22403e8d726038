import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import sharp from "sharp";
import { z } from "zod";
import { demoImageSvg } from "../../db/seed/images";
import { projectRoot } from "../../paths";
import { detailResponse } from "../schemas";

// Demo names are the seed's own: letters, digits and separators, then the type.
const DEMO_NAME = /^[a-z0-9][a-z0-9._-]{0,100}\.(svg|webp|mp4|jpg)$/i;
const MediaParams = z.object({ name: z.string().max(200) });

/** The demo clips and their poster frames (scripts/make-demo-videos.sh draws them). */
export const demoMediaDir = path.join(projectRoot, "server/db/seed/media");
const TYPES: Record<string, string> = { mp4: "video/mp4", jpg: "image/jpeg" };

/** The file's bytes, or null when the demo has no such file (read once, then kept: ~300 KB). */
const files = new Map<string, Promise<Buffer | null>>();
function demoFile(name: string): Promise<Buffer | null> {
  let file = files.get(name);
  if (!file) {
    file = readFile(path.join(demoMediaDir, name)).catch(() => null);
    files.set(name, file);
  }
  return file;
}

/**
 * A demo drawing as WebP, drawn once per name (~10 ms with sharp) and kept. The demo uses a few
 * hundred names; any other name is drawn too (like the SVG route), so the kept set is bounded:
 * past DRAWN_KEPT names the oldest is dropped.
 */
const DRAWN_KEPT = 1000;
const drawn = new Map<string, Promise<Buffer>>();
function demoWebp(name: string): Promise<Buffer> {
  const key = name.toLowerCase();
  let image = drawn.get(key);
  if (!image) {
    image = sharp(Buffer.from(demoImageSvg(key)))
      .webp({ quality: 82 })
      .toBuffer();
    // A failed drawing is not kept: the next request tries again.
    image.catch(() => drawn.delete(key));
    drawn.set(key, image);
    if (drawn.size > DRAWN_KEPT) drawn.delete(drawn.keys().next().value as string);
  }
  return image;
}

/**
 * The demo data's media: images drawn from their names (server/db/seed/images.ts), and the
 * committed video clips and posters. Each name always answers the same bytes, so browsers may keep
 * them for a year. A name the demo does not have is a 404, like any missing file.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/media/demo/:name",
    {
      schema: {
        hide: true,
        params: MediaParams,
        response: {
          200: z.unknown().describe("An SVG, WebP or JPEG image, or an MP4 video"),
          206: z.unknown().describe("The requested range of a video"),
          404: detailResponse,
          416: z.null().describe("Range not satisfiable"),
        },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const type = DEMO_NAME.exec(name)?.[1]?.toLowerCase();
      if (!type || name.includes("..")) return reply.status(404).send({ detail: "Not found." });
      reply.header("cache-control", "public, max-age=31536000, immutable");
      if (type === "svg") {
        return (
          reply
            .header("content-type", "image/svg+xml; charset=utf-8")
            // An SVG opened on its own must not run anything.
            .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
            .send(demoImageSvg(name))
        );
      }
      if (type === "webp") {
        return reply
          .header("content-type", "image/webp")
          .header("x-content-type-options", "nosniff")
          .send(await demoWebp(name));
      }
      const bytes = await demoFile(name.toLowerCase());
      if (!bytes) {
        reply.removeHeader("cache-control");
        return reply.status(404).send({ detail: "Not found." });
      }
      reply
        .header("content-type", TYPES[type] ?? "application/octet-stream")
        .header("accept-ranges", "bytes")
        .header("x-content-type-options", "nosniff");
      // Video elements ask for ranges (seeking, and Safari always); answer them.
      const range = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(request.headers.range ?? "");
      if (range && (range[1] || range[2])) {
        const size = bytes.length;
        const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
        const end = Math.min(range[1] && range[2] ? Number(range[2]) : size - 1, size - 1);
        if (start > end) {
          return reply.status(416).header("content-range", `bytes */${size}`).send();
        }
        return reply
          .status(206)
          .header("content-range", `bytes ${start}-${end}/${size}`)
          .send(bytes.subarray(start, end + 1));
      }
      return reply.send(bytes);
    },
  );
};
