import { dataString } from "../../../domain/blocks";
import {
  PURCHASE_PROTECTION_CREDIT_PERCENT,
  PURCHASE_PROTECTION_CREDIT_PERCENT_PLUS,
} from "../../../domain/constants";
import type { BlockProps } from "../block-props";
import { BlockSection } from "../shell";

/** "We've got your back": purchase protection copy (one year; 50% in credits, 100% with Plus). */
export function WeGotYourBackBlock(props: BlockProps) {
  if (props.deal.is_info || props.deal.has_ended) return null;
  return (
    <BlockSection props={props}>
      <div className="rounded-3xl bg-ink p-6 text-white">
        <h2 className="text-lg font-bold">
          {dataString(props.block.data, "title") ?? "We've got your back"}
        </h2>
        <p className="mt-2 text-sm text-white/80">
          Every purchase is protected for one year. If a Select tool shuts down or stops working as
          promised, you get {PURCHASE_PROTECTION_CREDIT_PERCENT}% of the price back in credits,{" "}
          {PURCHASE_PROTECTION_CREDIT_PERCENT_PLUS}% with Plus.
        </p>
      </div>
    </BlockSection>
  );
}
