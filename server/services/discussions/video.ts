import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { VIDEO_TYPE_INVALID } from "../../../domain/messages";
import type { MediaProvider } from "../../providers/media";

// Review videos (spec 000 sections 5 and 9): up to REVIEW_VIDEO_MAX_BYTES, video types only. The
// declared type is checked and so are the file's first bytes, whatever the client claims; the
// stored content type is the one the bytes show. No ffmpeg here: the thumbnail is a generated SVG
// poster.

/** Our wording: the spec gives no message for a file that is not a video. */
export { VIDEO_TYPE_INVALID };

export type StoredVideo = {
  videoKey: string;
  videoContentType: string;
  videoSize: number;
  thumbnailKey: string;
  thumbnailSize: number;
};

export class VideoTypeError extends Error {}

/** The video container the first bytes show, or null. */
export function sniffVideoType(head: Buffer): string | null {
  const ascii = (start: number, end: number) => head.subarray(start, end).toString("latin1");
  if (head.length >= 12 && ascii(4, 8) === "ftyp") {
    const brand = ascii(8, 12);
    if (brand === "qt  ") return "video/quicktime";
    if (brand.startsWith("3g2")) return "video/3gpp2";
    if (brand.startsWith("3gp")) return "video/3gpp";
    // Audio-only and still-image brands of the same container family are not videos.
    if (["M4A ", "M4B ", "M4P ", "heic", "heix", "mif1", "msf1", "avif", "avis"].includes(brand))
      return null;
    return "video/mp4";
  }
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) {
    return head.includes("webm") ? "video/webm" : "video/x-matroska";
  }
  if (head.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "AVI ")
    return "video/x-msvideo";
  if (head.length >= 4 && ascii(0, 4) === "OggS") return "video/ogg";
  if (head.length >= 4 && head.readUInt32BE(0) === 0x000001ba) return "video/mpeg";
  if (head.length >= 4 && head.readUInt32BE(0) === 0x000001b3) return "video/mpeg";
  if (head.length >= 3 && ascii(0, 3) === "FLV") return "video/x-flv";
  if (head.length >= 4 && head.readUInt32BE(0) === 0x3026b275) return "video/x-ms-wmv";
  // MPEG transport stream: sync byte every 188 bytes.
  if (head.length >= 189 && head[0] === 0x47 && head[188] === 0x47) return "video/mp2t";
  return null;
}

const EXTENSIONS: Record<string, string> = {
  "video/quicktime": ".mov",
  "video/3gpp": ".3gp",
  "video/3gpp2": ".3g2",
  "video/mp4": ".mp4",
  "video/webm": ".webm",
  "video/x-matroska": ".mkv",
  "video/x-msvideo": ".avi",
  "video/ogg": ".ogv",
  "video/mpeg": ".mpg",
  "video/x-flv": ".flv",
  "video/x-ms-wmv": ".wmv",
  "video/mp2t": ".ts",
};

const HEAD_BYTES = 512;

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );

/** A 16:9 poster: a play button over a gradient, with the review's title when known. */
export function videoPosterSvg(title: string): string {
  const label = escapeXml(title.length > 60 ? `${title.slice(0, 57)}...` : title);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="#1e1b4b"/><stop offset="1" stop-color="#0f766e"/></linearGradient></defs>
<rect width="640" height="360" fill="url(#g)"/>
<circle cx="320" cy="165" r="48" fill="#ffffff" fill-opacity="0.9"/>
<path d="M305 140 L305 190 L345 165 Z" fill="#1e1b4b"/>
<text x="320" y="260" font-family="system-ui, sans-serif" font-size="22" fill="#ffffff" text-anchor="middle">Video review</text>
<text x="320" y="292" font-family="system-ui, sans-serif" font-size="16" fill="#e0e7ff" text-anchor="middle">${label}</text>
</svg>
`;
}

/**
 * Streams an uploaded video into the media store after checking its declared type and its first
 * bytes; writes its poster. The caller enforces the size limit on the stream (the multipart
 * parser errors the stream past the limit, and the partial file is removed).
 */
export async function ingestVideo(
  media: MediaProvider,
  file: Readable,
  declaredType: string,
  title = "",
): Promise<StoredVideo | null> {
  const iterator = file[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    chunks.push(chunk);
    length += chunk.length;
  }
  // An empty file input is no video at all, whatever type the browser gave it.
  if (done && length === 0) return null;
  const declaredVideo = /^video\/[a-z0-9.+-]+$/i.test(declaredType.split(";")[0]?.trim() ?? "");
  const contentType = declaredVideo ? sniffVideoType(Buffer.concat(chunks)) : null;
  if (!contentType) {
    file.resume();
    throw new VideoTypeError(VIDEO_TYPE_INVALID);
  }
  const id = randomBytes(12).toString("hex");
  const videoKey = `review-video-${id}${EXTENSIONS[contentType] ?? ""}`;
  const thumbnailKey = `review-poster-${id}.svg`;
  const rest = async function* () {
    yield* chunks;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value as Buffer;
    }
  };
  const video = await media.put(videoKey, Readable.from(rest()));
  try {
    const poster = await media.put(thumbnailKey, Buffer.from(videoPosterSvg(title), "utf8"));
    return {
      videoKey,
      videoContentType: contentType,
      videoSize: video.size,
      thumbnailKey,
      thumbnailSize: poster.size,
    };
  } catch (err) {
    await media.delete(videoKey);
    throw err;
  }
}
