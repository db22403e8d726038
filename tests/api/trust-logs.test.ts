import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ServerBuild } from "react-router";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { testConfig } from "../../server/config";
import { REDACTED, redactUrl, safeErrorForLog } from "../../server/http/log-safety";
import { withSafeErrorLog } from "../../server/http/react-router";
import { systemClock } from "../../server/providers/clock";
import { openTestDatabase } from "../helpers/app";

// The "Trust" issue's logging findings: at the default level (info) the access log must not carry
// an e-mailed token, and a failed query's log must not carry its parameter values.

const lines: string[] = [];
const database = await openTestDatabase();
const app = await buildApp({
  config: testConfig({ logLevel: "info" }),
  database,
  clock: systemClock,
  pageHandler: async () => new Response("page", { status: 200 }),
  logStream: { write: (line) => void lines.push(line) },
});
afterAll(() => app.close());

const SECRET = "billing-name-Ada-Lovelace@example.test";

// Test-only routes that fail the way a service's query can.
app.get("/api/test-only/failing-query/", { schema: { hide: true } }, async () => {
  await database.db.execute(sql`select * from no_such_table where email = ${SECRET}`);
  return { ok: true };
});
app.get("/api/test-only/driver-error/", { schema: { hide: true } }, async () => {
  // The fields postgres.js puts on its errors.
  throw Object.assign(new Error(`insert failed\nparams: ${SECRET}`), {
    code: "23505",
    query: "insert into billing (name) values ($1)",
    parameters: [SECRET],
    args: [SECRET],
    detail: `Key (name)=(${SECRET}) already exists.`,
  });
});

const logged = () => lines.splice(0).join("");

describe("the access log", () => {
  it.each([
    ["/accounts/password/reset/RESET-TOKEN-abc123/", "/accounts/password/reset/"],
    ["/accounts/password/reset/RESET-TOKEN-abc123.data", "/accounts/password/reset/"],
    ["/account/email/verify/VERIFY-TOKEN-abc123/", "/account/email/verify/"],
    ["/email/unsubscribe/UNSUB-TOKEN-abc123/", "/email/unsubscribe/"],
    ["/api/users/login/google/callback/?state=STATE-abc123&code=CODE-abc123", "?state="],
  ])("never holds the token of %s", async (url, kept) => {
    logged();
    await app.inject({ method: "GET", url });
    const out = logged();
    expect(out).toContain("incoming request");
    expect(out).toContain(kept);
    expect(out).toContain(REDACTED);
    expect(out).not.toMatch(/TOKEN-abc123|STATE-abc123|CODE-abc123/);
  });

  it("keeps other URLs as they are", () => {
    expect(redactUrl("/deals/taskflow/?sort=top")).toBe("/deals/taskflow/?sort=top");
    expect(redactUrl("/accounts/password/reset/")).toBe("/accounts/password/reset/");
    expect(redactUrl("/api/users/password/reset/confirm/?token=abc")).toBe(
      `/api/users/password/reset/confirm/?token=${REDACTED}`,
    );
  });
});

describe("database errors in the log", () => {
  it("carry the code, the message without values, and the route", async () => {
    logged();
    const res = await app.inject({ method: "GET", url: "/api/test-only/failing-query/" });
    expect(res.statusCode).toBe(500);
    const out = logged();
    expect(out).toContain("unhandled error");
    expect(out).toContain('"sqlState":"42P01"');
    expect(out).toContain('"route":"/api/test-only/failing-query/"');
    expect(out).not.toContain(SECRET);
  });

  it("drop the driver's query, parameters and detail", async () => {
    logged();
    const res = await app.inject({ method: "GET", url: "/api/test-only/driver-error/" });
    expect(res.statusCode).toBe(500);
    const out = logged();
    expect(out).toContain('"sqlState":"23505"');
    expect(out).not.toContain(SECRET);
    expect(out).not.toContain("insert into billing");
  });

  it("are safe wherever an error is logged with { err }", () => {
    logged();
    const cause = Object.assign(new Error("relation does not exist"), {
      code: "42P01",
      params: [SECRET],
    });
    app.log.error({ err: new Error("wrapper", { cause }) }, "health check failed");
    const out = logged();
    expect(out).toContain('"sqlState":"42P01"');
    expect(out).not.toContain(SECRET);
    // Data exceptions quote the input in their message.
    const data = safeErrorForLog(
      Object.assign(new Error(`invalid input syntax for type integer: "${SECRET}"`), {
        code: "22P02",
      }),
    );
    expect(JSON.stringify(data)).not.toContain(SECRET);
  });

  it("from a page's loader or action are logged the same way", () => {
    const entries: unknown[] = [];
    const fakeApp = {
      log: { error: (entry: unknown) => void entries.push(entry) },
    } as unknown as FastifyInstance;
    const build = withSafeErrorLog({ entry: { module: {} } } as unknown as ServerBuild, fakeApp);
    const failure = Object.assign(new Error(`Failed query: select $1\nparams: ${SECRET}`), {
      query: "select $1",
      params: [SECRET],
      cause: Object.assign(new Error("boom"), { code: "XX000" }),
    });
    build.entry.module.handleError?.(failure, {
      request: new Request("http://localhost/account/email/verify/VERIFY-TOKEN-abc123/"),
      params: {},
      context: undefined as never,
    });
    const out = JSON.stringify(entries);
    expect(out).toContain("XX000");
    expect(out).toContain("Failed query: select $1");
    expect(out).not.toContain(SECRET);
    expect(out).not.toContain("VERIFY-TOKEN-abc123");
  });
});
