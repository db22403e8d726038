import { useEffect, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { PREVIEW_PARAM } from "../../domain/blocks";
import { unclaimedEach } from "../../domain/campaign-claims";
import { MODULAR_PAGE_SIZE } from "../../domain/constants";
import { siteJsonLd } from "../../domain/structured-data";
import type { PageJson } from "../../server/services/storefront/deal-json";
import { staffPreviewAt } from "../blocks/preview.server";
import { StaffPreviewBanner } from "../blocks/staff-preview-banner";
import { PageCollection } from "../collections";
import { cardViews, type PageCollectionView, toPageCollectionView } from "../collections/card-view";
import { withHighlightDetails } from "../collections/highlight-details.server";
import { appContext } from "../context";
import type { loader as rootLoader } from "../root";
import { seoMeta } from "../seo/meta";
import { CampaignBanner } from "../ui/campaign-banner";
import { notFound } from "../ui/not-found.server";
import { firstOrderCopy, SubscribeBanner } from "../ui/subscribe-banner";
import type { Route } from "./+types/home";

const HOME_PAGE = "home";
/** ?page=n renders the first n slices server-side (the no-JavaScript "Load more"). */
const MAX_PAGES = 10;

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const { services, publicConfig } = ctx;
  const pageParam = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const pages = Number.isInteger(pageParam) ? Math.min(Math.max(pageParam, 1), MAX_PAGES) : 1;
  // Staff may look at the page as it will be at another moment (?preview_start_date=).
  const previewAt = staffPreviewAt(ctx, request);
  const [page, campaign] = await Promise.all([
    services.pages.getModularPage(HOME_PAGE, {
      offset: 0,
      limit: MODULAR_PAGE_SIZE * pages,
      includeDeals: true,
      ...(previewAt ? { now: previewAt } : {}),
    }),
    services.pages.activeCampaign(),
  ]);
  if (!page) throw await notFound({ services });
  await withHighlightDetails(page.collections, (slug) =>
    services.catalog.getDealDetails(slug, previewAt ? { now: previewAt } : {}),
  );
  // Card-sized deals: the page renders cards, not the API's deal cards (app/collections/card-view.ts),
  // each deal's card once however many collections list it.
  const cards = cardViews();
  return {
    // No collection claims a campaign discount the cart does not give (domain/campaign-claims).
    page: {
      ...page,
      collections: unclaimedEach(page.collections, campaign).map((c) =>
        toPageCollectionView(c, cards),
      ),
    },
    pages,
    campaign,
    now: (previewAt ?? new Date()).toISOString(),
    preview: previewAt?.toISOString() ?? null,
    origin: publicConfig.publicUrl,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const seo = loaderData?.page.seo_meta;
  const origin = loaderData?.origin ?? "";
  // The home page's title is the page's own, without the " | Payonce" suffix. Its preview image
  // is the site's (1200x630 JPEG): seo_meta's images are artwork that networks may not render.
  return seoMeta({
    title: seo?.title ?? "Payonce: lifetime software deals. Pay once, not monthly",
    fullTitle: true,
    description:
      seo?.description ??
      "Lifetime deals on the software your business runs on. Pay once, not monthly.",
    path: "/",
    origin,
    openGraph: { title: seo?.open_graph.title, description: seo?.open_graph.description },
    jsonLd: siteJsonLd(origin),
  });
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const now = new Date(loaderData.now);
  const [collections, setCollections] = useState<PageCollectionView[]>(loaderData.page.collections);
  const [nextOffset, setNextOffset] = useState<number | null>(loaderData.page.next_offset);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  // A new server render (e.g. after logging in) replaces what was loaded client-side.
  useEffect(() => {
    setCollections(loaderData.page.collections);
    setNextOffset(loaderData.page.next_offset);
  }, [loaderData]);

  // The next slice loads when the end of the page scrolls into view (the link stays for
  // visitors without JavaScript, and as a retry after a failure).
  const sentinel = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || nextOffset == null || loading || failed) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void loadMore();
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  });

  async function loadMore(event?: React.MouseEvent) {
    if (nextOffset == null || loading) return;
    event?.preventDefault();
    setLoading(true);
    setFailed(false);
    try {
      const params = new URLSearchParams({
        include_deals: "true",
        offset: String(nextOffset),
        limit: String(MODULAR_PAGE_SIZE),
      });
      if (loaderData.preview) params.set(PREVIEW_PARAM, loaderData.preview);
      const res = await fetch(`/api/modular/page/${HOME_PAGE}/?${params}`);
      if (!res.ok) throw new Error(String(res.status));
      const next = (await res.json()) as PageJson;
      setCollections((current) => [
        ...current,
        ...unclaimedEach(next.collections, loaderData.campaign),
      ]);
      setNextOffset(next.next_offset);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }

  // One first-order figure on the page: the subscribe banner's and the spotlight capture's.
  const { discount } = firstOrderCopy(loaderData.campaign);
  return (
    <>
      <StaffPreviewBanner at={loaderData.preview} />
      <CampaignBanner campaign={loaderData.campaign} now={loaderData.now} />
      <main className="render-lazy-children pb-8">
        {collections.map((collection) => (
          <PageCollection
            key={collection.id}
            collection={collection}
            now={now}
            signedIn={Boolean(root?.user)}
            hasPlus={root?.user?.hasPlus ?? false}
            discount={discount}
          />
        ))}
        {nextOffset != null ? (
          <div className="mx-auto flex max-w-7xl flex-col items-center gap-2 px-4 pt-6">
            <a
              ref={sentinel}
              href={`/?page=${loaderData.pages + 1}`}
              onClick={loadMore}
              aria-busy={loading}
              className="rounded-full border border-black/10 bg-white px-6 py-3 font-semibold shadow-card hover:bg-stone-50"
            >
              {loading ? (
                <span className="flex items-center gap-2">
                  <span
                    aria-hidden="true"
                    className="h-4 w-4 animate-spin rounded-full border-2 border-ink/20 border-t-ink"
                  />
                  Loading...
                </span>
              ) : (
                "Load more deals"
              )}
            </a>
            {failed ? (
              <p className="text-sm text-rose-700">Could not load more. Please try again.</p>
            ) : null}
          </div>
        ) : null}
      </main>
      {root?.user ? null : <SubscribeBanner campaign={loaderData.campaign} />}
    </>
  );
}
