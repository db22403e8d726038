import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { systemClock } from "../../providers/clock";
import { createCdnPurge } from "./cdn-purge";
import { createPageCacheService } from "./page-cache";
import { createPageEvents } from "./page-events";

// Redis unreachable: every read is a miss (pages are served uncached), and the log gets one line
// for the outage, not one per request or reconnect attempt.
describe("page cache with Redis down", () => {
  it("misses and logs the outage once", async () => {
    const lines: string[] = [];
    const cache = createPageCacheService({
      db: {} as Db,
      clock: systemClock,
      events: createPageEvents(),
      purge: createCdnPurge({ config: null, log: () => {} }),
      // Nothing listens on port 1.
      redisUrl: "redis://127.0.0.1:1",
      redisKeyPrefix: "payonce-test:",
      log: (_err, message) => lines.push(message),
    });
    for (let i = 0; i < 20; i++) {
      expect(await cache.stamp({ kind: "deal", slug: "taskflow" })).toBeNull();
      expect(await cache.get("/products/taskflow/", { kind: "deal", slug: "taskflow" })).toBeNull();
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^page cache: .*served uncached/);
    await cache.close();
  });
});
