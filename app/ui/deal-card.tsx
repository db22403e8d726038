import { Link } from "react-router";
import { bannerText, isInactiveIndefinitely } from "../../domain/deal-state";
import { CARD_UNAVAILABLE, NO_REVIEWS_YET } from "../../domain/messages";
import { formatPrice, toCents } from "../../domain/money";
import { paybackMonths, paybackShortText } from "../../domain/payback";
import { discountPercent } from "../../domain/pricing";
import type { DealCardView } from "../collections/card-view";
import { displayPrice, displayPriceText, useDisplayCurrency } from "../marketing/display-currency";
import { dealBannerType } from "./deal-banner";
import { cx } from "./format";
import { usePlusMember } from "./plus-member";
import { TacoRating } from "./taco-rating";

/** The card's banner, by the spec's priority order (domain/deal-state.ts). */
export function dealBanner(
  deal: DealCardView,
  now: Date,
  sessionCampaigns: readonly string[] = [],
) {
  const type = dealBannerType(deal, now, sessionCampaigns);
  const end = deal.dates.end_date ? new Date(deal.dates.end_date) : null;
  return { type, text: bannerText(type, end, now) };
}

const BANNER_STYLE: Record<string, string> = {
  coming_soon: "bg-sky-700 text-white",
  sold_out: "bg-ink text-white",
  last_call: "bg-rose-600 text-white",
  black_friday: "bg-ink text-brand-400",
  ending_soon: "bg-rose-600 text-white",
  new: "bg-emerald-700 text-white",
};

export function PriceRow({ deal, size = "sm" }: { deal: DealCardView; size?: "sm" | "lg" }) {
  // The session's display currency (USD unless converted under the currency experiment).
  const display = useDisplayCurrency();
  const hasPlus = usePlusMember();
  if (deal.has_ended) return <p className="font-semibold text-ink-soft">Sold out</p>;
  // Inactive indefinitely: not for sale (the product page offers the waitlist), so no price.
  if (isInactiveIndefinitely({ ...deal.stage_details, next_stage_start_date: null })) {
    return (
      <p className="font-semibold text-ink-soft" data-testid="card-unavailable">
        {CARD_UNAVAILABLE}
      </p>
    );
  }
  if (deal.price == null) return null;
  // A Plus member pays the member price (domain/pricing.ts readerPrice): the card says so, as the
  // cart will charge it. Cached pages are anonymous, so only members' own renders take this path.
  const member = hasPlus && deal.plus_price != null;
  const price = member ? (deal.plus_price as number) : deal.price;
  const text = member
    ? deal.price_text.replace(formatPrice(toCents(deal.price)), formatPrice(toCents(price)))
    : deal.price_text;
  const percent = member
    ? discountPercent(
        toCents(price),
        deal.original_price == null ? null : toCents(deal.original_price),
      )
    : deal.discount_percent;
  const discount = percent > 0 ? `-${percent}%` : null;
  return (
    <div className={size === "lg" ? "price-row text-2xl" : "price-row text-lg"}>
      <span className="font-bold text-ink">{displayPriceText(text, price, display)}</span>
      {discount && deal.original_price != null ? (
        <>
          <s className={cx("text-ink-soft", size === "lg" ? "text-base" : "text-sm")}>
            {displayPrice(deal.original_price, display)}
          </s>
          <span className="discount-pill">{discount}</span>
        </>
      ) : null}
    </div>
  );
}

/**
 * "Pays for itself in 3 months" (issue 34): the reader's price (a Plus member's on their own
 * render) against the monthly total of the tools the deal replaces; nothing when none is priced.
 */
export function CardPayback({ deal }: { deal: DealCardView }) {
  const hasPlus = usePlusMember();
  if (!deal.payback || deal.has_ended || deal.price == null) return null;
  const price = hasPlus && deal.plus_price != null ? deal.plus_price : deal.price;
  const months = paybackMonths(price, deal.payback);
  return months ? (
    <p className="text-xs font-semibold text-emerald-800" data-testid="card-payback">
      {paybackShortText({ months })}
    </p>
  ) : null;
}

export function DealCard({
  deal,
  now,
  className,
  eager = false,
}: {
  deal: DealCardView;
  now: Date;
  className?: string;
  eager?: boolean;
}) {
  const banner = dealBanner(deal, now);
  return (
    <article
      // deal-card (app.css): the card's look, and the focus ring around the whole card (its
      // link's ::after covers it).
      className={cx("group deal-card", className)}
    >
      <div className="deal-card-media">
        {deal.media_url ? (
          <img
            src={deal.media_url}
            alt=""
            loading={eager ? "eager" : "lazy"}
            className="deal-card-img"
          />
        ) : null}
      </div>
      <div className="deal-card-body">
        <div className="deal-card-head">
          {deal.product_logo ? (
            <img src={deal.product_logo} alt="" className="deal-card-logo" loading="lazy" />
          ) : null}
          <h3 className="deal-card-name">
            <Link to={deal.get_absolute_url} className="card-link">
              {deal.public_name || deal.name}
            </Link>
          </h3>
        </div>
        <p className="deal-card-text">{deal.card_description}</p>
        <div className="deal-card-foot">
          {banner.text ? (
            // Below the image, not over its top (the product's own title bar and toolbar).
            <span
              className={cx(
                "self-start rounded-full px-2.5 py-1 text-[11px] font-bold uppercase tracking-wide",
                BANNER_STYLE[banner.type],
              )}
            >
              {banner.text}
            </span>
          ) : null}
          {deal.deal_review.review_count > 0 ? (
            <TacoRating
              rating={deal.deal_review.average_rating}
              count={deal.deal_review.review_count}
            />
          ) : (
            <span className="text-xs text-ink-soft">{NO_REVIEWS_YET}</span>
          )}
          <PriceRow deal={deal} />
          <CardPayback deal={deal} />
        </div>
      </div>
    </article>
  );
}
