import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { invalid } from "../../../domain/errors";
import { LoginSchema } from "../../../domain/schemas/auth";
import type { Config } from "../../config";
import type { Services } from "../../services";
import { LOGIN_FAILED } from "../../services/accounts/accounts";
import { clearSessionCookies, startSessionCookies } from "../../web/cookies";
import { isDomainError } from "../../web/errors";
import { userJson } from "../../web/presenters";
import { errorResponses, redirectResponse } from "../schemas";
import { userAnswer } from "./schemas";

// Deliberately the same for an unknown e-mail and a wrong password: no account enumeration.
export { LOGIN_FAILED };

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
        response: { 200: userAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      let started: { token: string; maxAgeSeconds: number };
      try {
        // Throttled and progressively slowed per e-mail and address (services/accounts/accounts.ts).
        started = await services.accounts.login({
          email,
          password,
          ip: request.ip,
          session: request.session,
        });
      } catch (err) {
        // Throttled answers keep their Retry-After; every other refusal reads the same, so the
        // answer does not tell which accounts exist or are disabled.
        if (isDomainError(err) && err.kind !== "throttled") {
          throw invalid({ non_field_errors: [LOGIN_FAILED] });
        }
        throw err;
      }
      const { token, maxAgeSeconds } = started;
      startSessionCookies(reply, config, { token, maxAgeSeconds });
      const session = await services.sessions.load(token);
      return { user: userJson(session?.user ?? null) };
    },
  );

  app.post(
    "/api/users/logout/",
    {
      schema: {
        tags: ["users"],
        summary: "Sign out (a plain HTML form is redirected home)",
        body: z.unknown().optional(),
        response: { 200: userAnswer, 303: redirectResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      await services.sessions.end(request.session);
      clearSessionCookies(reply, config);
      // A plain HTML form (no JavaScript) gets a page to land on rather than JSON.
      if (request.headers["content-type"]?.startsWith("application/x-www-form-urlencoded")) {
        return reply.redirect("/", 303);
      }
      return { user: userJson(null) };
    },
  );
};
