import { DEFAULT_CURRENCY } from "../../domain/constants";
import { convertsPrices } from "../../domain/experiments";
import type { AppLoadContext } from "../context";
import type { DisplayCurrency } from "./display-currency";

export type GrowthRootData = {
  /** The session's currency (USD when it has no stored rate: "reset when inconsistent"). */
  currency: string;
  /** Set when prices are converted (a non-USD currency under the currency experiment). */
  display: DisplayCurrency;
  /** The signed-in user's number of purchases ("Share & get" needs 2); 0 otherwise. */
  purchases: number;
};

const ANONYMOUS: GrowthRootData = {
  currency: DEFAULT_CURRENCY,
  display: null,
  purchases: 0,
};

/**
 * The growth part of the root loader. It is embedded in pages the anonymous cache shares, so it
 * depends only on what the cache keys on (the session's currency, and whether its currency
 * experiment converts prices: domain/experiments.ts convertsPrices) and carries no experiment
 * bucket (decision 053): a session's buckets are the server's (GET /api/experiments/; a share
 * link records them on creation). A visitor without a session gets one shared value, and the
 * selector asks for the visitor's local currency itself when opened.
 */
export async function loadGrowthRootData(
  ctx: Pick<AppLoadContext, "services" | "session" | "sharedRender">,
): Promise<GrowthRootData> {
  const session = ctx.session;
  if (!session) return ANONYMOUS;
  const rate = await ctx.services.currency.effective(session.currency);
  const convert = convertsPrices(session.id, rate.currency);
  return {
    currency: rate.currency,
    display: convert ? { currency: rate.currency, rate: rate.exchangeRate } : null,
    // Personal: a page kept for an audience leaves it to the fill (app/ui/personal-fill.tsx).
    purchases: ctx.sharedRender ? 0 : (session.user?.numberOfPurchases ?? 0),
  };
}
