import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Config } from "../../config";
import type { Services } from "../../services";
import { sessionJson } from "../../web/presenters";
import { ensureCsrfCookie } from "../../web/session-plugin";
import { errorResponses } from "../schemas";
import { sessionResponse } from "./schemas";

export const sessionRoutes: FastifyPluginAsyncZod<{ config: Config; services: Services }> = async (
  app,
  { config, services },
) => {
  app.get(
    "/api/sessions/",
    {
      schema: {
        tags: ["sessions"],
        summary: "The current session (anonymous or signed in)",
        response: { 200: sessionResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      ensureCsrfCookie(request, reply, config);
      reply.header("cache-control", "private, no-store");
      const country = (request.headers["cf-ipcountry"] as string | undefined) ?? null;
      const json = sessionJson(request.session, country);
      // Reset to USD when the stored currency has no rate (spec 000 section 9).
      const rate = await services.currency.effective(json.currency);
      return { ...json, currency: rate.currency, exchange_rate: rate.exchangeRate };
    },
  );
};
