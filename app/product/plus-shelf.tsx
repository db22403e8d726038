import { lazy, Suspense } from "react";
import type { ProductPageDeal } from "./page-view";
import { usePurchase } from "./purchase-context";
import type { ProductViewer } from "./viewer";

/** The shelf's dialog (and the dialog library) loads when the shelf first opens. */
const PlusShelfDialog = lazy(() => import("./plus-shelf-dialog"));

/**
 * The Plus shelf (spec 001 section 4 "Plus-gated purchase"): a non-member buying an early-access,
 * last-call or Plus-tier plan learns what Plus gives and may continue with Plus (added to the
 * cart first, then the plan). Anonymous visitors also get a login link back to this page, in case
 * they already are members.
 */
export function PlusShelf({ deal, viewer }: { deal: ProductPageDeal; viewer: ProductViewer }) {
  const { state } = usePurchase(deal);
  if (state.shelfPlanId == null) return null;
  return (
    <Suspense fallback={null}>
      <PlusShelfDialog deal={deal} viewer={viewer} />
    </Suspense>
  );
}
