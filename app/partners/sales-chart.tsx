import { useId } from "react";
import { money } from "../staff/api";

export type DaySales = { day: string; units: number; revenue: number };

/** The last `days` UTC days up to today, each with its sales (0 for a day without any). */
export function dailySeries(sales: DaySales[], days: number, today = new Date()): DaySales[] {
  const byDay = new Map(sales.map((s) => [s.day, s]));
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: days }, (_, i) => {
    const day = new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    return byDay.get(day) ?? { day, units: 0, revenue: 0 };
  });
}

const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });

/**
 * Units sold a day as a bar chart drawn from the server's figures: the SVG is one image with a
 * summary for screen readers, and the same figures are a table under "Show as a table".
 */
export function SalesChart({
  name,
  sales,
  days,
  today,
}: {
  name: string;
  sales: DaySales[];
  days: number;
  today?: Date;
}) {
  const series = dailySeries(sales, days, today);
  const id = useId();
  const total = series.reduce((n, d) => n + d.units, 0);
  const revenue = series.reduce((n, d) => n + d.revenue, 0);
  const max = Math.max(1, ...series.map((d) => d.units));
  const best = series.reduce((a, b) => (b.units > a.units ? b : a), series[0] as DaySales);
  const w = 600;
  const h = 140;
  const pad = { top: 4, right: 0, bottom: 2, left: 0 };
  const plotW = w - pad.left - pad.right;
  const plotH = h - pad.top - pad.bottom;
  const bar = plotW / series.length;
  const summary =
    total === 0
      ? `${name}: no sales in the last ${days} days.`
      : `${name}: ${total} sold for ${money(revenue)} in the last ${days} days; the best day was ${shortDay(best.day)} with ${best.units}.`;
  const first = series[0];
  const last = series[series.length - 1];
  return (
    <figure aria-labelledby={`${id}-cap`} className="max-w-2xl">
      <p aria-hidden="true" className="text-xs text-ink-soft">
        {max} a day
      </p>
      <svg
        viewBox={`0 0 ${w} ${h}`}
        className="h-auto w-full text-brand-500"
        role="img"
        aria-label={summary}
        data-testid="sales-chart"
      >
        <line
          x1={pad.left}
          x2={w - pad.right}
          y1={pad.top + plotH}
          y2={pad.top + plotH}
          stroke="currentColor"
          className="text-black/30"
        />
        <line
          x1={pad.left}
          x2={w - pad.right}
          y1={pad.top}
          y2={pad.top}
          stroke="currentColor"
          strokeDasharray="4 4"
          className="text-black/15"
        />
        {series.map((d, i) => {
          const bh = d.units === 0 ? 0 : Math.max(2, (d.units / max) * plotH);
          return (
            <rect
              key={d.day}
              x={pad.left + i * bar + 1}
              y={pad.top + plotH - bh}
              width={Math.max(1, bar - 2)}
              height={bh}
              rx={1.5}
              fill="currentColor"
            />
          );
        })}
      </svg>
      {first && last ? (
        <p aria-hidden="true" className="flex justify-between text-xs text-ink-soft">
          <span>{shortDay(first.day)}</span>
          <span>{shortDay(last.day)}</span>
        </p>
      ) : null}
      <figcaption id={`${id}-cap`} className="mt-1 text-sm text-ink-soft">
        Units sold a day, last {days} days (UTC): {total} in all, {money(revenue)}.
      </figcaption>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-semibold text-brand-700">Show as a table</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">{`${name}: sales a day`}</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-3">
                Day
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                Units
              </th>
              <th scope="col" className="py-1 text-right">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {series.map((d) => (
              <tr key={d.day} className="border-t border-black/5">
                <th scope="row" className="py-1 pr-3 font-normal">
                  {d.day}
                </th>
                <td className="py-1 pr-3 text-right tabular-nums">{d.units}</td>
                <td className="py-1 text-right tabular-nums">{money(d.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
