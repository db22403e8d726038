import type { BlockProps } from "../block-props";
import { galleryItems, HeroGallery } from "../parts/hero-gallery";
import { BlockSection } from "../shell";

/** The hero_gallery block: the deal's gallery where the template places it. */
export function HeroGalleryBlock(props: BlockProps) {
  const items = galleryItems(props.deal);
  if (items.length === 0) return null;
  return (
    <BlockSection props={props}>
      <HeroGallery items={items} label={`${props.deal.public_name || props.deal.name} gallery`} />
    </BlockSection>
  );
}
