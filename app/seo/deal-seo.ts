import { STRUCTURED_DATA_TOP_REVIEWS } from "../../domain/constants";
import { dealOgImage, type OgImage } from "../../domain/seo";
import {
  breadcrumbJsonLd,
  type Crumb,
  itemListJsonLd,
  type ProductLdDeal,
  productJsonLd,
} from "../../domain/structured-data";
import { seoMeta } from "./meta";

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

/**
 * What a product page's head needs beyond the page's deal (app/product/page-view.ts): the story's
 * meta title, the marketplace flag and the reviews the Product JSON-LD quotes (rated, at most
 * STRUCTURED_DATA_TOP_REVIEWS, only the fields it reads). The loader takes them from the whole
 * deal; `productPageMeta` builds the tags from them and the page's deal.
 */
export function productSeoExtras(
  deal: Pick<ProductLdDeal, "public_name" | "name" | "is_marketplace" | "top_5_reviews"> & {
    products: readonly { story: { meta_title: string | null } | null }[];
  },
) {
  // meta_title is the page's title without the site name (some carry it already).
  const title = (deal.products[0]?.story?.meta_title ?? dealName(deal)).replace(
    /\s*\|\s*Payonce$/,
    "",
  );
  return {
    title,
    is_marketplace: deal.is_marketplace,
    reviews: deal.top_5_reviews
      .filter((r) => r.rating != null)
      .slice(0, STRUCTURED_DATA_TOP_REVIEWS)
      .map((r) => ({
        title: r.title,
        comment: r.comment,
        rating: r.rating,
        created: r.created,
        user: r.user
          ? {
              first_name: r.user.first_name,
              last_name: r.user.last_name,
              username: r.user.username,
            }
          : null,
      })),
  };
}

export type ProductSeoExtras = ReturnType<typeof productSeoExtras>;

/** The product page's head tags, from its deal and its SEO extras (the same as from the entity). */
export function productPageMeta(
  deal: Omit<DealSeoSource, "is_marketplace" | "top_5_reviews" | "products"> & {
    story: { images: readonly { image: string }[] } | null;
  },
  extras: ProductSeoExtras,
  origin: string,
) {
  const seo = dealSeo(
    {
      ...deal,
      is_marketplace: extras.is_marketplace,
      top_5_reviews: extras.reviews,
      products: [{ story: deal.story }],
    },
    origin,
    true,
  );
  return seoMeta({
    title: extras.title,
    description: deal.card_description,
    path: `/products/${deal.slug}/`,
    origin,
    image: seo.image,
    type: "product",
    jsonLd: [seo.product, dealBreadcrumbLd(seo)],
  });
}
