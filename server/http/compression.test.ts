import { Readable } from "node:stream";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { accepts, compressStream, negotiate } from "./compression";

describe("Accept-Encoding negotiation", () => {
  it("prefers brotli on a tie, and follows q-values", () => {
    expect(negotiate("gzip, deflate, br")).toBe("br");
    expect(negotiate("gzip")).toBe("gzip");
    expect(negotiate("br;q=0.5, gzip")).toBe("gzip");
    expect(negotiate("br;q=0, gzip;q=0")).toBeNull();
    expect(negotiate("identity")).toBeNull();
    expect(negotiate(undefined)).toBeNull();
    expect(negotiate("*")).toBe("br");
  });

  it("tells whether a coding is taken at all", () => {
    expect(accepts("gzip, br", "gzip")).toBe(true);
    expect(accepts("gzip;q=0, br", "gzip")).toBe(false);
    expect(accepts("br", "gzip")).toBe(false);
    expect(accepts("*;q=0.1", "gzip")).toBe(true);
  });
});

describe("a streamed body compressed", () => {
  it.each(["br", "gzip"] as const)("decodes to the same bytes (%s)", async (encoding) => {
    const chunks = Array.from({ length: 50 }, (_, i) => Buffer.from(`<p>chunk ${i} `.repeat(40)));
    const out: Buffer[] = [];
    for await (const c of compressStream(Readable.from(chunks), encoding)) out.push(c as Buffer);
    const body = Buffer.concat(out);
    const decoded = encoding === "br" ? brotliDecompressSync(body) : gunzipSync(body);
    expect(decoded.equals(Buffer.concat(chunks))).toBe(true);
  });
});
