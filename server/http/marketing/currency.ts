import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DEFAULT_CURRENCY } from "../../../domain/constants";
import { invalid } from "../../../domain/errors";
import { INVALID_CHOICE } from "../../../domain/messages";
import { SetCurrencySchema } from "../../../domain/schemas/marketing";
import type { Config } from "../../config";
import type { Services } from "../../services";
import { sessionJson } from "../../web/presenters";
import { sessionOrAnonymous } from "../anonymous-session";
import { requireStaff } from "../guards";
import { errorResponses } from "../schemas";
import { actorOf } from "../staff/common";
import { emptyBodyAsObject } from "./body-defaults";

const RateSchema = z.object({
  rate: z.coerce
    .number({ error: "A valid number is required." })
    .finite({ error: "A valid number is required." })
    .positive({ error: "Ensure this value is greater than 0." }),
  symbol: z.string().trim().min(1).max(8).optional(),
});

/**
 * The rate's currency, from the path: any three-letter code but USD, the base. Refusals name the
 * field `currency`, as set-currency's do.
 */
const RateParams = z.object({ code: z.string() }).transform((params, ctx) => {
  const code = params.code.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code) || code === DEFAULT_CURRENCY) {
    ctx.addIssue({ code: "custom", path: ["currency"], message: INVALID_CHOICE });
    return z.NEVER;
  }
  return { code };
});

const currencyRate = z.looseObject({
  currency: z.string(),
  rate: z.number(),
  symbol: z.string().nullable(),
});

const SessionCurrencyResponse = z.looseObject({
  session_key: z.string().nullable(),
  currency: z.string(),
  exchange_rate: z.number(),
  country: z.string(),
  country_currency: z.string(),
  country_currency_symbol: z.string(),
  campaigns: z.array(z.unknown()),
  user: z.unknown(),
});

const countryOf = (headers: Record<string, unknown>) =>
  (headers["cf-ipcountry"] as string | undefined) ?? null;

/**
 * POST /api/sessions/set-currency/ {currency} (spec 000 section 7): stores the display currency on
 * the session, creating the session row (and its cookie) for an anonymous visitor. Staff keep the
 * rates: GET /api/currency-rates/, PUT /api/currency-rates/{code}/ {rate}.
 */
export const currencyRoutes: FastifyPluginAsyncZod<{ config: Config; services: Services }> = async (
  app,
  { config, services },
) => {
  app.post(
    "/api/sessions/set-currency/",
    {
      schema: {
        tags: ["sessions"],
        summary: "Set the session's display currency",
        body: SetCurrencySchema,
        response: { 200: SessionCurrencyResponse, ...errorResponses },
      },
      preValidation: emptyBodyAsObject,
    },
    async (request, reply) => {
      const currency = request.body.currency;
      const country = countryOf(request.headers);
      const local = sessionJson(request.session, country).country_currency;
      if (!(await services.currency.isSelectable(currency, local))) {
        throw invalid({ currency: [INVALID_CHOICE] });
      }
      const session = await sessionOrAnonymous(request, reply, services, config);
      await services.currency.setSessionCurrency(session.id, currency);
      const rate = await services.currency.effective(currency);
      reply.header("cache-control", "private, no-store");
      return {
        ...sessionJson({ ...session, currency: rate.currency }, country),
        exchange_rate: rate.exchangeRate,
      };
    },
  );

  app.get(
    "/api/currency-rates/",
    {
      schema: {
        tags: ["sessions"],
        summary: "Exchange rates from USD",
        response: { 200: z.looseObject({ results: z.array(currencyRate) }), ...errorResponses },
      },
    },
    async () => ({ results: await services.currency.list() }),
  );

  app.put(
    "/api/currency-rates/:code/",
    {
      schema: {
        tags: ["staff"],
        summary: "Set a currency's rate from USD (staff only)",
        params: RateParams,
        body: RateSchema,
        response: { 200: currencyRate, ...errorResponses },
      },
      preValidation: [requireStaff, emptyBodyAsObject],
    },
    async (request) => {
      const { code } = request.params;
      const actor = actorOf(request, "staff");
      return services.currency.setRate(actor, code, request.body.rate, request.body.symbol);
    },
  );
};
