/**
 * Page CSP ("Trust", issue 32 decision 056): script-src never allows 'unsafe-inline'. A page the
 * cache keeps for an audience is rendered without a nonce and its CSP names each of its inline
 * scripts by its SHA-256, so its bytes and header are the same on every replay (a shared cache may
 * keep them); a page rendered for one reader keeps a fresh nonce of its own on every answer.
 * Pages are rendered by a stand-in for the React Router build that emits scripts as
 * app/entry.server.tsx does, with the load context's nonce.
 */
import { createHash } from "node:crypto";
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
    `<h1>${slug}</h1><script nonce="${cspNonce}">window.__ctx = {"slug":"${slug}"};</script>` +
    `<script type="module" nonce="${cspNonce}">import "/assets/entry.js";</script>` +
    // Markup that got into the page (a stand-in for an escaping bug): no nonce of the render.
    (slug === "injected" ? "<script>steal()</script>" : "") +
    "</body></html>";
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

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** The inline scripts a browser would run: their text. */
const executableInline = (body: string) =>
  [...body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((m) => !(m[1] ?? "").includes("application/ld+json") && !(m[1] ?? "").includes("src="))
    .map((m) => m[2] ?? "");

/** Checks the CSP allows exactly the page's inline scripts by hash; returns the header. */
function checkedHashes(res: { headers: Record<string, unknown>; body: string }): string {
  const src = scriptSrc(res.headers["content-security-policy"]);
  expect(src).not.toContain("unsafe-inline");
  expect(src).not.toContain("nonce-");
  const scripts = executableInline(res.body).filter((text) => text !== "steal()");
  expect(scripts).toHaveLength(2);
  expect(src).toBe(`script-src 'self' ${scripts.map(sha256).join(" ")}`);
  return String(res.headers["content-security-policy"]);
}

describe("a cached product page's CSP", () => {
  it("names its inline scripts by hash, the same on the render and every replay", async () => {
    const first = await app.inject({ method: "GET", url: "/products/taskflow/" });
    expect(first.headers["x-cache"]).toBe("MISS");
    const policy = checkedHashes(first);
    for (let i = 0; i < 3; i++) {
      const hit = await app.inject({ method: "GET", url: "/products/taskflow/" });
      expect(hit.headers["x-cache"]).toBe("HIT");
      expect(checkedHashes(hit)).toBe(policy);
      expect(hit.body).toBe(first.body);
    }
    // Rendered once, under a one-off nonce the kept page no longer carries.
    expect(nonces).toHaveLength(1);
    expect(first.body).not.toContain(nonces[0]);
    expect(first.body).not.toContain("nonce=");
  });

  it("never allows an inline script the render did not mark", async () => {
    const page = await app.inject({ method: "GET", url: "/products/injected/" });
    expect(page.body).toContain("<script>steal()</script>");
    const src = scriptSrc(page.headers["content-security-policy"]);
    expect(src).not.toContain(sha256("steal()"));
    expect(src).not.toContain("nonce-");
  });

  it("matches the gzip copy too", async () => {
    const res = await app.inject({
      method: "GET",
      url: "/products/taskflow/",
      headers: { "accept-encoding": "gzip" },
    });
    expect(res.headers["x-cache"]).toBe("HIT");
    expect(res.headers["content-encoding"]).toBe("gzip");
    checkedHashes({ headers: res.headers, body: gunzipSync(res.rawPayload).toString("utf8") });
  });

  it("differs by page where the inline scripts differ", async () => {
    const a = await app.inject({ method: "GET", url: "/products/taskflow/" });
    const b = await app.inject({ method: "GET", url: "/products/pixelforge/" });
    expect(a.headers["content-security-policy"]).not.toBe(b.headers["content-security-policy"]);
    checkedHashes(b);
  });
});

describe("a page rendered for one reader", () => {
  it("carries a fresh nonce on every answer, on every script", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const page = await app.inject({ method: "GET", url: "/cart/" });
      const src = scriptSrc(page.headers["content-security-policy"]);
      expect(src).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'$/);
      const nonce = /'nonce-([^']+)'/.exec(src)?.[1] ?? "";
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
      const tags = [...page.body.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? "");
      const executable = tags.filter((attrs) => !attrs.includes("application/ld+json"));
      for (const attrs of executable) expect(attrs).toContain(`nonce="${nonce}"`);
      seen.add(nonce);
    }
    expect(seen.size).toBe(3);
  });

  it("and API answers allow no inline script", async () => {
    const api = await app.inject({ method: "GET", url: "/api/v2/deals/taskflow/details/" });
    expect(scriptSrc(api.headers["content-security-policy"])).toBe("script-src 'self'");
  });
});
