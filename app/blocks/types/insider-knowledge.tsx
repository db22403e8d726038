import { dataList } from "../../../domain/blocks";
import type { BlockProps } from "../block-props";
import type { ListItem } from "../parts/list-item";
import { BlockSection, blockTitle } from "../shell";

/** Insider knowledge: tips from the Payonce team. */
export function InsiderKnowledgeBlock(props: BlockProps) {
  const tips = dataList<ListItem>(props.block.data, "items").filter((i) => i.title);
  if (tips.length === 0) return null;
  return (
    <BlockSection props={props} title={blockTitle(props, "Insider knowledge")}>
      <ol className="space-y-3">
        {tips.map((t, n) => (
          <li key={t.title} className="flex gap-4 rounded-2xl bg-white p-4 shadow-card">
            <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-400 font-black">
              {n + 1}
            </span>
            <div>
              <h3 className="font-bold">{t.title}</h3>
              {t.description ? <p className="mt-1 text-sm text-ink-soft">{t.description}</p> : null}
            </div>
          </li>
        ))}
      </ol>
    </BlockSection>
  );
}
