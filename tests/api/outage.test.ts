import { describe, expect, it, vi } from "vitest";
import { createTestApp } from "../helpers/app";

// Outages (README "Outages and probes"): a database that is unreachable or too slow is a 503 with
// Retry-After, JSON with a cause code for the API, a static page for pages; never a 500.
const refused = () =>
  Object.assign(new Error("Failed query: select ...\nparams: secret"), {
    cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
      code: "ECONNREFUSED",
    }),
  });

let pageError: Error | undefined;
const app = await createTestApp({
  pageHandler: async () => {
    if (pageError) throw pageError;
    return new Response("<p>page</p>", { headers: { "content-type": "text/html" } });
  },
});

describe("a database outage", () => {
  it("answers the API with 503, Retry-After and a cause code", async () => {
    const spy = vi.spyOn(app.services.cart, "get").mockRejectedValueOnce(refused());
    const res = await app.send("GET", "/api/cart/");
    spy.mockRestore();
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    expect(res.json()).toEqual({
      detail: "The service is temporarily unavailable. Please try again in a few seconds.",
      code: "db_unavailable",
    });
    expect((await app.send("GET", "/api/cart/")).statusCode).toBe(200);
  });

  it("calls a statement timeout db_timeout", async () => {
    const timeout = Object.assign(new Error("canceling statement due to statement timeout"), {
      code: "57014",
    });
    const spy = vi.spyOn(app.services.cart, "get").mockRejectedValueOnce(timeout);
    const res = await app.send("GET", "/api/cart/");
    spy.mockRestore();
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe("db_timeout");
  });

  it("answers pages with the 503 page", async () => {
    pageError = refused();
    const res = await app.inject({
      method: "GET",
      url: "/about/",
      headers: { accept: "text/html" },
    });
    pageError = undefined;
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.body).toContain("right back");
  });

  it("keeps other errors 500", async () => {
    pageError = new Error("boom");
    const res = await app.inject({
      method: "GET",
      url: "/about/",
      headers: { accept: "text/html" },
    });
    pageError = undefined;
    expect(res.statusCode).toBe(500);
  });
});

describe("probes", () => {
  it("/healthz is liveness, /readyz checks the database", async () => {
    expect((await app.send("GET", "/healthz")).json()).toMatchObject({ status: "ok" });
    expect((await app.send("GET", "/readyz")).json()).toEqual({ status: "ok", database: "ok" });
    const spy = vi.spyOn(app.database.db, "execute").mockRejectedValueOnce(refused());
    const res = await app.send("GET", "/readyz");
    spy.mockRestore();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: "unavailable", database: "unavailable" });
  });
});
