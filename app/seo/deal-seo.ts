import { dealOgImage, type OgImage } from "../../domain/seo";
import {
  breadcrumbJsonLd,
  type Crumb,
  itemListJsonLd,
  type ProductLdDeal,
  productJsonLd,
} from "../../domain/structured-data";

// What a deal's pages (deal, videos, reviews, questions, each review and question) share in their
// head: the preview image, the breadcrumb trail and, for review pages, the reviewed Product.

type DealTaxonomy = {
  group: { slug: string; name: string } | null;
  category: { slug: string; name: string } | null;
  subcategory: { slug: string; name: string } | null;
};

export type DealSeoSource = ProductLdDeal & { taxonomy: DealTaxonomy };

export const dealName = (deal: { public_name: string; name: string }) =>
  deal.public_name || deal.name;

/** The category trail of a deal, ending with the deal's own page. */
export function dealCrumbs(deal: DealSeoSource): Crumb[] {
  const { group, category, subcategory } = deal.taxonomy;
  const crumbs: Crumb[] = [];
  if (group) crumbs.push({ name: group.name, path: `/${group.slug}/` });
  if (group && category) {
    crumbs.push({ name: category.name, path: `/${group.slug}/${category.slug}/` });
    if (subcategory) {
      crumbs.push({
        name: subcategory.name,
        path: `/${group.slug}/${category.slug}/${subcategory.slug}/`,
      });
    }
  }
  crumbs.push({ name: dealName(deal), path: `/products/${deal.slug}/` });
  return crumbs;
}

export type DealSeo = {
  origin: string;
  image: OgImage;
  crumbs: Crumb[];
  /** The Product JSON-LD (review pages name it as the reviewed item). */
  product: ReturnType<typeof productJsonLd> | null;
};

/** Computed by a loader (it has the full deal), read by the route's meta. */
export function dealSeo(deal: DealSeoSource, origin: string, withProduct = false): DealSeo {
  return {
    origin,
    image: dealOgImage(origin, {
      slug: deal.slug,
      name: dealName(deal),
      media_url: deal.media_url,
    }),
    crumbs: dealCrumbs(deal),
    product: withProduct ? productJsonLd(deal, origin) : null,
  };
}

/** BreadcrumbList of a page under the deal: the deal's trail, then `more`. */
export const dealBreadcrumbLd = (seo: DealSeo, more: Crumb[] = []) =>
  breadcrumbJsonLd(seo.origin, [...seo.crumbs, ...more]);

type ListedDeal = { slug: string; name: string; public_name: string; media_url: string | null };

/**
 * A listing page's (collection, category) preview image, ItemList and breadcrumbs: the image is
 * the first listed deal's, the list holds the page's deals in order.
 */
export function listingSeo(
  origin: string,
  name: string,
  results: readonly ListedDeal[],
  crumbs: Crumb[],
  offset: number,
) {
  const first = results[0];
  return {
    image: first
      ? dealOgImage(origin, { slug: first.slug, name: dealName(first), media_url: first.media_url })
      : null,
    jsonLd: [
      breadcrumbJsonLd(origin, crumbs),
      itemListJsonLd(
        origin,
        name,
        results.map((d) => ({ name: dealName(d), path: `/products/${d.slug}/` })),
        offset,
      ),
    ],
  };
}
