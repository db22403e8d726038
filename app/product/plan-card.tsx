import { useState } from "react";
import { planXOfN } from "../../domain/messages";
import { visibleFeatures } from "../../domain/pricing";
import { cx } from "../ui/format";
import type { ProductPageDeal } from "./page-view";
import { type FeatureRow, planFeatureTexts } from "./plan-features";
import { FeatureMark, FeatureToggle, PlanPurchase } from "./pricing-parts";
import { type Plan, usePurchase } from "./purchase-context";
import type { ProductViewer } from "./viewer";

/** One plan as a card: name, price, buy button and the features it includes. */
export function PlanCard({
  deal,
  viewer,
  plan,
  rows,
  index,
  total,
  buying,
  wide = false,
}: {
  deal: ProductPageDeal;
  viewer: ProductViewer;
  plan: Plan;
  rows: readonly FeatureRow[];
  index: number;
  total: number;
  buying: boolean;
  wide?: boolean;
}) {
  const { store, state } = usePurchase(deal);
  const [expanded, setExpanded] = useState(false);
  const features = planFeatureTexts(rows, plan);
  const { shown, collapsible } = visibleFeatures(features, expanded);
  // Only a card that can be bought shows as the selected one.
  const selected = buying && state.selectedPlanId === plan.id;
  return (
    <article
      data-testid="plan-card"
      aria-label={plan.public_name}
      className={cx(selected ? "plan-card-on" : "plan-card", wide && "md:flex-row md:gap-8")}
    >
      <div className={cx("space-y-4", wide && "md:w-80 md:shrink-0")}>
        <div className="flex items-start justify-between gap-2">
          <div>
            {total > 1 ? (
              <p className="text-xs font-semibold text-ink-soft md:hidden">
                {planXOfN(index + 1, total)}
              </p>
            ) : null}
            <h3 className="text-xl font-black tracking-tight">{plan.public_name}</h3>
          </div>
          {plan.highlight ? (
            <span className="badge-pick shrink-0 px-2.5 py-1 text-[11px]">Recommended</span>
          ) : null}
        </div>
        {buying ? (
          <PlanPurchase
            deal={deal}
            viewer={viewer}
            plan={plan}
            onSelect={() => store.set({ selectedPlanId: plan.id })}
            buttonClassName="w-full"
          />
        ) : null}
      </div>
      {shown.length > 0 ? (
        <div
          className={cx(
            "mt-5 border-t border-black/5 pt-4",
            wide && "md:mt-0 md:flex-1 md:border-t-0 md:border-l md:pt-0 md:pl-8",
          )}
        >
          <ul className="space-y-2 text-sm">
            {shown.map((text) => (
              <li key={text} className="tick-row">
                <span>
                  <FeatureMark on />
                </span>
                {text}
              </li>
            ))}
          </ul>
          {collapsible ? (
            <div className="mt-3">
              <FeatureToggle expanded={expanded} onToggle={() => setExpanded((e) => !e)} />
            </div>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
