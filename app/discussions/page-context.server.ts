/**
 * What every discussion page loader starts from (spec 000 sections 2 to 8): the deal, the viewer's
 * roles and posting prompts, the deal as the pages show it, and service refusals as page answers.
 * The services enforce every rule; these only shape what the pages show.
 */
import { redirect } from "react-router";
import { isInactiveIndefinitely } from "../../domain/deal-state";
import type { DealFacts, Viewer } from "../../domain/permissions";
import type { SessionUser } from "../../server/services/accounts/sessions";
import type { DealDetailsJson } from "../../server/services/storefront/catalog";
import { ratingHistoryJson } from "../../server/web/discussion-presenters";
import { basedOnLabel } from "../../server/web/discussions";
import { isDomainError, statusOf } from "../../server/web/errors";
import type { AppLoadContext } from "../context";
import { notFound, pageStatusError } from "../ui/not-found.server";
import { type OwnReview, questionPrompt, reviewPrompt } from "./posting-prompts";
import {
  type DealSummary,
  type DiscussionKind,
  loginPath,
  type RatingHistoryView,
  type ResponsivenessView,
  type ReviewsSummaryView,
  type ViewerRoles,
} from "./types";
import { userStatusOnce } from "./user-status.server";

export type Ctx = Pick<AppLoadContext, "services" | "session" | "sharedRender">;

export function dealSummary(deal: DealDetailsJson): DealSummary {
  const r = deal.deal_review;
  return {
    id: deal.id,
    slug: deal.slug,
    name: deal.public_name || deal.name,
    logo: deal.product_logo ?? null,
    averageRating: r.average_rating,
    reviewCount: r.review_count,
    ratingCounts: [
      r.review_count_1_tacos,
      r.review_count_2_tacos,
      r.review_count_3_tacos,
      r.review_count_4_tacos,
      r.review_count_5_tacos,
    ].map((n) => Number(n ?? 0)),
    questionCount: deal.deal_comment.comment_count,
    isInfo: deal.is_info,
    inactiveIndefinitely: isInactiveIndefinitely(
      deal.stage_details
        ? {
            ...deal.stage_details,
            next_stage_start_date: deal.stage_details.next_stage_start_date
              ? new Date(deal.stage_details.next_stage_start_date)
              : null,
          }
        : null,
    ),
  };
}

/** How many of a statement's reviews are linked; the rest are counted. */
export const SUMMARY_LINKS_SHOWN = 3;

/**
 * The stored reviews summary with its evidence: each statement's reviews that are still approved,
 * linked by title (one query for all statements). A plain-text summary (the seed's) carries no
 * statements and no count: "Based on N reviews" is then the deal's approved review count.
 */
export async function reviewsSummaryView(
  ctx: Ctx,
  deal: DealDetailsJson,
): Promise<ReviewsSummaryView | null> {
  const details = deal.reviews_summary_details;
  if (!details?.text) return null;
  const links = await ctx.services.discussions.approvedReviewLinks(
    deal,
    details.statements.flatMap((s) => s.review_ids.slice(0, SUMMARY_LINKS_SHOWN)),
  );
  const generated = new Date(details.generated_at);
  return {
    text: details.text,
    statements: details.statements.map((s) => ({
      text: s.text,
      count: s.count,
      sentiment: s.sentiment,
      reviews: s.review_ids.slice(0, SUMMARY_LINKS_SHOWN).flatMap((id) => {
        const link = links.get(id);
        return link ? [{ id, title: link.title, path: link.displayPath }] : [];
      }),
      more: Math.max(0, s.count - Math.min(s.review_ids.length, SUMMARY_LINKS_SHOWN)),
    })),
    label: details.label ?? basedOnLabel(deal.deal_review.review_count),
    generatedAt: generated.getTime() > 0 ? generated.toISOString() : null,
  };
}

/** The deal's rating history beside the founders' updates (issue 33); not personal. */
export const ratingHistoryView = async (
  ctx: Ctx,
  deal: DealDetailsJson,
): Promise<RatingHistoryView> =>
  ratingHistoryJson(
    await ctx.services.discussions.ratingHistory(String(deal.id), ctx.session?.user ?? null),
  );

export const responsivenessView = async (
  ctx: Ctx,
  deal: DealDetailsJson,
): Promise<ResponsivenessView> =>
  // The reader, for a staff preview of a draft (the publication rule); the answer is not personal.
  ctx.services.discussions.founderResponsiveness(String(deal.id), ctx.session?.user ?? null);

// ---------------------------------------------------------------------------------------------
// The deal, the viewer and the posting prompts
// ---------------------------------------------------------------------------------------------

/**
 * A service refusal as what the page throws: 404 stays 404 (the store's 404 page, with its
 * figure), 401 goes to log in; anything else is thrown as it is. `throw await pageError(...)`.
 */
export async function pageError(ctx: Ctx, err: unknown, request: Request): Promise<unknown> {
  if (isDomainError(err)) {
    if (err.kind === "unauthenticated") {
      const url = new URL(request.url);
      return redirect(loginPath(url.pathname + url.search));
    }
    return pageStatusError(ctx, statusOf(err));
  }
  return err;
}

export async function loadDeal(ctx: Ctx, slug: string): Promise<DealDetailsJson> {
  // Kept between requests, as fresh as the page cache (server/services/cache/deal-data.ts).
  const deal = await ctx.services.dealData.get(slug, "details", () =>
    ctx.services.catalog.getDealDetails(slug),
  );
  if (!deal) throw await notFound(ctx);
  return deal;
}

export type ViewerContext = {
  user: SessionUser | null;
  viewer: Viewer;
  facts: DealFacts;
  /** The viewer's own review of the deal, any status (the prompt then offers to edit it). */
  ownReview: OwnReview;
  roles: ViewerRoles;
  /** A signed-in reader left out of a render kept for their audience: prompts are filled. */
  pending?: boolean;
};

export async function viewerContext(
  ctx: Ctx,
  deal: DealDetailsJson,
  /** Comments whose votes the request's one deal-context statement reads too. */
  voteIds?: readonly number[],
): Promise<ViewerContext> {
  // A render kept for the reader's audience reads as the public (no own pending items, votes or
  // roles) and leaves the prompts to the fill (decision 059).
  const shared = Boolean(ctx.sharedRender && ctx.session?.user);
  const user = shared ? null : (ctx.session?.user ?? null);
  const status = await userStatusOnce(ctx, deal.id, user, voteIds);
  const summary = dealSummary(deal);
  const viewer: Viewer = user
    ? {
        id: user.id,
        isStaff: status.staffModerator,
        emailVerified: user.emailVerified,
        commentBlacklist: user.commentBlacklist,
        hasPlus: user.hasPlus,
      }
    : null;
  const partner = user != null && deal.partner_user_ids.includes(user.id);
  const facts: DealFacts = {
    partnerUserIds: deal.partner_user_ids,
    moderatorUserIds: user && status.userModerator ? [user.id] : [],
    hasPurchased: status.userHasPurchased,
    hasReviewed: status.userHasReviewed,
    isInfo: summary.isInfo,
    isInactiveIndefinitely: summary.inactiveIndefinitely,
  };
  const moderates = status.staffModerator || partner || status.userModerator;
  return {
    user,
    viewer,
    facts,
    ownReview: status.ownReview,
    pending: shared,
    roles: {
      // A shared render's reader is some member (0: no one's id): cards offer a member's
      // controls (vote, reply); who they are comes with the fill.
      userId: shared ? 0 : (user?.id ?? null),
      pending: shared,
      staff: status.staffModerator,
      partner,
      userModerator: status.userModerator,
      canModerate: moderates,
      moderatorTools: moderates,
      blacklisted: user?.commentBlacklist ?? false,
      unverified: user != null && !user.emailVerified && !status.staffModerator,
    },
  };
}

export const promptFor = (vc: ViewerContext, kind: DiscussionKind, slug: string, path: string) =>
  kind === "review" ? reviewPrompt(vc, slug) : questionPrompt(vc, slug, path);

export { questionPrompt, reviewPrompt };
