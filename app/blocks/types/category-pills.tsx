import { dataList } from "../../../domain/blocks";
import type { BlockProps } from "../block-props";
import { SmartLink, safeHref } from "../parts/links";
import { BlockSection } from "../shell";

type Pill = { label: string; url: string };

/** Category pills: json_data.pills, else the deal's taxonomy and best-for attributes. */
export function CategoryPillsBlock(props: BlockProps) {
  const { deal } = props;
  let pills = dataList<Pill>(props.block.data, "pills").filter((p) => p.label && safeHref(p.url));
  if (pills.length === 0) {
    const { group, category, subcategory } = deal.taxonomy;
    if (group) pills.push({ label: group.name, url: `/${group.slug}/` });
    if (group && category)
      pills.push({ label: category.name, url: `/${group.slug}/${category.slug}/` });
    if (group && category && subcategory)
      pills.push({
        label: subcategory.name,
        url: `/${group.slug}/${category.slug}/${subcategory.slug}/`,
      });
    const bestFor = (deal.attributes.best_for?.values ?? []) as { slug: string; name: string }[];
    pills = [
      ...pills,
      ...bestFor.map((b) => ({ label: b.name, url: `/collections/best-for/${b.slug}/` })),
    ];
  }
  if (pills.length === 0) return null;
  return (
    <BlockSection props={props}>
      <ul className="flex flex-wrap gap-2">
        {pills.map((p) => (
          <li key={p.url}>
            <SmartLink
              href={p.url}
              className="inline-block rounded-full border border-black/10 bg-white px-4 py-1.5 text-sm font-semibold hover:bg-brand-50"
            >
              {p.label}
            </SmartLink>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
