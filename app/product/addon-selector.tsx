/**
 * The add-on section (spec 000 "add-on selection", spec 001 section 4 "Add-ons"): for the
 * selected plan, each add-on feature is a switch (boolean), a slider snapping to its quantity
 * tiers (linear range) or a choice of values (custom values). Included-free add-ons say so;
 * non-refundable ones are flagged; a cell that cannot be offered shows the error mark. The chosen
 * add-ons are announced (addons:updated) and added in bulk by a handler that runs once the plan
 * itself is in the cart.
 */
import { type CSSProperties, useEffect, useId, useRef } from "react";
import {
  type AddonCell,
  type AddonFeature,
  type AddonSelection,
  addonCartLines,
  addonCellStatus,
  addonFeaturesForPlan,
  addonKey,
  addonSelection,
  addonsTotal,
  isNonRefundableAddon,
  moveToStop,
  rangeStops,
} from "../../domain/addons";
import { ADDONS_ADD_FAILED, NON_REFUNDABLE_DEAL } from "../../domain/messages";
import { toMajor } from "../../domain/money";
import { usePriceLabel } from "../marketing/display-currency";
import { cx } from "../ui/format";
import { addCartAddons } from "./cart-client";
import { announceAddonsUpdated, registerAddonHandler } from "./cart-events";
import type { ProductPageDeal } from "./page-view";
import { usePurchase } from "./purchase-context";

/** Our wording for the error mark's accessible name (the spec shows only a mark). */
const ADDON_UNAVAILABLE = "This add-on is unavailable for the selected plan";
const INCLUDED = "Included";

function ErrorMark() {
  return (
    <span
      role="img"
      aria-label={ADDON_UNAVAILABLE}
      title={ADDON_UNAVAILABLE}
      data-testid="addon-error"
      className="inline-flex h-6 w-6 items-center justify-center rounded-full bg-red-100 text-sm font-black text-red-700"
    >
      !
    </span>
  );
}

function NonRefundableFlag() {
  return (
    <span className="rounded-md bg-amber-100 px-1.5 py-0.5 text-[11px] font-bold text-amber-900">
      {NON_REFUNDABLE_DEAL}
    </span>
  );
}

type CellProps = {
  feature: AddonFeature;
  cell: AddonCell;
  selection: AddonSelection | undefined;
  choose: (feature: AddonFeature, cell: AddonCell, choice: number) => void;
};

function BooleanCell({ feature, cell, selection, choose }: CellProps) {
  const id = useId();
  const price = cell.values[0]?.total_price ?? cell.associations[0]?.addon_price ?? 0;
  const label = usePriceLabel();
  return (
    <label htmlFor={id} className="flex cursor-pointer items-center gap-3">
      <input
        id={id}
        type="checkbox"
        checked={selection != null}
        onChange={(e) => choose(feature, cell, e.target.checked ? 1 : 0)}
        className="h-5 w-5 rounded accent-ink"
      />
      <span className="text-sm font-semibold">+{label(price)}</span>
    </label>
  );
}

function RangeCell({ feature, cell, selection, choose }: CellProps) {
  const stops = rangeStops(cell);
  const min = stops[0] ?? 0;
  const max = stops.at(-1) ?? 0;
  const value = selection?.value ?? min;
  const unit = cell.range_config?.unit_name ?? "";
  const label = usePriceLabel();
  return (
    <div className="w-full space-y-2">
      {/* A native range input (role="slider": arrow keys, Home/End and dragging for free), snapped
          to the tiers on every change. It replaced Radix's slider, whose ref and size state
          updates during the hydration commit forced one long synchronous render (issue 15). */}
      <input
        type="range"
        className="addon-range"
        min={min}
        max={max}
        step={1}
        value={value}
        aria-label={`${feature.feature} (${unit})`}
        aria-valuenow={value}
        aria-valuetext={`${value} ${unit}`}
        style={
          { "--fill": `${max > min ? ((value - min) / (max - min)) * 100 : 0}%` } as CSSProperties
        }
        onChange={(e) => choose(feature, cell, moveToStop(value, Number(e.target.value), stops))}
      />
      <ol
        className="flex justify-between text-[11px] font-semibold text-ink-soft"
        aria-hidden="true"
      >
        {stops.map((stop) => (
          <li key={stop}>{stop}</li>
        ))}
      </ol>
      <p className="text-sm">
        {selection ? (
          <>
            <span className="font-bold">
              {selection.value} {unit}
            </span>{" "}
            +{label(toMajor(selection.price))}
          </>
        ) : (
          <span className="text-ink-soft">None added</span>
        )}
      </p>
    </div>
  );
}

function CustomCell({ feature, cell, selection, choose }: CellProps) {
  const id = useId();
  const chosenId = cell.values.find((v) => v.addon_plan_id === selection?.addonPlanId)?.id ?? 0;
  const label = usePriceLabel();
  return (
    <select
      id={id}
      aria-label={feature.feature}
      value={chosenId}
      onChange={(e) => choose(feature, cell, Number(e.target.value))}
      className="w-full rounded-xl border border-black/15 bg-white px-3 py-2 text-sm"
    >
      <option value={0}>None</option>
      {cell.values.map((v) => (
        <option key={v.id} value={v.id}>
          {v.name} (+{label(v.total_price)})
        </option>
      ))}
    </select>
  );
}

function AddonRow({ feature, cell, selection, choose }: CellProps) {
  const status = addonCellStatus(cell);
  return (
    <li className="py-3" data-testid="addon-row">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-bold">{feature.feature}</p>
          {feature.tooltip ? <p className="text-xs text-ink-soft">{feature.tooltip}</p> : null}
          {status !== "error" && status !== "none" && isNonRefundableAddon(cell) ? (
            <p className="mt-1">
              <NonRefundableFlag />
            </p>
          ) : null}
        </div>
        {status === "error" ? <ErrorMark /> : null}
        {status === "none" ? <span className="text-ink-soft">—</span> : null}
        {status === "included_free" ? (
          <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-bold text-emerald-800">
            {INCLUDED}
          </span>
        ) : null}
        {status === "for_purchase" && cell.value_type === "boolean" ? (
          <BooleanCell feature={feature} cell={cell} selection={selection} choose={choose} />
        ) : null}
      </div>
      {status === "for_purchase" && cell.value_type === "linear_range" ? (
        <div className="mt-2">
          <RangeCell feature={feature} cell={cell} selection={selection} choose={choose} />
        </div>
      ) : null}
      {status === "for_purchase" && cell.value_type === "custom_values" ? (
        <div className="mt-2">
          <CustomCell feature={feature} cell={cell} selection={selection} choose={choose} />
        </div>
      ) : null}
    </li>
  );
}

/**
 * The add-on selector of the selected plan. Renders nothing for deals without add-ons. Only one
 * instance per page should register the cart handler (register=true): the purchase panel's.
 */
export function AddonSelector({
  deal,
  register = true,
  className,
}: {
  deal: ProductPageDeal;
  register?: boolean;
  className?: string;
}) {
  const { store, state } = usePurchase(deal);
  const label = usePriceLabel();
  const features = deal.addon_features as AddonFeature[];
  const rows = addonFeaturesForPlan(features, state.selectedPlanId);

  // Selections belong to one primary plan: changing plan drops the others.
  const planId = state.selectedPlanId;
  useEffect(() => {
    const addons = store.get().addons;
    const kept = Object.fromEntries(
      Object.entries(addons).filter(([, s]) => s.primaryPlanId === planId),
    );
    if (Object.keys(kept).length !== Object.keys(addons).length) store.set({ addons: kept });
  }, [planId, store]);

  // The handler reads the latest selections when it runs (after the plan is added).
  const latest = useRef(state.addons);
  latest.current = state.addons;
  useEffect(() => {
    if (!register) return;
    return registerAddonHandler(async (added) => {
      const chosen = Object.values(latest.current).filter((s) => s.primaryPlanId === added.planId);
      if (chosen.length === 0) return;
      const parent = added.cartItem?.id != null ? { cart_item_id: added.cartItem.id } : null;
      const lines = addonCartLines(features, chosen, parent);
      if (!lines.ok) throw new Error(lines.error);
      await addCartAddons(lines.lines, ADDONS_ADD_FAILED).catch(() => {
        throw new Error(ADDONS_ADD_FAILED);
      });
    });
  }, [register, features]);

  if (rows.length === 0) return null;

  const choose = (feature: AddonFeature, cell: AddonCell, choice: number) => {
    const key = addonKey(feature, cell);
    const next = { ...store.get().addons };
    const selection = addonSelection(feature, cell, choice);
    if (selection) next[key] = selection;
    else delete next[key];
    store.set({ addons: next });
    announceAddonsUpdated({ dealId: deal.id, addons: Object.values(next) });
  };

  const chosen = Object.values(state.addons);
  return (
    <section aria-label="Add-ons" className={cx("rounded-2xl bg-white px-4 py-1", className)}>
      <div className="flex items-baseline justify-between pt-3">
        <h2 className="text-sm font-black tracking-wide uppercase">Add-ons</h2>
        {chosen.length > 0 ? (
          <p className="text-sm font-semibold" data-testid="addons-total">
            +{label(toMajor(addonsTotal(chosen)))}
          </p>
        ) : null}
      </div>
      <ul className="divide-y divide-black/5">
        {rows.map(({ feature, cell }) => (
          <AddonRow
            key={addonKey(feature, cell)}
            feature={feature}
            cell={cell}
            selection={state.addons[addonKey(feature, cell)]}
            choose={choose}
          />
        ))}
      </ul>
    </section>
  );
}
