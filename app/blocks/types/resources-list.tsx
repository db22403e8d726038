import { RESOURCES_LIST_TITLE } from "../../../domain/messages";
import type { BlockProps } from "../block-props";
import { SmartLink, safeHref } from "../parts/links";
import { linkedItems } from "../parts/list-item";
import { BlockSection, blockTitle } from "../shell";

/** "Recap & resources": links to guides, docs and recaps. */
export function ResourcesListBlock(props: BlockProps) {
  const items = linkedItems(props.block.data);
  if (items.length === 0) return null;
  return (
    <BlockSection props={props} title={blockTitle(props, RESOURCES_LIST_TITLE)}>
      <ul className="divide-y divide-black/5 rounded-2xl bg-white shadow-card">
        {items.map((i) => (
          <li key={i.url}>
            <SmartLink href={safeHref(i.url) as string} className="resource-row">
              <span>
                <span className="font-semibold">{i.title}</span>
                {i.description ? (
                  <span className="block text-sm text-ink-soft">{i.description}</span>
                ) : null}
              </span>
              <span aria-hidden="true">→</span>
            </SmartLink>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
