import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Config } from "../config";
import type { Services } from "../services";
import { HttpError } from "./errors";
import { userJson } from "./serialize";
import { cookieOptions, rotateCsrfCookie, SESSION_COOKIE } from "./session-plugin";
import { LoginSchema } from "../../domain/schemas/auth";

// Deliberately the same for an unknown e-mail and a wrong password: no account enumeration.
export const LOGIN_FAILED = "Unable to log in with provided credentials.";

export const userRoutes: FastifyPluginAsyncZod<{ config: Config; services: Services }> = async (
  app,
  { config, services },
) => {
  app.post(
    "/api/users/login/",
    {
      schema: {
        tags: ["users"],
        summary: "Sign in with e-mail and password (JSON or form)",
        body: LoginSchema,
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const wait = services.loginThrottle.retryAfter(email, request.ip);
      if (wait > 0) {
        reply.header("retry-after", String(wait));
        throw new HttpError(429, "Too many failed login attempts.", {
          detail: "Too many failed login attempts. Please try again later.",
        });
      }
      const userId = await services.sessions.authenticate(email, password);
      if (!userId) {
        services.loginThrottle.fail(email, request.ip);
        throw new HttpError(400, LOGIN_FAILED, { non_field_errors: [LOGIN_FAILED] });
      }
      const { token, maxAgeSeconds } = await services.sessions.start(userId, request.session);
      reply.setCookie(SESSION_COOKIE, token, cookieOptions(config, true, maxAgeSeconds));
      rotateCsrfCookie(reply, config);
      const session = await services.sessions.load(token);
      return { user: userJson(session?.user ?? null) };
    },
  );

  app.post(
    "/api/users/logout/",
    { schema: { tags: ["users"], summary: "Sign out", body: z.unknown().optional() } },
    async (request, reply) => {
      await services.sessions.end(request.session);
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      rotateCsrfCookie(reply, config);
      // A plain HTML form (no JavaScript) gets a page to land on rather than JSON.
      if (request.headers["content-type"]?.startsWith("application/x-www-form-urlencoded")) {
        return reply.redirect("/", 303);
      }
      return { user: userJson(null) };
    },
  );
};
