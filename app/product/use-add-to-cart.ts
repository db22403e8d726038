/**
 * Buying from the product page (spec 001 section 4 "Plus-gated purchase", "Buy-now", "Add-ons"):
 * add the selected plan to the cart, let the add-on handlers add their lines, announce
 * cart:added, go to /cart. Plus-gated plans open the Plus shelf for non-members; its "Continue
 * with Plus membership" asks the cart for the plan with Plus (added first, in one change). A second click while an add is in
 * progress is ignored.
 */
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { needsPlusShelf } from "../../domain/deal-state";
import { SOMETHING_WENT_WRONG_TRY_AGAIN } from "../../domain/messages";
import { cartQuantity } from "../../domain/pricing";
import { useToast } from "../ui/toast";
import { addCartItem } from "./cart-client";
import { runAddonHandlersThenAnnounce } from "./cart-events";
import type { ProductPageDeal } from "./page-view";
import { activePlans, type Plan, usePurchase } from "./purchase-context";
import type { ProductViewer } from "./viewer";

export const CART_PATH = "/cart";

export function useAddToCart(deal: ProductPageDeal, viewer: ProductViewer) {
  const { store, state } = usePurchase(deal);
  const navigate = useNavigate();
  const toast = useToast();

  const planById = useCallback(
    (id: number | null | undefined): Plan | undefined =>
      activePlans(deal).find((plan) => plan.id === id),
    [deal],
  );

  /** Adds the plan (with Plus first, when asked); then add-ons, cart:added and /cart. */
  const addPlan = useCallback(
    async (plan: Plan, withPlus: boolean) => {
      if (!store.tryStartAdding()) return;
      try {
        const cartItem = await addCartItem(
          {
            dealId: deal.id,
            dealGroupId: null,
            planId: plan.id,
            couponCode: null,
            quantity: cartQuantity(plan, deal.use_licensing),
            // The cart service adds Plus first, in the same change, when the plan needs it. Sent
            // only then: an ordinary add is the spec's add-line-item body as it stands.
            ...(withPlus ? { withPlus: true } : {}),
          },
          SOMETHING_WENT_WRONG_TRY_AGAIN,
        );
        const failures = await runAddonHandlersThenAnnounce({
          dealId: deal.id,
          planId: plan.id,
          cartItem,
        });
        for (const failure of failures) {
          toast(failure instanceof Error ? failure.message : String(failure), "error");
        }
        store.set({ shelfPlanId: null });
        navigate(CART_PATH);
      } catch (error) {
        toast(error instanceof Error ? error.message : SOMETHING_WENT_WRONG_TRY_AGAIN, "error");
      } finally {
        store.finishAdding();
      }
    },
    [deal, store, toast, navigate],
  );

  /** The buy action (buttons, bars, the B key): the selected plan, or the given one. */
  const buy = useCallback(
    (planId?: number) => {
      const plan = planById(planId ?? store.get().selectedPlanId);
      if (!plan || store.get().adding) return;
      if (planId != null) store.set({ selectedPlanId: planId });
      if (needsPlusShelf(deal.buy_button, plan, viewer.hasPlus)) {
        store.set({ shelfPlanId: plan.id });
        return;
      }
      void addPlan(plan, false);
    },
    [deal, viewer.hasPlus, planById, store, addPlan],
  );

  /** The shelf's "Continue with Plus membership". */
  const continueWithPlus = useCallback(() => {
    const plan = planById(store.get().shelfPlanId);
    if (plan) void addPlan(plan, true);
  }, [planById, store, addPlan]);

  const closeShelf = useCallback(() => store.set({ shelfPlanId: null }), [store]);

  return {
    buy,
    continueWithPlus,
    closeShelf,
    adding: state.adding,
    shelfPlanId: state.shelfPlanId,
  };
}
