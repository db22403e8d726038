/**
 * CSP nonces ("Trust"): a page's script-src allows 'self' and this response's nonce, never
 * 'unsafe-inline'; every <script> the page carries has that nonce; cached replays get a fresh one
 * each, and the stored page carries none. Pages are rendered by a stand-in for the React Router
 * build that emits scripts as app/entry.server.tsx does, with the load context's nonce.
 */
import { gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { appContext } from "../../app/context";
import type { PageHandler } from "../../server/http/react-router";
import { createTestApp, type TestApp } from "../helpers/app";

const nonces: string[] = [];
const handler: PageHandler = async (request, context) => {
  const { cspNonce } = context.get(appContext);
  nonces.push(cspNonce);
  const slug = new URL(request.url).pathname.split("/")[2] ?? "";
  const html =
    `<!DOCTYPE html><html><head><script type="application/ld+json">{"name":"${slug}"}</script>` +
    `<link rel="modulepreload" href="/assets/entry.js" nonce="${cspNonce}"/></head><body>` +
    `<h1>${slug}</h1><script nonce="${cspNonce}">window.__ctx = {};</script>` +
    `<script type="module" nonce="${cspNonce}">import "/assets/entry.js";</script></body></html>`;
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
};

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ pageHandler: handler });
});

function scriptSrc(csp: unknown): string {
  const directive = String(csp)
    .split(";")
    .find((d) => d.startsWith("script-src "));
  return directive ?? "";
}

/** The nonce the CSP header allows, after checking every executable script carries it. */
function checkedNonce(res: { headers: Record<string, unknown>; body: string }): string {
  const src = scriptSrc(res.headers["content-security-policy"]);
  expect(src).not.toContain("unsafe-inline");
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(src)?.[1] ?? "";
  expect(src).toBe(`script-src 'self' 'nonce-${nonce}'`);
  expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  const scripts = [...res.body.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? "");
  const executable = scripts.filter((attrs) => !attrs.includes('type="application/ld+json"'));
  expect(executable.length).toBeGreaterThan(0);
  for (const attrs of executable) expect(attrs).toContain(`nonce="${nonce}"`);
  return nonce;
}

describe("a product page's CSP nonce", () => {
  it("is fresh on every answer, the render and each cached replay", async () => {
    const seen = new Set<string>();
    const first = await app.inject({ method: "GET", url: "/products/taskflow/" });
    expect(first.headers["x-cache"]).toBe("MISS");
    seen.add(checkedNonce(first));
    for (let i = 0; i < 3; i++) {
      const hit = await app.inject({ method: "GET", url: "/products/taskflow/" });
      expect(hit.headers["x-cache"]).toBe("HIT");
      seen.add(checkedNonce(hit));
    }
    expect(seen.size).toBe(4);
    expect(nonces).toHaveLength(1);
  });

  it("is replayed in the gzip copy too, matching its header", async () => {
    const res = await app.inject({
      method: "GET",
      url: "/products/taskflow/",
      headers: { "accept-encoding": "gzip" },
    });
    expect(res.headers["x-cache"]).toBe("HIT");
    expect(res.headers["content-encoding"]).toBe("gzip");
    const body = gunzipSync(res.rawPayload).toString("utf8");
    const nonce = checkedNonce({ headers: res.headers, body });
    expect(nonces).not.toContain(nonce);
  });

  it("is never stored: the cached page holds no nonce at all", async () => {
    await app.inject({ method: "GET", url: "/products/pixelforge/" });
    const key = "/products/pixelforge/|USD";
    const stored = await app.services.pageCache.get(key, { kind: "deal", slug: "pixelforge" });
    expect(stored).not.toBeNull();
    const text = Buffer.concat(stored?.parts ?? []).toString("utf8");
    for (const nonce of nonces) expect(text).not.toContain(nonce);
    expect(text).toContain('nonce=""');
  });

  it("is set on pages outside the cache, and left out of API answers", async () => {
    const page = await app.inject({ method: "GET", url: "/no-such-page/" });
    expect(scriptSrc(page.headers["content-security-policy"])).toMatch(
      /^script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'$/,
    );
    const api = await app.inject({ method: "GET", url: "/api/v2/deals/taskflow/details/" });
    expect(scriptSrc(api.headers["content-security-policy"])).toBe("script-src 'self'");
  });
});
