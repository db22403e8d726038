import { DEFAULT_CURRENCY } from "../../domain/constants";
import {
  assignExperiments,
  CURRENCY_EXPERIMENT,
  type ExperimentAssignments,
  isExperimentEnabled,
} from "../../domain/experiments";
import type { AppLoadContext } from "../context";
import type { DisplayCurrency } from "./display-currency";

export type GrowthRootData = {
  /** The session's currency (USD when it has no stored rate: "reset when inconsistent"). */
  currency: string;
  /** The session's variant of each of the code's experiments ({} without a session). */
  experiments: ExperimentAssignments;
  /** Set when prices are converted (a non-USD currency under the currency experiment). */
  display: DisplayCurrency;
  /** The signed-in user's number of purchases ("Share & get" needs 2); 0 otherwise. */
  purchases: number;
};

const ANONYMOUS: GrowthRootData = {
  currency: DEFAULT_CURRENCY,
  experiments: {},
  display: null,
  purchases: 0,
};

/**
 * The growth part of the root loader. It depends only on what the anonymous page cache keys on
 * (the session's currency and its code-experiment variants, domain/experiments.ts
 * experimentsCacheKey), never on the request: a visitor without a session gets one shared value,
 * and the selector asks for the visitor's local currency itself when opened.
 */
export async function loadGrowthRootData(
  ctx: Pick<AppLoadContext, "services" | "session">,
): Promise<GrowthRootData> {
  const session = ctx.session;
  if (!session) return ANONYMOUS;
  const rate = await ctx.services.currency.effective(session.currency);
  const experiments = assignExperiments(session.id);
  const convert =
    rate.currency !== DEFAULT_CURRENCY && isExperimentEnabled(experiments, CURRENCY_EXPERIMENT);
  return {
    currency: rate.currency,
    experiments,
    display: convert ? { currency: rate.currency, rate: rate.exchangeRate } : null,
    purchases: session.user?.numberOfPurchases ?? 0,
  };
}
