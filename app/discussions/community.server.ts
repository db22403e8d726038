import { LATEST_QUESTIONS_SHOWN } from "../../domain/constants";
import type { DealDetailsJson } from "../../server/services/storefront/catalog";
import { itemView } from "../../server/web/discussion-presenters";
import { displayPath } from "../../server/web/discussions";
import { toPreviewItem } from "./labels";
import {
  type Ctx,
  questionPrompt,
  ratingHistoryView,
  responsivenessView,
  reviewPrompt,
  reviewsSummaryView,
  viewerContext,
} from "./page-context.server";
import { dealContextOnce } from "./user-status.server";

// The product page's community section and its 'Latest questions' panel.

/** How many items each community tab shows before its link to the full list. */
export const COMMUNITY_PREVIEW_ITEMS = 3;

/** The community tabs' lists: page 1 of the most helpful, or of a search's matches. */
const previewOptions = (query?: string) => ({
  page: 1,
  sort: "helpful" as const,
  order: "desc" as const,
  itemsPerPage: COMMUNITY_PREVIEW_ITEMS,
  query,
});

type BothLists = Awaited<ReturnType<Ctx["services"]["discussions"]["listBoth"]>>;

/**
 * Both tabs' lists as an anonymous visitor sees them, to keep with the deal's public data
 * (app/product/page-data.server.ts): a later view takes them without their statements when the
 * viewer sees what the public sees (discussions' listsForViewer), reading only the up-votes and
 * the viewer's own votes with its deal context.
 */
export async function keptCommunityLists(ctx: Ctx, deal: DealDetailsJson): Promise<BothLists> {
  const context = await dealContextOnce(ctx, deal.id, null);
  return ctx.services.discussions.listBoth(String(deal.id), null, previewOptions(), context);
}

/** The section's parts that are the same for every viewer, when the caller has them already. */
type SharedParts = {
  reviewsSummary: Awaited<ReturnType<typeof reviewsSummaryView>>;
  responsiveness: Awaited<ReturnType<typeof responsivenessView>>;
  ratingHistory: Awaited<ReturnType<typeof ratingHistoryView>>;
  /** Both lists as the public sees them (keptCommunityLists), when kept. */
  communityLists?: BothLists | null;
};

/**
 * The community section's personal and searched parts. The FAQs and the founders' posts are the
 * page's deal's (app/product/page-view.ts): the section takes them from there, not twice.
 */
export async function loadCommunity(
  ctx: Ctx,
  deal: DealDetailsJson,
  request: Request,
  shared?: SharedParts,
) {
  const url = new URL(request.url);
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, 200);
  const kept = search ? null : (shared?.communityLists ?? null);
  const { discussions } = ctx.services;
  // The first deal-context statement of the request (the purchase viewer's status reuses it):
  // with the kept lists' ids, it reads their votes too.
  const vc = await viewerContext(ctx, deal, kept ? discussions.keptListIds(kept) : undefined);
  const options = previewOptions(search || undefined);
  const [{ review: reviews, question: questions }, reviewsSummary, responsiveness, ratingHistory] =
    await Promise.all([
      dealContextOnce(ctx, deal.id, vc.user).then(
        (context) =>
          (kept && discussions.listsForViewer(kept, context)) ??
          discussions.listBoth(String(deal.id), vc.user, options, context),
      ),
      shared ? shared.reviewsSummary : reviewsSummaryView(ctx, deal),
      shared ? shared.responsiveness : responsivenessView(ctx, deal),
      shared ? shared.ratingHistory : ratingHistoryView(ctx, deal),
    ]);
  return {
    search,
    reviewPrompt: reviewPrompt(vc, deal.slug),
    questionPrompt: questionPrompt(vc, deal.slug, url.pathname),
    // Cards, not whole items: the tabs show no replies (community-section.tsx toPreviewItem).
    reviews: {
      items: reviews.items.map((i) => toPreviewItem(itemView(i), vc.roles)),
      total: reviews.total,
    },
    questions: {
      items: questions.items.map((i) => toPreviewItem(itemView(i), vc.roles)),
      total: questions.total,
    },
    reviewsSummary,
    responsiveness,
    ratingHistory,
    latestQuestions: deal.top_5_questions.slice(0, LATEST_QUESTIONS_SHOWN).map((q) => ({
      id: q.id,
      title: q.title ?? "",
      comment: q.comment,
      replyCount: q.reply_count,
      path: displayPath(deal.slug, "question", q.id, q.title ?? ""),
    })),
  };
}
