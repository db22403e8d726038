import { Link } from "react-router";
import { LEADERBOARD_MAX, LEADERBOARD_SMALL_SCREEN_VISIBLE_FRACTION } from "../../domain/constants";
import { NO_REVIEWS_YET } from "../../domain/messages";
import { PriceText } from "../marketing/display-currency";
import { dealBanner } from "../ui/deal-card";
import { cx } from "../ui/format";
import { LazyImage } from "../ui/lazy-image";
import { TacoRating } from "../ui/taco-rating";
import { Section, SectionHeading } from "./section";
import type { CollectionProps } from "./types";

const MEDALS = [
  "bg-amber-100 ring-amber-300",
  "bg-slate-100 ring-slate-300",
  "bg-orange-100 ring-orange-300",
];
const MEDAL_NUMBER = [
  "bg-amber-400 text-ink",
  "bg-slate-400 text-white",
  "bg-orange-400 text-white",
];

/** Leaderboard: at most 10 deals in two columns; gold, silver and bronze for the top three. */
export function Leaderboard({ data, now }: CollectionProps) {
  const deals = data.deals.slice(0, LEADERBOARD_MAX);
  if (deals.length === 0) return null;
  const visibleOnSmall = Math.ceil(deals.length * LEADERBOARD_SMALL_SCREEN_VISIBLE_FRACTION);
  const half = Math.ceil(deals.length / 2);
  return (
    <Section>
      <SectionHeading data={data} />
      <ol
        className="grid grid-cols-1 gap-3 md:grid-flow-col md:grid-cols-2"
        style={{ gridTemplateRows: `repeat(${half}, auto)` }}
      >
        {deals.map((deal, i) => {
          const banner = dealBanner(deal, now);
          return (
            <li key={deal.id} className={cx(i >= visibleOnSmall && "hidden md:block")}>
              <Link
                to={deal.get_absolute_url}
                className={cx(
                  "flex items-center gap-3 rounded-2xl bg-white p-3 shadow-card ring-1 ring-black/5 transition hover:shadow-card-hover",
                  MEDALS[i],
                )}
              >
                <span
                  className={cx(
                    "grid h-8 w-8 shrink-0 place-items-center rounded-full text-sm font-black",
                    MEDAL_NUMBER[i] ?? "bg-stone-100 text-ink",
                  )}
                >
                  {i + 1}
                </span>
                <LazyImage
                  src={deal.media_url}
                  className="h-10 w-14 shrink-0 rounded-lg object-cover sm:h-12 sm:w-20"
                />
                {/* Phones stack the price under the name and rating; wider screens put it on
                    the right, so no column is squeezed to a few letters. */}
                <span className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:items-center sm:gap-3">
                  <span className="min-w-0 sm:flex-1">
                    <span className="block truncate font-semibold">
                      {deal.public_name || deal.name}
                    </span>
                    {banner.type === "ending_soon" && banner.text ? (
                      <span className="block truncate text-xs font-semibold text-rose-700">
                        {banner.text}
                      </span>
                    ) : deal.deal_review.review_count > 0 ? (
                      <TacoRating
                        rating={deal.deal_review.average_rating}
                        count={deal.deal_review.review_count}
                      />
                    ) : (
                      <span className="block text-xs text-ink-soft">{NO_REVIEWS_YET}</span>
                    )}
                  </span>
                  <span className="text-sm font-bold sm:shrink-0 sm:text-right sm:text-base">
                    <PriceText text={deal.price_text} major={deal.price} />
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
    </Section>
  );
}
