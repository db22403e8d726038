import { describe, expect, it } from "vitest";
import type { ProductPageDeal } from "./page-view";
import { createPurchaseStore, initialPurchaseState } from "./purchase-context";

const plan = (id: number, access: "lifetime" | "annual", is_active = true) =>
  ({ id, access, is_active, public_name: `Plan ${id}` }) as ProductPageDeal["plans"][number];

const deal = (plans: ProductPageDeal["plans"], defaultId: number | null) =>
  ({
    plans,
    default_plan: defaultId == null ? null : { id: defaultId },
  }) as unknown as ProductPageDeal;

describe("initial purchase state", () => {
  const d = deal([plan(1, "lifetime"), plan(2, "annual"), plan(3, "lifetime", false)], 2);
  it("selects the given plan, else the default plan, else the first", () => {
    expect(initialPurchaseState(d, 1).selectedPlanId).toBe(1);
    expect(initialPurchaseState(d, null).selectedPlanId).toBe(2);
    expect(
      initialPurchaseState(deal([plan(1, "lifetime"), plan(2, "annual")], null), null)
        .selectedPlanId,
    ).toBe(1);
  });
  it("ignores a given plan that is not active", () => {
    expect(initialPurchaseState(d, 3).selectedPlanId).toBe(2);
  });
  it("opens the toggle on the selected plan's side, on page 1", () => {
    expect(initialPurchaseState(d, null)).toMatchObject({ group: "other", page: 1 });
    expect(initialPurchaseState(d, 1).group).toBe("lifetime");
  });
});

describe("purchase store", () => {
  it("ignores a second add while one is in progress", () => {
    const store = createPurchaseStore(initialPurchaseState(deal([plan(1, "lifetime")], 1), null));
    expect(store.tryStartAdding()).toBe(true);
    expect(store.tryStartAdding()).toBe(false);
    expect(store.get().adding).toBe(true);
    store.finishAdding();
    expect(store.get().adding).toBe(false);
    expect(store.tryStartAdding()).toBe(true);
  });
  it("notifies subscribers of changes", () => {
    const store = createPurchaseStore(initialPurchaseState(deal([plan(1, "lifetime")], 1), null));
    let calls = 0;
    const off = store.subscribe(() => calls++);
    store.set({ page: 2 });
    store.set((s) => ({ page: s.page + 1 }));
    off();
    store.set({ page: 9 });
    expect(calls).toBe(2);
    expect(store.get().page).toBe(9);
  });
});
