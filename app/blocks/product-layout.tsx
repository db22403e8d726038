import { Fragment, type ReactNode } from "react";
import type { PdpZone } from "../../server/db/schema";
import type { BlockJson } from "../../server/services/storefront/product-page";
import { COLLECTION_COMPONENTS } from "../collections";
import type { CollectionView } from "../collections/card-view";
import { ProductCarousel } from "../collections/product-carousel";
import { BuyBars } from "../product/buy-bars";
import type { ProductPageDeal } from "../product/page-view";
import { PurchasePanel } from "../product/purchase-panel";
import type { ProductViewer } from "../product/viewer";
import type { BlockPageData } from "./block-props";
import { Block } from "./registry";

/** The template's first hero_gallery block goes in the hero slot, not in the list below. */
export const heroGalleryIndex = (blocks: readonly BlockJson[]) =>
  blocks.findIndex((b) => b.type === "hero_gallery");

/** A pdp zone's smart collection with the existing collection components; empty renders nothing. */
export function Zone({
  name,
  zone,
  now,
  signedIn,
}: {
  name: PdpZone;
  zone: CollectionView | null;
  now: string;
  signedIn: boolean;
}) {
  if (!zone || zone.deals.length === 0) return null;
  const Component = COLLECTION_COMPONENTS[zone.modular_component_type] ?? ProductCarousel;
  return (
    <div data-zone={name} className="[&>section]:px-0 [&>section]:py-0">
      <Component data={zone} now={new Date(now)} signedIn={signedIn} />
    </div>
  );
}

/** The sticky purchase panel: right column at large widths, after the hero on phones. */
export function PurchaseColumn({
  deal,
  viewer,
  id,
}: {
  deal: ProductPageDeal;
  viewer: ProductViewer;
  id: string | undefined;
}) {
  return (
    <aside
      id={id}
      aria-label="Buy"
      // The panel fits the window at every desktop size (its own scroll, Buy now pinned to its
      // bottom), so Buy now is always in view.
      className="scroll-mt-[68px] lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:max-h-[calc(100vh-9rem)] lg:self-start lg:overflow-y-auto lg:overscroll-contain lg:rounded-3xl"
    >
      <PurchasePanel deal={deal} viewer={viewer} />
    </aside>
  );
}

/**
 * The blocks of the two-column layout in page order, with the zones where their names put them:
 * pdp_top first, pdp_before_terms before the terms block (or after the blocks when there is
 * none), pdp_before_questions before the community section.
 */
export function ProductBlocks({
  deal,
  viewer,
  blocks,
  anchors,
  zones,
  page,
  beforeQuestions,
  community,
}: {
  deal: ProductPageDeal;
  viewer: ProductViewer;
  blocks: BlockJson[];
  anchors: (string | null)[];
  zones: Record<PdpZone, CollectionView | null>;
  page: BlockPageData;
  beforeQuestions: ReactNode;
  community: ReactNode;
}) {
  const heroIndex = heroGalleryIndex(blocks);
  const termsIndex = blocks.findIndex((b) => b.type === "terms_and_conditions");
  const zone = (name: PdpZone) => (
    <Zone name={name} zone={zones[name]} now={page.now} signedIn={viewer.isAuthenticated} />
  );
  return (
    <>
      {zone("pdp_top")}
      {blocks.map((block, i) =>
        i === heroIndex ? null : (
          <Fragment key={block.id}>
            {i === termsIndex ? zone("pdp_before_terms") : null}
            <Block
              block={block}
              anchorId={anchors[i] ?? null}
              deal={deal}
              viewer={viewer}
              page={page}
            />
          </Fragment>
        ),
      )}
      {termsIndex < 0 ? zone("pdp_before_terms") : null}
      {zone("pdp_before_questions")}
      {beforeQuestions}
      {community}
    </>
  );
}

/** The zone after the questions, full width under both columns, and the buy bars. */
export function ProductFooter({
  deal,
  viewer,
  zones,
  now,
}: {
  deal: ProductPageDeal;
  viewer: ProductViewer;
  zones: Record<PdpZone, CollectionView | null>;
  now: string;
}) {
  return (
    <>
      <div className="mt-10">
        <Zone
          name="pdp_after_questions"
          zone={zones.pdp_after_questions}
          now={now}
          signedIn={viewer.isAuthenticated}
        />
      </div>
      <BuyBars deal={deal} viewer={viewer} />
    </>
  );
}
