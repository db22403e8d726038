import { LATEST_QUESTIONS_SHOWN } from "../../domain/constants";
import type { DealDetailsJson } from "../../server/services/storefront/catalog";
import { itemView } from "../../server/web/discussion-presenters";
import { displayPath } from "../../server/web/discussions";
import {
  type Ctx,
  questionPrompt,
  responsivenessView,
  reviewPrompt,
  reviewsSummaryView,
  viewerContext,
} from "./page-context.server";
import { dealContextOnce } from "./user-status.server";

// The product page's community section and its 'Latest questions' panel.

/** How many items each community tab shows before its link to the full list. */
export const COMMUNITY_PREVIEW_ITEMS = 3;

/** The section's parts that are the same for every viewer, when the caller has them already. */
type SharedParts = {
  reviewsSummary: Awaited<ReturnType<typeof reviewsSummaryView>>;
  responsiveness: Awaited<ReturnType<typeof responsivenessView>>;
};

export async function loadCommunity(
  ctx: Ctx,
  deal: DealDetailsJson,
  request: Request,
  shared?: SharedParts,
) {
  const url = new URL(request.url);
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, 200);
  const vc = await viewerContext(ctx, deal);
  const options = {
    page: 1,
    sort: "helpful" as const,
    order: "desc" as const,
    itemsPerPage: COMMUNITY_PREVIEW_ITEMS,
    query: search || undefined,
  };
  const [{ review: reviews, question: questions }, reviewsSummary, responsiveness] =
    await Promise.all([
      dealContextOnce(ctx, deal.id, vc.user).then((context) =>
        ctx.services.discussions.listBoth(String(deal.id), vc.user, options, context),
      ),
      shared ? shared.reviewsSummary : reviewsSummaryView(ctx, deal),
      shared ? shared.responsiveness : responsivenessView(ctx, deal),
    ]);
  const needle = search.toLowerCase();
  return {
    search,
    roles: vc.roles,
    reviewPrompt: reviewPrompt(vc, deal.slug),
    questionPrompt: questionPrompt(vc, deal.slug, url.pathname),
    reviews: { items: reviews.items.map(itemView), total: reviews.total },
    questions: { items: questions.items.map(itemView), total: questions.total },
    reviewsSummary,
    responsiveness,
    faqs: deal.faqs.filter(
      (f) =>
        !needle ||
        f.question.toLowerCase().includes(needle) ||
        f.answer.toLowerCase().includes(needle),
    ),
    posts: deal.founders.posts.map((p) => ({
      id: p.id,
      title: p.title,
      message: p.message,
      created: p.created,
      author: p.user ? `${p.user.first_name ?? ""} ${p.user.last_name ?? ""}`.trim() : null,
    })),
    latestQuestions: deal.top_5_questions.slice(0, LATEST_QUESTIONS_SHOWN).map((q) => ({
      id: q.id,
      title: q.title ?? "",
      comment: q.comment,
      replyCount: q.reply_count,
      path: displayPath(deal.slug, "question", q.id, q.title ?? ""),
    })),
  };
}
