/**
 * Operators' metrics (issue 34): `GET /metrics` in Prometheus' text format, through prom-client,
 * one registry per app (tests build several apps in one process). What it holds:
 *
 * - `payonce_http_request_duration_seconds{method,route,status}`: every answer, by route id:
 *   Fastify's URL pattern for the API (`/api/v2/deals/:dealId/reviews/`), `page:<route id>` for
 *   pages (domain/cache-routes.ts, React Router's ids), `unmatched` for a 404 of no route;
 *   never a raw URL, so no slug, query or token reaches a label. Hits answered before Fastify
 *   (server/http/fast-path.ts) are observed there with the route the slow path learned.
 * - `payonce_cache_requests_total{layer,result}`: the page and API answer caches' X-Cache
 *   verdicts (hit, miss, bypass), and `fast_path` hits.
 * - `payonce_throttled_total{route}`: answers 429 (login throttles, rate limits) by route.
 * - `payonce_db_pool_connections{state}` and `payonce_db_pool_waiting` (PostgreSQL's pool).
 * - `payonce_outbox_pending`, `payonce_outbox_oldest_due_seconds`,
 *   `payonce_partner_webhook_deliveries{status}` and
 *   `payonce_partner_webhook_oldest_pending_seconds`, read at each scrape
 *   (server/services/jobs/backlog.ts).
 * - prom-client's default process metrics (CPU, memory, event loop lag, GC, handles).
 *
 * Who may read them: a request straight from the loopback interface without a proxy's
 * forwarding header (a proxy on the same host, such as Varnish, adds X-Forwarded-For; its
 * requests are the public's), or any request with `Authorization: Bearer $METRICS_TOKEN`.
 * Anyone else gets the same 404 as any unknown path.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { matchPageRoute } from "../../domain/cache-routes";
import type { Database } from "../db/client";
import type { Backlog, BacklogReader } from "../services/jobs/backlog";
import { safeEqual } from "../web/tokens";

const PAGE_ROUTE = "/*";
/** Seconds: from a cached hit (well under a millisecond) to a slow render or upload. */
const DURATION_BUCKETS = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5,
];

export type CacheLayer = "fast_path" | "page" | "api";

export function createMetrics(deps: { database: Database; backlog: BacklogReader }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: "payonce_http_request_duration_seconds",
    help: "Time to answer a request, by method, route id and status code",
    labelNames: ["method", "route", "status"] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const cache = new Counter({
    name: "payonce_cache_requests_total",
    help: "Cache verdicts by layer (fast_path: hits answered before Fastify)",
    labelNames: ["layer", "result"] as const,
    registers: [registry],
  });
  const throttled = new Counter({
    name: "payonce_throttled_total",
    help: "Requests refused with 429 (login throttles, rate limits), by route id",
    labelNames: ["route"] as const,
    registers: [registry],
  });
  new Gauge({
    name: "payonce_db_pool_connections",
    help: "PostgreSQL pool connections by state (none on PGlite)",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const pool = deps.database.pool();
      if (!pool) return;
      this.set({ state: "in_use" }, pool.total - pool.idle);
      this.set({ state: "idle" }, pool.idle);
    },
  });
  new Gauge({
    name: "payonce_db_pool_waiting",
    help: "Queries waiting for a PostgreSQL pool connection",
    registers: [registry],
    collect() {
      this.set(deps.database.pool()?.waiting ?? 0);
    },
  });
  // One read of the backlog per scrape, shared by its four gauges.
  // A database outage leaves these gauges as last read: the scrape itself still answers.
  let backlogRead: Promise<Backlog | null> | null = null;
  const backlogNow = () => {
    backlogRead ??= deps.backlog
      .read()
      .catch(() => null)
      .finally(() => {
        setImmediate(() => {
          backlogRead = null;
        });
      });
    return backlogRead;
  };
  new Gauge({
    name: "payonce_outbox_pending",
    help: "Outbox messages (e-mails and jobs) not yet done",
    registers: [registry],
    async collect() {
      const backlog = await backlogNow();
      if (backlog) this.set(backlog.outboxPending);
    },
  });
  new Gauge({
    name: "payonce_outbox_oldest_due_seconds",
    help: "How long the oldest pending outbox message has been due",
    registers: [registry],
    async collect() {
      const backlog = await backlogNow();
      if (backlog) this.set(backlog.outboxOldestDueSeconds);
    },
  });
  new Gauge({
    name: "payonce_partner_webhook_deliveries",
    help: "Partner webhook deliveries by status",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      const backlog = await backlogNow();
      for (const [status, n] of Object.entries(backlog?.webhooks ?? {})) this.set({ status }, n);
    },
  });
  new Gauge({
    name: "payonce_partner_webhook_oldest_pending_seconds",
    help: "Age of the oldest partner webhook delivery still pending",
    registers: [registry],
    async collect() {
      const backlog = await backlogNow();
      if (backlog) this.set(backlog.webhookOldestPendingSeconds);
    },
  });

  const children = new Map<string, Histogram.Internal<"method" | "route" | "status">>();

  return {
    registry,
    /** One answer: its duration in seconds. */
    observe(method: string, route: string, status: number, seconds: number) {
      // The labelled child, found once per combination (a hit costs a map lookup, not a hash
      // of its labels).
      const key = `${method} ${status} ${route}`;
      let child = children.get(key);
      if (!child) {
        child = duration.labels({ method, route, status: String(status) });
        children.set(key, child);
      }
      child.observe(seconds);
      if (status === 429) throttled.inc({ route });
    },
    cacheVerdict(layer: CacheLayer, result: string) {
      cache.inc({ layer, result: result.toLowerCase() });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** A request's route id for a label: never its URL. */
export function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (!pattern) return "unmatched";
  if (pattern !== PAGE_ROUTE) return pattern;
  const q = request.url.indexOf("?");
  const pathname = q === -1 ? request.url : request.url.slice(0, q);
  const page = matchPageRoute(pathname);
  return page ? `page:${page.id}` : "page:other";
}

/** Straight from this host, not through a proxy on it. */
function fromLoopback(request: FastifyRequest): boolean {
  const address = request.raw.socket.remoteAddress ?? "";
  const loopback = address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1";
  const headers = request.headers;
  return loopback && !headers["x-forwarded-for"] && !headers.forwarded && !headers["x-real-ip"];
}

/** Every answer observed, and `GET /metrics` for whoever may read it. */
export function registerMetrics(
  app: FastifyInstance,
  options: { metrics: Metrics; token: string | undefined },
) {
  const { metrics, token } = options;
  app.addHook("onResponse", async (request, reply) => {
    const route = routeLabel(request);
    metrics.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    const verdict = reply.getHeader("x-cache");
    if (typeof verdict === "string")
      metrics.cacheVerdict(route.startsWith("page:") ? "page" : "api", verdict);
  });

  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    const allowed = fromLoopback(request) || (token !== undefined && safeEqual(bearer, token));
    if (!allowed) return reply.status(404).send({ detail: "Not found." });
    const text = await metrics.registry.metrics();
    return reply.header("cache-control", "no-store").type(metrics.registry.contentType).send(text);
  });
}
