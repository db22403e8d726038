import { DEFAULT_CURRENCY } from "../../domain/constants";
import {
  CURRENCY_EXPERIMENT,
  type ExperimentAssignments,
  isExperimentEnabled,
} from "../../domain/experiments";
import { sessionJson } from "../../server/http/serialize";
import type { AppLoadContext } from "../context";
import type { DisplayCurrency } from "./display-currency";

export type GrowthRootData = {
  /** The session's currency (USD when it has no stored rate: "reset when inconsistent"). */
  currency: string;
  /** The visitor's local currency, inserted second in the selector; null until known. */
  localCurrency: string | null;
  /** The session's variant of every experiment ({} without a session). */
  experiments: ExperimentAssignments;
  /** Set when prices are converted (a non-USD currency under the currency experiment). */
  display: DisplayCurrency;
  /** The signed-in user's number of purchases ("Share & get" needs 2); 0 otherwise. */
  purchases: number;
};

const ANONYMOUS: GrowthRootData = {
  currency: DEFAULT_CURRENCY,
  localCurrency: null,
  experiments: {},
  display: null,
  purchases: 0,
};

/**
 * The growth part of the root loader. A visitor without a session gets one shared value (no
 * query, nothing from their request), so anonymous HTML stays the same for everyone; the selector
 * asks for the local currency itself when opened.
 */
export async function loadGrowthRootData(
  ctx: Pick<AppLoadContext, "services" | "session">,
  request: Request,
): Promise<GrowthRootData> {
  const session = ctx.session;
  if (!session) return ANONYMOUS;
  const [rate, experiments] = await Promise.all([
    ctx.services.currency.effective(session.currency),
    ctx.services.growth.experimentsFor(session.id),
  ]);
  const country = sessionJson(session, request.headers.get("cf-ipcountry")).country_currency;
  // Offered only when the site holds a rate for it (set-currency refuses it otherwise).
  const local = (await ctx.services.currency.isSelectable(country, country)) ? country : null;
  const convert =
    rate.currency !== DEFAULT_CURRENCY && isExperimentEnabled(experiments, CURRENCY_EXPERIMENT);
  return {
    currency: rate.currency,
    localCurrency: local,
    experiments,
    display: convert ? { currency: rate.currency, rate: rate.exchangeRate } : null,
    purchases: session.user?.numberOfPurchases ?? 0,
  };
}
