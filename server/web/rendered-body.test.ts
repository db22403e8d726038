import { describe, expect, it } from "vitest";
import { renderedBodyOf, renderedResponse } from "./rendered-body";

describe("renderedResponse", () => {
  it("hands the server its bytes, and a reader the same bytes", async () => {
    const body = Buffer.from("<!DOCTYPE html><p>é</p>");
    const response = renderedResponse(body, {
      status: 201,
      headers: { "content-type": "text/html" },
    });
    expect(renderedBodyOf(response)).toBe(body);
    expect(response.status).toBe(201);
    expect(await response.text()).toBe("<!DOCTYPE html><p>é</p>");
    // Read once: the bytes are no longer the server's to send.
    expect(renderedBodyOf(response)).toBeUndefined();
  });
});
