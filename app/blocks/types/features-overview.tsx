import { dataString } from "../../../domain/blocks";
import type { BlockProps } from "../block-props";
import { Check } from "../parts/check-icon";
import { BlockSection, blockTitle } from "../shell";

/** Features overview: the deal's story and core features ("overview" anchor by default). */
export function FeaturesOverviewBlock(props: BlockProps) {
  const { deal } = props;
  const features = deal.core_features;
  const story = deal.story;
  const intro = dataString(props.block.data, "text") ?? story?.card_description ?? null;
  if (features.length === 0 && !intro) return null;
  return (
    <BlockSection props={props} title={blockTitle(props, "Overview")}>
      {intro ? <p className="text-lg leading-relaxed text-ink-soft">{intro}</p> : null}
      {features.length > 0 ? (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {features.map((f) => (
            <li key={f.id} className="flex gap-2 rounded-2xl bg-white p-4 shadow-card">
              <Check />
              <span>
                <span className="font-semibold">{f.feature}</span>
                {f.highlight ? (
                  <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-[11px] font-bold uppercase text-brand-700">
                    New
                  </span>
                ) : null}
                {f.tooltip ? (
                  <span className="block text-sm text-ink-soft">{f.tooltip}</span>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </BlockSection>
  );
}
