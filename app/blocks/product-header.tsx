import { readableTextColor } from "../../domain/contrast";
import { NO_REVIEWS_YET } from "../../domain/messages";
import type { BlockJson } from "../../server/services/storefront/product-page";
import { ReportListingLink } from "../marketing/report-listing-link";
import { ShareControl } from "../marketing/share-control";
import type { ProductPageDeal } from "../product/page-view";
import type { ProductViewer } from "../product/viewer";
import { TacoRating } from "../ui/taco-rating";
import { galleryItems, HeroGallery } from "./parts/hero-gallery";
import { heroGalleryIndex } from "./product-layout";

/**
 * The top of the left column: deal badge and banner_details (the banner type, "Sold out",
 * "Coming soon"..., is the purchase panel's), name, value proposition, rating summary
 * (to #reviews), share and report links, then the hero gallery (where the template's
 * hero_gallery block is; the deal's gallery by default).
 */
export function ProductHeader({
  deal,
  viewer,
  blocks,
  anchors,
  overviewId,
  origin,
  reportListingUrl,
}: {
  deal: ProductPageDeal;
  viewer: ProductViewer;
  blocks: BlockJson[];
  anchors: (string | null)[];
  overviewId: string | undefined;
  origin: string;
  reportListingUrl: string;
}) {
  const story = deal.story ?? null;
  const review = deal.deal_review;
  const details = deal.banner_details;
  const badge = deal.badge;
  const heroIndex = heroGalleryIndex(blocks);
  const items = galleryItems(deal);
  const name = deal.public_name || deal.name;
  const url = `${origin.replace(/\/$/, "")}/products/${deal.slug}/`;
  return (
    <div className="space-y-5">
      <header id={overviewId} className="scroll-mt-[68px] space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          {badge?.label ? (
            <span
              title={badge.info_tip}
              className="inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-black uppercase tracking-wide"
              style={{
                backgroundColor: badge.background_color ?? "#1d1d2c",
                color: readableTextColor(
                  badge.background_color ?? "#1d1d2c",
                  badge.foreground_color ?? "#ffffff",
                ),
              }}
              data-testid="deal-badge"
            >
              {badge.icon && /^(\/|https:\/\/)/.test(badge.icon) ? (
                <img src={badge.icon} alt="" className="h-3.5 w-3.5" />
              ) : badge.icon ? (
                <span aria-hidden="true">★</span>
              ) : null}
              {badge.label}
            </span>
          ) : null}
          {details?.text ? (
            <span
              title={details.tooltip}
              className="rounded-full px-2.5 py-1 text-xs font-bold"
              style={{
                backgroundColor: details.bg_color ?? "#fff8e6",
                color: readableTextColor(
                  details.bg_color ?? "#fff8e6",
                  details.text_color ?? "#1d1d2c",
                ),
              }}
              data-testid="banner-details"
            >
              {details.text}
            </span>
          ) : null}
        </div>
        <div className="flex items-center gap-3">
          {deal.product_logo ? (
            <img src={deal.product_logo} alt="" className="h-11 w-11 rounded-xl shadow-card" />
          ) : null}
          <h1 className="text-3xl font-black tracking-tight sm:text-4xl">{name}</h1>
        </div>
        {story?.value_prop ? (
          <p className="text-xl font-semibold text-ink sm:text-2xl">{story.value_prop}</p>
        ) : null}
        {story?.subheader ? <p className="text-ink-soft">{story.subheader}</p> : null}
        <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
          <a
            href="#reviews"
            className="inline-flex items-center gap-2 hover:underline"
            data-testid="rating-summary"
          >
            <TacoRating rating={review.average_rating} size="lg" />
            <span className="text-sm text-ink-soft">
              {review.review_count > 0 ? (
                <>
                  <span className="font-bold text-ink">{review.average_rating.toFixed(1)}</span> ·{" "}
                  {review.review_count} {review.review_count === 1 ? "review" : "reviews"}
                </>
              ) : (
                NO_REVIEWS_YET
              )}
            </span>
          </a>
          <ShareControl kind="deal" shareKey={deal.slug} url={url} title={name} />
          <ReportListingLink deal={deal} viewer={viewer} reportListingUrl={reportListingUrl} />
        </div>
      </header>
      {items.length > 0 ? (
        <div
          id={heroIndex >= 0 ? (anchors[heroIndex] ?? undefined) : undefined}
          data-block-type="hero_gallery"
          className="scroll-mt-[68px]"
        >
          <HeroGallery items={items} label={`${name} gallery`} />
        </div>
      ) : null}
    </div>
  );
}
