import type { FastifyRequest } from "fastify";
import type { PostingBody } from "../../services/discussions/media-upload";
import { bodyObject } from "./schemas";

// Create and edit take JSON, a form, or multipart with a video. A multipart body is handed to
// the posting use case unread (services/discussions/media-upload.ts reads it after the gates,
// as it does for the page forms); the other calls' bodies are route schemas.

export { MULTIPART_LIMITS } from "../../services/discussions/media-upload";
export { parseFields } from "../../services/discussions/submissions";

/** The request's body as the posting use case takes it. */
export function postingBody(request: FastifyRequest): PostingBody {
  if (!request.isMultipart()) return { type: "fields", fields: bodyObject(request.body) };
  const declared = Number(request.headers["content-length"] ?? 0);
  return {
    type: "multipart",
    stream: request.raw,
    contentType: String(request.headers["content-type"] ?? ""),
    contentLength: Number.isFinite(declared) ? declared : undefined,
  };
}
