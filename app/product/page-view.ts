/**
 * The product page's view model (issue 14, "pages send their data once"): what the page renders
 * of a deal, and nothing else. The deal-details entity (the API's, server/services/storefront/
 * deal-details-json.ts) carries far more: the top five reviews and questions (the community
 * section lists its own), the reviews summary's evidence (the community's reviewsSummary), every
 * staff message (a visitor sees one), the story's HTML body, internal tags, flags only the API
 * reads. The page's loader returns this projection, so the hydration data carries each thing once;
 * components take these narrow types. Pure: used by the loader and by tests.
 */
import { staffMessageVisible } from "../../domain/blocks";
import type { DealDetailsJson } from "../../server/services/storefront/catalog";
import type { FounderBadgeJson } from "../../server/services/storefront/founder-record";

type Feature = DealDetailsJson["core_features"][number];
const featureView = (f: Feature) => ({
  id: f.id,
  feature: f.feature,
  tooltip: f.tooltip,
  highlight: f.highlight,
});

const taxonView = (t: DealDetailsJson["taxonomy"]["group"]) =>
  t ? { slug: t.slug, name: t.name } : null;

/** A founder post as both the founders' card and the community's News & Updates show it. */
function postView(p: DealDetailsJson["founders"]["posts"][number]) {
  return {
    id: p.id,
    title: p.title,
    message: p.message,
    created: p.created,
    author: p.user ? `${p.user.first_name ?? ""} ${p.user.last_name ?? ""}`.trim() : null,
  };
}

/**
 * The deal as the page renders it, the same for every visitor (kept with the page's shared data,
 * app/product/page-data.server.ts). Staff messages are all here; `forViewer` keeps the one the
 * visitor may see.
 */
export function toProductPageDeal(deal: DealDetailsJson, founderBadges: FounderBadgeJson[] = []) {
  const story = deal.products[0]?.story ?? null;
  return {
    id: deal.id,
    slug: deal.slug,
    name: deal.name,
    public_name: deal.public_name,
    card_description: deal.card_description,
    media_url: deal.media_url,
    product_logo: deal.product_logo,
    product_url: deal.product_url,
    price: deal.price,
    original_price: deal.original_price,
    discount_percent: deal.discount_percent,
    price_text: deal.price_text,
    is_free: deal.is_free,
    is_info: deal.is_info,
    default_plan: deal.default_plan,
    percent_claimed: deal.percent_claimed,
    quantity_remaining_below_threshold: deal.quantity_remaining_below_threshold,
    participation: deal.participation,
    active_timer: deal.active_timer,
    dates: deal.dates,
    has_started: deal.has_started,
    has_ended: deal.has_ended,
    browse_deal_status: deal.browse_deal_status,
    stage_details: deal.stage_details,
    buy_button: deal.buy_button,
    banner_details: deal.banner_details,
    badge: deal.badge,
    use_licensing: deal.use_licensing,
    refundable_days: deal.refundable_days,
    plans: deal.plans,
    terms: deal.terms,
    deal_review: deal.deal_review,
    common_features: deal.common_features.map(featureView),
    core_features: deal.core_features.map(featureView),
    dealfeatures: deal.dealfeatures.map((f) => ({ ...featureView(f), entries: f.entries })),
    addon_features: deal.addon_features.map((a) => ({
      id: a.id,
      feature: a.feature,
      tooltip: a.tooltip,
      primary_plan_values: a.primary_plan_values.map((cell) => ({
        primary_plan_id: cell.primary_plan_id,
        value_type: cell.value_type,
        values: cell.values.map((v) => ({
          id: v.id,
          name: v.name,
          value: v.value,
          addon_plan_id: v.addon_plan_id,
          total_price: v.total_price,
          total_base_price: v.total_base_price,
        })),
        range_config: cell.range_config,
        associations: cell.associations,
      })),
    })),
    taxonomy: {
      group: taxonView(deal.taxonomy.group),
      category: taxonView(deal.taxonomy.category),
      subcategory: taxonView(deal.taxonomy.subcategory),
    },
    attributes: deal.attributes,
    story: story
      ? {
          value_prop: story.value_prop,
          subheader: story.subheader,
          card_description: story.card_description,
          images: story.images,
          videos: story.videos,
        }
      : null,
    video_collection: deal.video_collection,
    faqs: deal.faqs,
    founders: {
      links: deal.founders.links,
      company_card: deal.founders.company_card,
      posts: deal.founders.posts.map(postView),
      /** Each founder's record badge, linking to /founders/{slug}/ (decision 077). */
      records: founderBadges.map((b) => ({ slug: b.slug, name: b.name, badge: b.badge })),
    },
    staff_messages: deal.staff_messages,
  };
}

export type ProductPageDeal = ReturnType<typeof toProductPageDeal>;
export type FounderPostView = ProductPageDeal["founders"]["posts"][number];

type StaffAudience = { isStaff: boolean; hasPurchased: boolean; hasPlus: boolean };

/** The page's deal for one visitor: only the staff message they may see (spec 001 section 6). */
export function forViewer(deal: ProductPageDeal, viewer: StaffAudience): ProductPageDeal {
  const message = deal.staff_messages.find((m) => staffMessageVisible(m.user_group, viewer));
  return { ...deal, staff_messages: message ? [message] : [] };
}

/** The FAQs a community search matches (all of them without one). */
export function faqsMatching<F extends { question: string; answer: string }>(
  faqs: readonly F[],
  search: string,
): F[] {
  const needle = search.toLowerCase();
  return faqs.filter(
    (f) =>
      !needle ||
      f.question.toLowerCase().includes(needle) ||
      f.answer.toLowerCase().includes(needle),
  );
}
