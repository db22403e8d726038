import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/**
 * Stored files (review videos and their posters) behind a small interface, so the data directory
 * can be swapped for S3-compatible storage without touching the services (DESIGN.md, providers).
 * Keys are flat names: lower-case letters, digits, dots, dashes and underscores.
 */
export interface MediaProvider {
  /** Stores the bytes under the key; returns how many were written. */
  put(key: string, body: Buffer | Readable): Promise<{ size: number }>;
  /**
   * The stored bytes (or the inclusive byte range, for video seeking), with the whole size; null
   * when the key is unknown.
   */
  get(
    key: string,
    range?: { start: number; end: number },
  ): Promise<{ body: Readable; size: number } | null>;
  /** Removes the key; an unknown key is not an error. */
  delete(key: string): Promise<void>;
  /** Lets go of connections (app close); the local disk holds none. */
  close?(): void;
}

export const MEDIA_KEY = /^[a-z0-9][a-z0-9._-]{0,150}$/;

export function assertMediaKey(key: string): void {
  if (!MEDIA_KEY.test(key) || key.includes("..")) throw new Error(`invalid media key: ${key}`);
}

/** Files under `dir` (DATA_DIR/media by default). Writes go to a temporary name first. */
export function createLocalMediaProvider(dir: string): MediaProvider {
  const file = (key: string) => {
    assertMediaKey(key);
    return path.join(dir, key);
  };

  return {
    async put(key, body) {
      const target = file(key);
      await mkdir(dir, { recursive: true });
      const temporary = `${target}.part-${process.pid}-${Date.now()}`;
      try {
        const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
        await pipeline(source, createWriteStream(temporary, { flags: "wx" }));
        await rename(temporary, target);
      } catch (err) {
        await rm(temporary, { force: true });
        throw err;
      }
      const info = await stat(target);
      return { size: info.size };
    },
    async get(key, range) {
      let target: string;
      try {
        target = file(key);
      } catch {
        return null;
      }
      try {
        const info = await stat(target);
        if (!info.isFile()) return null;
        const body = range ? createReadStream(target, range) : createReadStream(target);
        return { body, size: info.size };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
  };
}

/** Streams above this go up in parts of about this size (S3's minimum part is 5 MiB). */
const S3_PART_BYTES = 8 * 1024 * 1024;

type S3Sdk = typeof import("@aws-sdk/client-s3");

/**
 * An S3-compatible bucket (AWS, MinIO, R2, ...) through the AWS SDK v3, so every app process
 * reads the files any of them stored. The SDK is loaded on first use: processes on the local disk
 * never pay for it. A stream is uploaded without holding more than one part in memory: small
 * files in one PutObject, larger ones as a multipart upload (aborted if the stream fails).
 */
export function createS3MediaProvider(options: {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}): MediaProvider {
  const Bucket = options.bucket;
  let opened: Promise<{ sdk: S3Sdk; client: InstanceType<S3Sdk["S3Client"]> }> | undefined;
  const open = () =>
    (opened ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        endpoint: options.endpoint,
        region: options.region,
        forcePathStyle: options.forcePathStyle,
        credentials: {
          accessKeyId: options.accessKeyId,
          secretAccessKey: options.secretAccessKey,
        },
        // Checksums only where S3 requires them: many compatible stores reject the SDK's default
        // CRC32 headers.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
        // A store that does not answer costs an error, not a hung request.
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
      }),
    })));

  async function putStream(key: string, body: Readable): Promise<number> {
    const { sdk, client } = await open();
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let size = 0;
    let uploadId: string | undefined;
    const parts: { ETag: string | undefined; PartNumber: number }[] = [];
    const sendPart = async () => {
      const chunk = Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      uploadId ??= (await client.send(new sdk.CreateMultipartUploadCommand({ Bucket, Key: key })))
        .UploadId;
      const PartNumber = parts.length + 1;
      const part = await client.send(
        new sdk.UploadPartCommand({
          Bucket,
          Key: key,
          UploadId: uploadId,
          PartNumber,
          Body: chunk,
        }),
      );
      parts.push({ ETag: part.ETag, PartNumber });
    };
    try {
      for await (const data of body) {
        const chunk = Buffer.isBuffer(data) ? data : Buffer.from(data);
        pending.push(chunk);
        pendingBytes += chunk.length;
        size += chunk.length;
        if (pendingBytes >= S3_PART_BYTES) await sendPart();
      }
      if (!uploadId) {
        const whole = Buffer.concat(pending);
        await client.send(
          new sdk.PutObjectCommand({ Bucket, Key: key, Body: whole, ContentLength: whole.length }),
        );
        return size;
      }
      if (pendingBytes) await sendPart();
      await client.send(
        new sdk.CompleteMultipartUploadCommand({
          Bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
      return size;
    } catch (err) {
      if (uploadId)
        await client
          .send(new sdk.AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }))
          .catch(() => {});
      throw err;
    }
  }

  return {
    async put(key, body) {
      assertMediaKey(key);
      if (!Buffer.isBuffer(body)) return { size: await putStream(key, body) };
      const { sdk, client } = await open();
      await client.send(
        new sdk.PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: body.length }),
      );
      return { size: body.length };
    },
    async get(key, range) {
      if (!MEDIA_KEY.test(key) || key.includes("..")) return null;
      const { sdk, client } = await open();
      try {
        const res = await client.send(
          new sdk.GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        // A ranged answer names the whole size after the slash: "bytes 4-11/200000".
        const size = range
          ? Number(res.ContentRange?.split("/")[1] ?? Number.NaN)
          : Number(res.ContentLength);
        if (!res.Body || !Number.isFinite(size)) return null;
        return { body: res.Body as Readable, size };
      } catch (err) {
        if (err instanceof sdk.NoSuchKey || (err as { name?: string }).name === "NotFound")
          return null;
        throw err;
      }
    },
    async delete(key) {
      assertMediaKey(key);
      const { sdk, client } = await open();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
    close() {
      if (opened) void opened.then(({ client }) => client.destroy());
      opened = undefined;
    },
  };
}
