import { truncate } from "../../../domain/blocks";
import { RELATED_CARDS_TITLE } from "../../../domain/messages";
import { LazyImage } from "../../ui/lazy-image";
import type { BlockProps } from "../block-props";
import { SmartLink, safeHref } from "../parts/links";
import { linkedItems } from "../parts/list-item";
import { BlockSection, blockTitle } from "../shell";

/** Related cards (default title "Related"): image cards linking to related reading. */
export function RelatedCardsBlock(props: BlockProps) {
  const items = linkedItems(props.block.data);
  if (items.length === 0) return null;
  return (
    <BlockSection props={props} title={blockTitle(props, RELATED_CARDS_TITLE)}>
      <ul className="grid gap-4 sm:grid-cols-3">
        {items.map((i) => (
          <li key={i.url}>
            <SmartLink href={safeHref(i.url) as string} className="related-card">
              <LazyImage src={i.image} className="aspect-video w-full bg-brand-50 object-cover" />
              <span className="block p-4">
                <span className="font-bold">{i.title}</span>
                {i.description ? (
                  <span className="mt-1 block text-sm text-ink-soft">
                    {truncate(i.description, 120)}
                  </span>
                ) : null}
              </span>
            </SmartLink>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
