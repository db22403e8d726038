import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { cutAtNonce, deflateParts, gzipWithNonce, joinWithNonce, newCspNonce } from "./page-nonce";

describe("pages cut at their nonce", () => {
  const render = newCspNonce();
  const page = Buffer.from(
    `<html><head><script nonce="${render}">a()</script></head><body>${"é deal ".repeat(500)}` +
      `<script nonce="${render}" type="module">import "x"</script>${"✓ tail ".repeat(300)}</body></html>`,
  );

  it("keep no trace of the render's nonce", () => {
    const parts = cutAtNonce(page, render);
    expect(parts).toHaveLength(3);
    expect(Buffer.concat(parts).includes(render)).toBe(false);
  });

  it("join around a fresh nonce, plain and gzipped, to the page as rendered with it", async () => {
    const parts = cutAtNonce(page, render);
    const deflated = await deflateParts(parts);
    const fresh = newCspNonce();
    expect(fresh).not.toBe(render);
    const expected = page.toString("utf8").replaceAll(render, fresh);
    expect(joinWithNonce(parts, fresh).toString("utf8")).toBe(expected);
    expect(gunzipSync(gzipWithNonce(parts, deflated, fresh)).toString("utf8")).toBe(expected);
  });

  it("work for a page without a nonce and an empty page", async () => {
    for (const body of [Buffer.from("<p>no script</p>"), Buffer.alloc(0)]) {
      const parts = cutAtNonce(body, render);
      const gz = gzipWithNonce(parts, await deflateParts(parts), "n");
      expect(gunzipSync(gz).equals(body)).toBe(true);
    }
  });
});

describe("the replayed gzip's CRC", () => {
  it("is combined from the parts' CRCs to what gunzip checks, for any part lengths", async () => {
    // Lengths around powers of two and zero-length parts (a nonce at the very start or end).
    const nonce = newCspNonce();
    for (const lengths of [[0, 0], [1, 2, 3], [255, 256, 257], [4096, 0, 65537], [70000]]) {
      const body = lengths
        .map((length, i) => Buffer.alloc(length, 97 + i).toString("latin1"))
        .join(nonce);
      const parts = cutAtNonce(Buffer.from(body, "latin1"), nonce);
      const deflated = await deflateParts(parts);
      for (let replay = 0; replay < 2; replay++) {
        const fresh = newCspNonce();
        const gz = gzipWithNonce(parts, deflated, fresh);
        expect(gunzipSync(gz).toString("latin1")).toBe(body.replaceAll(nonce, fresh));
      }
    }
  });

  it("nonces are never repeated and carry 128 bits", () => {
    const seen = new Set(Array.from({ length: 2000 }, () => newCspNonce()));
    expect(seen.size).toBe(2000);
    for (const n of seen) expect(Buffer.from(n, "base64")).toHaveLength(16);
  });
});
