// The security headers (CSP, referrer policy, nosniff...) computed ONCE from helmet's options.
// @fastify/helmet runs helmet(options) on every request, which re-validates and re-serialises the
// Content-Security-Policy each time (measured at about a fifth of a cached page hit's CPU). Our
// policy has no per-request part (no nonces), so the headers are a constant.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

/** The headers helmet would set with `options`, as name -> value. */
export function computeSecurityHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name.toLowerCase(), String(value)]);
    },
    removeHeader() {},
  } as unknown as ServerResponse;
  let done = false;
  helmet(options)({} as IncomingMessage, res, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  // helmet's middlewares are synchronous; anything else would mean per-request headers.
  if (!done) throw new Error("helmet did not finish synchronously");
  return headers;
}

/** Sets the precomputed headers on every response, as @fastify/helmet did (on the raw response). */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = computeSecurityHeaders(options);
  app.addHook("onRequest", (_request, reply, next) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    next();
  });
}
