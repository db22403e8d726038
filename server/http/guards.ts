import type { FastifyReply, FastifyRequest } from "fastify";
import type { SessionUser } from "../services/accounts/sessions";
import { unauthenticated } from "../../domain/errors";

/** The signed-in caller of an account call (401 otherwise); personal answers are never cached. */
export function accountUser(request: FastifyRequest, reply: FastifyReply): SessionUser {
  const user = request.session?.user;
  if (!user) throw unauthenticated();
  reply.header("cache-control", "private, no-store");
  return user;
}

/** A plain HTML form post (no JavaScript): answered with a redirect back to its page. */
export const isFormPost = (request: FastifyRequest): boolean =>
  request.headers["content-type"]?.startsWith("application/x-www-form-urlencoded") === true;
