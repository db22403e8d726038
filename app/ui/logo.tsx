import { Link } from "react-router";

/**
 * The Payonce wordmark: a "1" coin (pay once) beside the name. The link is named by what it shows
 * ("payonce", then "home" for screen readers): a name that leaves out the visible words fails
 * WCAG 2.5.3 (axe's label-content-name-mismatch), and the coin is decoration.
 */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2">
      <span className="logo-coin" aria-hidden="true">
        1×
      </span>
      <span
        className={`text-xl font-extrabold tracking-tight ${inverted ? "text-white" : "text-ink"}`}
      >
        payonce<span className="sr-only"> home</span>
      </span>
    </Link>
  );
}
