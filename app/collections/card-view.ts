import type {
  DealCardJson,
  PageCollectionJson,
  SmartCollectionDataJson,
} from "../../server/services/storefront/deal-json";

/**
 * A deal card as a page sends it to the browser: only what the card components render (the
 * image, logo, name, text, banner, rating, price and badge). The API's card carries more (plan
 * types, claims, stock, flags); the pages' hydration data does not need it.
 */
export function toDealCardView(d: DealCardJson) {
  return {
    id: d.id,
    slug: d.slug,
    name: d.name,
    public_name: d.public_name,
    card_description: d.card_description,
    media_url: d.media_url,
    product_logo: d.product_logo,
    get_absolute_url: d.get_absolute_url,
    price: d.price,
    plus_price: d.plus_price,
    original_price: d.original_price,
    discount_percent: d.discount_percent,
    price_text: d.price_text,
    // The payback's monthly total only: the card's line recomputes the months for the reader's
    // price (a Plus member's), domain/payback.ts paybackMonths (issue 34).
    payback: d.payback ? { monthly_total: d.payback.monthly_total } : null,
    participation: d.participation,
    active_timer: d.active_timer,
    dates: { start_date: d.dates.start_date, end_date: d.dates.end_date },
    has_ended: d.has_ended,
    browse_deal_status: d.browse_deal_status,
    stage_details: {
      current_stage: d.stage_details.current_stage,
      next_stage: d.stage_details.next_stage,
    },
    buy_button: {
      is_ended: d.buy_button.is_ended,
      is_coming_soon: d.buy_button.is_coming_soon,
      is_last_call: d.buy_button.is_last_call,
    },
    badge: d.badge,
    deal_review: {
      average_rating: d.deal_review.average_rating,
      review_count: d.deal_review.review_count,
    },
  };
}

export type DealCardView = ReturnType<typeof toDealCardView>;

/** A smart collection as a page sends it: its own fields, its deals as cards. */
export type CollectionView = Omit<SmartCollectionDataJson, "deals"> & { deals: DealCardView[] };

/**
 * The collection with card-sized deals. A deal highlight keeps its deals whole: its first deal
 * carries the details its buy flow reads (app/collections/highlight-details.server.ts).
 */
export function toCollectionView(
  c: SmartCollectionDataJson,
  cards: CardViews = cardViews(),
): CollectionView {
  if (c.modular_component_type === "deal_highlight") return c;
  return { ...c, deals: c.deals.map(cards) };
}

type CardViews = (d: DealCardJson) => DealCardView;

/**
 * One card per deal for a whole page: a deal listed in several collections is the same object,
 * which the hydration data (turbo-stream) then sends once and refers to.
 */
export function cardViews(): CardViews {
  const seen = new Map<number, DealCardView>();
  return (d) => {
    let card = seen.get(d.id);
    if (!card) {
      card = toDealCardView(d);
      seen.set(d.id, card);
    }
    return card;
  };
}

/** A page's collection (a smart collection or a static component), its deals as cards. */
export type PageCollectionView =
  | { id: number; type: "smart_collection"; data: CollectionView }
  | Extract<PageCollectionJson, { type: "static" }>;

export const toPageCollectionView = (
  c: PageCollectionJson,
  cards: CardViews = cardViews(),
): PageCollectionView =>
  c.type === "smart_collection" ? { ...c, data: toCollectionView(c.data, cards) } : c;

/** A page of listed deals (search, category, collection pages), as cards. */
export const toListingView = <L extends { results: DealCardJson[] }>(listing: L) => ({
  ...listing,
  results: listing.results.map(toDealCardView),
});
