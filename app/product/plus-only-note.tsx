import { PLUS_PRICE_CENTS } from "../../domain/constants";
import { PLUS_MEMBERS_ONLY } from "../../domain/messages";
import { formatPrice } from "../../domain/money";
import { cx } from "../ui/format";

/**
 * A Plus-exclusive plan says so before the click, wherever a Buy now offers it (issue 15): the
 * purchase panel, the pricing card's plans, the deal highlight and the buy_now_bar block carry
 * the sentence (`full`); the buy bars, one line high, carry the short pill (`pill`). Shown to
 * non-members only (the caller decides with needsPlusShelf); a member sees their own price.
 */
export function PlusOnlyNote({
  plusHref,
  variant = "full",
  tone = "light",
  className,
}: {
  /** Where "Payonce Plus" links (`/plus?ref=plus-page-{slug}` on the product page). */
  plusHref: string;
  variant?: "full" | "pill";
  /** "dark" on an ink surface (the buy_now_bar block). */
  tone?: "light" | "dark";
  className?: string;
}) {
  if (variant === "pill") {
    return (
      <span
        data-testid="plus-gated-note"
        className={cx(
          "inline-flex shrink-0 items-center rounded-full bg-violet-100 px-2 py-0.5 text-xs font-bold whitespace-nowrap text-violet-900",
          className,
        )}
      >
        Plus members only
      </span>
    );
  }
  return (
    <p
      data-testid="plus-gated-note"
      className={cx(
        "rounded-xl px-3 py-2 text-sm",
        tone === "dark" ? "bg-white/10 text-white" : "bg-violet-50 text-violet-900",
        className,
      )}
    >
      <span className="font-bold">{PLUS_MEMBERS_ONLY}</span> Buy now adds{" "}
      <a href={plusHref} className="font-semibold underline underline-offset-2">
        Payonce Plus
      </a>{" "}
      ({formatPrice(PLUS_PRICE_CENTS)} a year) to your cart with it.
    </p>
  );
}
