import { mentionsAnyFigure, unclaimed, unclaimedEach } from "../../domain/campaign-claims";
import type { PdpZone } from "../../server/db/schema";
import type { SmartCollectionDataJson } from "../../server/services/storefront/deal-json";
import { sanitizeBlocks } from "../blocks/sanitize.server";
import { cardViews, toCollectionView } from "../collections/card-view";
import type { AppLoadContext } from "../context";
import { keptCommunityLists } from "../discussions/community.server";
import {
  dealSummary,
  ratingHistoryView,
  responsivenessView,
  reviewsSummaryView,
} from "../discussions/page-context.server";
import { toProductPageDeal } from "./page-view";

type Ctx = Pick<AppLoadContext, "services" | "session">;

/**
 * What a product page shows the same way to everyone: the deal, its blocks, zones, testimonials
 * and badges, the live campaign when a block shows it, and the community section's summary and
 * founder responsiveness. Kept between requests (server/services/cache/deal-data.ts), so a
 * signed-in view runs only its personal statements. Null: no such deal.
 */
export async function loadProductPageData(ctx: Ctx, slug: string, previewAt?: Date) {
  // A staff preview of another moment is read fresh and never kept (it is not what shoppers see).
  const shared = previewAt
    ? await readProductPageData(ctx, slug, { now: previewAt })
    : await ctx.services.dealData.get(slug, "product-page", () =>
        readProductPageData(ctx, slug, { keepLists: true }),
      );
  if (shared || !ctx.session?.user?.isStaff) return shared;
  // Staff preview of a draft (or private) deal (issue 16): read fresh, never kept in the shared
  // cache, and only for staff; everyone else gets the 404 above.
  return readProductPageData(ctx, slug, { now: previewAt, includeHidden: true });
}

/** The zones' collections with card-sized deals, each deal's card once across the zones. */
function zoneViews(zones: Record<PdpZone, SmartCollectionDataJson | null>) {
  const cards = cardViews();
  const view = (z: SmartCollectionDataJson | null) => z && toCollectionView(z, cards);
  return {
    pdp_top: view(zones.pdp_top),
    pdp_before_terms: view(zones.pdp_before_terms),
    pdp_before_questions: view(zones.pdp_before_questions),
    pdp_after_questions: view(zones.pdp_after_questions),
  };
}

async function readProductPageData(
  ctx: Ctx,
  slug: string,
  at: { now?: Date; includeHidden?: boolean; keepLists?: boolean },
) {
  const deal = await ctx.services.catalog.getDealDetails(slug, at);
  if (!deal) return null;
  const page = await ctx.services.productPage.getProductPage(deal, at);
  // The live campaign is read when a block shows it, or when copy from data names a figure that
  // may be its discount (never claimed while the cart does not give it: domain/campaign-claims).
  const needsCampaign =
    page.blocks.some((b) => b.type === "campaign_banner" || b.type === "subscribe_form") ||
    mentionsAnyFigure(page.blocks) ||
    mentionsAnyFigure(Object.values(page.zones));
  const [campaign, reviewsSummary, responsiveness, communityLists, founderBadges, ratingHistory] =
    await Promise.all([
      needsCampaign ? ctx.services.pages.activeCampaign() : null,
      reviewsSummaryView(ctx, deal),
      responsivenessView(ctx, deal),
      // Kept with the rest (what shoppers see now): not for a staff preview of another moment.
      at.keepLists ? keptCommunityLists(ctx, deal) : null,
      // The founders' record badges (decision 077): their rates across all their deals.
      ctx.services.founderRecords.badgesForDeal(deal.id),
      ratingHistoryView(ctx, deal),
    ]);
  return {
    /** The whole entity, for the server's own reads (community, viewer, SEO). */
    deal,
    /** What the page renders of it (app/product/page-view.ts). */
    view: toProductPageDeal(deal, founderBadges),
    summary: dealSummary(deal),
    blocks: unclaimedEach(sanitizeBlocks(page.blocks), campaign),
    zones: zoneViews(unclaimedZones(page.zones, campaign)),
    testimonials: page.testimonials,
    badges: page.badges,
    campaign,
    reviewsSummary,
    responsiveness,
    ratingHistory,
    /** The community tabs' lists as the public sees them (kept; null on a preview). */
    communityLists,
    /** True only on a staff preview of a deal the public cannot see (draft or private). */
    hiddenPreview: Boolean(at.includeHidden),
  };
}

type Zones = Awaited<ReturnType<Ctx["services"]["productPage"]["getProductPage"]>>["zones"];

/** Each zone's collection without claims of a discount the cart does not give. */
function unclaimedZones(zones: Zones, campaign: Parameters<typeof unclaimed>[1]): Zones {
  if (!campaign || campaign.discount_applies) return zones;
  return Object.fromEntries(
    Object.entries(zones).map(([name, zone]) => [name, unclaimed(zone, campaign)]),
  ) as Zones;
}
