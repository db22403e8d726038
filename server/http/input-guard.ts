import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

export const NUL_REFUSED = "Invalid input: the NUL character is not allowed.";

const FORM_TYPE = "application/x-www-form-urlencoded";
// Deeper than any body we accept; a pathological nesting is refused rather than walked.
const MAX_DEPTH = 32;

/** True when a decoded value (string, Buffer, array or object, keys included) holds a NUL. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (value === null || typeof value !== "object") return false;
  if (depth > MAX_DEPTH) return true;
  // A page form's raw body (server/http/react-router.ts): judged as the fields it decodes to.
  if (Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (key.includes("\u0000") || holdsNul(item, depth + 1)) return true;
  }
  return false;
}

function formBodyHoldsNul(request: FastifyRequest): boolean {
  const body = request.body;
  if (!Buffer.isBuffer(body)) return false;
  if (!(request.headers["content-type"] ?? "").toLowerCase().startsWith(FORM_TYPE)) return false;
  for (const [key, value] of new URLSearchParams(body.toString("utf8"))) {
    if (key.includes("\u0000") || value.includes("\u0000")) return true;
  }
  return false;
}

function refuse(request: FastifyRequest, reply: FastifyReply) {
  if (request.url.startsWith("/api/")) return reply.status(400).send({ detail: NUL_REFUSED });
  return reply.status(400).type("text/plain; charset=utf-8").send("Bad Request");
}

/**
 * One rule for every route, API and pages alike: a NUL character in any decoded value (path,
 * query, body field, multipart field) is a 400. PostgreSQL text cannot hold one ("invalid byte
 * sequence 0x00"), so without this rule it surfaced as a 500 wherever input reached a query.
 */
export function registerInputGuard(app: FastifyInstance): void {
  // The URL first, before the session is loaded: in a URL only "%00" decodes to NUL (Node refuses
  // a raw NUL byte in the request line).
  app.addHook("onRequest", async (request, reply) => {
    if (request.url.includes("%00")) return refuse(request, reply);
  });
  // Bodies as parsed, before route schemas validate them (validation strips unknown keys, and a
  // refusal must not depend on which keys a route happens to know)...
  const check = async (request: FastifyRequest, reply: FastifyReply) => {
    if (holdsNul(request.query) || holdsNul(request.params)) return refuse(request, reply);
    if (holdsNul(request.body) || formBodyHoldsNul(request)) return refuse(request, reply);
  };
  app.addHook("preValidation", check);
  // ...and again once every parser has run (multipart fields are read in a preValidation hook of
  // the routes that take them), before the handler.
  app.addHook("preHandler", check);
}
