import { dataList } from "../../../domain/blocks";
import type { BlockProps } from "../block-props";
import { BlockSection, blockTitle } from "../shell";

type TocEntry = { label: string; anchor: string };

/** Table of contents: links to sections of the page (json_data.items, anchors sanitised). */
export function TableOfContentBlock(props: BlockProps) {
  const items = dataList<TocEntry>(props.block.data, "items")
    .map((i) => ({ label: i.label, anchor: String(i.anchor ?? "").replace(/[^A-Za-z0-9_-]/g, "") }))
    .filter((i) => i.label && i.anchor);
  if (items.length === 0) return null;
  return (
    <BlockSection props={props} title={blockTitle(props, "On this page")}>
      <nav aria-label="On this page">
        <ol className="flex flex-wrap gap-2">
          {items.map((i) => (
            <li key={i.anchor}>
              <a
                href={`#${i.anchor}`}
                className="inline-block rounded-full bg-stone-100 px-3 py-1 text-sm font-semibold hover:bg-brand-100"
              >
                {i.label}
              </a>
            </li>
          ))}
        </ol>
      </nav>
    </BlockSection>
  );
}
