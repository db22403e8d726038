import { BLACK_FRIDAY_CAMPAIGN_SLUG, LAST_CALL_CAMPAIGN_SLUG } from "../../domain/constants";
import { bannerType, inCampaign } from "../../domain/deal-state";
import type { DealCardView } from "../collections/card-view";

/** What the banner rule reads of a deal (a card's deal or the product page's). */
type BannerDeal = Pick<
  DealCardView,
  "buy_button" | "browse_deal_status" | "dates" | "active_timer" | "participation"
>;

/** The deal's banner type, by the spec's priority order (domain/deal-state.ts). */
export function dealBannerType(deal: BannerDeal, now: Date, sessionCampaigns: readonly string[]) {
  return bannerType(
    {
      isComingSoon: deal.buy_button.is_coming_soon,
      isLastCall: deal.buy_button.is_last_call,
      isEnded: deal.buy_button.is_ended,
      browseDealStatus: deal.browse_deal_status,
      startDate: deal.dates.start_date ? new Date(deal.dates.start_date) : null,
      endDate: deal.dates.end_date ? new Date(deal.dates.end_date) : null,
      activeTimer: deal.active_timer,
      // Each banner needs the deal and the session in that campaign (spec 001 section 4).
      inLastCallCampaign: inCampaign(LAST_CALL_CAMPAIGN_SLUG, deal.participation, sessionCampaigns),
      inBlackFridayCampaign: inCampaign(
        BLACK_FRIDAY_CAMPAIGN_SLUG,
        deal.participation,
        sessionCampaigns,
      ),
    },
    now,
  );
}
