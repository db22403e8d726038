import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config";
import type { Services } from "../services";
import type { SessionState } from "../services/accounts/sessions";
import { setSessionCookie } from "../web/cookies";
import { ensureCsrfCookie } from "../web/session-plugin";

/**
 * The request's session, starting one (sessions.startAnonymous, the same use case the cart page
 * calls) with its cookie for a visitor who has none. The CSRF token the visitor may already hold
 * is kept: nothing about who they are changed.
 */
export async function sessionOrAnonymous(
  request: FastifyRequest,
  reply: FastifyReply,
  services: Services,
  config: Config,
): Promise<SessionState> {
  if (request.session) return request.session;
  const started = await services.sessions.startAnonymous();
  setSessionCookie(reply, config, started);
  ensureCsrfCookie(request, reply, config);
  request.session = started.session;
  return started.session;
}
