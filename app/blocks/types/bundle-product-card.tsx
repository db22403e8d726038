import { dataString } from "../../../domain/blocks";
import type { BlockProps } from "../block-props";
import { BlockBundleButton, BundleCard, type BundleItem } from "../parts/bundle";
import { BlockSection } from "../shell";

/** One bundled product. */
export function BundleProductCardBlock(props: BlockProps) {
  const name = dataString(props.block.data, "name");
  if (!name) return null;
  return (
    <BlockSection props={props}>
      <div className="max-w-sm">
        <BundleCard item={props.block.data as BundleItem} />
        <BlockBundleButton data={props.block.data} />
      </div>
    </BlockSection>
  );
}
