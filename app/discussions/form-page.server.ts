import { redirect } from "react-router";
import { reviewRatingParam } from "../../domain/schemas/discussions";
import type { DiscussionItem } from "../../server/services/discussions/types";
import {
  type Ctx,
  dealSummary,
  loadDeal,
  pageError,
  promptFor,
  viewerContext,
} from "./page-context.server";
import { type DiscussionKind, type FormValues, loginPath, newPath } from "./types";

// The new and edit form pages of reviews and questions (their action: form-actions.server.ts).

/**
 * Spec 000 section 5: `?rating=` on the product or reviews page leads into the new-review page
 * with that rating chosen, when it is 1 to 5 (anything else is ignored). Thrown by those loaders.
 */
export function reviewRatingRedirect(url: URL, slug: string): void {
  const rating = reviewRatingParam(url.searchParams.get("rating"));
  if (rating !== null) throw redirect(`${newPath(slug, "review")}?rating=${rating}`);
}

export async function loadNewPage(ctx: Ctx, kind: DiscussionKind, slug: string, request: Request) {
  const url = new URL(request.url);
  const deal = await loadDeal(ctx, slug);
  const vc = await viewerContext(ctx, deal);
  const prompt = promptFor(vc, kind, deal.slug, url.pathname);
  // The login page returns here (spec 000 section 2: next is the new-review page).
  if (prompt.type === "login") throw redirect(loginPath(url.pathname + url.search));
  return {
    kind,
    deal: dealSummary(deal),
    prompt,
    alreadyReviewed: kind === "review" && vc.facts.hasReviewed,
    values: {
      title: "",
      comment: "",
      rating: kind === "review" ? reviewRatingParam(url.searchParams.get("rating")) : null,
    } satisfies FormValues,
    hasVideo: false,
  };
}

export async function loadEditPage(
  ctx: Ctx,
  kind: DiscussionKind,
  slug: string,
  idParam: string,
  request: Request,
) {
  const deal = await loadDeal(ctx, slug);
  const user = ctx.session?.user ?? null;
  const url = new URL(request.url);
  if (!user) throw redirect(loginPath(url.pathname));
  let item: DiscussionItem;
  try {
    await ctx.services.discussions.editTarget(kind, String(deal.id), idParam, user);
    item = await ctx.services.discussions.get(kind, String(deal.id), idParam, user);
  } catch (err) {
    throw await pageError(ctx, err, request);
  }
  return {
    kind,
    deal: dealSummary(deal),
    item: {
      id: item.id,
      title: item.title,
      displayPath: item.displayPath,
      // Where it stands, and a decline's reason (decision 067): the author edits to resubmit.
      status: item.status,
      moderationReason: item.moderationReason,
    },
    values: { title: item.title, comment: item.comment, rating: item.rating } satisfies FormValues,
    hasVideo: item.videoKey != null,
  };
}
