import type { FastifyRequest } from "fastify";

/**
 * `preValidation` hooks that complete a marketing form's body before its route schema checks it,
 * so the schema alone decides what is valid.
 */

const fieldsOf = (body: unknown): Record<string, unknown> =>
  body && typeof body === "object" && !Array.isArray(body)
    ? { ...(body as Record<string, unknown>) }
    : {};

/** A POST without a body is checked as `{}`: its refusals then name the missing fields. */
export async function emptyBodyAsObject(request: FastifyRequest): Promise<void> {
  request.body ??= {};
}

/** A signed-in user may leave the address out: their primary e-mail is used. */
export const userEmailDefault =
  (field: string) =>
  async (request: FastifyRequest): Promise<void> => {
    const body = fieldsOf(request.body);
    const email = request.session?.user?.email;
    const given = body[field];
    if (email && (given === undefined || given === null || given === "")) body[field] = email;
    request.body = body;
  };
