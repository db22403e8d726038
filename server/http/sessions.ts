import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Config } from "../config";
import { sessionJson } from "./serialize";
import { ensureCsrfCookie } from "./session-plugin";

export const sessionRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get(
    "/api/sessions/",
    { schema: { tags: ["sessions"], summary: "The current session (anonymous or signed in)" } },
    async (request, reply) => {
      ensureCsrfCookie(request, reply, config);
      reply.header("cache-control", "private, no-store");
      const country = (request.headers["cf-ipcountry"] as string | undefined) ?? null;
      return sessionJson(request.session, country);
    },
  );
};
