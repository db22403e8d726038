/**
 * The security headers every response carries (computed once at start-up from helmet's options,
 * server/http/security-headers.ts): the same set on a page and on an API call.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { computeSecurityHeaders } from "../../server/http/security-headers";
import { createTestApp, type TestApp } from "../helpers/app";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const EXPECTED = {
  "content-security-policy":
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'none';img-src 'self' data: https:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';frame-src 'self' https:;media-src 'self' https:;connect-src 'self'",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-content-type-options": "nosniff",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-frame-options": "SAMEORIGIN",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
};

describe("security headers", () => {
  it.each([
    ["the health check", "/healthz"],
    ["an API call", "/api/v2/deals/taskflow/details/"],
    ["a 404", "/api/no-such-endpoint/"],
  ])("are set on %s", async (_label, url) => {
    const res = await app.inject({ method: "GET", url });
    for (const [name, value] of Object.entries(EXPECTED))
      expect(res.headers[name], name).toBe(value);
    expect(res.headers["cross-origin-embedder-policy"]).toBeUndefined();
  });
});

describe("computeSecurityHeaders", () => {
  it("adds HSTS only when asked (COOKIE_SECURE deployments)", () => {
    const names = (hsts: boolean) => computeSecurityHeaders({ hsts }).map(([name]) => name);
    expect(names(true)).toContain("strict-transport-security");
    expect(names(false)).not.toContain("strict-transport-security");
  });
});
