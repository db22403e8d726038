/**
 * Add-on selection (spec 000 "add-on selection", spec 001 section 4 "Add-ons"). An add-on feature
 * has one cell per primary plan (primary_plan_values); a cell is boolean, a linear range snapping
 * to its listed quantity tiers, or a set of custom values. These rules decide which cells can be
 * offered, what a choice costs and which cart lines it becomes. Money is cents here; the API's
 * major units are converted at the edge (see toAddonCents).
 */
import { ADDON_PURCHASE_STATES, ADDON_QUANTITY_MIN } from "./constants";
import { ADDONS_ADD_FAILED, INVALID_PLAN_ID } from "./messages";
import type { Cents } from "./money";
import { toCents } from "./money";

export type AddonValueType = "none" | "linear_range" | "boolean" | "custom_values";
export type AddonPurchaseState = (typeof ADDON_PURCHASE_STATES)[number];

export interface AddonRangeConfig {
  min_value: number | null;
  max_value: number | null;
  divisor: number | null;
  unit_name: string | null;
}

export interface AddonAssociation {
  addon_deal_id: number;
  addon_plan_id: number;
  purchase_state: string;
  /** Major units, as the API sends it. */
  addon_price: number;
  is_refundable: boolean;
  is_licensing?: boolean;
}

export interface AddonValue {
  id: number;
  name: string;
  /** quantity_value: the tier's quantity (seats, GB...), or the position of a custom value. */
  value: number;
  addon_plan_id: number | null;
  /** Major units. */
  total_price: number;
  total_base_price: number;
}

export interface AddonCell {
  primary_plan_id: number;
  value_type: AddonValueType | string;
  values: readonly AddonValue[];
  range_config: AddonRangeConfig | null;
  associations: readonly AddonAssociation[];
}

export interface AddonFeature {
  id: number;
  feature: string;
  tooltip: string | null;
  primary_plan_values: readonly AddonCell[];
}

/**
 * A linear range needs a minimum of 0 or more, a maximum and a divisor; otherwise it is skipped
 * and shows the error mark. A divisor of 0 could never step, so it counts as missing.
 */
export const isRangeConfigValid = (config: AddonRangeConfig | null | undefined): boolean =>
  config != null &&
  config.min_value != null &&
  config.min_value >= ADDON_QUANTITY_MIN &&
  config.max_value != null &&
  config.divisor != null &&
  config.divisor > 0;

const isPurchaseState = (state: string): state is AddonPurchaseState =>
  (ADDON_PURCHASE_STATES as readonly string[]).includes(state);

export type AddonCellStatus = "none" | "included_free" | "for_purchase" | "error";

/**
 * A cell of value type none offers nothing for that plan (shown as a dash). A cell with no
 * associations, an association in a state that cannot be bought, or an invalid
 * linear range shows the error mark. A cell whose associations are all included_free comes with
 * the plan; any other valid cell is for purchase.
 */
export const addonCellStatus = (cell: AddonCell): AddonCellStatus => {
  if (cell.value_type === "none") return "none";
  if (cell.associations.length === 0) return "error";
  if (cell.associations.some((a) => !isPurchaseState(a.purchase_state))) return "error";
  if (cell.value_type === "linear_range" && !isRangeConfigValid(cell.range_config)) return "error";
  if (cell.associations.every((a) => a.purchase_state === "included_free")) return "included_free";
  return "for_purchase";
};

/** Non-refundable add-ons are flagged ("Non-refundable deal"). */
export const isNonRefundableAddon = (cell: AddonCell): boolean =>
  cell.associations.some((a) => !a.is_refundable);

/** The cell of an add-on feature for the selected primary plan, if it has one. */
export const addonCellFor = (
  feature: AddonFeature,
  primaryPlanId: number | null | undefined,
): AddonCell | undefined =>
  primaryPlanId == null
    ? undefined
    : feature.primary_plan_values.find((cell) => cell.primary_plan_id === primaryPlanId);

/** The add-on features that have a cell for the given primary plan, in their order. */
export const addonFeaturesForPlan = (
  features: readonly AddonFeature[],
  primaryPlanId: number | null | undefined,
): { feature: AddonFeature; cell: AddonCell }[] =>
  features.flatMap((feature) => {
    const cell = addonCellFor(feature, primaryPlanId);
    return cell ? [{ feature, cell }] : [];
  });

/** Add-on inputs take whole numbers from 0: anything else becomes the nearest such number. */
export const wholeQuantity = (input: number): number =>
  Number.isFinite(input) ? Math.max(ADDON_QUANTITY_MIN, Math.round(input)) : ADDON_QUANTITY_MIN;

/**
 * The stops of a linear range: its minimum (nothing added when 0) and each listed tier inside
 * [min, max], ascending and without repeats.
 */
export const rangeStops = (cell: AddonCell): number[] => {
  const config = cell.range_config;
  if (!isRangeConfigValid(config) || config == null) return [];
  const min = config.min_value as number;
  const max = config.max_value as number;
  const tiers = cell.values.map((v) => v.value).filter((q) => q >= min && q <= max);
  return [...new Set([min, ...tiers])].sort((a, b) => a - b);
};

/** A slider position snaps to the nearest stop; halfway between two, to the lower (cheaper). */
export const snapToStop = (input: number, stops: readonly number[]): number => {
  const value = wholeQuantity(input);
  let best = stops[0];
  if (best === undefined) return value;
  for (const stop of stops) {
    if (Math.abs(stop - value) < Math.abs(best - value)) best = stop;
  }
  return best;
};

/**
 * Where a slider moved from `current` to `input` lands: the nearest stop, except that a move which
 * would snap back onto `current` (an arrow key's one-unit step) goes on to the next stop in its
 * direction, so the keyboard can reach every stop.
 */
export const moveToStop = (current: number, input: number, stops: readonly number[]): number => {
  const snapped = snapToStop(input, stops);
  if (snapped !== current || input === current) return snapped;
  const next =
    input > current ? stops.find((s) => s > current) : stops.findLast((s) => s < current);
  return next ?? snapped;
};

/**
 * One chosen add-on (spec 001 section 3 "Add-on selection": key, name, price, value,
 * primaryPlanId, addonPlanId, parentInvoiceData). price is in cents.
 */
export interface AddonSelection {
  key: string;
  name: string;
  price: Cents;
  value: number;
  primaryPlanId: number;
  addonPlanId: number;
  parentInvoiceData: Record<string, unknown> | null;
}

/** The stable key of a cell: feature and primary plan. */
export const addonKey = (feature: AddonFeature, cell: AddonCell): string =>
  `${feature.id}:${cell.primary_plan_id}`;

/**
 * What a choice in a cell costs and adds. choice: for boolean 1 (on) or 0 (off); for a linear
 * range the quantity (snapped to a stop); for custom values the chosen value's id (0 for none).
 * Returns null when nothing is to be bought: off, the range minimum, an unknown value, an
 * included-free cell (it comes with the plan) or a cell with the error mark.
 */
export const addonSelection = (
  feature: AddonFeature,
  cell: AddonCell,
  choice: number,
): AddonSelection | null => {
  if (addonCellStatus(cell) !== "for_purchase") return null;
  const base = {
    key: addonKey(feature, cell),
    primaryPlanId: cell.primary_plan_id,
    parentInvoiceData: null,
  };
  if (cell.value_type === "boolean") {
    if (choice !== 1) return null;
    const association = cell.associations[0];
    if (!association) return null;
    const listed = cell.values[0];
    return {
      ...base,
      name: listed?.name ?? feature.feature,
      price: toCents(listed?.total_price ?? association.addon_price),
      value: 1,
      addonPlanId: listed?.addon_plan_id ?? association.addon_plan_id,
    };
  }
  if (cell.value_type === "linear_range") {
    const quantity = snapToStop(choice, rangeStops(cell));
    const tier = cell.values.find((v) => v.value === quantity);
    const association = cell.associations[0];
    if (!tier || !association) return null;
    return {
      ...base,
      name: tier.name,
      price: toCents(tier.total_price),
      value: quantity,
      addonPlanId: tier.addon_plan_id ?? association.addon_plan_id,
    };
  }
  if (cell.value_type === "custom_values") {
    const chosen = cell.values.find((v) => v.id === choice);
    if (!chosen || chosen.addon_plan_id == null) return null;
    return {
      ...base,
      name: chosen.name,
      price: toCents(chosen.total_price),
      value: chosen.value,
      addonPlanId: chosen.addon_plan_id,
    };
  }
  return null;
};

/** The add-ons' total, in cents. */
export const addonsTotal = (selections: readonly AddonSelection[]): Cents =>
  selections.reduce((sum, s) => sum + s.price, 0);

/** One line of the bulk add-on call (spec 001 section 7). */
export interface AddonCartLine {
  deal_id: number;
  plan_id: number;
  quantity: number;
  unit_quantity: number;
  primary_plan_id: number;
  parent_invoice_data: Record<string, unknown> | null;
}

export type AddonCartLines = { ok: true; lines: AddonCartLine[] } | { ok: false; error: string };

const isPositiveId = (id: unknown): id is number =>
  typeof id === "number" && Number.isInteger(id) && id > 0;

/**
 * The bulk add-on request for the chosen add-ons. A linear range buys value / divisor units of
 * its add-on plan (5 seats of a "5 seats" plan is 1 unit; unit_quantity carries the 5); other
 * cells buy one unit. The add-on deal comes from the association of the chosen add-on plan (the
 * first association when only one is listed). An add-on plan id must be a positive number:
 * otherwise nothing is sent and the spec's "Invalid plan ID provided." is the error.
 */
export const addonCartLines = (
  features: readonly AddonFeature[],
  selections: readonly AddonSelection[],
  parentInvoiceData: Record<string, unknown> | null = null,
): AddonCartLines => {
  const lines: AddonCartLine[] = [];
  for (const selection of selections) {
    if (!isPositiveId(selection.addonPlanId)) return { ok: false, error: INVALID_PLAN_ID };
    const found = features
      .flatMap((feature) => feature.primary_plan_values.map((cell) => ({ feature, cell })))
      .find(({ feature, cell }) => addonKey(feature, cell) === selection.key);
    if (!found) return { ok: false, error: INVALID_PLAN_ID };
    const { cell } = found;
    const association =
      cell.associations.find((a) => a.addon_plan_id === selection.addonPlanId) ??
      cell.associations[0];
    if (!association) return { ok: false, error: INVALID_PLAN_ID };
    const divisor = cell.value_type === "linear_range" ? (cell.range_config?.divisor ?? 1) : 1;
    const unitQuantity = cell.value_type === "linear_range" ? selection.value : 1;
    lines.push({
      deal_id: association.addon_deal_id,
      plan_id: selection.addonPlanId,
      quantity: Math.max(1, Math.ceil(unitQuantity / divisor)),
      unit_quantity: unitQuantity,
      primary_plan_id: selection.primaryPlanId,
      parent_invoice_data: selection.parentInvoiceData ?? parentInvoiceData,
    });
  }
  return { ok: true, lines };
};

/**
 * What the catalogue offers in the add-on cell a cart line is bought from: the server's copy, so
 * the client's quantities can be checked against it (never priced from them).
 */
export interface AddonOffer {
  valueType: AddonValueType | string;
  range: AddonRangeConfig | null;
  /** quantity_value of each listed value of the cell for the chosen add-on plan. */
  quantities: readonly (number | null)[];
}

export type AddonQuantityChoice =
  | { ok: true; quantity: number; unitQuantity: number | null }
  | { ok: false; error: string };

/**
 * The quantity an add-on line may be bought at (spec 000 "add-on selection": a linear range snaps
 * to its listed tiers; other cells buy one unit). A range takes only a listed tier above its
 * minimum (the minimum buys nothing) and within its maximum, and buys tier / divisor packs; a
 * boolean or custom value takes one unit. A quantity the client sends must agree with that, so
 * nothing is ever bought at a count the catalogue does not offer or at one pack's price.
 */
export const offeredAddonQuantity = (
  offer: AddonOffer,
  requested: { quantity?: number | null; unit_quantity?: number | null },
): AddonQuantityChoice => {
  const refuse: AddonQuantityChoice = { ok: false, error: ADDONS_ADD_FAILED };
  const asked = requested.quantity ?? null;
  const unit = requested.unit_quantity ?? null;
  if (offer.valueType === "linear_range") {
    const range = offer.range;
    if (!isRangeConfigValid(range) || range == null || unit == null) return refuse;
    const min = range.min_value as number;
    const max = range.max_value as number;
    const listed = offer.quantities.some((q) => q === unit);
    if (!Number.isInteger(unit) || !listed || unit <= min || unit > max) return refuse;
    const quantity = Math.max(1, Math.ceil(unit / (range.divisor as number)));
    if (asked != null && asked !== quantity) return refuse;
    return { ok: true, quantity, unitQuantity: unit };
  }
  if (offer.valueType === "boolean" || offer.valueType === "custom_values") {
    if (asked != null && asked !== 1) return refuse;
    if (unit != null && unit !== 1 && !offer.quantities.some((q) => q === unit)) return refuse;
    return { ok: true, quantity: 1, unitQuantity: unit };
  }
  return refuse;
};
