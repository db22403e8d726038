/**
 * CSP nonces in cached pages. A stored page must never carry a real nonce, and two replays must
 * never share one; yet a hit must not pay for gzip. So a page is stored cut where its render's
 * nonce stood (the nonce itself is dropped), each part deflated once on its own; a replay joins the
 * parts around a fresh nonce, and its gzip answer is the deflated parts with the nonce between them
 * as an uncompressed (stored) deflate block: only the CRC is computed per replay.
 */
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { constants, crc32, deflateRaw } from "node:zlib";

const deflateRawAsync = promisify(deflateRaw);

/** A fresh nonce per response: 128 random bits (CSP asks for at least 128). */
export function newCspNonce(): string {
  return randomBytes(16).toString("base64");
}

/** `body` cut at every occurrence of `nonce`, the nonce left out: n occurrences give n+1 parts. */
export function cutAtNonce(body: Buffer, nonce: string): Buffer[] {
  const needle = Buffer.from(nonce);
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, from)) {
    parts.push(body.subarray(from, at));
    from = at + needle.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

/**
 * Each part as raw deflate ending on a sync flush: byte-aligned, no final block, and no
 * back-reference outside itself, so the parts can be chained with other blocks between them.
 */
export function deflateParts(parts: Buffer[]): Promise<Buffer[]> {
  return Promise.all(
    parts.map((part) => deflateRawAsync(part, { finishFlush: constants.Z_SYNC_FLUSH })),
  );
}

/** The page with `nonce` where the render's nonce stood. */
export function joinWithNonce(parts: Buffer[], nonce: string): Buffer {
  const n = Buffer.from(nonce);
  return Buffer.concat(parts.flatMap((part, i) => (i === 0 ? [part] : [n, part])));
}

// gzip member header: deflate, no flags, no mtime, unknown OS (RFC 1952).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
// A final, empty block with fixed Huffman codes (BFINAL=1, BTYPE=01, end-of-block).
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** The gzip of `joinWithNonce(parts, nonce)`, from the parts deflated once by `deflateParts`. */
export function gzipWithNonce(parts: Buffer[], deflated: Buffer[], nonce: string): Buffer {
  const n = Buffer.from(nonce);
  if (n.length > 0xffff) throw new Error("nonce too long for a stored block");
  // A stored block (BFINAL=0, BTYPE=00, byte-aligned after the sync flush): LEN, ~LEN, bytes.
  const stored = Buffer.alloc(5 + n.length);
  stored.writeUInt16LE(n.length, 1);
  stored.writeUInt16LE(~n.length & 0xffff, 3);
  n.copy(stored, 5);
  let crc = 0;
  let size = 0;
  const chunks: Buffer[] = [GZIP_HEADER];
  parts.forEach((part, i) => {
    if (i > 0) {
      chunks.push(stored);
      crc = crc32(n, crc);
      size += n.length;
    }
    chunks.push(deflated[i] as Buffer);
    crc = crc32(part, crc);
    size += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(FINAL_BLOCK, trailer);
  return Buffer.concat(chunks);
}
