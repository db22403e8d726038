import { cx, ratingLabel } from "./format";
import { Use } from "./icons";

const FILLED = "var(--color-brand-500)";
const EMPTY = "#e5e1d8";

/**
 * Five tacos in one SVG: the shells drawn empty, then drawn filled inside a nested <svg> as wide
 * as the rating (an inner viewport clips what lies outside it: whole tacos, then the part of the
 * next one; a shell spans x 2 to 22 of its 24 units). One small SVG per rating instead of five
 * (ratings repeat on every card and review of a page), and no clip id to keep unique.
 */
function Tacos({ rating }: { rating: number }) {
  const value = Math.max(0, Math.min(5, rating));
  const whole = Math.floor(value);
  const part = Math.round((value - whole) * 100) / 100;
  const width = value >= 5 ? 120 : whole * 24 + (part > 0 ? 2 + 20 * part : 0);
  return (
    <svg viewBox="0 0 120 16" className="h-3.5 w-25" aria-hidden="true">
      <Use id="tacos" fill={EMPTY} />
      {width > 0 ? (
        <svg width={width} height="16" aria-hidden="true">
          <Use id="tacos" fill={FILLED} />
        </svg>
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
  return (
    // A span: ratings sit inside inline content (links, labels) where a div may not go.
    <span
      role="img"
      className={cx("flex items-center gap-1.5", size === "lg" ? "text-base" : "text-xs")}
      aria-label={`Rated ${ratingLabel(rating)} out of 5${count != null ? ` from ${count} reviews` : ""}`}
    >
      <Tacos rating={rating} />
      {count != null && count > 0 ? (
        <span className="text-ink-soft">
          <span className="font-semibold text-ink">{ratingLabel(rating)}</span> ({count})
        </span>
      ) : null}
    </span>
  );
}
