import { Link } from "react-router";

/** The Payonce wordmark: a "1" coin (pay once) beside the name. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2" aria-label="Payonce home">
      <span className="grid h-8 w-8 place-items-center rounded-full bg-brand-400 text-sm font-black text-ink shadow-inner ring-2 ring-brand-500">
        1×
      </span>
      <span
        className={`text-xl font-extrabold tracking-tight ${inverted ? "text-white" : "text-ink"}`}
      >
        payonce
      </span>
    </Link>
  );
}
