import type { ComponentType } from "react";
import { BrandedProductCarousel } from "./branded-product-carousel";
import type { PageCollectionView } from "./card-view";
import { DealHighlight } from "./deal-highlight";
import { Leaderboard } from "./leaderboard";
import { ProductCarousel } from "./product-carousel";
import { SpotlightCustom, SpotlightMarquee } from "./spotlight";
import { BentoBox, CollectionMosaic, ShopByCollection } from "./tiles";
import type { CollectionProps } from "./types";

/** Smart collection type (contract.md) to its component. */
export const COLLECTION_COMPONENTS: Record<string, ComponentType<CollectionProps>> = {
  product_carousel: ProductCarousel,
  collection_mosaic: CollectionMosaic,
  branded_product_carousel: BrandedProductCarousel,
  deal_highlight: DealHighlight,
  shop_by_collection: ShopByCollection,
  spotlight_marquee: SpotlightMarquee,
  spotlight_custom: SpotlightCustom,
  bento_box: BentoBox,
  leaderboard: Leaderboard,
};

/** One entry of a modular page. Static blocks belong to the product page issue's registry. */
export function PageCollection({
  collection,
  now,
  signedIn,
  hasPlus = false,
  discount,
}: {
  collection: PageCollectionView;
  now: Date;
  signedIn: boolean;
  hasPlus?: boolean;
  discount?: string;
}) {
  if (collection.type !== "smart_collection") return null;
  const Component =
    COLLECTION_COMPONENTS[collection.data.modular_component_type] ?? ProductCarousel;
  return (
    <div
      data-collection-type={collection.data.modular_component_type}
      data-collection-slug={collection.data.slug}
    >
      <Component
        data={collection.data}
        now={now}
        signedIn={signedIn}
        hasPlus={hasPlus}
        discount={discount}
      />
    </div>
  );
}
