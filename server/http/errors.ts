import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { FieldErrors } from "../../domain/errors";
import { isDomainError, retryAfterHeaders, statusOf } from "../web/errors";

/** Turns a zod issue path into the field name the API reports ("non_field_errors" for the form). */
function fieldName(path: ReadonlyArray<PropertyKey>): string {
  const first = path[0];
  return first === undefined ? "non_field_errors" : String(first);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isDomainError(error)) {
      return reply.status(statusOf(error)).headers(retryAfterHeaders(error)).send(error.body);
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
