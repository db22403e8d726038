/**
 * Compression of what the server makes per request ("Fast for everyone": bytes on the wire).
 * Static assets are compressed once at build time (scripts/compress-assets.mjs, served by
 * @fastify/static); cached pages carry a gzip copy of their own (server/http/page-cache.ts). This
 * hook compresses the rest: rendered pages (streamed) and JSON answers above MIN_BYTES, by the
 * request's Accept-Encoding. An answer that already has a Content-Encoding is never touched, so
 * nothing is compressed twice.
 */
import { pipeline, type Readable, Transform } from "node:stream";
import { promisify } from "node:util";
import {
  brotliCompress,
  constants,
  createBrotliCompress,
  createGzip,
  gzip,
  type ZlibOptions,
} from "node:zlib";
import type { FastifyInstance, FastifyReply } from "fastify";

export type Encoding = "br" | "gzip";

// Below this a compressed answer saves less than its headers cost.
const MIN_BYTES = 1024;
// Per request, speed over the last percent: brotli 4 is faster than gzip 6 and still smaller.
const BROTLI_PARAMS = {
  [constants.BROTLI_PARAM_QUALITY]: 4,
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
};
const GZIP_OPTIONS: ZlibOptions = { level: 6 };
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|[\w.-]+\+(?:json|xml))|image\/svg\+xml)/i;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The q-value the Accept-Encoding header gives `coding` (`*` stands for codings not named). */
function qualityOf(header: string, coding: string): number {
  let star = 0;
  for (const item of header.split(",")) {
    const [name = "", ...params] = item.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = q ? Number(q.slice(2)) : 1;
    if (name === coding) return Number.isFinite(value) ? value : 0;
    if (name === "*") star = Number.isFinite(value) ? value : 0;
  }
  return star;
}

/** Whether the client takes `coding` at all. */
export function accepts(header: string | string[] | undefined, coding: Encoding): boolean {
  return qualityOf(String(header ?? ""), coding) > 0;
}

/** The encoding to answer with: the client's preferred of brotli and gzip, brotli on a tie. */
export function negotiate(header: string | string[] | undefined): Encoding | null {
  const value = String(header ?? "");
  if (!value) return null;
  const br = qualityOf(value, "br");
  const gz = qualityOf(value, "gzip");
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? "br" : "gzip";
}

/** Adds Accept-Encoding to Vary, keeping what is there. */
export function varyOnEncoding(reply: FastifyReply): void {
  const current = reply.getHeader("vary");
  const value =
    current === undefined
      ? undefined
      : Array.isArray(current)
        ? current.join(", ")
        : String(current);
  const vary = varyWithEncoding(value);
  if (vary !== value) reply.header("vary", vary);
}

/** A Vary header value that names Accept-Encoding (unchanged when it already does, or is "*"). */
export function varyWithEncoding(current: string | undefined): string {
  if (current === undefined) return "Accept-Encoding";
  const names = current.split(",").map((v) => v.trim().toLowerCase());
  if (names.includes("*") || names.includes("accept-encoding")) return current;
  return `${current}, Accept-Encoding`;
}

function compressor(encoding: Encoding) {
  return encoding === "br"
    ? createBrotliCompress({ params: BROTLI_PARAMS })
    : createGzip(GZIP_OPTIONS);
}

/**
 * A streamed body compressed. What the source writes in one go is flushed together once it
 * pauses, so a streamed page (React's shell, then deferred data) still reaches the browser in
 * step, without a flush (and its cost in size) after every small chunk. Source and compressor are
 * one pipeline: a failed render destroys the compressor with its error, and a compressor destroyed
 * because the client went away (Fastify destroys what it was sending) stops the render.
 */
export function compressStream(source: Readable, encoding: Encoding): Readable {
  const z = compressor(encoding);
  let pending: NodeJS.Immediate | null = null;
  const cancelFlush = () => {
    if (pending) clearImmediate(pending);
    pending = null;
  };
  const flush = () => {
    pending = null;
    if (z.destroyed || z.writableEnded) return;
    if (encoding === "br") z.flush();
    else z.flush(constants.Z_SYNC_FLUSH);
  };
  const batch = new Transform({
    transform(chunk, _encoding, done) {
      pending ??= setImmediate(flush);
      done(null, chunk);
    },
    flush(done) {
      cancelFlush();
      done();
    },
  });
  // The pipeline's outcome reaches Fastify through `z` (destroyed with the render's error, or
  // ended); an abort's premature close is not an error of ours (see isClientAbort).
  pipeline(source, batch, z, cancelFlush);
  return z;
}

/**
 * A client that hung up before its answer was complete: Fastify reports the body it was sending
 * as closed prematurely (it destroyed it itself). Not a failure of ours: no 500, no error log.
 */
export function isClientAbort(error: { code?: unknown }, reply: FastifyReply): boolean {
  if (error.code !== "ERR_STREAM_PREMATURE_CLOSE") return false;
  const socket = reply.raw.socket;
  return reply.raw.destroyed || !socket || socket.destroyed;
}

/** A whole body compressed. */
export function compressBuffer(body: Buffer | string, encoding: Encoding): Promise<Buffer> {
  return encoding === "br"
    ? brotliAsync(body, { params: BROTLI_PARAMS })
    : gzipAsync(body, GZIP_OPTIONS);
}

const isStream = (payload: unknown): payload is Readable =>
  typeof (payload as Readable | null)?.pipe === "function";

/** The app-wide onSend hook (register before the routes, so every plugin inherits it). */
export function registerCompression(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (reply.getHeader("content-encoding") !== undefined) return payload;
    const type = String(reply.getHeader("content-type") ?? "");
    if (!COMPRESSIBLE.test(type)) return payload;
    varyOnEncoding(reply);
    const status = reply.statusCode;
    if (request.method === "HEAD" || status === 204 || status === 206 || status === 304) {
      return payload;
    }
    const encoding = negotiate(request.headers["accept-encoding"]);
    if (!encoding || payload == null) return payload;
    if (typeof payload === "string" || Buffer.isBuffer(payload)) {
      if (Buffer.byteLength(payload) < MIN_BYTES) return payload;
      const body = await compressBuffer(payload, encoding);
      reply.header("content-encoding", encoding).removeHeader("content-length");
      return body;
    }
    if (isStream(payload)) {
      const length = Number(reply.getHeader("content-length"));
      if (length > 0 && length < MIN_BYTES) return payload;
      reply.header("content-encoding", encoding).removeHeader("content-length");
      return compressStream(payload, encoding);
    }
    return payload;
  });
}
