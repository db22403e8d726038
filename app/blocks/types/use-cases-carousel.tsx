import { dataList, useCaseCards } from "../../../domain/blocks";
import { cx } from "../../ui/format";
import type { BlockProps } from "../block-props";
import { SmartLink, safeHref } from "../parts/links";
import { BlockSection, blockTitle } from "../shell";

const THEME_CLASS = {
  lilac: "bg-violet-100 text-violet-950",
  mint: "bg-emerald-100 text-emerald-950",
  peach: "bg-orange-100 text-orange-950",
  sky: "bg-sky-100 text-sky-950",
} as const;

/** Use cases carousel: 3 to 12 cards in four rotating colour themes; fewer than 3 renders nothing. */
export function UseCasesCarouselBlock(props: BlockProps) {
  const cards = useCaseCards(dataList(props.block.data, "items") as never);
  if (cards.length === 0) return null;
  return (
    <BlockSection props={props} title={blockTitle(props, "Use cases")}>
      <ul className="-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-3 [scrollbar-width:thin] sm:mx-0 sm:px-0">
        {cards.map((c) => {
          const href = safeHref(c.url);
          return (
            <li key={c.title} className={cx("use-case", THEME_CLASS[c.theme])} data-theme={c.theme}>
              {c.tag ? <span className="use-case-tag">{c.tag}</span> : null}
              <h3 className="mt-3 flex-1 text-lg font-bold leading-snug">{c.title}</h3>
              {href ? (
                <SmartLink href={href} className="mt-4 font-semibold underline underline-offset-4">
                  {c.linkText} →
                </SmartLink>
              ) : (
                <span className="mt-4 font-semibold">{c.linkText}</span>
              )}
            </li>
          );
        })}
      </ul>
    </BlockSection>
  );
}
