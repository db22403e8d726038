import { Link } from "react-router";
import { countdown } from "../../domain/countdown";
import { VIEW_ALL_DEALS } from "../../domain/messages";
import { clockSegments } from "../../domain/storefront";
import { cx } from "./format";
import { useNow } from "./use-now";

const UNIT_LABEL = { days: "days", hours: "hrs", minutes: "min", seconds: "sec" } as const;

/** "1 day" (shown "1 DAY"), "2 days": the clock's unit after its value. */
export const unitLabel = (unit: keyof typeof UNIT_LABEL, value: string): string =>
  unit === "days" && value === "1" ? "day" : UNIT_LABEL[unit];

/**
 * The countdown clock (spec 001 section 4): "Starts in" before the start, "Ends in" until the
 * end, "a bit!" with no date to count to, nothing without dates or once ended. Ticks each second
 * in the browser and stops at zero; hours are hidden under 5 minutes.
 */
export function CountdownClock({
  start,
  end,
  now: serverNow,
  label,
  invertColors = false,
  collectionUrl,
  className,
}: {
  start: string | null;
  end: string | null;
  /** The request's "now", so the server HTML and the first client render agree. */
  now: Date | string;
  label?: string | null;
  invertColors?: boolean;
  collectionUrl?: string | null;
  className?: string;
}) {
  const startDate = start ? new Date(start) : null;
  const endDate = end ? new Date(end) : null;
  const initial = countdown(startDate, endDate, new Date(serverNow));
  const now = useNow(
    serverNow,
    initial.phase === "before" || (initial.phase === "running" && initial.target != null),
  );
  const state = countdown(startDate, endDate, now);
  if (state.phase === "hidden" || state.phase === "ended") return null;
  const segments = clockSegments(state);
  return (
    <div
      role="timer"
      aria-live="off"
      className={cx(
        "flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl px-4 py-3",
        invertColors ? "bg-white text-ink" : "bg-ink text-white",
        className,
      )}
    >
      {label ? <p className="text-sm font-semibold">{label}</p> : null}
      <p className="text-xs font-bold uppercase tracking-widest opacity-75">{state.header}</p>
      {segments.length === 0 ? (
        <p className="text-lg font-black">{state.text}</p>
      ) : (
        <ol className="flex items-baseline gap-2 tabular-nums">
          {segments.map((s) => (
            <li key={s.unit} className="flex items-baseline gap-0.5">
              <span className="text-xl font-black">{s.value}</span>
              <span className="text-[11px] font-semibold uppercase opacity-70">
                {unitLabel(s.unit, s.value)}
              </span>
            </li>
          ))}
        </ol>
      )}
      {collectionUrl ? (
        <Link
          to={collectionUrl}
          className={cx(
            "ml-auto rounded-full px-4 py-1.5 text-sm font-bold",
            invertColors ? "bg-ink text-white" : "bg-brand-400 text-ink",
          )}
        >
          {VIEW_ALL_DEALS}
        </Link>
      ) : null}
    </div>
  );
}
