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
