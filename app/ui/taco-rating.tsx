import { useId } from "react";
import { cx, ratingLabel } from "./format";

const FILLED = "var(--color-brand-500)";
const EMPTY = "#e5e1d8";

/**
 * One taco: a filled shell when `fill` is 1, outlined at 0, partly filled in between. Only a
 * partial taco carries a gradient: a whole or empty one is a plain fill (65 gradients were a
 * sixth of the product page's HTML).
 */
function Taco({ fill, id }: { fill: number; id: string }) {
  const pct = Math.round(Math.max(0, Math.min(1, fill)) * 100);
  const partial = pct > 0 && pct < 100;
  return (
    <svg viewBox="0 0 24 16" className="h-3.5 w-5" aria-hidden="true">
      {partial ? (
        <defs>
          <linearGradient id={id}>
            <stop offset={`${pct}%`} stopColor={FILLED} />
            <stop offset={`${pct}%`} stopColor={EMPTY} />
          </linearGradient>
        </defs>
      ) : null}
      <path
        d="M2 14 A10 10 0 0 1 22 14 Z"
        fill={partial ? `url(#${id})` : pct === 100 ? FILLED : EMPTY}
      />
      <path d="M5 13 A7 7 0 0 1 19 13" fill="none" stroke="#fff" strokeWidth="1.2" opacity=".55" />
    </svg>
  );
}

/** The taco rating: five tacos, the average and (optionally) the review count. */
export function TacoRating({
  rating,
  count,
  size = "sm",
}: {
  rating: number;
  count?: number;
  size?: "sm" | "lg";
}) {
  // SVG gradient ids must be unique on the page, even when one deal's card appears twice (a
  // repeated spotlight carousel): useId is unique per instance and stable across hydration.
  const idPrefix = useId().replaceAll(":", "");
  return (
    // A span: ratings sit inside inline content (links, labels) where a div may not go.
    <span
      role="img"
      className={cx("flex items-center gap-1.5", size === "lg" ? "text-base" : "text-xs")}
      aria-label={`Rated ${ratingLabel(rating)} out of 5${count != null ? ` from ${count} reviews` : ""}`}
    >
      <span className="flex" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <Taco key={i} fill={rating - i} id={`${idPrefix}-t${i}`} />
        ))}
      </span>
      {count != null && count > 0 ? (
        <span className="text-ink-soft">
          <span className="font-semibold text-ink">{ratingLabel(rating)}</span> ({count})
        </span>
      ) : null}
    </span>
  );
}
