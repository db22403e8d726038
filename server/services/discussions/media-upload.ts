import type { Readable } from "node:stream";
import { Busboy, type BusboyFileStream, type BusboyInstance } from "@fastify/busboy";
import { REVIEW_VIDEO_MAX_BYTES } from "../../../domain/constants";
import { DomainError, invalid, isDomainError } from "../../../domain/errors";
import { VIDEO_TOO_LARGE } from "../../../domain/messages";
import type { MediaProvider } from "../../providers/media";
import { ingestVideo, type StoredVideo, VideoTypeError } from "./video";

// A create or edit body as either door hands it over: fields already parsed (JSON, a small
// urlencoded form), or a multipart stream not yet read. Both doors' multipart bodies go through
// this one parser with these limits, after the posting gates, so the cap, the streaming and the
// order are the same whether the post came from the API or from a page form.

/** The multipart parser's limits: one video file and a few text fields. */
export const MULTIPART_LIMITS = {
  fileSize: REVIEW_VIDEO_MAX_BYTES,
  files: 1,
  fields: 20,
  fieldSize: 100_000,
  parts: 25,
  headerPairs: 100,
};

/** What a door hands the posting use case: parsed fields, or a multipart stream to read. */
export type PostingBody =
  | { type: "fields"; fields: Record<string, unknown> }
  | {
      type: "multipart";
      stream: Readable;
      contentType: string;
      /** The declared length, when the client sent one. */
      contentLength?: number | undefined;
    };

export type ReadBody = { fields: Record<string, unknown>; video: StoredVideo | null };

/** A 413 with the video field's message, in the 400 field-map shape. */
export const videoTooLarge = (message = VIDEO_TOO_LARGE) =>
  new DomainError("too_large", { video_file: [message] });

const unreadable = () => invalid({ non_field_errors: ["The multipart body could not be read."] });

// A declared length this far past the cap cannot be a video within it plus a few fields.
const DECLARED_SLACK = 1024 * 1024;

/**
 * The body's fields and its stored video. A multipart video streams to the media store as it
 * arrives (never held whole); past the cap the stream is cut, the partial file removed and the
 * rest of the body left unread. A NUL in a field is a 400, as the input guard answers elsewhere.
 * The caller discards the returned video when the post fails later.
 */
export async function readPostingBody(
  media: MediaProvider,
  body: PostingBody,
  allowVideo: boolean,
): Promise<ReadBody> {
  if (body.type === "fields") return { fields: body.fields, video: null };
  if ((body.contentLength ?? 0) > REVIEW_VIDEO_MAX_BYTES + DECLARED_SLACK) throw videoTooLarge();
  let bb: BusboyInstance;
  try {
    bb = Busboy({ headers: { "content-type": body.contentType }, limits: MULTIPART_LIMITS });
  } catch {
    throw unreadable();
  }
  const fields: Record<string, unknown> = {};
  let video: StoredVideo | null = null;
  let failure: unknown = null;
  let work: Promise<void> = Promise.resolve();
  let current: BusboyFileStream | null = null;
  const { stream } = body;

  const done = new Promise<void>((resolve) => {
    const fail = (err: unknown) => {
      if (failure) return;
      failure = err;
      // Stop reading: the rest of the body is never pulled from the client, and a video being
      // stored is cut short (its partial file removed by the store).
      stream.unpipe(bb);
      current?.destroy(err instanceof Error ? err : undefined);
      resolve();
    };
    const takeFile = async (name: string, file: BusboyFileStream, mimeType: string) => {
      if (failure) return void file.resume();
      if (!allowVideo || name !== "video_file" || video) {
        file.resume();
        throw invalid({ [name]: ["Unexpected file."] });
      }
      const title = typeof fields.title === "string" ? fields.title : "";
      current = file;
      try {
        video = await ingestVideo(media, file, mimeType, title);
      } catch (err) {
        if (err instanceof VideoTypeError) throw invalid({ video_file: [err.message] });
        throw err;
      } finally {
        current = null;
      }
    };
    bb.on("field", (name, value, nameTruncated, valueTruncated) => {
      if (nameTruncated || valueTruncated) return fail(unreadable());
      if (name.includes("\u0000") || value.includes("\u0000")) return fail(unreadable());
      if (name !== "video_file" || value !== "") fields[name] = value;
    });
    bb.on("file", (name, file, _filename, _encoding, mimeType) => {
      // Past the cap the file stream errors, so the store aborts and removes the partial file.
      file.on("limit", () => fail(videoTooLarge()));
      work = work.then(() => takeFile(name, file, mimeType)).catch(fail);
    });
    for (const limit of ["partsLimit", "filesLimit", "fieldsLimit"]) {
      bb.on(limit, () => fail(unreadable()));
    }
    bb.on("error", () => fail(unreadable()));
    bb.on("finish", () => {
      work.then(resolve, fail);
    });
    stream.on("error", () => fail(unreadable()));
    stream.pipe(bb);
  });
  await done;
  await work.catch(() => undefined);
  if (failure) {
    const stored = video as StoredVideo | null;
    if (stored) {
      await Promise.all(
        [stored.videoKey, stored.thumbnailKey].map((key) => media.delete(key).catch(() => {})),
      );
    }
    throw isDomainError(failure) || isStorageError(failure) ? failure : unreadable();
  }
  return { fields, video };
}

// A storage failure is ours (a 500), not the client's: it keeps its own error.
const isStorageError = (err: unknown): boolean =>
  typeof err === "object" && err !== null && ("syscall" in err || "$metadata" in err);
