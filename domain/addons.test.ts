import { describe, expect, it } from "vitest";
import type { AddonCell, AddonFeature } from "./addons";
import {
  addonCartLines,
  addonCellStatus,
  addonFeaturesForPlan,
  addonSelection,
  addonsTotal,
  isNonRefundableAddon,
  isRangeConfigValid,
  moveToStop,
  offeredAddonQuantity,
  rangeStops,
  snapToStop,
  wholeQuantity,
} from "./addons";
import { ADDONS_ADD_FAILED, INVALID_PLAN_ID } from "./messages";

const association = (over: Partial<AddonCell["associations"][number]> = {}) => ({
  addon_deal_id: 900,
  addon_plan_id: 901,
  purchase_state: "for_purchase",
  addon_price: 29,
  is_refundable: true,
  ...over,
});

const booleanCell = (over: Partial<AddonCell> = {}): AddonCell => ({
  primary_plan_id: 1,
  value_type: "boolean",
  values: [
    {
      id: 11,
      name: "AI Assistant",
      value: 1,
      addon_plan_id: 901,
      total_price: 29,
      total_base_price: 120,
    },
  ],
  range_config: null,
  associations: [association()],
  ...over,
});

const seatTiers = [5, 10, 20, 50].map((q, i) => ({
  id: 20 + i,
  name: `${q} seats`,
  value: q,
  addon_plan_id: 801,
  total_price: [25, 45, 80, 180][i] as number,
  total_base_price: (q / 5) * 60,
}));

const rangeCell = (over: Partial<AddonCell> = {}): AddonCell => ({
  primary_plan_id: 1,
  value_type: "linear_range",
  values: seatTiers,
  range_config: { min_value: 0, max_value: 50, divisor: 5, unit_name: "seats" },
  associations: [association({ addon_deal_id: 800, addon_plan_id: 801, is_licensing: true })],
  ...over,
});

const customCell = (over: Partial<AddonCell> = {}): AddonCell => ({
  primary_plan_id: 1,
  value_type: "custom_values",
  values: [
    { id: 31, name: "50 GB", value: 1, addon_plan_id: 701, total_price: 19, total_base_price: 60 },
    { id: 32, name: "1 TB", value: 3, addon_plan_id: 703, total_price: 99, total_base_price: 480 },
  ],
  range_config: null,
  associations: [
    association({ addon_deal_id: 700, addon_plan_id: 701, addon_price: 19, is_refundable: false }),
    association({ addon_deal_id: 700, addon_plan_id: 703, addon_price: 99, is_refundable: false }),
  ],
  ...over,
});

const feature = (id: number, cells: AddonCell[]): AddonFeature => ({
  id,
  feature: `Feature ${id}`,
  tooltip: null,
  primary_plan_values: cells,
});

describe("linear range configuration", () => {
  it("is valid with min 0 or more, a max and a divisor", () => {
    expect(isRangeConfigValid({ min_value: 0, max_value: 50, divisor: 5, unit_name: "s" })).toBe(
      true,
    );
  });
  it("is invalid with min below 0, or max or divisor missing", () => {
    const ok = { min_value: 0, max_value: 50, divisor: 5, unit_name: "s" };
    expect(isRangeConfigValid({ ...ok, min_value: -1 })).toBe(false);
    expect(isRangeConfigValid({ ...ok, max_value: null })).toBe(false);
    expect(isRangeConfigValid({ ...ok, divisor: null })).toBe(false);
    expect(isRangeConfigValid(null)).toBe(false);
  });
});

describe("add-on cell status (error mark)", () => {
  it("reads for_purchase and included_free from the associations", () => {
    expect(addonCellStatus(booleanCell())).toBe("for_purchase");
    expect(
      addonCellStatus(
        booleanCell({ associations: [association({ purchase_state: "included_free" })] }),
      ),
    ).toBe("included_free");
  });
  it("marks a cell with no associations as an error", () => {
    expect(addonCellStatus(booleanCell({ associations: [] }))).toBe("error");
  });
  it("marks a non-purchasable state as an error", () => {
    expect(
      addonCellStatus(booleanCell({ associations: [association({ purchase_state: "retired" })] })),
    ).toBe("error");
  });
  it("marks an invalid linear range as an error", () => {
    const bad = { min_value: -5, max_value: 50, divisor: 5, unit_name: "seats" };
    expect(addonCellStatus(rangeCell({ range_config: bad }))).toBe("error");
    expect(addonCellStatus(rangeCell())).toBe("for_purchase");
  });
  it("treats value type none as nothing offered, not an error", () => {
    expect(addonCellStatus(booleanCell({ value_type: "none" }))).toBe("none");
  });
  it("flags non-refundable add-ons", () => {
    expect(isNonRefundableAddon(customCell())).toBe(true);
    expect(isNonRefundableAddon(booleanCell())).toBe(false);
  });
});

describe("cells of the selected plan", () => {
  it("keeps only features with a cell for that plan, in order", () => {
    const features = [
      feature(1, [booleanCell({ primary_plan_id: 1 }), booleanCell({ primary_plan_id: 2 })]),
      feature(2, [rangeCell({ primary_plan_id: 2 })]),
    ];
    expect(addonFeaturesForPlan(features, 1).map((f) => f.feature.id)).toEqual([1]);
    expect(addonFeaturesForPlan(features, 2).map((f) => f.feature.id)).toEqual([1, 2]);
    expect(addonFeaturesForPlan(features, null)).toEqual([]);
  });
});

describe("linear range snapping", () => {
  it("stops at the minimum and the listed tiers", () => {
    expect(rangeStops(rangeCell())).toEqual([0, 5, 10, 20, 50]);
  });
  it("has no stops when the range is invalid", () => {
    expect(rangeStops(rangeCell({ range_config: null }))).toEqual([]);
  });
  it("snaps to the nearest tier, the lower one at halfway", () => {
    const stops = [0, 5, 10, 20, 50];
    expect(snapToStop(7, stops)).toBe(5);
    expect(snapToStop(8, stops)).toBe(10);
    expect(snapToStop(15, stops)).toBe(10);
    expect(snapToStop(36, stops)).toBe(50);
    expect(snapToStop(999, stops)).toBe(50);
    expect(snapToStop(-3, stops)).toBe(0);
  });
  it("moves an arrow key's one-unit step on to the next stop in its direction", () => {
    const stops = [0, 5, 10, 20, 50];
    expect(moveToStop(0, 1, stops)).toBe(5);
    expect(moveToStop(10, 11, stops)).toBe(20);
    expect(moveToStop(10, 9, stops)).toBe(5);
    expect(moveToStop(50, 51, stops)).toBe(50);
    expect(moveToStop(0, -1, stops)).toBe(0);
    // A drag that lands near another stop snaps there, as before; End and Home reach the ends.
    expect(moveToStop(0, 18, stops)).toBe(20);
    expect(moveToStop(5, 50, stops)).toBe(50);
    expect(moveToStop(20, 0, stops)).toBe(0);
  });
  it("takes whole numbers from 0 only", () => {
    expect(wholeQuantity(2.6)).toBe(3);
    expect(wholeQuantity(-4)).toBe(0);
    expect(wholeQuantity(Number.NaN)).toBe(0);
  });
});

describe("selections", () => {
  const ai = feature(1, [booleanCell()]);
  const seats = feature(2, [rangeCell()]);
  const storage = feature(3, [customCell()]);

  it("a boolean add-on switched on costs its listed price", () => {
    expect(addonSelection(ai, booleanCell(), 1)).toEqual({
      key: "1:1",
      name: "AI Assistant",
      price: 2900,
      value: 1,
      primaryPlanId: 1,
      addonPlanId: 901,
      parentInvoiceData: null,
    });
    expect(addonSelection(ai, booleanCell(), 0)).toBeNull();
  });
  it("a range add-on costs the snapped tier's total price", () => {
    const s = addonSelection(seats, rangeCell(), 12);
    expect(s).toMatchObject({ value: 10, price: 4500, name: "10 seats", addonPlanId: 801 });
    expect(addonSelection(seats, rangeCell(), 0)).toBeNull();
  });
  it("a custom value costs that value's price", () => {
    expect(addonSelection(storage, customCell(), 32)).toMatchObject({
      name: "1 TB",
      price: 9900,
      addonPlanId: 703,
    });
    expect(addonSelection(storage, customCell(), 0)).toBeNull();
  });
  it("selects nothing in an included-free or an error cell", () => {
    const free = booleanCell({ associations: [association({ purchase_state: "included_free" })] });
    expect(addonSelection(ai, free, 1)).toBeNull();
    expect(addonSelection(ai, booleanCell({ associations: [] }), 1)).toBeNull();
  });
  it("adds up the chosen add-ons in cents", () => {
    const chosen = [
      addonSelection(ai, booleanCell(), 1),
      addonSelection(seats, rangeCell(), 20),
    ].flatMap((s) => (s ? [s] : []));
    expect(addonsTotal(chosen)).toBe(2900 + 8000);
  });
});

describe("bulk add-on cart lines", () => {
  const ai = feature(1, [booleanCell()]);
  const seats = feature(2, [rangeCell()]);
  const storage = feature(3, [customCell()]);
  const features = [ai, seats, storage];

  it("turns selections into deal, plan, quantity and unit quantity", () => {
    const chosen = [
      addonSelection(ai, booleanCell(), 1),
      addonSelection(seats, rangeCell(), 20),
      addonSelection(storage, customCell(), 32),
    ].flatMap((s) => (s ? [s] : []));
    const result = addonCartLines(features, chosen, { cart_item_id: 5 });
    expect(result).toEqual({
      ok: true,
      lines: [
        {
          deal_id: 900,
          plan_id: 901,
          quantity: 1,
          unit_quantity: 1,
          primary_plan_id: 1,
          parent_invoice_data: { cart_item_id: 5 },
        },
        {
          deal_id: 800,
          plan_id: 801,
          quantity: 4,
          unit_quantity: 20,
          primary_plan_id: 1,
          parent_invoice_data: { cart_item_id: 5 },
        },
        {
          deal_id: 700,
          plan_id: 703,
          quantity: 1,
          unit_quantity: 1,
          primary_plan_id: 1,
          parent_invoice_data: { cart_item_id: 5 },
        },
      ],
    });
  });
  it("refuses an add-on plan id that is not a positive number", () => {
    const bad = {
      ...(addonSelection(ai, booleanCell(), 1) as NonNullable<ReturnType<typeof addonSelection>>),
      addonPlanId: 0,
    };
    expect(addonCartLines(features, [bad])).toEqual({ ok: false, error: INVALID_PLAN_ID });
  });
});

describe("offeredAddonQuantity", () => {
  const seats = {
    valueType: "linear_range",
    range: { min_value: 0, max_value: 50, divisor: 5, unit_name: "seats" },
    quantities: [5, 10, 20, 50],
  };
  it("takes a listed tier of a range and buys tier / divisor packs", () => {
    expect(offeredAddonQuantity(seats, { unit_quantity: 10 })).toEqual({
      ok: true,
      quantity: 2,
      unitQuantity: 10,
    });
    expect(offeredAddonQuantity(seats, { quantity: 10, unit_quantity: 50 })).toMatchObject({
      ok: true,
      quantity: 10,
    });
  });
  it("refuses unlisted, out-of-range, minimum or missing tiers and a disagreeing quantity", () => {
    for (const unit_quantity of [100000, 7, 0, 55, -5, null, 2.5]) {
      expect(offeredAddonQuantity(seats, { unit_quantity }), String(unit_quantity)).toEqual({
        ok: false,
        error: ADDONS_ADD_FAILED,
      });
    }
    expect(offeredAddonQuantity(seats, { quantity: 1, unit_quantity: 50 }).ok).toBe(false);
    expect(
      offeredAddonQuantity({ ...seats, quantities: [5, 100] }, { unit_quantity: 100 }).ok,
    ).toBe(false);
    expect(
      offeredAddonQuantity(
        { ...seats, range: { ...seats.range, divisor: null } },
        { unit_quantity: 5 },
      ).ok,
    ).toBe(false);
  });
  it("buys one unit of a boolean or custom value, never more", () => {
    const bool = { valueType: "boolean", range: null, quantities: [1] };
    expect(offeredAddonQuantity(bool, {})).toEqual({ ok: true, quantity: 1, unitQuantity: null });
    expect(offeredAddonQuantity(bool, { quantity: 1, unit_quantity: 1 }).ok).toBe(true);
    expect(offeredAddonQuantity(bool, { quantity: 1000 }).ok).toBe(false);
    expect(offeredAddonQuantity(bool, { unit_quantity: 100000 }).ok).toBe(false);
    const custom = { valueType: "custom_values", range: null, quantities: [2] };
    expect(offeredAddonQuantity(custom, { unit_quantity: 2 }).ok).toBe(true);
    expect(offeredAddonQuantity(custom, { unit_quantity: 3 }).ok).toBe(false);
    expect(offeredAddonQuantity({ valueType: "none", range: null, quantities: [] }, {}).ok).toBe(
      false,
    );
  });
});
