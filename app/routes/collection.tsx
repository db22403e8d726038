import { data, useRouteLoaderData } from "react-router";
import { unclaimed } from "../../domain/campaign-claims";
import { toListingView } from "../collections/card-view";
import { CollectionPage } from "../collections/collection-page";
import { appContext } from "../context";
import type { loader as rootLoader } from "../root";
import { listingSeo } from "../seo/deal-seo";
import { seoMeta } from "../seo/meta";
import { notFound } from "../ui/not-found.server";
import { pageParam } from "../ui/seo";
import type { Route } from "./+types/collection";

/**
 * /collections/{slug} (a stored smart collection, or a rule: freebies, rising-stars,
 * payonce-originals, for-you) and /collections/best-for/{slug}. Unknown slugs and pages past the
 * last are real 404s.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, session, publicConfig } = context.get(appContext);
  const page = pageParam(request.url);
  const bestFor = new URL(request.url).pathname.startsWith("/collections/best-for/");
  const [collection, campaign] = await Promise.all([
    bestFor
      ? services.pages.getBestForPage(params.slug, page)
      : services.pages.getCollectionPage(params.slug, { page, userId: session?.user?.id ?? null }),
    services.pages.activeCampaign(),
  ]);
  if (!collection || page > collection.listing.total_pages) throw await notFound({ services });
  const personal = params.slug === "for-you" && session?.user != null;
  // Its copy claims no campaign discount the cart does not give (domain/campaign-claims).
  const shown = unclaimed(collection, campaign);
  return data(
    {
      // Its listing is card-sized (what a card renders).
      collection: { ...shown, listing: toListingView(shown.listing) },
      campaign,
      now: new Date().toISOString(),
      origin: publicConfig.publicUrl,
    },
    // for-you differs per visitor: never let a shared cache keep it.
    personal ? { headers: { "cache-control": "private, no-store" } } : undefined,
  );
}

/** for-you's private Cache-Control reaches the page too: no cache (ours or shared) keeps it. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : new Headers();
};

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Not found | Payonce" }];
  const { collection, origin } = loaderData;
  const { page, page_size: size, results } = collection.listing;
  const path = page > 1 ? `${collection.url}?page=${page}` : collection.url;
  const { image, jsonLd } = listingSeo(
    origin,
    collection.title,
    results,
    [{ name: collection.title, path: collection.url }],
    (page - 1) * size,
  );
  return seoMeta({
    title: page > 1 ? `${collection.title}, page ${page}` : collection.title,
    description:
      collection.subheader ??
      `${collection.title}: lifetime software deals on Payonce. Pay once, not monthly.`,
    path,
    origin,
    image,
    noindex: collection.slug === "for-you",
    jsonLd,
  });
};

export default function CollectionRoute({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <CollectionPage
      collection={loaderData.collection}
      campaign={loaderData.campaign}
      now={loaderData.now}
      signedIn={Boolean(root?.user)}
    />
  );
}
