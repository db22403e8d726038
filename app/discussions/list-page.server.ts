import {
  COMMENT_KINDS,
  COMMENT_PAGE_SIZE,
  MODERATION_FILTERS,
  RATING_FILTERS,
  SORT_OPTION_QUERY,
} from "../../domain/constants";
import { deleteSuccess } from "../../domain/messages";
import { itemView } from "../../server/web/discussion-presenters";
import { dealSeo } from "../seo/deal-seo";
import { reviewRatingRedirect } from "./form-page.server";
import { type ModerationFilter, type SortOption, sortOptions } from "./labels";
import {
  type Ctx,
  dealSummary,
  loadDeal,
  promptFor,
  reviewsSummaryView,
  viewerContext,
} from "./page-context.server";
import type { DiscussionKind } from "./types";
import { dealContextOnce } from "./user-status.server";

/** Loaders of shareable pages also need the public origin (canonical URLs). */
type SeoCtx = Ctx & { publicConfig: { publicUrl: string } };

// The review and question list pages: search, sort, rating and moderator filters, page number.

export type ListParams = {
  search: string;
  sort: SortOption;
  rating: number | null;
  filter: ModerationFilter;
  page: number;
  /** Reviews: owners of the deal only, and video reviews only (issue 33). */
  verified: boolean;
  video: boolean;
};

function listParams(url: URL, kind: DiscussionKind, moderator: boolean): ListParams {
  const q = url.searchParams;
  const sortValue = q.get("sort") ?? "";
  const sort = (sortOptions(kind) as readonly string[]).includes(sortValue)
    ? (sortValue as SortOption)
    : "newest";
  const ratingValue = Number(q.get("taco_rating"));
  const rating =
    kind === "review" && (RATING_FILTERS as readonly unknown[]).includes(ratingValue) && ratingValue
      ? ratingValue
      : null;
  const filterValue = q.get("filter") ?? "";
  const filter =
    moderator && [...MODERATION_FILTERS, "needs_reply"].includes(filterValue)
      ? (filterValue as ModerationFilter)
      : "all";
  const page = Math.min(Math.max(1, Math.trunc(Number(q.get("page")) || 1)), 10_000);
  // Spec 000 names the search parameter `search`; spec 001's links from the product page carry
  // `query` (with ref=pdp): both work.
  const search = (q.get("search") ?? q.get("query") ?? "").trim().slice(0, 200);
  const on = (name: string) => kind === "review" && q.get(name) === "true";
  return { search, sort, rating, filter, page, verified: on("verified"), video: on("video") };
}

export async function loadListPage(
  ctx: SeoCtx,
  kind: DiscussionKind,
  slug: string,
  request: Request,
) {
  const url = new URL(request.url);
  const deal = await loadDeal(ctx, slug);
  if (kind === "review") reviewRatingRedirect(url, deal.slug);
  const vc = await viewerContext(ctx, deal);
  const params = listParams(url, kind, vc.roles.moderatorTools);
  const { sort, order } = SORT_OPTION_QUERY[params.sort];
  const context = await dealContextOnce(ctx, deal.id, vc.user);
  const [list, stats, reviewsSummary] = await Promise.all([
    ctx.services.discussions.list(
      kind,
      String(deal.id),
      vc.user,
      {
        page: params.page,
        sort,
        order,
        itemsPerPage: COMMENT_PAGE_SIZE,
        rating: params.rating ?? undefined,
        query: params.search || undefined,
        moderatorFilter: params.filter === "all" ? undefined : params.filter,
        verifiedOnly: params.verified,
        withVideo: params.video,
      },
      context,
    ),
    vc.roles.moderatorTools
      ? ctx.services.discussions.stats(kind, String(deal.id), vc.user)
      : Promise.resolve(null),
    kind === "review" ? reviewsSummaryView(ctx, deal) : Promise.resolve(null),
  ]);
  const deleted = url.searchParams.get("deleted");
  return {
    kind,
    deal: dealSummary(deal),
    // The head's canonical, preview image and breadcrumbs (app/seo).
    seo: dealSeo(deal, ctx.publicConfig.publicUrl),
    roles: vc.roles,
    prompt: promptFor(vc, kind, deal.slug, url.pathname),
    params,
    items: list.items.map(itemView),
    total: list.total,
    stats,
    reviewsSummary,
    flash: url.searchParams.get("submitted"),
    // A page kept for an audience asks for its reader's votes on what it shows (decision 059).
    personalFill: vc.pending ? { dealId: deal.id, commentIds: voteIdsOf(list.items) } : null,
    deletedToast:
      deleted && (COMMENT_KINDS as readonly string[]).includes(deleted)
        ? deleteSuccess(deleted)
        : null,
  };
}

/** The ids of the items and replies a list shows: the reader's votes to fill on them. */
function voteIdsOf(items: readonly { id: number; children: readonly unknown[] }[]): number[] {
  const ids: number[] = [];
  const walk = (rows: readonly unknown[]) => {
    for (const row of rows as { id: number; children?: unknown[] }[]) {
      ids.push(row.id);
      if (row.children) walk(row.children);
    }
  };
  walk(items);
  return ids;
}
