import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createLimits, LIMITS } from "./limits";
import { createRedisLimitStore } from "./redis-store";

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((limits) => limits.close()));
});

function limitsOn(url: string, keyPrefix: string, logged: string[] = []) {
  const redis = createRedisLimitStore({
    url,
    keyPrefix,
    log: (_err, message) => logged.push(message),
  });
  const limits = Object.assign(createLimits(redis), { ready: redis.ready });
  opened.push(limits);
  return limits;
}

// The Redis CI and every machine here run (the same one the page-cache tests use).
const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";

describe("limits in Redis", () => {
  it("count in memory when Redis cannot be reached, and still refuse past the limit", async () => {
    const logged: string[] = [];
    // Nothing listens on port 1.
    const limits = limitsOn("redis://127.0.0.1:1", "payonce-test:", logged);
    const { points } = LIMITS["reset.email"];
    for (let i = 0; i < points; i++)
      expect((await limits.consume("reset.email", "a@payonce.test")).allowed).toBe(true);
    const refused = await limits.consume("reset.email", "a@payonce.test");
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    await vi.waitFor(() =>
      expect(logged).toEqual(["limits: redis unavailable, counting in memory"]),
    );
  });

  it("share counts between two stores on one Redis", async () => {
    const prefix = `payonce-test:${randomBytes(6).toString("hex")}:`;
    const one = limitsOn(REDIS_URL, prefix);
    const two = limitsOn(REDIS_URL, prefix);
    // Until a store's connection is ready it counts in memory.
    await Promise.all([one.ready(), two.ready()]);
    const { points } = LIMITS["reset.email"];
    for (let i = 0; i < points; i++)
      expect((await (i % 2 ? one : two).consume("reset.email", "b@payonce.test")).allowed).toBe(
        true,
      );
    expect((await one.consume("reset.email", "b@payonce.test")).allowed).toBe(false);
  });
});
