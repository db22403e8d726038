/**
 * CSP nonces in cached pages. A stored page must never carry a real nonce, and two replays must
 * never share one; yet a hit must not pay for gzip. So a page is stored cut where its render's
 * nonce stood (the nonce itself is dropped), each part deflated once on its own; a replay joins the
 * parts around a fresh nonce, and its gzip answer is the deflated parts with the nonce between them
 * as an uncompressed (stored) deflate block. The gzip trailer's CRC-32 is combined from each
 * part's CRC, computed once per stored part (crc32_combine, as zlib does it), and the nonce's: a
 * replay reads none of the page's bytes to compute it.
 */
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { constants, crc32, deflateRaw } from "node:zlib";

const deflateRawAsync = promisify(deflateRaw);

// Random bytes drawn a few KB at a time (one call into the CSPRNG per 256 nonces, not per
// response); each nonce takes its own 16 bytes, never reused.
const NONCE_BYTES = 16;
let pool = Buffer.alloc(0);
let poolAt = 0;

/** A fresh nonce per response: 128 random bits (CSP asks for at least 128). */
export function newCspNonce(): string {
  if (poolAt + NONCE_BYTES > pool.length) {
    pool = randomBytes(NONCE_BYTES * 256);
    poolAt = 0;
  }
  const nonce = pool.toString("base64", poolAt, poolAt + NONCE_BYTES);
  poolAt += NONCE_BYTES;
  return nonce;
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

/** A body as the buffers to send in order, and their total length. */
export type Chunks = { chunks: Buffer[]; length: number };

/** The page with `nonce` where the render's nonce stood, as the stored parts around it. */
export function chunksWithNonce(parts: Buffer[], nonce: string): Chunks {
  const n = Buffer.from(nonce);
  const chunks: Buffer[] = [];
  let length = 0;
  parts.forEach((part, i) => {
    if (i > 0 && n.length > 0) {
      chunks.push(n);
      length += n.length;
    }
    chunks.push(part);
    length += part.length;
  });
  return { chunks, length };
}

/** The page with `nonce` where the render's nonce stood. */
export function joinWithNonce(parts: Buffer[], nonce: string): Buffer {
  const { chunks, length } = chunksWithNonce(parts, nonce);
  return Buffer.concat(chunks, length);
}

// gzip member header: deflate, no flags, no mtime, unknown OS (RFC 1952).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
// A final, empty block with fixed Huffman codes (BFINAL=1, BTYPE=01, end-of-block).
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

// CRC-32 arithmetic over GF(2) (zlib's crc32.c): crc32(A + B) from crc32(A), crc32(B) and B's length.
const POLY = 0xedb88320;

/** a(x) * b(x) modulo the CRC polynomial (bit-reflected, as the CRC is). */
function multmodp(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

// x^(2^n) modulo the polynomial, n = 0..31.
const X2N: number[] = [];
for (let n = 0, p = 0x40000000; n < 32; n++) {
  X2N.push(p);
  p = multmodp(p, p);
}

/** x^(8 * bytes) modulo the polynomial: shifts a CRC past `bytes` zero bytes. */
function shiftFor(bytes: number): number {
  let p = 0x80000000;
  for (let n = bytes, k = 3; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2) p = multmodp(X2N[k & 31] as number, p);
  }
  return p;
}

/** crc32(A + B) from crc32(A), and crc32(B) with `shift` = shiftFor(B's length). */
const combine = (crcA: number, crcB: number, shift: number) => (multmodp(shift, crcA) ^ crcB) >>> 0;

/** Each stored part's CRC-32 and length shift, computed on its first replay. */
const partCrcs = new WeakMap<Buffer, { crc: number; shift: number }>();
function crcOfPart(part: Buffer) {
  let known = partCrcs.get(part);
  if (!known) {
    known = { crc: crc32(part), shift: shiftFor(part.length) };
    partCrcs.set(part, known);
  }
  return known;
}

// Every nonce has the same length: its shift is computed once.
let lastNonceLength = -1;
let lastNonceShift = 0;

/** The gzip of `joinWithNonce(parts, nonce)`, from the parts deflated once by `deflateParts`. */
export function gzipWithNonce(parts: Buffer[], deflated: Buffer[], nonce: string): Buffer {
  const { chunks, length } = gzipChunksWithNonce(parts, deflated, nonce);
  return Buffer.concat(chunks, length);
}

/**
 * `gzipWithNonce` as the buffers to send in order (the stored deflated parts themselves, never
 * copied: a replay allocates only the nonce's block and the trailer).
 */
export function gzipChunksWithNonce(parts: Buffer[], deflated: Buffer[], nonce: string): Chunks {
  const n = Buffer.from(nonce);
  if (n.length > 0xffff) throw new Error("nonce too long for a stored block");
  // A stored block (BFINAL=0, BTYPE=00, byte-aligned after the sync flush): LEN, ~LEN, bytes.
  const stored = Buffer.alloc(5 + n.length);
  stored.writeUInt16LE(n.length, 1);
  stored.writeUInt16LE(~n.length & 0xffff, 3);
  n.copy(stored, 5);
  const nonceCrc = crc32(n);
  const nonceShift = n.length === lastNonceLength ? lastNonceShift : shiftFor(n.length);
  lastNonceLength = n.length;
  lastNonceShift = nonceShift;
  let crc = 0;
  let size = 0;
  const chunks: Buffer[] = [GZIP_HEADER];
  let length = GZIP_HEADER.length;
  parts.forEach((part, i) => {
    if (i > 0) {
      chunks.push(stored);
      length += stored.length;
      crc = combine(crc, nonceCrc, nonceShift);
      size += n.length;
    }
    const block = deflated[i] as Buffer;
    chunks.push(block);
    length += block.length;
    const own = crcOfPart(part);
    crc = combine(crc, own.crc, own.shift);
    size += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(FINAL_BLOCK, trailer);
  length += FINAL_BLOCK.length + trailer.length;
  return { chunks, length };
}
