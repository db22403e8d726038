import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis } from "rate-limiter-flexible";
import type { LimitStore } from "./limits";

/**
 * Limit counters in Redis, shared by every app process (REDIS_URL). Each limiter is insured by an
 * in-memory twin: when Redis is down or slow, attempts count per process instead of failing the
 * request, and move back to Redis once it answers again. The offline queue is off so a command
 * fails at once while disconnected rather than waiting for a reconnect.
 */
export function createRedisLimitStore(options: {
  url: string;
  keyPrefix: string;
  log: (err: unknown, message: string) => void;
}): { store: LimitStore; ready(): Promise<void>; close(): Promise<void> } {
  const redis = new Redis(options.url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 500,
  });
  // One line per outage, not one per retry.
  let reported = false;
  redis.on("error", (err) => {
    if (reported) return;
    reported = true;
    options.log(err, "limits: redis unavailable, counting in memory");
  });
  redis.on("ready", () => {
    reported = false;
  });

  const store: LimitStore = (limit) =>
    new RateLimiterRedis({
      storeClient: redis,
      ...limit,
      keyPrefix: `${options.keyPrefix}${limit.keyPrefix}`,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory(limit),
    });

  return {
    store,
    /** Resolves once the connection is up (until then attempts count in memory). */
    ready: () =>
      redis.status === "ready"
        ? Promise.resolve()
        : new Promise<void>((resolve) => redis.once("ready", () => resolve())),
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
