import { dataString } from "../../../domain/blocks";
import { PricingCard } from "../../product/pricing-card";
import type { BlockProps } from "../block-props";

/** The pricing card block (#pricing unless the block names its own anchor). */
export function PricingCardBlock(props: BlockProps) {
  if (props.deal.is_info) return null;
  return (
    <div
      data-block-type={props.block.type}
      className={dataString(props.block.data, "css_class") ?? undefined}
    >
      <PricingCard deal={props.deal} viewer={props.viewer} anchorId={props.anchorId ?? "pricing"} />
    </div>
  );
}
