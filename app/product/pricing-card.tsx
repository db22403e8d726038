// PLACEHOLDER owned by the pricing-and-buying work: replaced by the real pricing card.
import type { DealDetailsJson } from "../../server/services/catalog";
import type { ProductViewer } from "./viewer";

export type PricingCardProps = {
  deal: DealDetailsJson;
  viewer: ProductViewer;
  /** The block's anchor id ("pricing" when the block gives none). */
  anchorId: string;
};

/** The pricing_card block: toggle, plan cards / carousel / table, buy action. */
export function PricingCard({ deal, anchorId }: PricingCardProps) {
  return (
    <section id={anchorId}>
      <h2 className="text-2xl font-bold">Plans &amp; pricing</h2>
      <ul>
        {deal.plans.map((p) => (
          <li key={p.id}>{p.public_name}</li>
        ))}
      </ul>
    </section>
  );
}
