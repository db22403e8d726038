import { Link } from "react-router";

/** The Payonce wordmark: a "1" coin (pay once) beside the name. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2" aria-label="Payonce home">
      <span className="logo-coin">1×</span>
      <span
        className={`text-xl font-extrabold tracking-tight ${inverted ? "text-white" : "text-ink"}`}
      >
        payonce
      </span>
    </Link>
  );
}
