import type { SmartCollection, SubCollection } from "../../db/schema";
import {
  type DealCardJson,
  iso,
  type SmartCollectionDataJson,
  type SubCollectionJson,
} from "./deal-json";

/** The canonical path of a smart collection: root-level ones live at /{slug}/. */
export const collectionUrl = (slug: string, isRootLevel: boolean) =>
  isRootLevel ? `/${slug}/` : `/collections/${slug}`;

/** The data of a smart collection as the page response and the collection page carry it. */
export function smartCollectionJson(
  c: SmartCollection,
  dealCards: DealCardJson[],
  subs: readonly SubCollection[],
): SmartCollectionDataJson {
  const display: Record<`component_${string}`, unknown> = {};
  for (const [field, value] of Object.entries(c.display)) display[`component_${field}`] = value;
  return {
    ...display,
    id: c.id,
    modular_component_type: c.modularComponentType,
    component_type: c.componentType,
    slug: c.slug,
    title: c.title,
    subheader: c.subheader,
    url: collectionUrl(c.slug, c.isRootLevel),
    deals: dealCards,
    sub_collections: subs.map(
      (s): SubCollectionJson => ({
        id: s.id,
        slug: s.slug,
        title: s.title,
        subheader: s.subheader,
        url: collectionUrl(s.slug, false),
        start_date: iso(s.startDate),
        end_date: iso(s.endDate),
        mosaic_background_image: s.mosaicBackgroundImage,
        component_background_color: s.componentBackgroundColor,
      }),
    ),
    content_badge: c.contentBadge ?? null,
    modular_data: c.modularData,
    experiment_data: c.experimentData ?? null,
  };
}
