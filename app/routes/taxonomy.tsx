import { data, Link, useRouteLoaderData } from "react-router";
import { unclaimed } from "../../domain/campaign-claims";
import { toListingView } from "../collections/card-view";
import { CollectionPage } from "../collections/collection-page";
import { appContext } from "../context";
import type { loader as rootLoader } from "../root";
import { listingSeo } from "../seo/deal-seo";
import { seoMeta } from "../seo/meta";
import { CampaignBanner } from "../ui/campaign-banner";
import { Breadcrumbs, dealCount, EmptyState, ListingResults, pageHref } from "../ui/deal-listing";
import { notFound } from "../ui/not-found.server";
import { pageParam } from "../ui/seo";
import type { Route } from "./+types/taxonomy";

/**
 * /{slug}/ (a root-level collection first, then a taxonomy group), /{group}/{category}/ and
 * /{group}/{category}/{subcategory}/: browse pages with breadcrumbs. Anything else is a real 404.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, session, publicConfig } = context.get(appContext);
  const page = pageParam(request.url);
  const base = { now: new Date().toISOString(), origin: publicConfig.publicUrl };
  const { group, category, subcategory } = params as {
    group: string;
    category?: string;
    subcategory?: string;
  };
  const campaignPromise = services.pages.activeCampaign();
  if (!category) {
    const collection = await services.pages.getCollectionPage(group, {
      page,
      userId: session?.user?.id ?? null,
      rootLevel: true,
    });
    if (collection) {
      if (page > collection.listing.total_pages) throw await notFound({ services });
      const campaign = await campaignPromise;
      const shown = unclaimed(collection, campaign);
      // for-you differs per reader: never let a cache keep it (as /collections/for-you/).
      const personal = group === "for-you" && session?.user != null;
      return data(
        {
          ...base,
          kind: "collection" as const,
          collection: { ...shown, listing: toListingView(shown.listing) },
          campaign,
        },
        personal ? { headers: { "cache-control": "private, no-store" } } : undefined,
      );
    }
  }
  const node = await services.search.taxonomyNode(group, category, subcategory);
  if (!node) {
    await campaignPromise;
    throw await notFound({ services });
  }
  const listing = await services.search.listDeals(
    { group, category, subcategory },
    { sort: "popular", page },
  );
  if (page > listing.total_pages) throw await notFound({ services });
  return {
    ...base,
    kind: "taxonomy" as const,
    node,
    listing: toListingView(listing),
    campaign: await campaignPromise,
  };
}

/** A personal collection's private Cache-Control reaches the page: no cache keeps it. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : new Headers();
};

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Not found | Payonce" }];
  const origin = loaderData.origin;
  if (loaderData.kind === "collection") {
    const c = loaderData.collection;
    const { page, page_size: size, results } = c.listing;
    const { image, jsonLd } = listingSeo(
      origin,
      c.title,
      results,
      [{ name: c.title, path: c.url }],
      (page - 1) * size,
    );
    return seoMeta({
      title: page > 1 ? `${c.title}, page ${page}` : c.title,
      description: c.subheader ?? `${c.title}: lifetime software deals on Payonce.`,
      path: page > 1 ? `${c.url}?page=${page}` : c.url,
      origin,
      image,
      jsonLd,
    });
  }
  const { node, listing } = loaderData;
  const trail = node.breadcrumbs
    .map((b) => b.name)
    .reverse()
    .join(" · ");
  const page = listing.page;
  const { image, jsonLd } = listingSeo(
    origin,
    `${node.node.name} deals`,
    listing.results,
    node.breadcrumbs.map((b) => ({ name: b.name, path: b.url })),
    (page - 1) * listing.page_size,
  );
  return seoMeta({
    title: `${node.node.name} deals${page > 1 ? `, page ${page}` : ""}`,
    description: `The best lifetime deals on ${trail.toLowerCase()} software, courses and tools: ${listing.count} deals. Pay once, not monthly.`,
    path: page > 1 ? `${node.node.url}?page=${page}` : node.node.url,
    origin,
    image,
    jsonLd,
  });
};

export default function TaxonomyRoute({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (loaderData.kind === "collection") {
    return (
      <CollectionPage
        collection={loaderData.collection}
        campaign={loaderData.campaign}
        now={loaderData.now}
        signedIn={Boolean(root?.user)}
      />
    );
  }
  const { node, listing, campaign, now } = loaderData;
  const crumbs = [
    { label: "Home", url: "/" },
    ...node.breadcrumbs.map((b) => ({ label: b.name, url: b.url })),
  ];
  return (
    <>
      <CampaignBanner campaign={campaign} now={now} />
      <main className="pb-12">
        <header className="border-b border-black/5 bg-stone-50">
          <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
            <Breadcrumbs crumbs={crumbs} />
            <h1 className="mt-3 text-3xl font-black tracking-tight text-ink sm:text-4xl">
              {node.node.name}
            </h1>
            <p className="mt-2 text-sm font-semibold text-ink-soft">{dealCount(listing.count)}</p>
            {node.children.length > 0 ? (
              <ul className="mt-5 flex flex-wrap gap-2" aria-label="Narrow down">
                {node.children.map((c) => (
                  <li key={c.slug}>
                    <Link
                      to={c.url}
                      className="inline-block rounded-full border border-black/10 bg-white px-4 py-2 text-sm font-semibold text-ink hover:border-ink"
                    >
                      {c.name}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </header>
        <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
          <ListingResults
            listing={listing}
            now={new Date(now)}
            href={pageHref(node.node.url)}
            empty={
              <EmptyState title={`No ${node.node.name.toLowerCase()} deals right now`}>
                <p>New deals land every week.</p>
                <Link
                  to="/browse"
                  className="mt-4 inline-block rounded-full bg-ink px-5 py-2.5 font-semibold text-white"
                >
                  Browse all deals
                </Link>
              </EmptyState>
            }
          />
        </div>
      </main>
    </>
  );
}
