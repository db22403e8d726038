/**
 * Outages: the database (or Redis) unreachable, restarting or too slow. Both doors answer them the
 * same way, a short 503 with Retry-After (server/http/outage.ts), never a 500 or a hang: the
 * request was fine and will work again in a few seconds.
 */
export type OutageCode = "db_unavailable" | "db_timeout" | "redis_unavailable";

/** Seconds a client should wait before retrying: PostgreSQL restarts take a few seconds. */
export const OUTAGE_RETRY_AFTER_S = 5;

export const OUTAGE_MESSAGE =
  "The service is temporarily unavailable. Please try again in a few seconds.";

// Socket-level errors of the connection to PostgreSQL or Redis.
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

// SQLSTATEs of a server that is going away or not taking connections (class 08: connection
// exception; 57P01-03: admin or crash shutdown, cannot connect now; 53300: too many connections).
const UNAVAILABLE_STATES = /^(08...|57P0[1-3]|53300)$/;
// 57014: query_canceled, which is what statement_timeout raises.
const TIMEOUT_STATES = new Set(["57014"]);

// node-postgres reports its own deadlines and lost connections as plain Errors, by message.
const TIMEOUT_MESSAGES =
  /timeout exceeded when trying to connect|connection timeout|Query read timeout/i;
const UNAVAILABLE_MESSAGES =
  /Connection terminated|Client has encountered a connection error|not queryable|Cannot use a pool after calling end/i;

const REDIS_MESSAGES =
  /Connection is closed|Stream isn't writeable|enableOfflineQueue|max retries per request/i;

/** The outage an error is, looking through the wrappers (Drizzle's, AggregateError's) to the cause. */
export function outageOf(error: unknown): OutageCode | undefined {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.size < 10) {
    const e = queue.shift();
    if (!e || typeof e !== "object" || seen.has(e)) continue;
    seen.add(e);
    const { code, message, name, cause, errors } = e as {
      code?: unknown;
      message?: unknown;
      name?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    // Drizzle's wrapper carries the SQL in its message: only its cause is judged.
    const text = typeof message === "string" && !message.startsWith("Failed query") ? message : "";
    const isRedis =
      (typeof name === "string" && /Redis|MaxRetriesPerRequest/.test(name)) ||
      REDIS_MESSAGES.test(text) ||
      (e as { redisOutage?: boolean }).redisOutage === true;
    if (typeof code === "string") {
      if (TIMEOUT_STATES.has(code)) return "db_timeout";
      if (UNAVAILABLE_STATES.test(code)) return "db_unavailable";
      if (NETWORK_CODES.has(code)) return isRedis ? "redis_unavailable" : "db_unavailable";
    }
    if (isRedis && (name === "MaxRetriesPerRequestError" || REDIS_MESSAGES.test(text))) {
      return "redis_unavailable";
    }
    if (TIMEOUT_MESSAGES.test(text)) return "db_timeout";
    if (UNAVAILABLE_MESSAGES.test(text)) return "db_unavailable";
    if (cause) queue.push(cause);
    if (Array.isArray(errors)) queue.push(...errors);
  }
  return undefined;
}
