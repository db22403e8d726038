// PLACEHOLDER owned by the pricing-and-buying work: buy-now bar, sticky bottom bar, B key, hint.
import type { DealDetailsJson } from "../../server/services/catalog";
import type { ProductViewer } from "./viewer";

export type BuyBarsProps = { deal: DealDetailsJson; viewer: ProductViewer };

export function BuyBars(_props: BuyBarsProps) {
  return null;
}
