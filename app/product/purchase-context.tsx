/**
 * The product page's shared purchase state: the selected plan, the lifetime / other toggle, the
 * chosen add-ons and the Plus shelf. The purchase panel, the pricing card and the buy bars read
 * and change the same store so they always agree.
 *
 * PurchaseProvider puts one store per page in a React context. The page route may wrap its
 * content in it; components rendered without a provider fall back to one store per deal in the
 * browser (and a fresh, identical one per render on the server), so they still agree.
 */
import {
  createContext,
  type ReactNode,
  useContext,
  useMemo,
  useState,
  useSyncExternalStore,
} from "react";
import { useSearchParams } from "react-router";
import type { AddonSelection } from "../../domain/addons";
import { initialSelectedPlanId } from "../../domain/deal-state";
import { ToastProvider } from "../ui/toast";
import type { ProductPageDeal } from "./page-view";

export type Plan = ProductPageDeal["plans"][number];
export type AccessGroup = "lifetime" | "other";

export type PurchaseState = {
  selectedPlanId: number | null;
  group: AccessGroup;
  /** 1-based page of the pricing table. */
  page: number;
  addons: Record<string, AddonSelection>;
  /** The plan waiting behind the Plus shelf, when it is open. */
  shelfPlanId: number | null;
  adding: boolean;
};

export type PurchaseStore = {
  get: () => PurchaseState;
  set: (change: Partial<PurchaseState> | ((s: PurchaseState) => Partial<PurchaseState>)) => void;
  subscribe: (listener: () => void) => () => void;
  /** Claims the single "adding" slot; false while another add is in progress. */
  tryStartAdding: () => boolean;
  finishAdding: () => void;
};

export const activePlans = (deal: ProductPageDeal): Plan[] =>
  deal.plans.filter((plan) => plan.is_active);

const groupOf = (plan: Plan | undefined): AccessGroup =>
  plan && plan.access !== "lifetime" ? "other" : "lifetime";

export function initialPurchaseState(
  deal: ProductPageDeal,
  givenPlanId: number | null,
): PurchaseState {
  const plans = activePlans(deal);
  const selectedPlanId = initialSelectedPlanId(plans, givenPlanId, deal.default_plan?.id ?? null);
  return {
    selectedPlanId,
    group: groupOf(plans.find((p) => p.id === selectedPlanId)),
    page: 1,
    addons: {},
    shelfPlanId: null,
    adding: false,
  };
}

export function createPurchaseStore(initial: PurchaseState): PurchaseStore {
  let state = initial;
  // The adding flag is checked synchronously so a double click is ignored before React re-renders.
  let adding = false;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  return {
    get: () => state,
    set: (change) => {
      const patch = typeof change === "function" ? change(state) : change;
      state = { ...state, ...patch };
      emit();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    tryStartAdding: () => {
      if (adding) return false;
      adding = true;
      state = { ...state, adding: true };
      emit();
      return true;
    },
    finishAdding: () => {
      adding = false;
      state = { ...state, adding: false };
      emit();
    },
  };
}

const PurchaseContext = createContext<PurchaseStore | null>(null);

/** ?plan={id} preselects a plan (spec 001 section 4: "the given plan id"). */
function useGivenPlanId(): number | null {
  const [params] = useSearchParams();
  const raw = params.get("plan");
  return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

export function PurchaseProvider({
  deal,
  children,
}: {
  deal: ProductPageDeal;
  children: ReactNode;
}) {
  const given = useGivenPlanId();
  const [store] = useState(() => createPurchaseStore(initialPurchaseState(deal, given)));
  // The product page's toasts (a failed add to cart, a failed bundle) need a live region: the
  // page has no other ToastProvider, and without one useToast() is a no-op.
  return (
    <PurchaseContext.Provider value={store}>
      <ToastProvider>{children}</ToastProvider>
    </PurchaseContext.Provider>
  );
}

// Without a provider, the components of one deal share this browser-side store.
const browserStores = new Map<number, PurchaseStore>();

function useFallbackStore(deal: ProductPageDeal, given: number | null): PurchaseStore {
  return useMemo(() => {
    if (typeof window === "undefined") {
      return createPurchaseStore(initialPurchaseState(deal, given));
    }
    let store = browserStores.get(deal.id);
    if (!store) {
      store = createPurchaseStore(initialPurchaseState(deal, given));
      browserStores.set(deal.id, store);
    }
    return store;
  }, [deal, given]);
}

/** The page's purchase store and its current state. */
export function usePurchase(deal: ProductPageDeal): {
  store: PurchaseStore;
  state: PurchaseState;
} {
  const provided = useContext(PurchaseContext);
  const given = useGivenPlanId();
  const fallback = useFallbackStore(deal, given);
  const store = provided ?? fallback;
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  return { store, state };
}

/** The selected plan, or undefined (several plans, none chosen). */
export function selectedPlan(deal: ProductPageDeal, state: PurchaseState): Plan | undefined {
  return activePlans(deal).find((plan) => plan.id === state.selectedPlanId);
}
