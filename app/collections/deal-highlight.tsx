import { Link } from "react-router";
import { readableTextColor } from "../../domain/contrast";
import { limitedQuantityText } from "../../domain/deal-state";
import { dealBanner, PriceRow } from "../ui/deal-card";
import { TacoRating } from "../ui/taco-rating";
import { Section, SectionHeading } from "./section";
import type { CollectionProps } from "./types";

/** One deal, large: badge, name, description, price, limited-quantity text, Buy Now. */
export function DealHighlight({ data, now }: CollectionProps) {
  const deal = data.deals[0];
  if (!deal) return null;
  const banner = dealBanner(deal, now);
  const hurry = limitedQuantityText(deal);
  return (
    <Section>
      <SectionHeading data={data} showLink={false} />
      <article className="grid overflow-hidden rounded-3xl border border-black/5 bg-brand-50 shadow-card md:grid-cols-2">
        <div className="aspect-[16/9] bg-brand-100 md:aspect-auto">
          {deal.media_url ? (
            <img
              src={deal.media_url}
              alt=""
              className="h-full w-full object-cover"
              loading="lazy"
            />
          ) : null}
        </div>
        <div className="flex flex-col gap-3 p-6 sm:p-8">
          <div className="flex flex-wrap gap-2">
            {deal.badge ? (
              <span
                className="rounded-full px-2.5 py-1 text-xs font-bold"
                style={{
                  background: deal.badge.background_color ?? "#1d1d2c",
                  color: readableTextColor(
                    deal.badge.background_color ?? "#1d1d2c",
                    deal.badge.foreground_color ?? "#ffffff",
                  ),
                }}
              >
                {deal.badge.label}
              </span>
            ) : null}
            {banner.text ? (
              <span className="rounded-full bg-rose-600 px-2.5 py-1 text-xs font-bold text-white">
                {banner.text}
              </span>
            ) : null}
          </div>
          <h3 className="text-2xl font-extrabold tracking-tight sm:text-3xl">
            {deal.public_name || deal.name}
          </h3>
          <p className="text-ink-soft">{deal.card_description}</p>
          {deal.deal_review.review_count > 0 ? (
            <TacoRating
              rating={deal.deal_review.average_rating}
              count={deal.deal_review.review_count}
              size="lg"
            />
          ) : null}
          <PriceRow deal={deal} size="lg" />
          {hurry ? <p className="text-sm font-semibold text-rose-700">{hurry}</p> : null}
          <div className="mt-2">
            <Link
              to={deal.get_absolute_url}
              className="inline-block rounded-full bg-brand-400 px-6 py-3 font-bold text-ink shadow-sm hover:bg-brand-500"
            >
              {data.modular_data.show_buy_now_cta ? "Buy now" : "See the deal"}
            </Link>
          </div>
        </div>
      </article>
    </Section>
  );
}
