import { dataList } from "../../../domain/blocks";
import type { BlockProps } from "../block-props";
import type { ListItem } from "../parts/list-item";
import { BlockSection, blockTitle } from "../shell";

/** Block list: items with an icon, title and text, in a grid. */
export function BlockListBlock(props: BlockProps) {
  const items = dataList<ListItem>(props.block.data, "items").filter((i) => i.title);
  if (items.length === 0) return null;
  return (
    <BlockSection props={props} title={blockTitle(props)}>
      <ul className="grid gap-4 sm:grid-cols-2">
        {items.map((i) => (
          <li key={i.title} className="rounded-2xl bg-white p-5 shadow-card">
            {i.icon ? (
              <span aria-hidden="true" className="text-2xl">
                {i.icon}
              </span>
            ) : null}
            <h3 className="mt-1 font-bold">{i.title}</h3>
            {i.description ? <p className="mt-1 text-sm text-ink-soft">{i.description}</p> : null}
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
