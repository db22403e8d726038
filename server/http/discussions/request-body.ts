import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { REVIEW_VIDEO_MAX_BYTES } from "../../../domain/constants";
import { invalid } from "../../../domain/errors";
import { VIDEO_TOO_LARGE } from "../../../domain/messages";
import { fieldErrors } from "../../../domain/schemas/common";
import type { Services } from "../../services";
import { videoTooLarge } from "../../services/discussions/review-media";
import { ingestVideo, type StoredVideo, VideoTypeError } from "../../services/discussions/video";
import { isDomainError } from "../../web/errors";
import { bodyObject } from "./schemas";

// Create and edit take JSON, a form, or multipart with a video. Their bodies are read in the
// handler, after the posting gates, so a refused poster's video is never stored; the other
// calls' bodies are route schemas.

/** The multipart parser's limits: one video file and a few text fields. */
export const MULTIPART_LIMITS = {
  fileSize: REVIEW_VIDEO_MAX_BYTES,
  files: 1,
  fields: 20,
  fieldSize: 100_000,
  parts: 25,
  headerPairs: 100,
};

/** The fields read with a domain schema; a 400 field map otherwise. */
export function parseFields<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  return parsed.data;
}

const isTooLarge = (err: unknown) =>
  typeof err === "object" &&
  err !== null &&
  "code" in err &&
  (err as { code: unknown }).code === "FST_REQ_FILE_TOO_LARGE";

/**
 * The body as fields, and the uploaded video when the request is multipart. The video streams
 * to the media store as it arrives (never held in memory); the caller discards it on failure.
 */
export async function readBody(
  services: Services,
  request: FastifyRequest,
  allowVideo: boolean,
): Promise<{ fields: Record<string, unknown>; video: StoredVideo | null }> {
  if (!request.isMultipart()) return { fields: bodyObject(request.body), video: null };
  // A declared length far past the limit is refused before a byte is stored.
  const declared = Number(request.headers["content-length"] ?? 0);
  if (declared > REVIEW_VIDEO_MAX_BYTES + 1024 * 1024) throw videoTooLarge(VIDEO_TOO_LARGE);
  const fields: Record<string, unknown> = {};
  let video: StoredVideo | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        if (!allowVideo || part.fieldname !== "video_file" || video) {
          part.file.resume();
          throw invalid({ [part.fieldname]: ["Unexpected file."] });
        }
        const title = typeof fields.title === "string" ? fields.title : "";
        video = await ingestVideo(services.media, part.file, part.mimetype, title);
      } else if (part.fieldname !== "video_file" || part.value !== "") {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    await services.discussions.discardVideo(video);
    if (isTooLarge(err)) throw videoTooLarge(VIDEO_TOO_LARGE);
    if (err instanceof VideoTypeError) throw invalid({ video_file: [err.message] });
    // The parser's own complaints about a malformed body carry no status; storage errors do
    // (errno/syscall) and stay 500s.
    if (
      err instanceof Error &&
      !isDomainError(err) &&
      !("statusCode" in err) &&
      !("syscall" in err)
    ) {
      throw invalid({ non_field_errors: ["The multipart body could not be read."] });
    }
    throw err;
  }
  return { fields, video };
}
