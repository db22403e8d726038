/**
 * Bundle add-to-cart for blocks that sell a coupon bundle (thematic roadblock, bundle cards):
 * idle, then busy (the button disabled with a spinner) while the deals are added one at a time
 * in order (the last with the coupon); on success /cart, on failure an error toast and idle
 * again. An invalid bundle (a deal without ids) adds nothing and says so.
 */
import { useCallback, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { type BundleCoupon, bundleCartItems } from "../../domain/bundle";
import { SOMETHING_WENT_WRONG_TRY_AGAIN } from "../../domain/messages";
import { useToast } from "../ui/toast";
import { addCartItem } from "./cart-client";
import { CART_PATH } from "./use-add-to-cart";

/** Our wording: the spec asks for an error toast for an invalid bundle but shows no text. */
export const BUNDLE_INVALID = "This bundle can't be added right now.";

export function useAddBundle(coupon: BundleCoupon | null | undefined) {
  const navigate = useNavigate();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const add = useCallback(async () => {
    if (inFlight.current) return;
    const items = bundleCartItems(coupon);
    if (!items) {
      toast(BUNDLE_INVALID, "error");
      return;
    }
    inFlight.current = true;
    setBusy(true);
    try {
      for (const item of items) await addCartItem(item, SOMETHING_WENT_WRONG_TRY_AGAIN);
      navigate(CART_PATH);
    } catch (error) {
      toast(error instanceof Error ? error.message : SOMETHING_WENT_WRONG_TRY_AGAIN, "error");
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, [coupon, navigate, toast]);
  return { add, busy };
}
