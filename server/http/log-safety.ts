import type { FastifyRequest } from "fastify";

// What the logs may carry (DESIGN.md, Failure: "Error logs carry a cause code, never SQL
// parameter values"). Logs travel to places with weaker access rules than the database: an
// e-mailed token in an access log is a password reset for whoever reads it, and a failed
// query's parameters are billing names, addresses, tax ids and e-mails.

export const REDACTED = "[redacted]";

// The pages and links whose path segment is a secret (app/routes.ts): the password reset link,
// the e-mail verification link and the unsubscribe link, with React Router's `.data` twin.
const SECRET_SEGMENT =
  /^(\/accounts\/password\/reset\/|\/account\/email\/verify\/|\/email\/unsubscribe\/)[^/?#]+/;
// Query values that are secrets wherever they appear (the Google callback's code and state).
const SECRET_QUERY = new Set(["token", "code", "state"]);

/** The URL with the token of a reset, verification or unsubscribe link and secret query values redacted. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const safePath = path.replace(SECRET_SEGMENT, `$1${REDACTED}`);
  if (queryAt === -1) return safePath;
  const query = url
    .slice(queryAt + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      if (eq === -1) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, " "));
      } catch {
        // A malformed escape: judge the name as written.
      }
      return SECRET_QUERY.has(name.toLowerCase()) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join("&");
  return `${safePath}?${query}`;
}

/** Fastify's own request serializer (lib/logger-pino.js), with the URL redacted. */
export function serializeRequestForLog(request: FastifyRequest) {
  const version = request.headers?.["accept-version"];
  return {
    method: request.method,
    url: redactUrl(request.url ?? ""),
    version: version === undefined ? undefined : String(version),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export type LoggedError = {
  type: string;
  message: string;
  code?: string;
  sqlState?: string;
  constraint?: string;
  statusCode?: number;
  /** The stack frames ("" when unknown); for a database error without the message lines. */
  stack: string;
  cause?: LoggedError;
};

const produced = new WeakSet<object>();
const SQLSTATE = /^[0-9A-Z]{5}$/;
// Drizzle's "Failed query: <sql>\nparams: <values>"; the SQL text has only placeholders.
const PARAMS_SUFFIX = /\s*\bparams:[\s\S]*$/;

type Fields = Record<string, unknown>;

const asFields = (value: unknown): Fields | null =>
  typeof value === "object" && value !== null ? (value as Fields) : null;

/**
 * True for an error from the database layer or one wrapping it: a SQLSTATE code, or the fields
 * in which Drizzle (`query`, `params`), postgres.js (`query`, `parameters`, `args`) and PGlite
 * (`query`, `params`) keep the statement and its values.
 */
function isDatabaseError(error: unknown): boolean {
  let e = asFields(error);
  for (let depth = 0; e && depth < 5; depth++) {
    const code = e.code;
    if (typeof code === "string" && SQLSTATE.test(code)) return true;
    if ("params" in e || "parameters" in e || ("query" in e && typeof e.query === "string")) {
      return true;
    }
    e = asFields(e.cause);
  }
  return false;
}

/** The stack's frames without its first line(s), which repeat the message. */
function framesOnly(stack: unknown): string {
  if (typeof stack !== "string") return "";
  return stack
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .join("\n");
}

/** The first SQLSTATE along the cause chain (Drizzle keeps the driver's error as its cause). */
function chainSqlState(error: Fields): string | undefined {
  let e: Fields | null = error;
  for (let depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === "string" && SQLSTATE.test(e.code)) return e.code;
    e = asFields(e.cause);
  }
  return undefined;
}

function databaseError(error: Fields, depth: number): LoggedError {
  const code = typeof error.code === "string" ? error.code : undefined;
  const sqlState = chainSqlState(error);
  const name = typeof error.name === "string" ? error.name : "Error";
  // PostgreSQL's data exceptions (class 22) quote the offending input in their message.
  const rawMessage = typeof error.message === "string" ? error.message : "";
  const message = code?.startsWith("22")
    ? "data exception"
    : rawMessage.replace(PARAMS_SUFFIX, "").slice(0, 2000);
  const constraint = error.constraint ?? error.constraint_name;
  const cause = asFields(error.cause);
  return {
    type: name,
    message,
    ...(code && code !== sqlState ? { code } : {}),
    ...(sqlState ? { sqlState } : {}),
    ...(typeof constraint === "string" ? { constraint } : {}),
    stack: depth === 0 ? framesOnly(error.stack) : "",
    ...(cause && depth < 4 ? { cause: databaseError(cause, depth + 1) } : {}),
  };
}

function plainError(error: Fields, depth: number): LoggedError {
  const cause = asFields(error.cause);
  return {
    type: typeof error.name === "string" ? error.name : "Error",
    message: typeof error.message === "string" ? error.message : "",
    ...(typeof error.code === "string" ? { code: error.code } : {}),
    ...(typeof error.statusCode === "number" ? { statusCode: error.statusCode } : {}),
    stack: typeof error.stack === "string" ? error.stack : "",
    ...(cause && depth < 4 ? { cause: plainError(cause, depth + 1) } : {}),
  };
}

/**
 * An error as it may be logged: for a database error (or one wrapping it) its SQLSTATE, its
 * message without the parameter values, and its stack frames, never the `params`, `parameters`,
 * `query` fields or PostgreSQL's `detail` (which quotes the row). Also the logger's `err`
 * serializer (server/app.ts), so every `log.error({ err })` goes through it.
 */
export function safeErrorForLog(error: unknown): LoggedError {
  const fields = asFields(error);
  if (fields && produced.has(fields)) return fields as LoggedError;
  const safe: LoggedError = !fields
    ? { type: typeof error, message: String(error).slice(0, 200), stack: "" }
    : isDatabaseError(fields)
      ? databaseError(fields, 0)
      : plainError(fields, 0);
  produced.add(safe);
  return safe;
}
