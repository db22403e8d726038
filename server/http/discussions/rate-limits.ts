import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { DomainError } from "../../../domain/errors";

/** Per-user limits (rate-limit counters are per process, in memory). */
export const RATE_LIMITS = {
  /** New reviews and questions, per user, both lists together. */
  create: { max: 10, timeWindow: 60_000 },
  reply: { max: 20, timeWindow: 60_000 },
  edit: { max: 20, timeWindow: 60_000 },
  vote: { max: 60, timeWindow: 60_000 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** An onRequest hook that refuses a caller over the named limit with a 429. */
export type PerUserLimit = (
  name: RateLimitName,
) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The counter's key: the signed-in user (one person, whatever their address), else the address. */
const rateLimitKey = (name: RateLimitName) => (request: FastifyRequest) => {
  const user = request.session?.user;
  return `discussions:${name}:${user ? `user:${user.id}` : `ip:${request.ip}`}`;
};

/**
 * One counter per limit, shared by every route that uses it (reviews and questions together),
 * checked in each route's onRequest hook. Needs @fastify/rate-limit registered on `app`.
 */
export function perUserLimits(app: FastifyInstance): PerUserLimit {
  const limiters = Object.fromEntries(
    (Object.keys(RATE_LIMITS) as RateLimitName[]).map((name) => [
      name,
      app.createRateLimit({ ...RATE_LIMITS[name], keyGenerator: rateLimitKey(name) }),
    ]),
  ) as Record<RateLimitName, ReturnType<typeof app.createRateLimit>>;
  return (name) => async (request, reply) => {
    const result = await limiters[name](request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header("retry-after", String(Math.max(1, result.ttlInSeconds)));
      throw new DomainError("throttled", {
        detail: `Request was throttled. Expected available in ${Math.max(1, result.ttlInSeconds)} seconds.`,
      });
    }
  };
}
