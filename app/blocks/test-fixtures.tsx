// Fixtures for the block render tests: a deal with nothing in it, and helpers to render a block.
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import type { DealDetailsJson } from "../../server/services/storefront/catalog";
import type { BlockJson } from "../../server/services/storefront/product-page";
import { type ProductPageDeal, toProductPageDeal } from "../product/page-view";
import { ANONYMOUS_VIEWER, type ProductViewer } from "../product/viewer";
import type { BlockPageData } from "./block-props";
import { Block } from "./registry";

/** The three attribute lists of a deal, empty unless given values. */
export const dealAttributes = (
  values: { alternative_to?: { slug: string; name: string }[] } = {},
) => ({
  alternative_to: {
    slug: "alternative_to",
    name: "Alternative to",
    type: "alternative_to",
    values: values.alternative_to ?? [],
  },
  integrations: { slug: "integrations", name: "Integrations", type: "integrations", values: [] },
  best_for: { slug: "best_for", name: "Best for", type: "best_for", values: [] },
});

/** A public, started, active deal with no FAQs, features, posts, videos or attributes. */
export function emptyDealDetails(overrides: Partial<DealDetailsJson> = {}): DealDetailsJson {
  const deal = {
    id: 1,
    slug: "demo",
    name: "Demo",
    public_name: "Demo",
    card_description: "",
    media_url: null,
    product_logo: null,
    product_url: null,
    is_info: false,
    is_free: false,
    has_started: true,
    has_ended: false,
    active_timer: false,
    participation: [],
    refundable_days: 0,
    price_text: "$49",
    default_plan: null,
    plans: [],
    terms: [],
    dates: { start_date: null, end_date: null, schema_end_date: null, timer_reason: null },
    buy_button: {
      is_ended: false,
      is_draft: false,
      is_coming_soon: false,
      is_early_access: false,
      is_last_call: false,
      is_get_now: false,
    },
    deal_review: { average_rating: 0, review_count: 0 },
    stage_details: { current_stage: "active", next_stage: null, next_stage_start_date: null },
    browse_deal_status: null,
    common_features: [],
    core_features: [],
    dealfeatures: [],
    addon_features: [],
    taxonomy: { group: null, category: null, subcategory: null },
    attributes: dealAttributes(),
    products: [],
    video_collection: null,
    faqs: [],
    founders: { headquarters: null, links: {}, manager: null, posts: [], company_card: null },
    staff_message: null,
    staff_messages: [],
    partner_user_ids: [],
    top_5_questions: [],
    top_5_reviews: [],
    social_proof_text: null,
    ...overrides,
  };
  return deal as unknown as DealDetailsJson;
}

/** The same deal as the product page sends it (app/product/page-view.ts). */
export const emptyDeal = (overrides: Partial<DealDetailsJson> = {}): ProductPageDeal =>
  toProductPageDeal(emptyDealDetails(overrides));

export const emptyPage = (overrides: Partial<BlockPageData> = {}): BlockPageData => ({
  testimonials: [],
  badges: [],
  campaign: null,
  now: "2026-06-01T12:00:00.000Z",
  ...overrides,
});

export function renderBlock(
  type: string,
  data: Record<string, unknown> = {},
  options: {
    deal?: ProductPageDeal;
    viewer?: ProductViewer;
    page?: BlockPageData;
    anchorId?: string | null;
    videoCollection?: BlockJson["video_collection"];
  } = {},
): string {
  const block: BlockJson = { id: 7, type, data, video_collection: options.videoCollection ?? null };
  return renderToStaticMarkup(
    <MemoryRouter>
      <Block
        block={block}
        anchorId={options.anchorId ?? null}
        deal={options.deal ?? emptyDeal()}
        viewer={options.viewer ?? ANONYMOUS_VIEWER}
        page={options.page ?? emptyPage()}
      />
    </MemoryRouter>,
  );
}

/** How many times `needle` occurs in `html`. */
export const count = (html: string, needle: string) => html.split(needle).length - 1;
