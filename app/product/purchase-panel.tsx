// PLACEHOLDER owned by the pricing-and-buying work: replaced by the real purchase panel.
import type { DealDetailsJson } from "../../server/services/catalog";
import type { ProductViewer } from "./viewer";

export type PurchasePanelProps = { deal: DealDetailsJson; viewer: ProductViewer };

/** The sticky purchase panel of the two-column product page (right column at large widths). */
export function PurchasePanel({ deal }: PurchasePanelProps) {
  return (
    <div className="rounded-3xl border border-black/5 bg-brand-50 p-5 shadow-card">
      <p className="text-lg font-bold">{deal.public_name || deal.name}</p>
    </div>
  );
}
