/**
 * The caching table (domain/cache-routes.ts) declares every GET route the app registers, by
 * method and Fastify URL: a new route fails here until its caching is declared, and a declared
 * route the app no longer registers fails too. The pages' catch-all is PAGE_ROUTES' business
 * (app/cache-routes.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_ROUTES } from "../../domain/cache-routes";
import { createTestApp, type TestApp } from "../helpers/app";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
});
afterAll(() => app.close());

describe("the caching table and the registered routes", () => {
  it("declares every GET route, and only those", () => {
    const registered = new Set(
      app.registeredRoutes
        .filter((r) => r.method === "GET" && r.url !== "/*")
        .map((r) => `GET ${r.url}`),
    );
    expect([...registered].sort()).toEqual(Object.keys(API_ROUTES).sort());
  });
});
