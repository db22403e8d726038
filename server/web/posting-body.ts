import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { PostingBody } from "../services/discussions/media-upload";
import { readForm } from "./forms";

/**
 * A page form's body as the posting use case takes it: a multipart body (a review's video may be
 * large) as a stream, read by the same parser, cap and order as the API's; a small urlencoded
 * form as its fields.
 */
export async function postingBodyOf(request: Request): Promise<PostingBody> {
  const contentType = request.headers.get("content-type") ?? "";
  if (/^multipart\//i.test(contentType) && request.body) {
    const declared = Number(request.headers.get("content-length") ?? 0);
    return {
      type: "multipart",
      stream: Readable.fromWeb(request.body as unknown as NodeReadableStream),
      contentType,
      contentLength: Number.isFinite(declared) ? declared : undefined,
    };
  }
  const form = await readForm(request);
  const fields: Record<string, unknown> = {};
  for (const [key, value] of form) if (typeof value === "string") fields[key] = value;
  return { type: "fields", fields };
}
