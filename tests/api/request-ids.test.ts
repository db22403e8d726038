import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { testConfig } from "../../server/config";
import { systemClock } from "../../server/providers/clock";
import { openTestDatabase } from "../helpers/app";

// Issue 19, logs an operator can use: request ids everywhere (the answer's X-Request-Id is the
// reqId of every log line of the request, health failures included) and a line for a request its
// client abandoned.

const lines: string[] = [];
const database = await openTestDatabase();
const app = await buildApp({
  config: testConfig({ logLevel: "info" }),
  database,
  clock: systemClock,
  pageHandler: async () => new Response("page", { status: 200 }),
  logStream: { write: (line) => void lines.push(line) },
});

// A test-only route that answers when the test says so.
let release: () => void = () => {};
const held = new Promise<void>((resolve) => {
  release = resolve;
});
app.get("/api/test-only/held/", { schema: { hide: true } }, async () => {
  await held;
  return { ok: true };
});
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
const port = typeof address === "object" && address ? address.port : 0;

afterAll(async () => {
  release();
  await app.close();
});

const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function until<T>(find: () => T | undefined): Promise<T> {
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("request ids", () => {
  it("answers with X-Request-Id, the reqId of the request's log lines", async () => {
    const res = await app.inject({ method: "GET", url: "/healthz" });
    const id = res.headers["x-request-id"];
    expect(id).toMatch(UUID);
    const own = entries().filter((entry) => entry.reqId === id);
    expect(own.map((entry) => entry.msg)).toEqual(["incoming request", "request completed"]);
  });

  it("is unique per request", async () => {
    const ids = new Set<unknown>();
    for (let i = 0; i < 5; i++)
      ids.add((await app.inject({ method: "GET", url: "/healthz" })).headers["x-request-id"]);
    expect(ids.size).toBe(5);
  });

  it("keeps a plain id a proxy sent, and replaces one that is not plain", async () => {
    const kept = await app.inject({
      method: "GET",
      url: "/healthz",
      headers: { "x-request-id": "lb-7f3a.42" },
    });
    expect(kept.headers["x-request-id"]).toBe("lb-7f3a.42");
    const replaced = await app.inject({
      method: "GET",
      url: "/healthz",
      headers: { "x-request-id": `bad id\n{"level":60}` },
    });
    expect(replaced.headers["x-request-id"]).toMatch(UUID);
  });
});

describe("a request its client abandons", () => {
  it("still ends with a log line of its own, with its id and a cause", async () => {
    const controller = new AbortController();
    const answered = fetch(`http://127.0.0.1:${port}/api/test-only/held/`, {
      signal: controller.signal,
    }).catch((err: unknown) => err);
    const incoming = await until(() =>
      entries().find(
        (entry) =>
          entry.msg === "incoming request" &&
          (entry.req as { url?: string } | undefined)?.url === "/api/test-only/held/",
      ),
    );
    controller.abort();
    await answered;
    const aborted = await until(() =>
      entries().find((entry) => entry.msg === "request aborted" && entry.reqId === incoming.reqId),
    );
    expect(aborted.cause).toBe("client_aborted");
    expect(typeof aborted.responseTime).toBe("number");
  });
});

describe("a failed readiness probe", () => {
  it("is logged with the probe's request id and a cause code", async () => {
    // The database goes away under the app (its embedded engine closed).
    await database.close();
    const res = await app.inject({ method: "GET", url: "/readyz" });
    expect(res.statusCode).toBe(503);
    const id = res.headers["x-request-id"];
    const line = entries().find((entry) => entry.msg === "not ready" && entry.reqId === id);
    expect(line?.cause).toBe("db_unavailable");
  });
});
