import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

/**
 * An error a service or route raises on purpose; the error handler turns it into the status and
 * body of DESIGN.md's error mapping (400 field map, 401, 403, 404, 409, 413, 429).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly body?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export type FieldErrors = Record<string, string[]>;

export const badRequest = (fields: FieldErrors) => new HttpError(400, "Bad request", fields);
export const unauthorized = (detail = "Authentication credentials were not provided.") =>
  new HttpError(401, detail, { detail });
export const forbidden = (detail = "You do not have permission to perform this action.") =>
  new HttpError(403, detail, { detail });
export const notFound = (detail = "Not found.") => new HttpError(404, detail, { detail });
export const conflict = (detail: string) => new HttpError(409, detail, { detail });

/** Turns a zod issue path into the field name the API reports ("non_field_errors" for the form). */
function fieldName(path: ReadonlyArray<PropertyKey>): string {
  const first = path[0];
  return first === undefined ? "non_field_errors" : String(first);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(error.body ?? { detail: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldErrors = {};
      for (const issue of error.validation) {
        const path = (issue.params as { issue?: { path?: PropertyKey[] } }).issue?.path ?? [];
        const key = fieldName(path.length ? path : issue.instancePath.split("/").filter(Boolean));
        (fields[key] ??= []).push(issue.message ?? "Invalid value.");
      }
      return reply.status(400).send(fields);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ detail: "Request was throttled. Please try again later." });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, unsupported media types, oversized bodies, bad multipart: the client's fault.
      return reply.status(status).send({ detail: error.message });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ detail: "Whoops! Something went wrong on our end." });
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send({ detail: "Not found." });
  });
}
