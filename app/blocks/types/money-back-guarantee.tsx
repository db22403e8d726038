import { dataString } from "../../../domain/blocks";
import { MONEY_BACK_GUARANTEE_MIN_DAYS } from "../../../domain/constants";
import { moneyBackGuarantee } from "../../../domain/messages";
import { moneyBackPeriod } from "../../../domain/pricing";
import type { BlockProps } from "../block-props";
import { BlockSection } from "../shell";

/** Money-back guarantee callout (only for deals that are refundable for 60 days or more). */
export function MoneyBackGuaranteeBlock(props: BlockProps) {
  const days = props.deal.refundable_days ?? 0;
  // Nothing to guarantee on a deal nobody can buy.
  if (props.deal.is_info || props.deal.has_ended || days < MONEY_BACK_GUARANTEE_MIN_DAYS)
    return null;
  return (
    <BlockSection props={props}>
      <div className="flex items-start gap-4 rounded-3xl border border-emerald-200 bg-emerald-50 p-5">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-9 w-9 shrink-0 text-emerald-600">
          <path
            fill="currentColor"
            d="M12 2 4 5v6c0 5 3.4 9.7 8 11 4.6-1.3 8-6 8-11V5l-8-3Zm-1.2 14.2-3.5-3.5 1.4-1.4 2.1 2.1 4.9-4.9 1.4 1.4-6.3 6.3Z"
          />
        </svg>
        <div>
          <h2 className="text-lg font-bold">
            {/* The guarantee's one name, as the purchase panel says it ("60-day ..."). */}
            {dataString(props.block.data, "title") ?? moneyBackGuarantee(days)}
          </h2>
          <p className="mt-1 text-sm text-ink-soft">
            {/* The spec's "2 months" names the same period as the heading's "60-day": both shown. */}
            Try it for {moneyBackPeriod(days)}
            {moneyBackPeriod(days) === `${days} days` ? "" : ` (${days} days)`} to make sure it's
            right for you. If it isn't, get a full refund, no questions asked.
          </p>
        </div>
      </div>
    </BlockSection>
  );
}
