import type { FastifyReply, FastifyRequest } from "fastify";
import { forbidden, unauthenticated } from "../../domain/errors";
import type { SessionUser } from "../services/accounts/sessions";

/**
 * Route guards, used as `preValidation` hooks so that a route says who may call it next to its
 * schema: `{ preValidation: requireUser }`. They run before the body is validated, so a caller
 * who may not call the route gets 401 (not signed in) or 403 (signed in, not allowed), never a
 * field map that reveals what the route accepts; the handler then reads the user with
 * `signedInUser(request)`. Personal answers are never cached.
 */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.session?.user) throw unauthenticated();
  reply.header("cache-control", "private, no-store");
}

/** Staff only (the staff flag). */
export async function requireStaff(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(request, reply);
  if (!request.session?.user?.isStaff) throw forbidden();
}

/** Staff moderators: every staff account counts (domain/permissions.ts). */
export async function requireStaffModerator(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  await requireUser(request, reply);
  const user = request.session?.user;
  if (!user?.isStaff && !user?.isStaffModerator) throw forbidden();
}

/** The caller of a route guarded by one of the hooks above. */
export function signedInUser(request: FastifyRequest): SessionUser {
  const user = request.session?.user;
  if (!user) throw unauthenticated();
  return user;
}

/** A plain HTML form post (no JavaScript): answered with a redirect back to its page. */
export const isFormPost = (request: FastifyRequest): boolean =>
  request.headers["content-type"]?.startsWith("application/x-www-form-urlencoded") === true;
