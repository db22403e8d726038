import type { FastifyReply, FastifyRequest } from "fastify";
import { byUserOrAddress, rateLimited } from "../rate-limit";

/** The discussion limits of server/services/limits (discussions.*), reviews and questions together. */
export type RateLimitName = "create" | "reply" | "edit" | "vote" | "flag";

/** An onRequest hook that refuses a caller over the named limit with a 429. */
export type PerUserLimit = (
  name: RateLimitName,
) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** One counter per limit and person (the signed-in user, else the address). */
export function perUserLimits(): PerUserLimit {
  return (name) =>
    rateLimited(
      `discussions.${name}`,
      byUserOrAddress,
      (seconds) => `Request was throttled. Expected available in ${seconds} seconds.`,
    );
}
