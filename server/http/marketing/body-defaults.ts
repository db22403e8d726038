import type { FastifyRequest } from "fastify";
import { z } from "zod";

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

/**
 * The sign-up forms may also come as multipart (spec 001 section 7): fields only, which become the
 * body as a JSON or urlencoded body's would. A file part is refused.
 */
export const FIELDS_ONLY_MULTIPART = {
  attachFieldsToBody: "keyValues",
  limits: { files: 0, fields: 20, fieldSize: 10_000, parts: 20 },
} as const;

/** The 200 answer of an e-mail sign-up (capture, waitlist, restock notification). */
export const signedUpResponse = z.looseObject({
  detail: z.string(),
  email_subscribed: z.literal(true),
});
