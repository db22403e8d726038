import { eq } from "drizzle-orm";
import { CURRENCIES, DEFAULT_CURRENCY } from "../../../domain/constants";
import type { Db } from "../../db/client";
import { currencyRates, sessions } from "../../db/schema";
import type { Clock } from "../../providers/clock";
import type { PageEvents } from "../cache/page-events";
import { type Actor, allPages, createAuditedWrite } from "../staff/audit";

export type CurrencyRateJson = { currency: string; rate: number; symbol: string | null };

/**
 * Display currencies (spec 000 sections 3 and 9): rates from USD live in currency_rates and staff
 * update them; a session's currency is USD, one of CURRENCIES, or the visitor's local currency,
 * and only ever one that has a stored rate. A stored currency whose rate has gone reads as USD.
 */
export function createCurrencyService(deps: { db: Db; clock: Clock; pageEvents: PageEvents }) {
  const { db, clock } = deps;
  const auditedWrite = createAuditedWrite(deps);

  async function rateOf(code: string): Promise<number | null> {
    if (code === DEFAULT_CURRENCY) return 1;
    const rows = await db
      .select({ rate: currencyRates.rate })
      .from(currencyRates)
      .where(eq(currencyRates.currency, code))
      .limit(1);
    const rate = rows[0] ? Number(rows[0].rate) : null;
    return rate && Number.isFinite(rate) && rate > 0 ? rate : null;
  }

  /** The currencies a visitor may pick: the defaults plus the local one, each with a rate. */
  async function isSelectable(code: string, localCurrency: string | null): Promise<boolean> {
    const offered = (CURRENCIES as readonly string[]).includes(code) || code === localCurrency;
    return offered && (await rateOf(code)) !== null;
  }

  /** The currency and rate a session reads back: USD at 1 when the stored one has no rate. */
  async function effective(
    currency: string | null | undefined,
  ): Promise<{ currency: string; exchangeRate: number }> {
    const code = currency ?? DEFAULT_CURRENCY;
    const rate = await rateOf(code);
    return rate === null
      ? { currency: DEFAULT_CURRENCY, exchangeRate: 1 }
      : { currency: code, exchangeRate: rate };
  }

  async function setSessionCurrency(sessionId: string, currency: string): Promise<void> {
    await db.update(sessions).set({ currency }).where(eq(sessions.id, sessionId));
  }

  async function list(): Promise<CurrencyRateJson[]> {
    const rows = await db.select().from(currencyRates).orderBy(currencyRates.currency);
    return rows.map((r) => ({ currency: r.currency, rate: Number(r.rate), symbol: r.symbol }));
  }

  /** Staff: sets (or adds) the rate of a currency; USD stays 1. Audited; every price moves. */
  async function setRate(
    actor: Actor,
    code: string,
    rate: number,
    symbol?: string,
  ): Promise<CurrencyRateJson> {
    const value = rate.toFixed(8);
    const json = (r: typeof currencyRates.$inferSelect): CurrencyRateJson => ({
      currency: r.currency,
      rate: Number(r.rate),
      symbol: r.symbol,
    });
    // The rates' key is the code, not a number: the code is in before and after.
    const what = { action: "currency_rate.update", entity: "currency_rate", id: null };
    return auditedWrite(actor, what, async (tx) => {
      const [was] = await tx
        .select()
        .from(currencyRates)
        .where(eq(currencyRates.currency, code))
        .for("update");
      const rows = await tx
        .insert(currencyRates)
        .values({ currency: code, rate: value, symbol: symbol ?? null, updatedAt: clock.now() })
        .onConflictDoUpdate({
          target: currencyRates.currency,
          set: {
            rate: value,
            updatedAt: clock.now(),
            ...(symbol ? { symbol } : {}),
          },
        })
        .returning();
      const row = rows[0];
      if (!row) throw new Error("currency rate upsert returned nothing");
      const after = json(row);
      return { result: after, before: was ? json(was) : null, after, pages: [allPages] };
    });
  }

  return { rateOf, isSelectable, effective, setSessionCurrency, list, setRate };
}

export type CurrencyService = ReturnType<typeof createCurrencyService>;
