import { dataString } from "../../../domain/blocks";
import { PriceText } from "../../marketing/display-currency";
import type { BlockProps } from "../block-props";
import { BlockSection } from "../shell";

/**
 * Buy-now bar: the deal's name and starting price with a button to the pricing section, at the
 * top or bottom of its place in the page (json_data.position).
 */
export function BuyNowBarBlock(props: BlockProps) {
  const { deal } = props;
  const buyable =
    !deal.has_ended &&
    !deal.is_info &&
    deal.has_started &&
    !deal.buy_button.is_coming_soon &&
    deal.plans.some((p) => p.is_active);
  if (!buyable) return null;
  const position = props.block.data.position === "top" ? "top" : "bottom";
  return (
    <BlockSection props={props}>
      <div
        data-position={position}
        className="flex flex-wrap items-center justify-between gap-3 rounded-3xl bg-ink px-5 py-4 text-white"
      >
        <div>
          <p className="font-bold">
            {dataString(props.block.data, "text") ?? deal.public_name ?? deal.name}
          </p>
          <p className="text-sm text-white/75">
            <PriceText text={deal.price_text} major={deal.price} />
          </p>
        </div>
        <a
          href="#pricing"
          className="rounded-full bg-brand-400 px-6 py-2.5 font-bold text-ink hover:bg-brand-500"
        >
          {dataString(props.block.data, "button_text") ?? "Buy now"}
        </a>
      </div>
    </BlockSection>
  );
}
