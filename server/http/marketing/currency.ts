import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { DEFAULT_CURRENCY } from "../../../domain/constants";
import { INVALID_CHOICE } from "../../../domain/messages";
import { fieldErrors } from "../../../domain/schemas/common";
import { SetCurrencySchema } from "../../../domain/schemas/marketing";
import type { Config } from "../../config";
import type { Services } from "../../services";
import { forbidden, invalid, unauthenticated } from "../../../domain/errors";
import { sessionJson } from "../../web/presenters";
import { cookieOptions, ensureCsrfCookie, SESSION_COOKIE } from "../../web/session-plugin";

const RateSchema = z.object({
  rate: z.coerce
    .number({ error: "A valid number is required." })
    .finite({ error: "A valid number is required." })
    .positive({ error: "Ensure this value is greater than 0." }),
  symbol: z.string().trim().min(1).max(8).optional(),
});

const countryOf = (headers: Record<string, unknown>) =>
  (headers["cf-ipcountry"] as string | undefined) ?? null;

/**
 * POST /api/sessions/set-currency/ {currency} (spec 000 section 7): stores the display currency on
 * the session, creating the session row (and its cookie) for an anonymous visitor. Staff keep the
 * rates: GET /api/currency-rates/, PUT /api/currency-rates/{code}/ {rate}.
 */
export const currencyRoutes: FastifyPluginAsync<{ config: Config; services: Services }> = async (
  app,
  { config, services },
) => {
  app.post(
    "/api/sessions/set-currency/",
    { schema: { tags: ["sessions"], summary: "Set the session's display currency" } },
    async (request, reply) => {
      const parsed = SetCurrencySchema.safeParse(request.body ?? {});
      if (!parsed.success) throw invalid(fieldErrors(parsed.error));
      const currency = parsed.data.currency;
      const country = countryOf(request.headers);
      const local = sessionJson(request.session, country).country_currency;
      if (!(await services.currency.isSelectable(currency, local))) {
        throw invalid({ currency: [INVALID_CHOICE] });
      }
      let session = request.session;
      if (!session) {
        const { token, maxAgeSeconds } = await services.sessions.start(null, null);
        reply.setCookie(SESSION_COOKIE, token, cookieOptions(config, true, maxAgeSeconds));
        ensureCsrfCookie(request, reply, config);
        session = await services.sessions.load(token);
        if (!session) throw new Error("a new session could not be read back");
      }
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
    { schema: { tags: ["sessions"], summary: "Exchange rates from USD" } },
    async () => ({ results: await services.currency.list() }),
  );

  app.put<{ Params: { code: string } }>(
    "/api/currency-rates/:code/",
    { schema: { tags: ["staff"], summary: "Set a currency's rate from USD (staff only)" } },
    async (request) => {
      const user = request.session?.user;
      if (!user) throw unauthenticated();
      if (!user.isStaff) throw forbidden();
      const code = request.params.code.trim().toUpperCase();
      if (!/^[A-Z]{3}$/.test(code) || code === DEFAULT_CURRENCY) {
        throw invalid({ currency: [INVALID_CHOICE] });
      }
      const parsed = RateSchema.safeParse(request.body ?? {});
      if (!parsed.success) throw invalid(fieldErrors(parsed.error));
      return services.currency.setRate(code, parsed.data.rate, parsed.data.symbol);
    },
  );
};
