import { TERMS_TITLE } from "../../../domain/messages";
import { refundText } from "../../../domain/pricing";
import { cx } from "../../ui/format";
import type { BlockProps } from "../block-props";
import { Check } from "../parts/check-icon";
import { BlockSection, blockTitle } from "../shell";

type Term = string | { text: string };

/**
 * Terms and conditions, titled "Plans & features": the deal's terms (json_data.terms, else the
 * standard ones), the features every plan includes, and the guarantee callout.
 */
export function TermsAndConditionsBlock(props: BlockProps) {
  const { deal } = props;
  const raw = props.block.data.terms;
  const terms = (Array.isArray(raw) ? (raw as Term[]) : [])
    .map((t) => (typeof t === "string" ? t : t?.text))
    .filter((t): t is string => Boolean(t));
  const defaults = [
    deal.default_plan?.plan_type === "annual"
      ? "1-year access to the plan you buy"
      : "Lifetime access to the plan you buy",
    "Redeem your code(s) within 60 days of purchase",
    "All future updates of the plan you buy",
  ];
  const shownTerms =
    terms.length > 0 ? terms : deal.terms.length > 0 ? deal.terms : deal.is_info ? [] : defaults;
  const included = deal.common_features;
  if (shownTerms.length === 0 && included.length === 0) return null;
  return (
    <BlockSection props={props} title={blockTitle(props, TERMS_TITLE)}>
      <div
        className={cx(
          "grid gap-4",
          shownTerms.length > 0 && included.length > 0 && "md:grid-cols-2",
        )}
      >
        {shownTerms.length > 0 ? (
          <div className="rounded-2xl bg-white p-5 shadow-card">
            <h3 className="font-bold">Deal terms &amp; conditions</h3>
            <ul className="mt-3 space-y-2 text-sm">
              {shownTerms.map((t) => (
                <li key={t} className="flex gap-2">
                  <Check />
                  {t}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {included.length > 0 ? (
          <div className="rounded-2xl bg-white p-5 shadow-card">
            <h3 className="font-bold">Included in all plans</h3>
            <ul className="mt-3 space-y-2 text-sm">
              {included.map((f) => (
                <li key={f.id} className="flex gap-2">
                  <Check />
                  {f.feature}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      {!deal.is_info ? (
        <p className="mt-4 rounded-2xl bg-emerald-50 px-4 py-3 text-sm font-semibold text-emerald-900">
          {refundText(deal.refundable_days ?? 0)}
        </p>
      ) : null}
    </BlockSection>
  );
}
