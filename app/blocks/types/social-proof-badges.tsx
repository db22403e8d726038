import type { BlockProps } from "../block-props";
import { safeHref } from "../parts/links";
import { BlockSection } from "../shell";

/** Social proof badges: the deal's badges (awards, review sites), ratings where known. */
export function SocialProofBadgesBlock(props: BlockProps) {
  const { badges } = props.page;
  if (badges.length === 0) return null;
  const review = props.deal.deal_review;
  return (
    <BlockSection props={props}>
      <ul className="flex flex-wrap gap-3">
        {badges.map((b) => {
          const reviews = b.use_deal_reviews
            ? review.review_count > 0
              ? { rating: review.average_rating, max_rating: 5, count: review.review_count }
              : null
            : b.reviews;
          const href = safeHref(b.url);
          const body = (
            <span className="flex items-center gap-3">
              {b.image ? (
                <img src={b.image} alt="" loading="lazy" className="h-10 w-10 rounded-lg" />
              ) : null}
              <span>
                <span className="block text-sm font-bold">{b.title}</span>
                {reviews ? (
                  <span className="block text-xs text-ink-soft">
                    {reviews.rating.toFixed(1)}/{reviews.max_rating} · {reviews.count} reviews
                  </span>
                ) : b.description ? (
                  <span className="block text-xs text-ink-soft">{b.description}</span>
                ) : null}
              </span>
            </span>
          );
          return (
            <li
              key={b.id}
              className="rounded-2xl border border-black/5 bg-white px-4 py-3 shadow-card"
            >
              {href ? (
                <a
                  href={href}
                  className="block hover:underline"
                  {...(/^https?:/.test(href)
                    ? { target: "_blank", rel: "noopener noreferrer" }
                    : {})}
                >
                  {body}
                </a>
              ) : (
                body
              )}
            </li>
          );
        })}
      </ul>
    </BlockSection>
  );
}
