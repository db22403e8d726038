import { useId } from "react";
import { hasAccessToggle, plansByAccess } from "../../domain/pricing";
import { cx } from "../ui/format";
import type { ProductPageDeal } from "./page-view";
import { usePlanPriceLabel } from "./plan-bits";
import { type AccessGroup, activePlans, type Plan, usePurchase } from "./purchase-context";

/** Our labels for the two sides of the toggle (the spec names only "lifetime or other"). */
export const ACCESS_GROUP_LABELS: Record<AccessGroup, string> = {
  lifetime: "Lifetime",
  other: "Annual",
};

/** The plans on the current side of the toggle (all plans when there is no toggle). */
export function plansInGroup(deal: ProductPageDeal, group: AccessGroup): Plan[] {
  const plans = activePlans(deal);
  if (!hasAccessToggle(plans)) return plans;
  const split = plansByAccess(plans);
  return group === "lifetime" ? split.lifetime : split.other;
}

/**
 * The lifetime / other toggle, shown when both exist. Switching resets the table to page 1 and
 * selects the side's highlighted (recommended) plan, else its first, so the buy button always
 * has a plan of the side the visitor is looking at.
 */
export function AccessToggle({ deal, className }: { deal: ProductPageDeal; className?: string }) {
  const { store, state } = usePurchase(deal);
  if (!hasAccessToggle(activePlans(deal))) return null;
  const choose = (group: AccessGroup) => {
    if (group === state.group) return;
    const plans = plansInGroup(deal, group);
    const pick = plans.find((p) => p.highlight) ?? plans[0];
    store.set({ group, page: 1, selectedPlanId: pick?.id ?? null });
  };
  return (
    <div
      role="radiogroup"
      aria-label="Plan type"
      className={cx(
        "inline-flex rounded-full bg-white p-1 shadow-sm ring-1 ring-black/10",
        className,
      )}
    >
      {(["lifetime", "other"] as const).map((group) => (
        // biome-ignore lint/a11y/useSemanticElements: a segmented control, styled as one row
        <button
          key={group}
          type="button"
          role="radio"
          aria-checked={state.group === group}
          onClick={() => choose(group)}
          className={cx(
            "rounded-full px-4 py-1.5 text-sm font-bold transition",
            state.group === group ? "bg-ink text-white" : "text-ink-soft hover:text-ink",
          )}
        >
          {ACCESS_GROUP_LABELS[group]}
        </button>
      ))}
    </div>
  );
}

/**
 * The purchase panel's plan selector: one radio per plan of the current side. `fieldName` names
 * the radios for the purchase form (posted without JavaScript; data-plan-option lets CSS show the
 * checked plan's price).
 */
export function PlanSelector({
  deal,
  fieldName,
  plusMember = false,
}: {
  deal: ProductPageDeal;
  fieldName?: string;
  /** A Plus member reads each plan's member price. */
  plusMember?: boolean;
}) {
  const { store, state } = usePurchase(deal);
  const id = useId();
  const name = fieldName ?? id;
  const planPriceLabel = usePlanPriceLabel(plusMember);
  const plans = plansInGroup(deal, state.group);
  if (activePlans(deal).length <= 1) return null;
  return (
    <div className="space-y-3">
      <AccessToggle deal={deal} />
      <fieldset>
        <legend className="sr-only">Choose a plan</legend>
        <div className="space-y-2">
          {plans.map((plan, index) => {
            const checked = plan.id === state.selectedPlanId;
            return (
              <label key={plan.id} className={checked ? "plan-option-on" : "plan-option"}>
                <input
                  type="radio"
                  name={name}
                  value={plan.id}
                  data-plan-option={index}
                  checked={checked}
                  onChange={() => store.set({ selectedPlanId: plan.id })}
                  className="h-4 w-4 accent-ink"
                />
                <span className="min-w-0 flex-1 font-bold">{plan.public_name}</span>
                {plan.highlight ? (
                  <span className="badge-pick px-2 py-0.5 text-[10px]">Recommended</span>
                ) : null}
                <span className="font-black tabular-nums">{planPriceLabel(plan)}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
