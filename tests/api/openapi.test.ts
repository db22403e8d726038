import { describe, expect, it } from "vitest";
import { createTestApp } from "../helpers/app";

// Every operation of /api/openapi.json declares what it answers (the document is generated from
// the routes' zod schemas, so a route without a response schema is undocumented for clients).
const app = await createTestApp();

type Operation = { responses?: Record<string, { content?: unknown; description?: string }> };

describe("OpenAPI document", () => {
  it("gives every operation a response schema for its success answer", async () => {
    const res = await app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, Operation>> };
    const missing: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        // Swagger fills a bare "Default Response" in where a route declares nothing.
        const success = Object.entries(op.responses ?? {}).filter(
          ([code, response]) =>
            /^[23]/.test(code) &&
            (response.content !== undefined || code.startsWith("3") || code === "204"),
        );
        if (success.length === 0) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
