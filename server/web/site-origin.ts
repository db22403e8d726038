import type { FastifyRequest } from "fastify";

// Which origins are the site's own, for the checks that compare a browser's Origin header: the
// session plugin's CSRF rule for page forms, the sign-in rule (server/http/login-csrf.ts) and
// React Router's action check (it compares Origin with the request URL server/http/react-router.ts
// builds). Behind a TLS proxy the socket says http://<internal host> while the browser says
// https://<PUBLIC_URL's host>: PUBLIC_URL's origin is always ours. The origin seen on the request
// (protocol and host) counts too; Fastify takes them from X-Forwarded-Proto/-Host only when
// TRUST_PROXY trusts the proxy, else from the socket and the Host header.

/** The request's own origin, as Fastify sees it (forwarded headers only when trusted). */
export const requestOrigin = (request: FastifyRequest): string =>
  `${request.protocol}://${request.host}`;

/** PUBLIC_URL's origin ("https://shop.example"), computed once at start-up. */
export const publicOriginOf = (publicUrl: string): string => new URL(publicUrl).origin;

export function isOwnOrigin(
  origin: string | undefined,
  request: FastifyRequest,
  publicOrigin: string,
): boolean {
  return origin !== undefined && (origin === publicOrigin || origin === requestOrigin(request));
}

/**
 * The origin to give the web Request React Router sees: the browser's Origin when it is one of
 * ours (so React Router's own check agrees with ours), else the request's own origin.
 */
export function siteOriginFor(request: FastifyRequest, publicOrigin: string): string {
  const origin = request.headers.origin;
  return isOwnOrigin(origin, request, publicOrigin) ? (origin as string) : requestOrigin(request);
}
