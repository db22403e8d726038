import { needsPlusShelf } from "../../domain/deal-state";
import { SHOW_ALL_FEATURES, SHOW_LESS_FEATURES } from "../../domain/messages";
import { TickIcon } from "../ui/icons";
import type { ProductPageDeal } from "./page-view";
import { BuyButton, BuyForm, PlanPrice } from "./plan-bits";
import { PlusOnlyNote } from "./plus-only-note";
import type { Plan } from "./purchase-context";
import type { ProductViewer } from "./viewer";

/** A comparison cell's tick (included) or cross (not included). */
export function FeatureMark({ on }: { on: boolean }) {
  return on ? (
    <TickIcon label="Included" className="tick-on" />
  ) : (
    <svg
      aria-label="Not included"
      role="img"
      viewBox="0 0 20 20"
      className="h-5 w-5 text-stone-400"
    >
      <path
        d="M6 6l8 8M14 6l-8 8"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** "Show all features" / "Show less": the long feature lists start folded. */
export function FeatureToggle({ expanded, onToggle }: { expanded: boolean; onToggle: () => void }) {
  return (
    <button type="button" onClick={onToggle} aria-expanded={expanded} className="more-toggle">
      {expanded ? SHOW_LESS_FEATURES : SHOW_ALL_FEATURES}
    </button>
  );
}

/**
 * A plan's price and buy button in the pricing card: focusing or pressing the button selects that
 * plan first, so the purchase panel and the buy bars follow the plan being bought. A Plus-gated
 * plan says so above its button (non-members).
 */
export function PlanPurchase({
  deal,
  viewer,
  plan,
  onSelect,
  showAccess,
  buttonClassName,
}: {
  deal: ProductPageDeal;
  viewer: ProductViewer;
  plan: Plan;
  onSelect: () => void;
  showAccess?: boolean;
  buttonClassName: string;
}) {
  const plusHref = `/plus?ref=plus-page-${deal.slug}`;
  return (
    <>
      <PlanPrice
        plan={plan}
        size="md"
        showAccess={showAccess}
        plusMember={viewer.hasPlus}
        plusHref={plusHref}
      />
      {needsPlusShelf(deal.buy_button, plan, viewer.hasPlus) ? (
        <PlusOnlyNote plusHref={plusHref} className="text-xs" />
      ) : null}
      {/* Its own form: without JavaScript this Buy now still adds its plan to the cart. */}
      <BuyForm deal={deal} planId={plan.id}>
        <div onFocusCapture={onSelect} onPointerDownCapture={onSelect}>
          <BuyButton
            deal={deal}
            viewer={viewer}
            planId={plan.id}
            size="md"
            className={buttonClassName}
            submit
          />
        </div>
      </BuyForm>
    </>
  );
}
