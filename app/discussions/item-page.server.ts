import { redirect } from "react-router";
import type { DiscussionItem } from "../../server/services/discussions/types";
import { itemView } from "../../server/web/discussion-presenters";
import { itemIdFromSegment } from "../../server/web/discussions";
import { dealSeo } from "../seo/deal-seo";
import { notFound } from "../ui/not-found.server";
import { fasterAnswerLine } from "./labels";
import {
  type Ctx,
  dealSummary,
  loadDeal,
  pageError,
  promptFor,
  responsivenessView,
  viewerContext,
} from "./page-context.server";
import { type DiscussionKind, loginPath, REPLIES_PARAM } from "./types";

/** Loaders of shareable pages also need the public origin (canonical URLs). */
type SeoCtx = Ctx & { publicConfig: { publicUrl: string } };

// A single review or question page, at its one address.

export async function loadItemPage(
  ctx: SeoCtx,
  kind: DiscussionKind,
  slug: string,
  segment: string,
  request: Request,
) {
  const url = new URL(request.url);
  if (itemIdFromSegment(segment) === null) throw await notFound(ctx);
  const deal = await loadDeal(ctx, slug);
  const vc = await viewerContext(ctx, deal);
  let item: DiscussionItem;
  try {
    item = await ctx.services.discussions.get(kind, String(deal.id), segment, vc.user);
  } catch (err) {
    throw await pageError(ctx, err, request);
  }
  // One address per item: an outdated title slug goes to the current path. (The segment, not the
  // whole path: data requests arrive without the trailing slash.)
  if (item.displayPath.split("/").at(-2) !== segment) {
    throw redirect(item.displayPath + url.search, 301);
  }
  // Spec 000 section 2: a visitor who opens the thread (?replies) of a question nobody has
  // answered is sent to log in (next: the thread); the question's own page stays readable.
  if (kind === "question" && !vc.user && url.searchParams.has(REPLIES_PARAM)) {
    if (item.children.length === 0) throw redirect(loginPath(url.pathname + url.search));
  }
  return {
    kind,
    deal: dealSummary(deal),
    // The head's canonical, preview image, breadcrumbs and (reviews) the reviewed Product.
    seo: dealSeo(deal, ctx.publicConfig.publicUrl, kind === "review"),
    roles: vc.roles,
    prompt: promptFor(vc, kind, deal.slug, url.pathname),
    item: itemView(item),
    flash: url.searchParams.get("submitted"),
    fasterAnswers:
      kind === "question" ? fasterAnswerLine(await responsivenessView(ctx, deal)) : null,
  };
}
