import { randomBytes } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  EmailSettingsSchema,
  PasswordResetConfirmSchema,
  PasswordResetSchema,
  SessionSignupSchema,
  SetPasswordSchema,
  SignupSchema,
} from "../../../domain/schemas/auth";
import type { Config } from "../../config";
import type { Services } from "../../services";
import {
  accountSetup,
  type EmailEntry,
  PASSWORD_SET,
  RESET_SENT,
} from "../../services/accounts/accounts";
import { safeNextPath } from "../../services/accounts/next-path";
import { cookieOptions, SESSION_COOKIE, startSessionCookies } from "../../web/cookies";
import { isDomainError, statusOf } from "../../web/errors";
import { userJson } from "../../web/presenters";
import { safeEqual } from "../../web/tokens";
import { requireUser, signedInUser } from "../guards";
import { errorResponses, fieldErrorsResponse, redirectResponse } from "../schemas";
import { emailListResponse, htmlPage, profileResponse, userAnswer, userResponse } from "./schemas";

const detailAnswer = z.looseObject({ detail: z.string() });

const GOOGLE_STATE_COOKIE = "google_oauth_state";
const GOOGLE_AUTHORIZE = "https://accounts.google.com/o/oauth2/v2/auth";
const GOOGLE_TOKEN = "https://oauth2.googleapis.com/token";
const GOOGLE_USERINFO = "https://openidconnect.googleapis.com/v1/userinfo";

export const emailListJson = (list: EmailEntry[]) =>
  list.map((e) => ({ id: e.id, email: e.email, verified: e.verified, primary: e.primary }));

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} | Payonce</title></head><body style="font-family:system-ui,sans-serif;color:#1d1d2c;max-width:32rem;margin:6rem auto;padding:0 1rem;text-align:center"><h1 style="font-size:1.5rem">${title}</h1>${body}<p><a href="/accounts/login/" style="display:inline-block;margin-top:1.5rem;background:#ffc629;color:#1d1d2c;padding:.6rem 1.2rem;border-radius:999px;font-weight:600;text-decoration:none">Log in with email instead</a></p></body></html>`;
}

export const accountRoutes: FastifyPluginAsyncZod<{ config: Config; services: Services }> = async (
  app,
  { config, services },
) => {
  const { accounts, sessions } = services;

  app.post(
    "/api/users/signup/",
    {
      schema: {
        tags: ["users"],
        summary: "Create an account and sign in",
        body: SignupSchema,
        response: { 201: userAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      const started = await accounts.signup({
        email: request.body.email,
        password: request.body.password,
        ip: request.ip,
        session: request.session,
      });
      startSessionCookies(reply, config, started);
      const session = await sessions.load(started.token);
      return reply.status(201).send({ user: userJson(session?.user ?? null) });
    },
  );

  app.post(
    "/api/users/session-signup/",
    {
      schema: {
        tags: ["users"],
        summary: "Create an account from an e-mail alone (after checkout), optionally signed in",
        body: SessionSignupSchema,
        response: {
          201: z.looseObject({ user: userResponse, created: z.boolean() }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const started = await accounts.sessionSignup({
        email: request.body.email,
        token: request.body.token,
        autoLogin: request.body.auto_login_user,
        ip: request.ip,
        session: request.session,
      });
      if (!started.token) {
        return reply.status(201).send({ user: userJson(null), created: true });
      }
      startSessionCookies(reply, config, started);
      const session = await sessions.load(started.token);
      return reply.status(201).send({ user: userJson(session?.user ?? null), created: true });
    },
  );

  app.get(
    "/api/users/profile/",
    {
      schema: {
        tags: ["users"],
        summary: "The signed-in account, its e-mails and setup state",
        response: { 200: profileResponse, ...errorResponses },
      },
      preValidation: requireUser,
    },
    async (request, reply) => {
      const user = signedInUser(request);
      reply.header("cache-control", "private, no-store");
      const setup = accountSetup(user);
      return {
        user: userJson(user),
        emailaddress_list: emailListJson(await accounts.listEmails(user.id)),
        account_setup: {
          needs_password: setup.needsPassword,
          needs_email_verification: setup.needsEmailVerification,
          message: setup.message,
        },
      };
    },
  );

  app.post(
    "/api/users/password/",
    {
      schema: {
        tags: ["users"],
        summary: "Set the account password (current_password required when it has one)",
        body: SetPasswordSchema,
        response: {
          200: z.looseObject({ detail: z.string(), user: userResponse }),
          ...errorResponses,
        },
      },
      preValidation: requireUser,
    },
    async (request) => {
      const user = signedInUser(request);
      await accounts.setPassword(
        user,
        {
          password: request.body.password,
          currentPassword: request.body.current_password,
          ip: request.ip,
        },
        request.session?.id,
      );
      const session = request.session ? await sessions.load(request.cookies[SESSION_COOKIE]) : null;
      return { detail: PASSWORD_SET, user: userJson(session?.user ?? null) };
    },
  );

  app.post(
    "/api/users/password/reset/",
    {
      schema: {
        tags: ["users"],
        summary: "E-mail a password reset link (same answer whether or not the account exists)",
        body: PasswordResetSchema,
        response: { 200: detailAnswer, ...errorResponses },
      },
    },
    async (request, _reply) => {
      await accounts.requestPasswordReset(request.body.email, request.ip);
      return { detail: RESET_SENT };
    },
  );

  app.post(
    "/api/users/password/reset/confirm/",
    {
      schema: {
        tags: ["users"],
        summary: "Choose a new password with the e-mailed token",
        body: PasswordResetConfirmSchema,
        response: { 200: detailAnswer, ...errorResponses },
      },
    },
    async (request, _reply) => {
      await accounts.confirmPasswordReset(request.body.token, request.body.password);
      return { detail: PASSWORD_SET };
    },
  );

  app.get(
    "/api/users/emails/",
    {
      schema: {
        tags: ["users"],
        summary: "The account's e-mail addresses (emailaddress_list)",
        response: {
          200: z.looseObject({ emailaddress_list: emailListResponse }),
          ...errorResponses,
        },
      },
      preValidation: requireUser,
    },
    async (request, reply) => {
      const user = signedInUser(request);
      reply.header("cache-control", "private, no-store");
      return { emailaddress_list: emailListJson(await accounts.listEmails(user.id)) };
    },
  );

  app.post(
    "/api/users/emails/",
    {
      schema: {
        tags: ["users"],
        summary: "E-mail settings: add (with password), remove, verify (resend) or primary",
        body: EmailSettingsSchema,
        response: {
          200: z.looseObject({ detail: z.string(), emailaddress_list: emailListResponse }),
          ...errorResponses,
        },
      },
      preValidation: requireUser,
    },
    async (request, _reply) => {
      const user = signedInUser(request);
      const detail = await accounts.emailAction(
        user,
        request.body,
        request.ip,
        request.session?.id,
      );
      return { detail, emailaddress_list: emailListJson(await accounts.listEmails(user.id)) };
    },
  );

  // One-tap sign-in (spec 001 section 7): a real OAuth 2.0 authorization-code flow with Google
  // when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set; a plain explanation otherwise.
  const redirectUri = `${config.publicUrl.replace(/\/$/, "")}/api/users/login/google/callback/`;

  app.get(
    "/api/users/login/google/",
    {
      schema: {
        tags: ["users"],
        summary: "Sign in with Google (redirects to Google when configured)",
        querystring: z.object({ next: z.string().optional() }),
        response: { 302: redirectResponse, 501: htmlPage },
      },
    },
    async (request, reply) => {
      if (!config.googleClientId || !config.googleClientSecret) {
        return reply
          .status(501)
          .type("text/html; charset=utf-8")
          .send(
            page(
              "Google sign-in is not configured",
              "<p>This Payonce server has no Google credentials (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET), so signing in with Google is not available here.</p>",
            ),
          );
      }
      const state = randomBytes(24).toString("base64url");
      const next = safeNextPath(request.query.next);
      reply.setCookie(GOOGLE_STATE_COOKIE, `${state}.${Buffer.from(next).toString("base64url")}`, {
        ...cookieOptions(config, true, 600),
        path: "/api/users/login/google/",
      });
      const url = new URL(GOOGLE_AUTHORIZE);
      url.search = new URLSearchParams({
        client_id: config.googleClientId,
        redirect_uri: redirectUri,
        response_type: "code",
        scope: "openid email profile",
        state,
        prompt: "select_account",
      }).toString();
      return reply.redirect(url.toString(), 302);
    },
  );

  app.get(
    "/api/users/login/google/callback/",
    {
      schema: {
        tags: ["users"],
        summary: "Google's redirect back after sign-in",
        querystring: z.object({
          code: z.string().optional(),
          state: z.string().optional(),
          error: z.string().optional(),
        }),
        response: {
          302: redirectResponse,
          // A page for Google's refusals; a malformed query (not Google's) gets the field map.
          400: z.union([htmlPage, fieldErrorsResponse]),
          403: htmlPage,
          501: htmlPage,
          502: htmlPage,
        },
      },
    },
    async (request, reply) => {
      const fail = (status: 400 | 403 | 501 | 502, why: string) =>
        reply
          .status(status)
          .type("text/html; charset=utf-8")
          .send(page("Google sign-in failed", `<p>${why}</p>`));
      if (!config.googleClientId || !config.googleClientSecret) {
        return fail(501, "Google sign-in is not configured on this server.");
      }
      const [expected = "", nextEncoded = ""] = (request.cookies[GOOGLE_STATE_COOKIE] ?? "").split(
        ".",
      );
      reply.clearCookie(GOOGLE_STATE_COOKIE, { path: "/api/users/login/google/" });
      const state = request.query.state ?? "";
      if (!safeEqual(expected, state))
        return fail(400, "The sign-in request expired or did not start here. Please try again.");
      if (request.query.error || !request.query.code) {
        return fail(400, "Google did not sign you in. Please try again.");
      }
      try {
        const tokenRes = await fetch(GOOGLE_TOKEN, {
          method: "POST",
          body: new URLSearchParams({
            code: request.query.code,
            client_id: config.googleClientId,
            client_secret: config.googleClientSecret,
            redirect_uri: redirectUri,
            grant_type: "authorization_code",
          }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!tokenRes.ok) return fail(502, "Google did not accept the sign-in. Please try again.");
        const { access_token } = (await tokenRes.json()) as { access_token?: string };
        // The token came straight from Google over TLS, so its userinfo answer is trusted as is.
        const infoRes = await fetch(GOOGLE_USERINFO, {
          headers: { authorization: `Bearer ${access_token}` },
          signal: AbortSignal.timeout(10_000),
        });
        const info = (await infoRes.json()) as {
          email?: string;
          email_verified?: boolean;
          given_name?: string;
          family_name?: string;
        };
        if (!infoRes.ok || !info.email || info.email_verified !== true) {
          return fail(400, "Your Google account has no verified email address.");
        }
        const userId = await accounts.googleSignIn({
          email: info.email,
          firstName: info.given_name,
          lastName: info.family_name,
        });
        const started = await sessions.start(userId, request.session);
        startSessionCookies(reply, config, started);
        const next = safeNextPath(Buffer.from(nextEncoded, "base64url").toString());
        return reply.redirect(next, 302);
      } catch (err) {
        if (isDomainError(err)) return fail(statusOf(err) === 403 ? 403 : 400, err.message);
        request.log.error({ err }, "google sign-in failed");
        return fail(502, "Google sign-in is unavailable right now. Please try again.");
      }
    },
  );
};
