import { dataString } from "../../../domain/blocks";
import {
  buyButtonState,
  initialSelectedPlanId,
  isComingSoonLocked,
  needsPlusShelf,
  purchaseMode,
} from "../../../domain/deal-state";
import { readerPriceText } from "../../../domain/pricing";
import { PriceText } from "../../marketing/display-currency";
import { PlusOnlyNote } from "../../product/plus-only-note";
import type { BlockProps } from "../block-props";
import { BlockSection } from "../shell";

/**
 * Buy-now bar: the deal's name and starting price with a button to the pricing section, at the
 * top or bottom of its place in the page (json_data.position).
 */
export function BuyNowBarBlock(props: BlockProps) {
  const { deal } = props;
  const plans = deal.plans.filter((p) => p.is_active);
  // The same rules as the purchase panel: an inactive-indefinitely deal (waitlist), an ended or
  // informational one, or one not open yet offers nothing to buy.
  const mode = purchaseMode({
    isEnded: deal.buy_button.is_ended || deal.has_ended,
    isInfo: deal.is_info,
    stage: { ...deal.stage_details, next_stage_start_date: null },
  });
  const buyable =
    mode === "buy" && deal.has_started && !isComingSoonLocked(deal.buy_button) && plans.length > 0;
  if (!buyable) return null;
  // "Get now for FREE" for free plans, as the deal's own buy button says.
  const fallback = buyButtonState(deal.buy_button, plans, deal.default_plan?.id ?? null).text;
  const position = props.block.data.position === "top" ? "top" : "bottom";
  // The plan its button leads to buying (the default one): Plus-gated, it says so first.
  const planId = initialSelectedPlanId(plans, null, deal.default_plan?.id ?? null);
  const plusOnly = needsPlusShelf(
    deal.buy_button,
    plans.find((p) => p.id === planId),
    props.viewer.hasPlus,
  );
  // What the cart charges this reader: a Plus member reads the member prices.
  const shown = readerPriceText(plans, props.viewer.hasPlus);
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
            <PriceText text={shown.text} major={shown.major} />
          </p>
          {plusOnly ? (
            <PlusOnlyNote
              plusHref={`/plus?ref=plus-page-${deal.slug}`}
              tone="dark"
              className="mt-2"
            />
          ) : null}
        </div>
        <a
          href="#pricing"
          className="rounded-full bg-brand-400 px-6 py-2.5 font-bold text-ink hover:bg-brand-500"
        >
          {dataString(props.block.data, "button_text") ?? fallback}
        </a>
      </div>
    </BlockSection>
  );
}
