import { highlightNeedsDetails } from "../../domain/blocks";
import type { DealDetailsJson } from "../../server/services/storefront/catalog";
import type { PageCollectionJson } from "../../server/services/storefront/deal-json";
import { outageOf } from "../../server/web/outage";

/**
 * A deal highlight's first deal needs its details (features, plans: spec 001 "Block behaviours").
 * The server render merges them in (the deal field of the details, as the client would), so the
 * card's features and Buy now are in the HTML. A failure is only logged: the card shows without.
 * An outage is not such a failure: it goes on to the page's own 503 (and keeps SQL out of the log).
 */
export async function withHighlightDetails(
  collections: PageCollectionJson[],
  details: (slug: string) => Promise<DealDetailsJson | null>,
): Promise<void> {
  await Promise.all(
    collections.map(async (c) => {
      if (c.type !== "smart_collection" || c.data.modular_component_type !== "deal_highlight")
        return;
      const first = c.data.deals[0];
      if (!first || !highlightNeedsDetails(first)) return;
      try {
        const extra = await details(first.slug);
        // Only what the card reads: the whole details would weigh down the home page's HTML.
        if (extra) {
          c.data.deals[0] = {
            ...first,
            plans: extra.plans,
            core_features: extra.core_features,
            dealfeatures: extra.dealfeatures,
            use_licensing: extra.use_licensing,
            social_proof_text: extra.social_proof_text,
          } as typeof first;
        }
      } catch (error) {
        if (outageOf(error)) throw error;
        console.warn("deal highlight: details failed", error);
      }
    }),
  );
}
