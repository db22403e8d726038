import { type SetCookie, stringifySetCookie } from "cookie";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config";
import { newToken } from "../services/accounts/sessions";

/**
 * Every cookie the app sets, defined once: the JSON API writes them with Fastify's setCookie and
 * page actions (React Router) as Set-Cookie header values, both from the options below, so the
 * two doors cannot drift apart. Services never see a cookie.
 */
export const SESSION_COOKIE = "sessionid";
export const CSRF_COOKIE = "csrftoken";

const CSRF_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export type CookieOptions = Omit<SetCookie, "name" | "value">;

/** Path=/, SameSite=Lax, Secure when COOKIE_SECURE; HttpOnly unless scripts must read it. */
export function cookieOptions(
  config: Config,
  httpOnly: boolean,
  maxAgeSeconds?: number,
): CookieOptions {
  return {
    path: "/",
    httpOnly,
    sameSite: "lax",
    secure: config.cookieSecure,
    ...(maxAgeSeconds ? { maxAge: maxAgeSeconds } : {}),
  };
}

/** The session cookie: scripts never read it. */
export const sessionCookieOptions = (config: Config, maxAgeSeconds: number) =>
  cookieOptions(config, true, maxAgeSeconds);

/** The CSRF cookie: readable by our scripts, which echo it in X-CSRFToken (double submit). */
export const csrfCookieOptions = (config: Config) =>
  cookieOptions(config, false, CSRF_MAX_AGE_SECONDS);

/** Signing out: the session cookie expires at once. */
const clearedSessionOptions = (config: Config): CookieOptions => ({
  ...cookieOptions(config, true),
  maxAge: 0,
  expires: new Date(0),
});

export type StartedSession = { token: string; maxAgeSeconds: number };

// --- Page actions (React Router): Set-Cookie header values ---

/** A started session and a fresh CSRF token (rotated at every sign-in). */
export function sessionSetCookies(config: Config, started: StartedSession): string[] {
  return [
    stringifySetCookie({
      name: SESSION_COOKIE,
      value: started.token,
      ...sessionCookieOptions(config, started.maxAgeSeconds),
    }),
    stringifySetCookie({ name: CSRF_COOKIE, value: newToken(), ...csrfCookieOptions(config) }),
  ];
}

/** Signed out: the session cookie cleared and the CSRF token rotated. */
export function clearedSessionSetCookies(config: Config): string[] {
  return [
    stringifySetCookie({ name: SESSION_COOKIE, value: "", ...clearedSessionOptions(config) }),
    stringifySetCookie({ name: CSRF_COOKIE, value: newToken(), ...csrfCookieOptions(config) }),
  ];
}

// --- The JSON API (Fastify): the same options through reply.setCookie ---

export function setSessionCookie(reply: FastifyReply, config: Config, started: StartedSession) {
  reply.setCookie(
    SESSION_COOKIE,
    started.token,
    sessionCookieOptions(config, started.maxAgeSeconds),
  );
}

/** A started session and a fresh CSRF token, as sessionSetCookies for pages. */
export function startSessionCookies(reply: FastifyReply, config: Config, started: StartedSession) {
  setSessionCookie(reply, config, started);
  rotateCsrfCookie(reply, config);
}

export function clearSessionCookies(reply: FastifyReply, config: Config) {
  reply.setCookie(SESSION_COOKIE, "", clearedSessionOptions(config));
  rotateCsrfCookie(reply, config);
}

/** Gives the browser a CSRF token if it has none; returns the token in force. */
export function ensureCsrfCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Config,
): string {
  const existing = request.cookies[CSRF_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{20,100}$/.test(existing)) return existing;
  const token = newToken();
  reply.setCookie(CSRF_COOKIE, token, csrfCookieOptions(config));
  return token;
}

export function rotateCsrfCookie(reply: FastifyReply, config: Config): void {
  reply.setCookie(CSRF_COOKIE, newToken(), csrfCookieOptions(config));
}

/** The Set-Cookie values page actions send, bound to the configuration (in the load context). */
export function pageCookies(config: Config) {
  return {
    signedIn: (started: StartedSession) => sessionSetCookies(config, started),
    signedOut: () => clearedSessionSetCookies(config),
  };
}

export type PageCookies = ReturnType<typeof pageCookies>;
