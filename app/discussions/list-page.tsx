/** The review and question list pages (spec 000 sections 2 and 9). */
import { useRef, useState } from "react";
import { Form, Link } from "react-router";
import { COMMENT_PAGE_SIZE, MODERATION_FILTERS, RATING_FILTERS } from "../../domain/constants";
import { showingCount, VIEW_MORE } from "../../domain/messages";
import { pageCount } from "../../domain/pagination";
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
  roles: ViewerRoles;
  prompt: PostingPrompt;
  params: ListParams;
  items: ItemView[];
  total: number;
  stats: { needsModeration: number; needsReply: number } | null;
  reviewsSummary: ReviewsSummaryView | null;
  flash: string | null;
  deletedToast: string | null;
};

/** The list's URL with some parameters changed; sort, filter and rating changes drop the page. */
function listHref(base: string, params: ListParams, change: Partial<ListParams>): string {
  const next = { ...params, ...change };
  const q = new URLSearchParams();
  if (next.search) q.set("search", next.search);
  if (next.sort !== "newest") q.set("sort", next.sort);
  if (next.rating) q.set("taco_rating", String(next.rating));
  if (next.filter !== "all") q.set("filter", next.filter);
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
        <span className="text-4xl font-black">{ratingLabel(deal.averageRating)}</span>
        <div>
          <TacoRating rating={deal.averageRating} size="lg" />
          <p className="text-sm text-ink-soft">
            {deal.reviewCount} {deal.reviewCount === 1 ? "review" : "reviews"}
          </p>
        </div>
      </div>
      <RatingBars
        deal={deal}
        href={(stars) => listHref(base, params, { rating: stars, page: 1 })}
        full
        className="mt-4 space-y-1.5"
      />
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

export function ListPage({ data }: { data: ListPageData }) {
  const { kind, deal, params, items, total, roles, stats } = data;
  const segment = LIST_SEGMENT[kind];
  const base = `/products/${deal.slug}/${segment}/`;
  const [signal, setSignal] = useState({ open: true, stamp: 0 });
  const pages = pageCount(total, COMMENT_PAGE_SIZE);
  const label = kind === "review" ? "Reviews" : "Questions";
  const filtered = Boolean(params.search || params.rating || params.filter !== "all");
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
                <Link
                  to={listHref(base, params, { filter: "unapproved", page: 1 })}
                  className="rounded-full bg-white px-3 py-1 font-semibold ring-1 ring-black/10 hover:bg-brand-50"
                >
                  Needs moderation: {stats.needsModeration}
                </Link>
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
              {showingCount(items.length, total, segment)}
            </p>
            {items.length === 0 ? (
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
            {params.page < pages ? (
              <div className="flex justify-center">
                <Link
                  to={listHref(base, params, { page: params.page + 1 })}
                  className={ghostButton}
                >
                  {VIEW_MORE}
                </Link>
              </div>
            ) : null}
            <Pagination
              page={params.page}
              totalPages={pages}
              href={(page) => listHref(base, params, { page })}
            />
          </div>
        </div>
      </main>
    </ToastProvider>
  );
}
