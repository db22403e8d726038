/**
 * A founder's public record (issue 34, decision 077): the rules that turn a founder's per-deal
 * counters into the rates the record page and the product page's badge show. Pure.
 */

/** Days before and after an update whose approved reviews its "rating before/after" averages. */
export const FOUNDER_UPDATE_WINDOW_DAYS = 30;

/** The newest updates a record lists with their rating change. */
export const FOUNDER_UPDATES_SHOWN = 12;

/** One deal's counters, as the write side keeps them (deals, deal_sales). */
export type FounderDealCounters = {
  purchases: number;
  refunds: number;
  questions: number;
  answered: number;
  /** Median seconds to the first founder answer on this deal; null without any answer. */
  medianAnswerSeconds: number | null;
};

/** A share rounded to 4 decimals; null when nothing was counted. */
export function share(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.round((part / whole) * 10_000) / 10_000;
}

/**
 * The median of the per-deal medians, each weighted by its answered questions: the exact median
 * for a one-deal founder, and across deals the time most of their answers took, read from one
 * stored number per deal instead of every question (decision 077).
 */
export function weightedMedian(items: { value: number; weight: number }[]): number | null {
  const kept = items.filter((i) => i.weight > 0).sort((a, b) => a.value - b.value);
  const total = kept.reduce((s, i) => s + i.weight, 0);
  if (total === 0) return null;
  let seen = 0;
  for (const item of kept) {
    seen += item.weight;
    if (seen * 2 >= total) return item.value;
  }
  return kept[kept.length - 1]?.value ?? null;
}

export type FounderRates = {
  purchases: number;
  refunds: number;
  questions: number;
  answered: number;
  refund_rate: number | null;
  answer_rate: number | null;
  median_answer_hours: number | null;
};

/** A founder's rates across their deals' counters. */
export function founderRates(rows: readonly FounderDealCounters[]): FounderRates {
  const sum = (f: (r: FounderDealCounters) => number) => rows.reduce((s, r) => s + f(r), 0);
  const purchases = sum((r) => r.purchases);
  const refunds = sum((r) => r.refunds);
  const questions = sum((r) => r.questions);
  const answered = sum((r) => r.answered);
  const medianSeconds = weightedMedian(
    rows.flatMap((r) =>
      r.medianAnswerSeconds == null ? [] : [{ value: r.medianAnswerSeconds, weight: r.answered }],
    ),
  );
  return {
    purchases,
    refunds,
    questions,
    answered,
    refund_rate: share(refunds, purchases),
    answer_rate: share(answered, questions),
    median_answer_hours: medianSeconds == null ? null : Math.round(medianSeconds / 360) / 10,
  };
}

/** A mean rating rounded to 2 decimals; null without reviews. */
export function meanRating(sum: number, count: number): number | null {
  return count > 0 ? Math.round((sum / count) * 100) / 100 : null;
}

/** Hours as the badge says them: "45 min", "4 h", "3 days". */
export function answerTimeText(hours: number): string {
  if (hours < 1) return `${Math.max(1, Math.round(hours * 60))} min`;
  if (hours < 48) return `${Math.round(hours)} h`;
  return `${Math.round(hours / 24)} days`;
}

/** A rate as a whole percent ("2%"); below 1% but above 0, one decimal ("0.4%"). */
export function percentText(rate: number): string {
  const pct = rate * 100;
  if (pct > 0 && pct < 1) return `${Math.round(pct * 10) / 10}%`;
  return `${Math.round(pct)}%`;
}

/**
 * The product page's badge: "Answers in 4 h, 2% refunds"; either half alone when the other is
 * unknown; null when both are.
 */
export function founderBadgeText(rates: {
  median_answer_hours: number | null;
  refund_rate: number | null;
}): string | null {
  const parts = [
    rates.median_answer_hours == null
      ? null
      : `Answers in ${answerTimeText(rates.median_answer_hours)}`,
    rates.refund_rate == null ? null : `${percentText(rates.refund_rate)} refunds`,
  ].filter((p): p is string => p !== null);
  return parts.length ? parts.join(", ") : null;
}

/** The record page's path: the product page's founder badge links here. */
export const founderRecordPath = (slug: string) => `/founders/${encodeURIComponent(slug)}/`;
