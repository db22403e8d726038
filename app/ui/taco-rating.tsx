import type { CSSProperties } from "react";
import { cx, ratingLabel } from "./format";

/**
 * Five tacos, drawn by CSS (`tacos` in app.css): the shells empty, then filled up to the rating's
 * share of the width (whole tacos, then the part of the next one; a shell spans x 2 to 22 of its
 * 24 units, the five 120), then their highlights. One empty element per rating (ratings repeat
 * on every card and review of a page) instead of an SVG of three <use>s.
 */
function Tacos({ rating }: { rating: number }) {
  const value = Math.max(0, Math.min(5, rating));
  const whole = Math.floor(value);
  const part = Math.round((value - whole) * 100) / 100;
  const width = value >= 5 ? 120 : whole * 24 + (part > 0 ? 2 + 20 * part : 0);
  const style =
    width > 0 ? ({ "--w": `${+((width / 120) * 100).toFixed(2)}%` } as CSSProperties) : undefined;
  return <i className="tacos" style={style} />;
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
