import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { FieldErrors } from "../../domain/errors";
import { isDomainError, retryAfterHeaders, statusOf } from "../web/errors";
import { isClientAbort } from "./compression";
import { redactUrl, safeErrorForLog } from "./log-safety";
import { outageOf, sendOutage } from "./outage";

/** Turns a zod issue path into the field name the API reports ("non_field_errors" for the form). */
function fieldName(path: ReadonlyArray<PropertyKey>): string {
  const first = path[0];
  return first === undefined ? "non_field_errors" : String(first);
}

const INVALID_INPUT = "Invalid input.";

/**
 * The SQLSTATE of a database error: node-postgres and PGlite both carry it as `code`; Drizzle wraps
 * either in an error whose `cause` is the driver's.
 */
function sqlState(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

// busboy's refusals of a malformed multipart body (plain Errors without a status code).
const MULTIPART_PARSE_ERROR =
  /multipart data|Boundary not found|Boundary required|needle|Malformed|Unexpected end of form/i;

function isMultipartParseError(error: FastifyError, contentType: string | undefined): boolean {
  return (
    error.statusCode === undefined &&
    (contentType ?? "").toLowerCase().startsWith("multipart/") &&
    MULTIPART_PARSE_ERROR.test(error.message)
  );
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // The client went away mid-answer (a streamed page): nothing to send, nothing failed.
    if (isClientAbort(error, reply)) {
      request.log.info({ url: redactUrl(request.url) }, "client went away before the answer ended");
      return;
    }
    if (isDomainError(error)) {
      // A typed refusal carries its code after the messages (clients show the first message).
      const body = error.code ? { ...error.body, code: error.code } : error.body;
      return reply.status(statusOf(error)).headers(retryAfterHeaders(error)).send(body);
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
    // The database or Redis unreachable, restarting or too slow: a short 503, not our bug.
    const outage = outageOf(error);
    if (outage) return sendOutage(request, reply, outage);
    // Backstop behind the route schemas and the input guard: PostgreSQL's data exceptions
    // (class 22: invalid text representation, numeric out of range, invalid byte sequence...)
    // are the client's input, not our failure. Logged without the query's parameter values.
    const state = sqlState(error);
    if (state?.startsWith("22")) {
      request.log.warn(
        { sqlState: state, route: request.routeOptions.url },
        "input refused by the database",
      );
      return reply.status(400).send({ detail: INVALID_INPUT });
    }
    if (isMultipartParseError(error, request.headers["content-type"])) {
      return reply.status(400).send({ detail: "The multipart body could not be read." });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ detail: "Request was throttled. Please try again later." });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, unsupported media types, oversized bodies, bad multipart: the client's fault.
      return reply.status(status).send({ detail: error.message });
    }
    request.log.error(
      { err: safeErrorForLog(error), route: request.routeOptions.url },
      "unhandled error",
    );
    return reply.status(500).send({ detail: "Whoops! Something went wrong on our end." });
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send({ detail: "Not found." });
  });
}
