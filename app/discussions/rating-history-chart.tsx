/**
 * The deal's rating history beside the founders' updates (issue 33): a small SVG line of each
 * month's average rating with the updates marked, the average since the latest update beside the
 * lifetime one, and the same figures as a table for screen readers and anyone without the chart.
 */
import { useId } from "react";
import { averageSinceUpdate, lifetimeAverage, RATING_HISTORY_HEADING } from "../../domain/messages";
import { formatDate } from "./labels";
import type { RatingHistoryView } from "./types";

const WIDTH = 320;
const HEIGHT = 120;
const PAD = { left: 24, right: 8, top: 8, bottom: 20 };
/** At most this many months drawn (the latest ones). */
const MONTHS_SHOWN = 24;

/** Every month from `first` to `last` (YYYY-MM), inclusive. */
export function monthRange(first: string, last: string): string[] {
  const out: string[] = [];
  let [y, m] = first.split("-").map(Number) as [number, number];
  const [ly, lm] = last.split("-").map(Number) as [number, number];
  while (y < ly || (y === ly && m <= lm)) {
    out.push(`${y}-${String(m).padStart(2, "0")}`);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

const monthOf = (iso: string) => iso.slice(0, 7);
const fixed = (n: number | null) => (n == null ? "–" : n.toFixed(1));

export function RatingHistoryChart({ data }: { data: RatingHistoryView }) {
  const id = useId();
  if (data.months.length === 0) return null;
  const first = data.months[0]?.month ?? "";
  const lastRated = data.months[data.months.length - 1]?.month ?? first;
  const lastUpdate = data.updates.length
    ? monthOf(data.updates[data.updates.length - 1]?.date ?? "")
    : first;
  // YYYY-MM strings sort as months do.
  const all = monthRange(first, [lastUpdate, lastRated].sort()[1] ?? lastRated);
  const months = all.slice(-MONTHS_SHOWN);
  const span = Math.max(1, months.length - 1);
  const x = (month: string) =>
    PAD.left + (months.indexOf(month) / span) * (WIDTH - PAD.left - PAD.right);
  const y = (rating: number) => PAD.top + ((5 - rating) / 4) * (HEIGHT - PAD.top - PAD.bottom);
  const shown = data.months.filter((m) => months.includes(m.month));
  const updates = data.updates.filter((u) => months.includes(monthOf(u.date)));
  const points = shown.map((m) => `${x(m.month).toFixed(1)},${y(m.average).toFixed(1)}`).join(" ");
  const since = data.since_latest_update;
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-3xl border border-black/5 bg-white p-4"
      data-testid="rating-history"
    >
      <h3 id={`${id}-heading`} className="font-bold">
        {RATING_HISTORY_HEADING}
      </h3>
      <p className="mt-1 text-sm text-ink-soft">
        {lifetimeAverage(fixed(data.lifetime.average), data.lifetime.count)}
        {since ? (
          <>
            {" · "}
            <strong className="text-ink">
              {averageSinceUpdate(fixed(since.average), since.count, formatDate(since.since))}
            </strong>
          </>
        ) : null}
      </p>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-2 h-auto w-full max-w-md"
        aria-hidden="true"
        focusable="false"
      >
        {[1, 3, 5].map((r) => (
          <g key={r}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(r)}
              y2={y(r)}
              stroke="currentColor"
              strokeOpacity="0.1"
            />
            <text x={2} y={y(r) + 4} fontSize="10" fill="currentColor" fillOpacity="0.6">
              {r}
            </text>
          </g>
        ))}
        {updates.map((u) => (
          <line
            key={`${u.date}-${u.title}`}
            x1={x(monthOf(u.date))}
            x2={x(monthOf(u.date))}
            y1={PAD.top}
            y2={HEIGHT - PAD.bottom}
            stroke="#d97706"
            strokeDasharray="3 3"
          />
        ))}
        <polyline points={points} fill="none" stroke="currentColor" strokeWidth="2" />
        {shown.map((m) => (
          <circle key={m.month} cx={x(m.month)} cy={y(m.average)} r="2.5" fill="currentColor" />
        ))}
        <text x={PAD.left} y={HEIGHT - 4} fontSize="10" fill="currentColor" fillOpacity="0.6">
          {months[0]}
        </text>
        <text
          x={WIDTH - PAD.right}
          y={HEIGHT - 4}
          fontSize="10"
          textAnchor="end"
          fill="currentColor"
          fillOpacity="0.6"
        >
          {months[months.length - 1]}
        </text>
      </svg>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-semibold">Ratings by month and updates</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">{RATING_HISTORY_HEADING}</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Average</th>
              <th scope="col">Ratings</th>
              <th scope="col">Updates</th>
            </tr>
          </thead>
          <tbody>
            {all.map((month) => {
              const row = data.months.find((m) => m.month === month);
              const marks = data.updates.filter((u) => monthOf(u.date) === month);
              if (!row && marks.length === 0) return null;
              return (
                <tr key={month}>
                  <th scope="row">{month}</th>
                  <td>{row ? row.average.toFixed(1) : "–"}</td>
                  <td>{row?.count ?? 0}</td>
                  <td>{marks.map((u) => u.title).join("; ")}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </details>
    </section>
  );
}
