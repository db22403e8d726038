import type { CampaignJson } from "../../server/services/storefront/modular-pages";
import type {
  BadgeJson,
  BlockJson,
  TestimonialJson,
} from "../../server/services/storefront/product-page";
import type { ProductPageDeal } from "../product/page-view";
import type { ProductViewer } from "../product/viewer";

/** Page-wide data some blocks read (the same for every anonymous visitor). */
export type BlockPageData = {
  testimonials: TestimonialJson[];
  badges: BadgeJson[];
  campaign: CampaignJson | null;
  /** The request's "now" (ISO), so server HTML and the first client render agree. */
  now: string;
};

/** What every block component receives. */
export type BlockProps = {
  block: BlockJson;
  /** The block's anchor id (sanitised, defaulted, unique on the page), or null. */
  anchorId: string | null;
  deal: ProductPageDeal;
  viewer: ProductViewer;
  page: BlockPageData;
};
