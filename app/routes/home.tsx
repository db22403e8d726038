import { useEffect, useState } from "react";
import { data, useRouteLoaderData } from "react-router";
import { MODULAR_PAGE_SIZE } from "../../domain/constants";
import type { PageCollectionJson, PageJson } from "../../server/services/deal-json";
import { PageCollection } from "../collections";
import { appContext } from "../context";
import type { loader as rootLoader } from "../root";
import type { Route } from "./+types/home";

const HOME_PAGE = "home";
/** ?page=n renders the first n slices server-side (the no-JavaScript "Load more"). */
const MAX_PAGES = 10;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const pageParam = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const pages = Number.isInteger(pageParam) ? Math.min(Math.max(pageParam, 1), MAX_PAGES) : 1;
  const page = await services.pages.getModularPage(HOME_PAGE, {
    offset: 0,
    limit: MODULAR_PAGE_SIZE * pages,
    includeDeals: true,
  });
  if (!page) throw data(null, { status: 404 });
  return { page, pages, now: new Date().toISOString() };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const seo = loaderData?.page.seo_meta;
  const title = seo?.title ?? "Payonce: lifetime software deals. Pay once, not monthly";
  const description = seo?.description ?? "Lifetime deals on the software your business runs on.";
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: seo?.open_graph.title ?? title },
    { property: "og:type", content: seo?.open_graph.type ?? "website" },
    { property: "og:description", content: seo?.open_graph.description ?? description },
    ...(seo?.open_graph.image ? [{ property: "og:image", content: seo.open_graph.image }] : []),
  ];
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const now = new Date(loaderData.now);
  const [collections, setCollections] = useState<PageCollectionJson[]>(loaderData.page.collections);
  const [nextOffset, setNextOffset] = useState<number | null>(loaderData.page.next_offset);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  // A new server render (e.g. after logging in) replaces what was loaded client-side.
  useEffect(() => {
    setCollections(loaderData.page.collections);
    setNextOffset(loaderData.page.next_offset);
  }, [loaderData]);

  async function loadMore(event: React.MouseEvent) {
    if (nextOffset == null) return;
    event.preventDefault();
    setLoading(true);
    setFailed(false);
    try {
      const params = new URLSearchParams({
        include_deals: "true",
        offset: String(nextOffset),
        limit: String(MODULAR_PAGE_SIZE),
      });
      const res = await fetch(`/api/modular/page/${HOME_PAGE}/?${params}`);
      if (!res.ok) throw new Error(String(res.status));
      const next = (await res.json()) as PageJson;
      setCollections((current) => [...current, ...next.collections]);
      setNextOffset(next.next_offset);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }

  return (
    <main className="pb-8">
      {collections.map((collection) => (
        <PageCollection
          key={collection.id}
          collection={collection}
          now={now}
          signedIn={Boolean(root?.user)}
        />
      ))}
      {nextOffset != null ? (
        <div className="mx-auto flex max-w-7xl flex-col items-center gap-2 px-4 pt-6">
          <a
            href={`/?page=${loaderData.pages + 1}`}
            onClick={loadMore}
            aria-busy={loading}
            className="rounded-full border border-black/10 bg-white px-6 py-3 font-semibold shadow-card hover:bg-stone-50"
          >
            {loading ? "Loading..." : "Load more deals"}
          </a>
          {failed ? (
            <p className="text-sm text-rose-700">Could not load more. Please try again.</p>
          ) : null}
        </div>
      ) : null}
    </main>
  );
}
