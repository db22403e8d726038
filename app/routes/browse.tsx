import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { PLAN_TYPES } from "../../domain/constants";
import { showingResultsFor } from "../../domain/messages";
import { fieldErrors } from "../../domain/schemas/common";
import {
  listingHref,
  planTypeKey,
  SEARCH_QUERY_MAX,
  SEARCH_SORT_LABELS,
  SEARCH_SORTS,
} from "../../domain/search";
import { browseQueryFromParams, searchDeals } from "../../server/web/deal-search";
import { appContext } from "../context";
import { CampaignBanner } from "../ui/campaign-banner";
import { dealCount, EmptyState, ListingResults } from "../ui/deal-listing";
import { notFound } from "../ui/not-found.server";
import { seoMeta } from "../ui/seo";
import type { Route } from "./+types/browse";

/** /browse: the header search's results and the catalogue with filters, sort and pages. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, publicConfig } = context.get(appContext);
  const parsed = browseQueryFromParams(new URL(request.url).searchParams);
  const base = { now: new Date().toISOString(), origin: publicConfig.publicUrl };
  const [tree, campaign] = await Promise.all([
    services.search.taxonomyTree(),
    services.pages.activeCampaign(),
  ]);
  if (!parsed.success) {
    // Bad filter values are the visitor's to fix, never an error page.
    return data(
      { ...base, tree, campaign, errors: fieldErrors(parsed.error), listing: null, sort: null },
      { status: 400 },
    );
  }
  const q = parsed.data;
  const { listing, sort } = await searchDeals(services.search, q);
  if ((q.page ?? 1) > listing.total_pages) throw await notFound({ services });
  return { ...base, tree, campaign, errors: null, listing, sort, query: q.query ?? null };
}

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  if (!loaderData) return [{ title: "Browse deals | Payonce" }];
  const params = new URLSearchParams(location.search);
  const query = params.get("query")?.trim();
  const page = loaderData.listing?.page ?? 1;
  return seoMeta({
    title: query
      ? `Deals for "${query}"`
      : page > 1
        ? `Browse all deals, page ${page}`
        : "Browse all deals",
    description: query
      ? `${(loaderData.listing?.count ?? 0).toLocaleString("en-US")}${loaderData.listing?.count_capped ? "+" : ""} lifetime software deals matching "${query}". Pay once, not monthly.`
      : "Browse every lifetime deal on Payonce: software, courses, templates and digital assets. Pay once, not monthly.",
    // Search results are not pages of their own: the canonical is the unfiltered catalogue.
    path:
      !query && page > 1 && [...params.keys()].every((k) => k === "page")
        ? `/browse?page=${page}`
        : "/browse",
    origin: loaderData.origin,
    noindex: Boolean(query) || [...params.keys()].some((k) => k !== "page"),
  });
};

const input =
  "h-11 w-full rounded-xl border border-black/10 bg-white px-3 text-sm text-ink outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-400/40";

function FieldError({ errors, name }: { errors: Record<string, string[]> | null; name: string }) {
  const messages = errors?.[name];
  if (!messages?.length) return null;
  return (
    <p id={`${name}-error`} className="mt-1 text-xs font-medium text-rose-700">
      {messages.join(" ")}
    </p>
  );
}

export default function Browse({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === "/browse";
  const { tree, errors, listing, campaign, now } = loaderData;
  const query = params.get("query") ?? "";
  const group = params.get("group") ?? "";
  const category = params.get("category") ?? "";
  const groupNode = tree.find((g) => g.slug === group);
  const filtered = ["group", "category", "subcategory", "plan_type", "min_price", "max_price"].some(
    (k) => params.get(k),
  );
  const submitOnChange = (event: React.ChangeEvent<HTMLSelectElement>) =>
    event.currentTarget.form?.requestSubmit();

  return (
    <>
      <CampaignBanner campaign={campaign} now={now} />
      <main className="mx-auto max-w-7xl px-4 pb-12 pt-6 sm:px-6 sm:pt-10">
        <h1 className="text-3xl font-black tracking-tight text-ink sm:text-4xl">
          {query && listing ? showingResultsFor(query) : "Browse all deals"}
        </h1>
        <Form method="get" action="/browse" className="mt-6" aria-label="Search and filter deals">
          <div className="flex gap-2">
            <label className="relative flex-1">
              <span className="sr-only">Search deals</span>
              <input
                type="search"
                name="query"
                defaultValue={query}
                key={query}
                maxLength={SEARCH_QUERY_MAX}
                placeholder="Search deals and tools"
                aria-invalid={errors?.query ? true : undefined}
                className="h-12 w-full rounded-full border border-black/10 bg-stone-100 px-5 text-base outline-none focus:border-brand-500 focus:bg-white focus:ring-2 focus:ring-brand-400/40"
              />
            </label>
            <button
              type="submit"
              className="h-12 shrink-0 rounded-full bg-ink px-6 font-semibold text-white hover:bg-black"
            >
              Search
            </button>
          </div>
          <FieldError errors={errors} name="query" />
          <details
            className="group mt-4 rounded-2xl border border-black/10 bg-white"
            open={filtered || undefined}
          >
            <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 text-sm font-semibold [&::-webkit-details-marker]:hidden">
              <span>Filters{filtered ? " (on)" : ""}</span>
              <span aria-hidden="true" className="transition group-open:rotate-180">
                ▾
              </span>
            </summary>
            <div className="grid gap-4 border-t border-black/5 p-4 sm:grid-cols-2 lg:grid-cols-5">
              <label className="text-sm font-medium">
                Category group
                <select
                  name="group"
                  defaultValue={group}
                  key={`g-${group}`}
                  className={`${input} mt-1`}
                  onChange={submitOnChange}
                >
                  <option value="">All</option>
                  {tree.map((g) => (
                    <option key={g.slug} value={g.slug}>
                      {g.name}
                    </option>
                  ))}
                </select>
                <FieldError errors={errors} name="group" />
              </label>
              <label className="text-sm font-medium">
                Category
                <select
                  name="category"
                  defaultValue={category}
                  key={`c-${group}-${category}`}
                  disabled={!groupNode}
                  className={`${input} mt-1 disabled:bg-stone-100 disabled:text-ink-soft`}
                  onChange={submitOnChange}
                >
                  <option value="">{groupNode ? "All" : "Choose a group first"}</option>
                  {groupNode?.categories.map((c) => (
                    <option key={c.slug} value={c.slug}>
                      {c.name}
                    </option>
                  ))}
                </select>
                <FieldError errors={errors} name="category" />
              </label>
              <label className="text-sm font-medium">
                Plan type
                <select
                  name="plan_type"
                  defaultValue={params.get("plan_type") ?? ""}
                  key={`p-${params.get("plan_type")}`}
                  className={`${input} mt-1`}
                  onChange={submitOnChange}
                >
                  <option value="">Any</option>
                  {PLAN_TYPES.map((name) => (
                    <option key={name} value={planTypeKey(name)}>
                      {name}
                    </option>
                  ))}
                </select>
                <FieldError errors={errors} name="plan_type" />
              </label>
              <fieldset className="text-sm font-medium">
                <legend>Price (USD)</legend>
                <div className="mt-1 flex items-center gap-2">
                  <input
                    name="min_price"
                    inputMode="decimal"
                    placeholder="Min"
                    aria-label="Minimum price"
                    defaultValue={params.get("min_price") ?? ""}
                    className={input}
                  />
                  <span aria-hidden="true">–</span>
                  <input
                    name="max_price"
                    inputMode="decimal"
                    placeholder="Max"
                    aria-label="Maximum price"
                    defaultValue={params.get("max_price") ?? ""}
                    className={input}
                  />
                </div>
                <FieldError errors={errors} name="min_price" />
                <FieldError errors={errors} name="max_price" />
              </fieldset>
              <div className="flex items-end gap-2">
                <button
                  type="submit"
                  className="h-11 flex-1 rounded-xl bg-brand-400 px-4 text-sm font-bold text-ink hover:bg-brand-500"
                >
                  Apply
                </button>
                {filtered ? (
                  <Link
                    to={listingHref("/browse", params, {
                      group: null,
                      category: null,
                      subcategory: null,
                      plan_type: null,
                      min_price: null,
                      max_price: null,
                    })}
                    className="grid h-11 place-items-center rounded-xl px-3 text-sm font-semibold text-ink-soft hover:bg-stone-100"
                  >
                    Clear
                  </Link>
                ) : null}
              </div>
            </div>
          </details>
          {params.get("subcategory") ? (
            <input type="hidden" name="subcategory" value={params.get("subcategory") ?? ""} />
          ) : null}
          <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm font-semibold text-ink-soft" aria-live="polite">
              {busy
                ? "Searching..."
                : listing
                  ? dealCount(listing.count, listing.count_capped)
                  : "Check the filters above."}
            </p>
            <label className="flex items-center gap-2 text-sm font-medium">
              Sort by
              <select
                name="sort"
                defaultValue={loaderData.sort ?? ""}
                key={`s-${loaderData.sort}`}
                className="h-10 rounded-xl border border-black/10 bg-white px-3 text-sm"
                onChange={submitOnChange}
              >
                {SEARCH_SORTS.filter((s) => s !== "relevance" || query).map((s) => (
                  <option key={s} value={s}>
                    {SEARCH_SORT_LABELS[s]}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <FieldError errors={errors} name="sort" />
        </Form>
        <div className={`mt-6 transition-opacity ${busy ? "opacity-60" : ""}`}>
          {listing ? (
            <ListingResults
              listing={listing}
              now={new Date(now)}
              href={(page) => listingHref("/browse", params, { page })}
              empty={
                <EmptyState
                  title={query ? `No deals found for "${query}"` : "No deals match these filters"}
                >
                  <p>Try fewer words, another spelling, or clear the filters.</p>
                  <div className="mt-5 flex flex-wrap justify-center gap-2">
                    <Link
                      to="/browse"
                      className="rounded-full bg-ink px-5 py-2.5 text-sm font-semibold text-white"
                    >
                      See all deals
                    </Link>
                    {tree.slice(0, 4).map((g) => (
                      <Link
                        key={g.slug}
                        to={g.url}
                        className="rounded-full border border-black/10 bg-white px-4 py-2.5 text-sm font-semibold hover:border-ink"
                      >
                        {g.name}
                      </Link>
                    ))}
                  </div>
                </EmptyState>
              }
            />
          ) : null}
        </div>
      </main>
    </>
  );
}
