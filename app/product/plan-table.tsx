import { useState } from "react";
import { tablePage, tablePageCount, tablePageSize, visibleFeatures } from "../../domain/pricing";
import { cx } from "../ui/format";
import { useMediaQuery } from "../ui/use-media-query";
import type { ProductPageDeal } from "./page-view";
import type { FeatureRow } from "./plan-features";
import { FeatureMark, FeatureToggle, PlanPurchase } from "./pricing-parts";
import { type Plan, usePurchase } from "./purchase-context";
import type { ProductViewer } from "./viewer";

/** Tailwind's lg breakpoint: the table shows 4 plans a page from here, 3 below. */
const LARGE_QUERY = "(min-width: 1024px)";

/** More than 3 plans on desktop: a comparison table of 5 columns of 20%, paged. */
export function PlanTable({
  deal,
  viewer,
  plans,
  rows,
  buying,
}: {
  deal: ProductPageDeal;
  viewer: ProductViewer;
  plans: readonly Plan[];
  rows: readonly FeatureRow[];
  buying: boolean;
}) {
  const { store, state } = usePurchase(deal);
  const large = useMediaQuery(LARGE_QUERY, true);
  const size = tablePageSize(large);
  const pages = tablePageCount(plans.length, size);
  const page = Math.min(state.page, pages);
  const shown = tablePage(plans, page, size);
  const [expanded, setExpanded] = useState(false);
  const visible = visibleFeatures(rows, expanded);
  const first = (page - 1) * size + 1;
  const last = first + shown.length - 1;
  const pager = (
    <div className="flex items-center justify-end gap-2" data-testid="pricing-pager">
      <p className="mr-auto text-sm text-ink-soft" aria-live="polite">
        Plans {first}–{last} of {plans.length}
      </p>
      <button
        type="button"
        aria-label="Previous plans"
        disabled={page <= 1}
        onClick={() => store.set({ page: page - 1 })}
        className="h-9 w-9 rounded-full bg-white text-lg font-black shadow-sm ring-1 ring-black/10 hover:bg-brand-50 disabled:opacity-30"
      >
        ‹
      </button>
      <button
        type="button"
        aria-label="Next plans"
        disabled={page >= pages}
        onClick={() => store.set({ page: page + 1 })}
        className="h-9 w-9 rounded-full bg-white text-lg font-black shadow-sm ring-1 ring-black/10 hover:bg-brand-50 disabled:opacity-30"
      >
        ›
      </button>
    </div>
  );
  return (
    <div className="space-y-3">
      {pages > 1 ? pager : null}
      <div className="overflow-hidden rounded-3xl border border-black/10 bg-white shadow-card">
        <table className="w-full table-fixed border-collapse text-sm" data-testid="pricing-table">
          <colgroup>
            {Array.from({ length: 5 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
              <col key={i} style={{ width: "20%" }} />
            ))}
          </colgroup>
          <thead>
            <tr className="align-top">
              <th
                scope="col"
                className="p-4 text-left text-xs font-bold tracking-wide text-ink-soft uppercase"
              >
                Compare plans
              </th>
              {shown.map((plan) => (
                <th
                  key={plan.id}
                  scope="col"
                  className={cx(
                    "border-l border-black/5 p-4 text-left font-normal",
                    plan.id === state.selectedPlanId && "bg-brand-50",
                  )}
                >
                  <div className="flex flex-col gap-3">
                    <p className="flex flex-wrap items-center gap-1.5 text-base font-black">
                      {plan.public_name}
                      {plan.highlight ? (
                        <span className="badge-pick px-2 py-0.5 text-[10px]">Recommended</span>
                      ) : null}
                    </p>
                    {buying ? (
                      <PlanPurchase
                        deal={deal}
                        viewer={viewer}
                        plan={plan}
                        onSelect={() => store.set({ selectedPlanId: plan.id })}
                        showAccess={false}
                        buttonClassName="w-full px-3 text-sm"
                      />
                    ) : null}
                  </div>
                </th>
              ))}
              {Array.from({ length: size - shown.length }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: empty filler columns
                <td key={`empty-${i}`} className="border-l border-black/5" />
              ))}
            </tr>
          </thead>
          <tbody>
            {visible.shown.map((row) => (
              <tr key={row.id} className="border-t border-black/5">
                <th scope="row" className="p-4 text-left font-semibold">
                  {row.feature}
                </th>
                {shown.map((plan) => {
                  const cell = row.cells.get(plan.id) ?? false;
                  return (
                    <td key={plan.id} className="border-l border-black/5 p-4">
                      {typeof cell === "string" && cell !== "true" && cell !== "false" ? (
                        <span className="font-semibold">{cell}</span>
                      ) : (
                        <FeatureMark on={cell === true || cell === "true"} />
                      )}
                    </td>
                  );
                })}
                {Array.from({ length: size - shown.length }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: empty filler columns
                  <td key={`empty-${i}`} className="border-l border-black/5" />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {visible.collapsible ? (
        <FeatureToggle expanded={expanded} onToggle={() => setExpanded((e) => !e)} />
      ) : null}
    </div>
  );
}
