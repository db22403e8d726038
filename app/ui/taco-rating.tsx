import { useId } from "react";
import { cx, ratingLabel } from "./format";
import { Use } from "./icons";

const FILLED = "var(--color-brand-500)";
const EMPTY = "#e5e1d8";

/**
 * Five tacos in one SVG: the shells drawn empty, then drawn filled under a clip as wide as the
 * rating (whole tacos, then the part of the next one; a shell spans x 2 to 22 of its 24 units).
 * One small SVG per rating instead of five (ratings repeat on every card of a page).
 */
function Tacos({ rating, id }: { rating: number; id: string }) {
  const value = Math.max(0, Math.min(5, rating));
  const whole = Math.floor(value);
  const part = Math.round((value - whole) * 100) / 100;
  const width = value >= 5 ? 120 : whole * 24 + (part > 0 ? 2 + 20 * part : 0);
  return (
    <svg viewBox="0 0 120 16" className="h-3.5 w-25" aria-hidden="true">
      <Use id="tacos" fill={EMPTY} />
      {width > 0 ? (
        <>
          <clipPath id={id}>
            <rect width={width} height="16" />
          </clipPath>
          <Use id="tacos" fill={FILLED} clipPath={`url(#${id})`} />
        </>
      ) : null}
      <Use id="taco-lines" />
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
  // SVG clip ids must be unique on the page, even when one deal's card appears twice (a
  // repeated spotlight carousel): useId is unique per instance and stable across hydration.
  const idPrefix = useId().replaceAll(":", "");
  return (
    // A span: ratings sit inside inline content (links, labels) where a div may not go.
    <span
      role="img"
      className={cx("flex items-center gap-1.5", size === "lg" ? "text-base" : "text-xs")}
      aria-label={`Rated ${ratingLabel(rating)} out of 5${count != null ? ` from ${count} reviews` : ""}`}
    >
      <Tacos rating={rating} id={`${idPrefix}-t`} />
      {count != null && count > 0 ? (
        <span className="text-ink-soft">
          <span className="font-semibold text-ink">{ratingLabel(rating)}</span> ({count})
        </span>
      ) : null}
    </span>
  );
}
