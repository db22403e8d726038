import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import type { Config } from "../config";
import type { Database } from "../db/client";

/**
 * Readiness gives up on a dependency after this, whatever the database does: below the second a
 * probe is promised, with room for the HTTP round trip on a busy machine.
 */
const READY_DEADLINE_MS = 700;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Probes for load balancers and Kubernetes (README):
 * - /healthz, liveness: the process answers HTTP. Never touches the database, so an outage
 *   does not get healthy processes restarted (they recover on their own).
 * - /readyz, readiness: PostgreSQL (and Redis, when configured) answer; 503 within a second
 *   otherwise, so traffic goes elsewhere until they do.
 */
export async function healthRoutes(
  app: FastifyInstance,
  options: { config: Config; database: Database },
): Promise<void> {
  const { config, database } = options;
  // Its own connection, failing fast: commands never queue while Redis is away.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        lazyConnect: true,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        connectTimeout: READY_DEADLINE_MS,
        retryStrategy: (times) => Math.min(times * 200, 2_000),
      })
    : undefined;
  redis?.on("error", () => {});
  if (redis) {
    redis.connect().catch(() => {});
    app.addHook("onClose", async () => {
      redis.disconnect();
    });
  }

  app.get("/healthz", { schema: { hide: true } }, async () => ({
    status: "ok",
    database: database.kind,
  }));

  app.get("/readyz", { schema: { hide: true } }, async (request, reply) => {
    const checks = await Promise.all([
      within(READY_DEADLINE_MS, database.db.execute("select 1")).then(
        () => "ok" as const,
        () => "unavailable" as const,
      ),
      redis
        ? within(READY_DEADLINE_MS, redis.ping()).then(
            () => "ok" as const,
            () => "unavailable" as const,
          )
        : Promise.resolve(undefined),
    ]);
    const [db, cache] = checks;
    const body = { database: db, ...(cache ? { redis: cache } : {}) };
    if (db === "ok" && cache !== "unavailable") return { status: "ok", ...body };
    // The request's own logger: the line carries the probe's request id (X-Request-Id).
    request.log.warn({ cause: db === "ok" ? "redis_unavailable" : "db_unavailable" }, "not ready");
    return reply
      .status(503)
      .header("retry-after", "5")
      .send({ status: "unavailable", ...body });
  });
}
