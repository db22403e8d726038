import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";

/** An id a proxy or load balancer sent along: kept if it is short and plain (it only labels logs). */
const FORWARDED_ID = /^[\w.:-]{1,64}$/;

/**
 * Fastify's `genReqId`: the id a proxy sent in `X-Request-Id`, else a UUID, unique across workers
 * and restarts (Fastify's default counter starts again at req-1 in every process). Every log line
 * of the request carries it as `reqId`.
 */
export function requestIdOf(request: { headers: Record<string, unknown> }): string {
  const forwarded = request.headers["x-request-id"];
  return typeof forwarded === "string" && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID();
}

const startedAt = new WeakMap<FastifyRequest, number>();

/**
 * The id goes back in the answer's `X-Request-Id`, so a shopper's report or a failed probe can be
 * found in the log; and a request its client abandoned still ends with a line of its own (Fastify
 * logs "request completed" only when a response finishes, which an abandoned one never does).
 */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    startedAt.set(request, performance.now());
    reply.header("x-request-id", request.id);
  });
  app.addHook("onRequestAbort", async (request) => {
    const start = startedAt.get(request);
    request.log.info(
      {
        cause: "client_aborted",
        url: request.url,
        ...(start === undefined ? {} : { responseTime: performance.now() - start }),
      },
      "request aborted",
    );
  });
}
