/** The review and question list pages (spec 000 sections 2 and 9). */
import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import { COMMENT_PAGE_SIZE, MODERATION_FILTERS, RATING_FILTERS } from "../../domain/constants";
import {
  FILTER_VERIFIED_OWNERS,
  FILTER_VIDEO_REVIEWS,
  NO_REVIEWS_YET,
  showingCount,
  VIEW_MORE,
} from "../../domain/messages";
import { pageCount } from "../../domain/pagination";
import { type DealSeo, dealBreadcrumbLd } from "../seo/deal-seo";
import { seoMeta } from "../seo/meta";
import { cx, ratingLabel } from "../ui/format";
import { Pagination } from "../ui/pagination";
import { TacoRating } from "../ui/taco-rating";
import { ToastOnMount, ToastProvider } from "../ui/toast";
import { CommentCard } from "./comment-card";
import { ghostButton } from "./controls";
import { MODERATION_FILTER_LABELS, RATING_FILTER_LABEL, SORT_LABELS, sortOptions } from "./labels";
import type { ListParams } from "./list-page.server";
import {
  DealHeader,
  DiscussionBreadcrumbs,
  FlashBanner,
  PostingPromptBlock,
  RatingBars,
  SearchField,
} from "./page-parts";
import { ReviewsSummaryPanel } from "./reviews-summary";
import {
  type DealSummary,
  type DiscussionKind,
  type ItemView,
  LIST_SEGMENT,
  type PostingPrompt,
  type ReviewsSummaryView,
  type ViewerRoles,
} from "./types";

export type ListPageData = {
  kind: DiscussionKind;
  deal: DealSummary;
  seo: DealSeo;
  roles: ViewerRoles;
  prompt: PostingPrompt;
  params: ListParams;
  items: ItemView[];
  total: number;
  stats: { needsModeration: number | null; needsReply: number } | null;
  reviewsSummary: ReviewsSummaryView | null;
  flash: string | null;
  deletedToast: string | null;
};

/**
 * "Approve & answer" (spec 000 section 4) approves a pending question and opens its answer box.
 * Revalidating the list then would drop the question from the Pending filter, and its answer box
 * with it: that one submission keeps the page's data until the answer is posted.
 */
export const revalidateUnlessAnswering = ({
  formData,
  defaultShouldRevalidate,
}: {
  formData?: FormData | undefined;
  defaultShouldRevalidate: boolean;
}): boolean => (formData?.get("next") === "answer" ? false : defaultShouldRevalidate);

/** The list's URL with some parameters changed; sort, filter and rating changes drop the page. */
function listHref(base: string, params: ListParams, change: Partial<ListParams>): string {
  const next = { ...params, ...change };
  const q = new URLSearchParams();
  if (next.search) q.set("search", next.search);
  if (next.sort !== "newest") q.set("sort", next.sort);
  if (next.rating) q.set("taco_rating", String(next.rating));
  if (next.filter !== "all") q.set("filter", next.filter);
  if (next.verified) q.set("verified", "true");
  if (next.video) q.set("video", "true");
  if (next.page > 1) q.set("page", String(next.page));
  const query = q.toString();
  return query ? `${base}?${query}` : base;
}

const selectClass =
  "rounded-full border border-black/10 bg-white py-2 pl-3 pr-8 text-sm font-semibold outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-400/40";

function RatingBreakdown({
  deal,
  base,
  params,
}: {
  deal: DealSummary;
  base: string;
  params: ListParams;
}) {
  return (
    <div className="rounded-3xl border border-black/5 bg-brand-50 p-4 sm:p-5">
      <div className="flex items-center gap-3">
        {deal.reviewCount > 0 ? (
          <>
            <span className="text-4xl font-black">{ratingLabel(deal.averageRating)}</span>
            <div>
              <TacoRating rating={deal.averageRating} size="lg" />
              <p className="text-sm text-ink-soft">
                {deal.reviewCount} {deal.reviewCount === 1 ? "review" : "reviews"}
              </p>
            </div>
          </>
        ) : (
          // Not "0.0 · 0 reviews".
          <p className="text-lg font-bold">{NO_REVIEWS_YET}</p>
        )}
      </div>
      {deal.reviewCount > 0 ? (
        <RatingBars
          deal={deal}
          href={(stars) => listHref(base, params, { rating: stars, page: 1 })}
          full
          className="mt-4 space-y-1.5"
        />
      ) : null}
    </div>
  );
}

function Controls({ data, base }: { data: ListPageData; base: string }) {
  const { kind, params, roles } = data;
  const formRef = useRef<HTMLFormElement>(null);
  const submit = () => formRef.current?.requestSubmit();
  return (
    <div className="space-y-3">
      <Form
        method="get"
        action={base}
        role="search"
        aria-label={`Search ${LIST_SEGMENT[kind]}`}
        className="flex gap-2"
      >
        <SearchField label={<>Search {LIST_SEGMENT[kind]}</>} defaultValue={params.search} />
        {params.sort !== "newest" ? <input type="hidden" name="sort" value={params.sort} /> : null}
        {params.rating ? <input type="hidden" name="taco_rating" value={params.rating} /> : null}
        {params.filter !== "all" ? (
          <input type="hidden" name="filter" value={params.filter} />
        ) : null}
        {params.verified ? <input type="hidden" name="verified" value="true" /> : null}
        {params.video ? <input type="hidden" name="video" value="true" /> : null}
        <button type="submit" className={ghostButton}>
          Search
        </button>
      </Form>
      {/* No page field: changing sort, filter or rating starts again at page 1. */}
      <Form ref={formRef} method="get" action={base} className="flex flex-wrap items-center gap-2">
        {params.search ? <input type="hidden" name="search" value={params.search} /> : null}
        <label className="flex items-center gap-2 text-sm text-ink-soft">
          Sort
          <select name="sort" defaultValue={params.sort} onChange={submit} className={selectClass}>
            {sortOptions(kind).map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        {kind === "review" ? (
          <label className="flex items-center gap-2 text-sm text-ink-soft">
            Rating
            <select
              name="taco_rating"
              defaultValue={params.rating ? String(params.rating) : ""}
              onChange={submit}
              className={selectClass}
            >
              {RATING_FILTERS.map((r) => (
                <option key={r} value={r === "all" ? "" : String(r)}>
                  {RATING_FILTER_LABEL(r)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {kind === "review" ? (
          <>
            <label className="flex items-center gap-2 text-sm text-ink-soft">
              <input
                type="checkbox"
                name="verified"
                value="true"
                defaultChecked={params.verified}
                onChange={submit}
              />
              {FILTER_VERIFIED_OWNERS}
            </label>
            <label className="flex items-center gap-2 text-sm text-ink-soft">
              <input
                type="checkbox"
                name="video"
                value="true"
                defaultChecked={params.video}
                onChange={submit}
              />
              {FILTER_VIDEO_REVIEWS}
            </label>
          </>
        ) : null}
        {roles.moderatorTools ? (
          <label className="flex items-center gap-2 text-sm text-ink-soft">
            Filter
            <select
              name="filter"
              defaultValue={params.filter}
              onChange={submit}
              className={selectClass}
            >
              {[...MODERATION_FILTERS, "needs_reply" as const].map((f) => (
                <option key={f} value={f}>
                  {MODERATION_FILTER_LABELS[f]}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <noscript>
          <button type="submit" className={ghostButton}>
            Apply
          </button>
        </noscript>
      </Form>
    </div>
  );
}

/**
 * The head of a review or question list (issue 18). Its canonical is the plain list (page n
 * beyond the first); sorted, filtered and searched views point there, and searches are noindex.
 */
export function listMeta(data: ListPageData) {
  const { kind, deal, seo, params, total } = data;
  const base = `/products/${deal.slug}/${LIST_SEGMENT[kind]}/`;
  const page = Math.max(params.page, 1);
  const label = kind === "review" ? "Reviews" : "Questions";
  const description =
    kind === "review"
      ? `${total} reviews of ${deal.name}${deal.reviewCount ? `, rated ${deal.averageRating} out of 5` : ""}: what buyers say about this lifetime deal on Payonce.`
      : `${total} questions about ${deal.name}, answered by the founders and the Payonce community.`;
  return seoMeta({
    title: `${deal.name} ${label.toLowerCase()}${page > 1 ? `, page ${page}` : ""}`,
    description,
    path: page > 1 ? `${base}?page=${page}` : base,
    origin: seo.origin,
    image: seo.image,
    noindex: Boolean(params.search),
    jsonLd: [dealBreadcrumbLd(seo, [{ name: label, path: base }])],
  });
}

/**
 * "View more" appends the next page's items in place (the list route's loader, through a
 * fetcher); without JavaScript it is a link to the next page. Reset whenever the page's own data
 * changes (another page, sort or filter).
 */
function useViewMore(data: ListPageData, base: string) {
  const fetcher = useFetcher<ListPageData>();
  const [more, setMore] = useState<{ items: ItemView[]; page: number }>({
    items: [],
    page: data.params.page,
  });
  const handled = useRef<unknown>(null);
  // Reset only when the page's data changes (a new page or filter), not on each render.
  useEffect(() => {
    setMore({ items: [], page: data.params.page });
  }, [data]);
  useEffect(() => {
    const next = fetcher.data;
    if (fetcher.state !== "idle" || !next || handled.current === next) return;
    handled.current = next;
    setMore((m) => {
      const seen = new Set([...data.items, ...m.items].map((i) => i.id));
      return {
        items: [...m.items, ...next.items.filter((i) => !seen.has(i.id))],
        page: next.params.page,
      };
    });
  }, [fetcher.state, fetcher.data, data.items]);
  const nextHref = listHref(base, data.params, { page: more.page + 1 });
  return {
    items: more.items,
    lastPage: more.page,
    loading: fetcher.state !== "idle",
    nextHref,
    load: () => fetcher.load(nextHref),
  };
}

/**
 * The list's count. Moderators see every status, so their total can exceed the deal's approved
 * count shown beside it; their line says how many of the total are approved, one count to read.
 */
function countLine(data: ListPageData, shown: number): string {
  const segment = LIST_SEGMENT[data.kind];
  const line = showingCount(shown, data.total, segment);
  const approved = data.kind === "review" ? data.deal.reviewCount : data.deal.questionCount;
  const unfiltered =
    !data.params.search &&
    !data.params.rating &&
    !data.params.verified &&
    !data.params.video &&
    data.params.filter === "all";
  if (data.roles.moderatorTools && unfiltered && data.total !== approved) {
    return `${line}, ${approved} of them approved`;
  }
  return line;
}

export function ListPage({ data }: { data: ListPageData }) {
  const { kind, deal, params, total, roles, stats } = data;
  const segment = LIST_SEGMENT[kind];
  const base = `/products/${deal.slug}/${segment}/`;
  const [signal, setSignal] = useState({ open: true, stamp: 0 });
  const pages = pageCount(total, COMMENT_PAGE_SIZE);
  const viewMore = useViewMore(data, base);
  const items = [...data.items, ...viewMore.items];
  const pastEnd = total > 0 && params.page > pages;
  const label = kind === "review" ? "Reviews" : "Questions";
  const filtered = Boolean(
    params.search || params.rating || params.verified || params.video || params.filter !== "all",
  );
  return (
    <ToastProvider>
      <ToastOnMount message={data.deletedToast} />
      <main className="mx-auto max-w-5xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
        <DiscussionBreadcrumbs
          crumbs={[{ label: deal.name, to: `/products/${deal.slug}/` }, { label }]}
        />
        <FlashBanner flag={data.flash} />
        <div className="flex flex-wrap items-start justify-between gap-4">
          <DealHeader deal={deal} title={`${deal.name} ${label.toLowerCase()}`} />
          <div className="w-full sm:w-auto sm:max-w-sm">
            <PostingPromptBlock prompt={data.prompt} kind={kind} />
          </div>
        </div>

        <div
          className={cx("grid gap-6", kind === "review" && "lg:grid-cols-[300px_minmax(0,1fr)]")}
        >
          {kind === "review" ? (
            <aside className="lg:sticky lg:top-20 lg:self-start">
              <RatingBreakdown deal={deal} base={base} params={params} />
            </aside>
          ) : null}
          <div className="min-w-0 space-y-4">
            {data.reviewsSummary ? (
              <ReviewsSummaryPanel summary={data.reviewsSummary} listHref={base} headingLevel={2} />
            ) : null}
            <Controls data={data} base={base} />
            {stats ? (
              <div className="flex flex-wrap items-center gap-2 rounded-2xl bg-stone-50 p-3 text-sm">
                {stats.needsModeration !== null ? (
                  // Staff moderators' count (spec 000 section 6); partners get the reply counts.
                  <Link
                    to={listHref(base, params, { filter: "unapproved", page: 1 })}
                    className="rounded-full bg-white px-3 py-1 font-semibold ring-1 ring-black/10 hover:bg-brand-50"
                  >
                    Needs moderation: {stats.needsModeration}
                  </Link>
                ) : null}
                <Link
                  to={listHref(base, params, { filter: "needs_reply", page: 1 })}
                  className="rounded-full bg-white px-3 py-1 font-semibold ring-1 ring-black/10 hover:bg-brand-50"
                >
                  Needs reply: {stats.needsReply}
                </Link>
                <span className="ml-auto flex gap-2">
                  <button
                    type="button"
                    className={ghostButton}
                    onClick={() => setSignal((s) => ({ open: true, stamp: s.stamp + 1 }))}
                  >
                    Show all replies
                  </button>
                  <button
                    type="button"
                    className={ghostButton}
                    onClick={() => setSignal((s) => ({ open: false, stamp: s.stamp + 1 }))}
                  >
                    Hide all replies
                  </button>
                </span>
              </div>
            ) : null}
            <p className="text-sm text-ink-soft" aria-live="polite">
              {countLine(data, items.length)}
            </p>
            {pastEnd ? (
              <div className="rounded-3xl border border-dashed border-black/15 p-8 text-center">
                <p className="text-lg font-bold">This page is past the end of the list</p>
                <p className="mt-1 text-ink-soft">
                  There {total === 1 ? "is" : "are"} {total}{" "}
                  {total === 1 ? segment.slice(0, -1) : segment} on {pages}{" "}
                  {pages === 1 ? "page" : "pages"}.{" "}
                  <Link
                    to={listHref(base, params, { page: pages })}
                    className="font-semibold text-brand-700 hover:underline"
                  >
                    Go to {pages === 1 ? "the first page" : `page ${pages}`}
                  </Link>
                </p>
              </div>
            ) : items.length === 0 ? (
              <div className="rounded-3xl border border-dashed border-black/15 p-8 text-center">
                <p className="text-lg font-bold">
                  {filtered ? `No ${segment} match your filters` : `No ${segment} yet`}
                </p>
                <p className="mt-1 text-ink-soft">
                  {filtered ? (
                    <Link to={base} className="font-semibold text-brand-700 hover:underline">
                      Clear search and filters
                    </Link>
                  ) : kind === "review" ? (
                    "Bought this deal? Share how it works for you."
                  ) : (
                    "Have a question about this deal? Ask the founders."
                  )}
                </p>
              </div>
            ) : (
              <ul className="space-y-4">
                {items.map((item) => (
                  <li key={item.id}>
                    <CommentCard item={item} roles={roles} repliesSignal={signal} />
                  </li>
                ))}
              </ul>
            )}
            {viewMore.lastPage < pages ? (
              <div className="flex justify-center">
                <Link
                  to={viewMore.nextHref}
                  className={ghostButton}
                  aria-disabled={viewMore.loading || undefined}
                  onClick={(event) => {
                    event.preventDefault();
                    if (!viewMore.loading) viewMore.load();
                  }}
                >
                  {viewMore.loading ? "Loading…" : VIEW_MORE}
                </Link>
              </div>
            ) : items.length > 0 && pages > 1 && !pastEnd ? (
              <p className="text-center text-sm text-ink-soft">
                {`That's the last of the ${total} ${segment}.`}
              </p>
            ) : null}
            <Pagination
              page={viewMore.lastPage}
              totalPages={pages}
              href={(page) => listHref(base, params, { page })}
            />
          </div>
        </div>
      </main>
    </ToastProvider>
  );
}
