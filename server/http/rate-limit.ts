import type { FastifyRequest } from "fastify";
import { throttled } from "../../domain/errors";
import type { LimitName, Limits } from "../services/limits/limits";

declare module "fastify" {
  interface FastifyInstance {
    /** The app's rate limits (services.limits), decorated in server/app.ts. */
    limits: Limits;
  }
}

export const THROTTLED_DETAIL = "Request was throttled. Please try again later.";

/**
 * A route hook that counts the request against the named limit (server/services/limits) under
 * the key `keyOf` gives, and answers 429 with Retry-After once it is spent:
 * `{ preHandler: rateLimited("short-links.create", byAddress) }`.
 */
export function rateLimited(
  name: LimitName,
  keyOf: (request: FastifyRequest) => string,
  detail: (retryAfterSeconds: number) => string = () => THROTTLED_DETAIL,
) {
  return async (request: FastifyRequest): Promise<void> => {
    const decision = await request.server.limits.consume(name, keyOf(request));
    if (!decision.allowed) {
      throw throttled(detail(decision.retryAfterSeconds), decision.retryAfterSeconds);
    }
  };
}

/** The client's address. */
export const byAddress = (request: FastifyRequest) => `ip:${request.ip}`;

/** The signed-in user (one person, whatever their address), else the address. */
export const byUserOrAddress = (request: FastifyRequest) => {
  const user = request.session?.user;
  return user ? `user:${user.id}` : `ip:${request.ip}`;
};
