import { useEffect, useState } from "react";
import { purchaseMode } from "../../domain/deal-state";
import {
  BUY_SOLD_OUT,
  SHOW_ALL_FEATURES,
  SHOW_LESS_FEATURES,
  planXOfN,
} from "../../domain/messages";
import {
  pricingLayout,
  refundText,
  tablePage,
  tablePageCount,
  tablePageSize,
  visibleFeatures,
} from "../../domain/pricing";
import type { DealDetailsJson } from "../../server/services/storefront/catalog";
import { Carousel } from "../ui/carousel";
import { cx } from "../ui/format";
import { BuyButton, DealTimer, LimitedQuantity, PlanPrice } from "./plan-bits";
import { AccessToggle, plansInGroup } from "./plan-selector";
import { type Plan, usePurchase } from "./purchase-context";
import type { ProductViewer } from "./viewer";

export type PricingCardProps = {
  deal: DealDetailsJson;
  viewer: ProductViewer;
  /** The block's anchor id ("pricing" when the block gives none). */
  anchorId: string;
};

/** Tailwind's lg breakpoint: the table shows 4 plans a page from here, 3 below. */
const LARGE_QUERY = "(min-width: 1024px)";

/** Whether a media query matches; `fallback` on the server and before hydration. */
function useMediaQuery(query: string, fallback: boolean): boolean {
  const [matches, setMatches] = useState(fallback);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener("change", update);
    return () => list.removeEventListener("change", update);
  }, [query]);
  return matches;
}

type FeatureCell = boolean | string;
type FeatureRow = {
  id: number | string;
  feature: string;
  tooltip: string | null;
  cells: Map<number, FeatureCell>;
};

/**
 * The comparison rows: the plan features (dealfeatures, one entry per plan); a deal without them
 * lists its core features as included in every plan.
 */
function featureRows(deal: DealDetailsJson, plans: readonly Plan[]): FeatureRow[] {
  if (deal.dealfeatures.length > 0) {
    return deal.dealfeatures.map((f) => ({
      id: f.id,
      feature: f.feature,
      tooltip: f.tooltip,
      // An entry is a tick or a text; a numeric text may come back from jsonb as a number.
      cells: new Map(
        f.entries.map((e) => [
          e.plan_id,
          typeof e.entry === "boolean" ? e.entry : String(e.entry as unknown),
        ]),
      ),
    }));
  }
  return deal.core_features.map((f) => ({
    id: f.id,
    feature: f.feature,
    tooltip: f.tooltip,
    cells: new Map(plans.map((p) => [p.id, true as FeatureCell])),
  }));
}

/** A plan card's list: the features the plan includes, values first ("15 Team members"). */
function planFeatureTexts(rows: readonly FeatureRow[], plan: Plan): string[] {
  return rows.flatMap((row) => {
    const cell = row.cells.get(plan.id);
    if (cell === true) return [row.feature];
    if (typeof cell === "string" && cell !== "" && cell !== "false") {
      return [cell === "true" ? row.feature : `${row.feature}: ${cell}`];
    }
    return [];
  });
}

function Check({ on }: { on: boolean }) {
  return on ? (
    <svg aria-label="Included" role="img" viewBox="0 0 20 20" className="h-5 w-5 text-emerald-700">
      <path
        d="M4 10.5 8 14l8-8"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </svg>
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

function FeatureToggle({ expanded, onToggle }: { expanded: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-expanded={expanded}
      className="text-sm font-bold text-ink underline decoration-brand-500 decoration-2 underline-offset-4 hover:decoration-ink"
    >
      {expanded ? SHOW_LESS_FEATURES : SHOW_ALL_FEATURES}
    </button>
  );
}

function PlanCard({
  deal,
  viewer,
  plan,
  rows,
  index,
  total,
  buying,
  wide = false,
}: {
  deal: DealDetailsJson;
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
      className={cx(
        "flex w-full flex-col rounded-3xl border bg-white p-5 shadow-card transition sm:p-6",
        selected ? "border-ink ring-2 ring-ink/10" : "border-black/10",
        wide && "md:flex-row md:gap-8",
      )}
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
            <span className="shrink-0 rounded-full bg-brand-400 px-2.5 py-1 text-[11px] font-black tracking-wide uppercase">
              Recommended
            </span>
          ) : null}
        </div>
        {buying ? (
          <>
            <PlanPrice plan={plan} size="md" />
            <div
              onFocusCapture={() => store.set({ selectedPlanId: plan.id })}
              onPointerDownCapture={() => store.set({ selectedPlanId: plan.id })}
            >
              <BuyButton
                deal={deal}
                viewer={viewer}
                planId={plan.id}
                size="md"
                className="w-full"
              />
            </div>
          </>
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
              <li key={text} className="flex items-start gap-2">
                <span className="mt-px shrink-0">
                  <Check on />
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

/** More than 3 plans on desktop: a comparison table of 5 columns of 20%, paged. */
function PlanTable({
  deal,
  viewer,
  plans,
  rows,
  buying,
}: {
  deal: DealDetailsJson;
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
                        <span className="rounded-full bg-brand-400 px-2 py-0.5 text-[10px] font-black tracking-wide uppercase">
                          Recommended
                        </span>
                      ) : null}
                    </p>
                    {buying ? (
                      <>
                        <PlanPrice plan={plan} size="md" showAccess={false} />
                        <div
                          onFocusCapture={() => store.set({ selectedPlanId: plan.id })}
                          onPointerDownCapture={() => store.set({ selectedPlanId: plan.id })}
                        >
                          <BuyButton
                            deal={deal}
                            viewer={viewer}
                            planId={plan.id}
                            size="md"
                            className="w-full px-3 text-sm"
                          />
                        </div>
                      </>
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
                        <Check on={cell === true || cell === "true"} />
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

/**
 * The pricing_card block (spec 001 section 4 "Pricing"): the lifetime / other toggle when both
 * exist; one plan as a wide card; on desktop 2 to 3 plans as a carousel and more as a paged
 * table; on phones a carousel reading "Plan X of N". Both arrangements are in the HTML and CSS
 * picks one, so the server needs no guess about the screen. Ended deals show "Sold out" with no
 * prices or buy buttons; informational deals show their plans without buying (the purchase panel
 * carries the waitlist).
 */
export function PricingCard({ deal, viewer, anchorId }: PricingCardProps) {
  const { state } = usePurchase(deal);
  const mode = purchaseMode({
    isEnded: deal.buy_button.is_ended,
    isInfo: deal.is_info,
    stage: { ...deal.stage_details, next_stage_start_date: null },
  });
  const buying = mode === "buy";
  const plans = plansInGroup(deal, state.group);
  const rows = featureRows(deal, plans);
  const desktop = pricingLayout(plans.length, true);
  const cardFor = (plan: Plan, index: number, wide = false) => (
    <PlanCard
      deal={deal}
      viewer={viewer}
      plan={plan}
      rows={rows}
      index={index}
      total={plans.length}
      buying={buying}
      wide={wide}
    />
  );
  return (
    <section id={anchorId} data-testid="pricing-card" className="scroll-mt-24 space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-2xl font-black tracking-tight sm:text-3xl">Plans &amp; pricing</h2>
        <AccessToggle deal={deal} />
      </div>
      {mode === "sold_out" ? (
        <p className="text-2xl font-black" data-testid="pricing-sold-out">
          {BUY_SOLD_OUT}
        </p>
      ) : null}
      {buying ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <div className="sm:flex-1">
            <LimitedQuantity deal={deal} />
          </div>
          <DealTimer deal={deal} withLimitedQuantity={false} className="sm:w-80" />
        </div>
      ) : null}
      {plans.length === 0 ? null : desktop === "wide" ? (
        cardFor(plans[0] as Plan, 0, true)
      ) : (
        <>
          <div className="hidden md:block" data-layout={desktop}>
            {desktop === "table" ? (
              <PlanTable deal={deal} viewer={viewer} plans={plans} rows={rows} buying={buying} />
            ) : (
              <Carousel
                key={state.group}
                items={plans}
                itemKey={(plan) => String(plan.id)}
                renderItem={(plan, index) => cardFor(plan, index)}
                label="Plans"
                slideClassName={plans.length === 2 ? "basis-1/2" : "basis-1/2 xl:basis-1/3"}
                arrowVisibility="desktop"
              />
            )}
          </div>
          <div className="md:hidden" data-layout="carousel">
            <Carousel
              key={state.group}
              items={plans}
              itemKey={(plan) => String(plan.id)}
              renderItem={(plan, index) => cardFor(plan, index)}
              label="Plans"
              slideClassName="basis-[88%]"
            />
          </div>
        </>
      )}
      {buying ? <p className="text-sm text-ink-soft">{refundText(deal.refundable_days)}</p> : null}
    </section>
  );
}
