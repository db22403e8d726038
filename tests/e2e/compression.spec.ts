import { request as httpRequest } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, test } from "./fixtures";

// Bytes on the wire against the built app: static assets precompressed at build time
// (scripts/compress-assets.mjs) and pages compressed per request, by Accept-Encoding.

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A GET with exactly these headers and the body as sent (no client-side decoding). */
function rawGet(url: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

test("the entry script is sent brotli, gzip or plain as asked, with Vary and a year's cache", async ({
  baseURL,
}) => {
  const html = (await rawGet(`${baseURL}/`, {})).body.toString("utf8");
  const entry = /\/assets\/entry\.client-[\w-]+\.js/.exec(html)?.[0];
  expect(entry).toBeTruthy();
  const url = `${baseURL}${entry}`;
  const plain = await rawGet(url, {});
  expect(plain.status).toBe(200);
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(plain.headers.vary).toMatch(/accept-encoding/i);
  expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");

  const br = await rawGet(url, { "accept-encoding": "br" });
  expect(br.headers["content-encoding"]).toBe("br");
  expect(br.headers.vary).toMatch(/accept-encoding/i);
  expect(br.headers["content-type"]).toMatch(/javascript/);
  expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
  expect(br.body.length).toBeLessThan(plain.body.length / 2);

  const gz = await rawGet(url, { "accept-encoding": "gzip" });
  expect(gz.headers["content-encoding"]).toBe("gzip");
  expect(gz.headers.vary).toMatch(/accept-encoding/i);
  expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
});

test("pages are compressed too, cached or not", async ({ baseURL }) => {
  for (const path of ["/", "/products/taskflow/", "/accounts/login/"]) {
    const res = await rawGet(`${baseURL}${path}`, { "accept-encoding": "gzip, deflate, br" });
    expect(res.status, path).toBe(200);
    expect(res.headers["content-encoding"], path).toMatch(/^(br|gzip)$/);
    expect(res.headers.vary, path).toMatch(/accept-encoding/i);
    const text = (
      res.headers["content-encoding"] === "br"
        ? brotliDecompressSync(res.body)
        : gunzipSync(res.body)
    ).toString("utf8");
    expect(text, path).toContain("</html>");
  }
});
