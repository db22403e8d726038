import { bundleLayout, dataList } from "../../../domain/blocks";
import type { BlockProps } from "../block-props";
import { BlockBundleButton, BundleCard, type BundleItem } from "../parts/bundle";
import { BlockSection, blockTitle } from "../shell";

const BUNDLE_LAYOUT_CLASS = {
  single: "grid max-w-sm",
  grid: "grid gap-4 sm:grid-cols-2",
  "centred-row":
    "flex flex-wrap justify-center gap-4 [&>li]:w-full sm:[&>li]:w-[calc(50%-0.5rem)] lg:[&>li]:w-[calc(33.333%-0.7rem)]",
  "three-columns": "grid gap-4 sm:grid-cols-2 lg:grid-cols-3",
} as const;

/** Bundle products: 2 to 4 in a grid, 5 in a centred wrapping row, more in 3 columns. */
export function BundleProductsBlock(props: BlockProps) {
  const items = dataList<BundleItem>(props.block.data, "products").filter((p) => p.name);
  if (items.length === 0) return null;
  const layout = bundleLayout(items.length);
  return (
    <BlockSection props={props} title={blockTitle(props, "In this bundle")}>
      <ul data-layout={layout} className={BUNDLE_LAYOUT_CLASS[layout]}>
        {items.map((item) => (
          <li key={item.name}>
            <BundleCard item={item} />
          </li>
        ))}
      </ul>
      <BlockBundleButton data={props.block.data} />
    </BlockSection>
  );
}
