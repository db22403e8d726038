/**
 * Business constants and limits of the spec (section 9 of both documents, the numeric limits of
 * section 5, and the enumerations the spec and contract.md name). A test pins every value, so a
 * change here is a deliberate product decision, never an accident.
 */

// ---------------------------------------------------------------------------------------------
// Discussions (spec 000 sections 5 and 9)
// ---------------------------------------------------------------------------------------------

/** Reviews are rated in tacos, 1 to 5. */
export const RATING_MIN = 1 as const;
export const RATING_MAX = 5 as const;
/** Taco-rating filter choices: all, then 5 down to 1. */
export const RATING_FILTERS = ["all", 5, 4, 3, 2, 1] as const;

/** The inline question box on the product page is shorter than the full question form. */
export const QUESTION_INLINE_MAX = 400 as const;
export const QUESTION_TITLE_MAX = 115 as const;
export const QUESTION_COMMENT_MAX = 850 as const;
export const REVIEW_TITLE_MAX = 250 as const;
export const REVIEW_COMMENT_MAX = 5000 as const;
/** 50 MB. */
export const REVIEW_VIDEO_MAX_BYTES = 52428800 as const;
/** The spec gives no reply limit of its own; it reuses the comment limit. */
export const REPLY_COMMENT_MAX = 5000 as const;
/** A review body up to this length is shown in full on its card. */
export const REVIEW_BODY_FULL_MAX = 450 as const;
/** Comment-list page size (also the discussion page size of spec 001). */
export const COMMENT_PAGE_SIZE = 20 as const;

/** Comment sort choices as the user sees them; reviews add the two rating sorts. */
export const COMMENT_SORT_OPTIONS = ["newest", "oldest", "latest_reply", "helpful"] as const;
export const REVIEW_SORT_OPTIONS = [...COMMENT_SORT_OPTIONS, "rating_asc", "rating_desc"] as const;
/** The API's `sort` and `order` query values (spec section 7). */
export const DISCUSSION_SORT_FIELDS = ["date", "latest", "helpful", "rating"] as const;
export const SORT_ORDERS = ["asc", "desc"] as const;
/** How each user-facing sort choice maps onto the API's sort and order. */
export const SORT_OPTION_QUERY = {
  newest: { sort: "date", order: "desc" },
  oldest: { sort: "date", order: "asc" },
  latest_reply: { sort: "latest", order: "desc" },
  helpful: { sort: "helpful", order: "desc" },
  rating_asc: { sort: "rating", order: "asc" },
  rating_desc: { sort: "rating", order: "desc" },
} as const;

/** Moderation filter shown to staff ("unapproved" is labelled Pending). */
export const MODERATION_FILTERS = ["all", "unresolved", "unapproved"] as const;
/** The API's `moderator_filter` values. */
export const MODERATOR_FILTERS = ["unapproved", "unresolved", "needs_reply"] as const;
/** A moderator's reason for a decline, shown to the author (our limit: decision 067). */
export const MODERATION_REASON_MAX = 1000 as const;

/** A comment's status in API bodies (contract.md). */
export const COMMENT_STATUSES = ["pending", "approved", "declined"] as const;
/** Body of POST .../approve/: these values, or null to return the item to pending. */
export const APPROVE_VALUES = ["approved", "denied"] as const;
/** The kinds named in the delete-success message. */
export const COMMENT_KINDS = ["Review", "Question", "Reply", "Comment"] as const;
/** Discussion list types, as they appear in paths (/reviews/, /questions/). */
export const DISCUSSION_TYPES = ["reviews", "questions"] as const;
/**
 * Reply answer_type values. The spec only says the field marks a founder-team or a staff reply;
 * these names are our choice.
 */
/** A reply's role: the deal's founders, staff, or an owner of the deal answering a question. */
export const ANSWER_TYPES = ["founder_team", "staff", "verified_owner"] as const;
/** What a founder post is on the rating history (issue 33): a news post or a changelog entry. */
export const FOUNDER_POST_KINDS = ["post", "changelog"] as const;
/** The API's vote directions. */
export const VOTE_DIRECTIONS = [1, -1] as const;

/** The product page lists three of the deal's top five questions as "Latest questions". */
export const LATEST_QUESTIONS_SHOWN = 3 as const;
export const TOP_QUESTIONS_COUNT = 5 as const;

/** A user's require_password_reset value for an account created at checkout. */
export const REQUIRE_PASSWORD_RESET_NEW_ACCOUNT = "NEW_ACCOUNT" as const;

// ---------------------------------------------------------------------------------------------
// Timing (spec 000 section 9, spec 001 sections 2 and 9)
// ---------------------------------------------------------------------------------------------

export const COUNTDOWN_TICK_MS = 1000 as const;
export const EMAIL_INPUT_DEBOUNCE_MS = 500 as const;
export const ACCORDION_AUTOPLAY_MS = 8000 as const;
/** A manual accordion choice pauses rotation this long. */
export const ACCORDION_INACTIVITY_PAUSE_MS = 30000 as const;
export const CAROUSEL_DEFAULT_DELAY_MS = 5000 as const;
export const SPOTLIGHT_AUTOPLAY_MS = 5000 as const;
/** Spotlight carousels repeat their deals until there are at least this many. */
export const SPOTLIGHT_MIN_ITEMS = 10 as const;
export const SCROLL_DEBOUNCE_MS = 10 as const;
/** Banner messaging by screen size is re-evaluated this long after a resize. */
export const RESIZE_DEBOUNCE_MS = 250 as const;
/** Timers hide the hours when the end is under 5 minutes away. */
export const TIMER_HIDE_HOURS_UNDER_MS = 300000 as const;
/** A deal is "New!" for one day after its start. */
export const NEW_BANNER_WINDOW_MS = 86400000 as const;
/** A banner timer under one day shows a hurry message. */
export const BANNER_HURRY_UNDER_MS = 86400000 as const;
export const PRESS_ROTATION_MS = 10000 as const;
export const MARQUEE_REPEAT = 4 as const;
export const MARQUEE_DURATION_S = 40 as const;
export const TESTIMONIAL_MARQUEE_DURATION_S = 60 as const;
export const REEL_HOVER_PREVIEW_DELAY_MS = 250 as const;
/** A hovered reel previews seconds 0 to 5. */
export const REEL_PREVIEW_START_S = 0 as const;
export const REEL_PREVIEW_END_S = 5 as const;
/** Lazy carousel styles load this long after the element scrolls into view. */
export const LAZY_CAROUSEL_STYLE_DELAY_MS = 100 as const;

// ---------------------------------------------------------------------------------------------
// Layout (spec 001 sections 2 and 9)
// ---------------------------------------------------------------------------------------------

/** Collections fetched per modular page request (the `limit` default). */
export const MODULAR_PAGE_SIZE = 4 as const;
export const BUY_BAR_THRESHOLD_PX = 460 as const;
/** Section navigation hides the header after this much scrolling. */
export const SECTION_NAV_HEADER_HIDE_PX = 200 as const;
export const SECTION_NAV_SCROLL_OFFSET_PX = 68 as const;
/** Widths at or below this are phone widths (pagination, reels, read-more). */
export const MOBILE_MAX_WIDTH_PX = 768 as const;
export const READ_MORE_MAX_HEIGHT_MOBILE_PX = 200 as const;
export const READ_MORE_MAX_HEIGHT_DESKTOP_PX = 400 as const;
export const READ_MORE_TOGGLE_TEXT_MAX = 100 as const;
export const CURRENCY_SELECT_MIN_WIDTH_PX = 150 as const;
export const BILLING_COUNTRY_DROPDOWN_MAX_HEIGHT_PX = 200 as const;

/** Pricing table: used for more than 3 plans on desktop, 4 plans a page (3 below large). */
export const PRICING_TABLE_MIN_PLANS_EXCLUSIVE = 3 as const;
export const PRICING_TABLE_PLANS_PER_PAGE = 4 as const;
export const PRICING_TABLE_PLANS_PER_PAGE_BELOW_LARGE = 3 as const;
export const FEATURE_LIST_COLLAPSE_AFTER = 8 as const;
export const MAIN_FEATURES_COUNT = 5 as const;
export const TABLE_COLUMNS = 5 as const;
export const TABLE_COLUMN_WIDTH_PERCENT = 20 as const;
/** A deal highlight card lists up to this many features. */
export const DEAL_HIGHLIGHT_MAX_FEATURES = 4 as const;

export const FOUNDER_POSTS_INITIAL = 5 as const;
export const FOUNDER_POST_MAX = 650 as const;
export const TESTIMONIAL_TEXT_MAX = 350 as const;
export const TESTIMONIAL_MASONRY_WIDTHS_PX = [320, 768, 1024] as const;
export const TESTIMONIAL_MASONRY_VISIBLE = 6 as const;
export const TESTIMONIAL_AVATARS = 5 as const;

export const VIDEO_COLLECTION_MIN_VIDEOS = 3 as const;
export const VIDEO_COLLECTION_PANELS_PER_VIEW = [3, 4] as const;

export const USE_CASES_MAX = 12 as const;
export const USE_CASES_MIN = 3 as const;
export const USE_CASE_TAG_MAX = 25 as const;
export const USE_CASE_TITLE_MAX = 100 as const;
export const USE_CASE_LINK_TEXT_MAX = 20 as const;

/** Bento box and collection mosaic show exactly the first 4 sub-collections, and need 4. */
export const BENTO_SUB_COLLECTIONS = 4 as const;
export const LEADERBOARD_MAX = 10 as const;
/** Leaderboard positions beyond this fraction are hidden on small screens. */
export const LEADERBOARD_SMALL_SCREEN_VISIBLE_FRACTION = 0.5 as const;

/** Thumbnail arrows appear for more than this many gallery images. */
export const HERO_GALLERY_THUMBNAIL_ARROWS_ABOVE = 6 as const;
export const HERO_GALLERY_IMAGE_WIDTH = 832 as const;
export const HERO_GALLERY_IMAGE_HEIGHT = 468 as const;
export const HERO_TITLE_MAX = 65 as const;
export const HERO_DESCRIPTION_MAX = 200 as const;

/** Spotlight card image sizes, [width, height]. */
export const SPOTLIGHT_CARD_SIZES = [
  [387, 218],
  [432, 243],
] as const;
/** Items a carousel shows before it has loaded. */
export const CAROUSEL_ITEMS_BEFORE_LOAD = 5 as const;
/** Bundle products: 2 to 4 in a grid, 5 in a centred row, more in 3 columns. */
export const BUNDLE_GRID_MAX = 4 as const;
export const BUNDLE_ROW_COUNT = 5 as const;
export const BUNDLE_WIDE_COLUMNS = 3 as const;

// ---------------------------------------------------------------------------------------------
// Pagination (spec 001 section 9)
// ---------------------------------------------------------------------------------------------

export const PAGINATION_PAGE_SIZE = 10 as const;
export const PAGINATION_VISIBLE_PAGES_MOBILE = 5 as const;
export const PAGINATION_VISIBLE_PAGES_DESKTOP = 10 as const;
export const PAGINATION_EDGE_WINDOW_MOBILE = 3 as const;
export const PAGINATION_EDGE_WINDOW_DESKTOP = 8 as const;
export const DISCUSSION_PAGE_SIZE = 20 as const;

// ---------------------------------------------------------------------------------------------
// Money, pricing, Plus, refunds (spec 001 section 9)
// ---------------------------------------------------------------------------------------------

/** Plus costs 99 a year (in cents, as all money in the domain). */
export const PLUS_PRICE_CENTS = 9900 as const;
export const PLUS_BILLING_INTERVAL = "year" as const;
/** Plus members get a further 10% off the price. */
export const PLUS_DISCOUNT_PERCENT = 10 as const;
/** Our choice: Plus membership is sold as a deal of its own (one annual plan at PLUS_PRICE_CENTS),
 * so it goes through the same cart and checkout as any plan ("Plus first, then the plan"). */
export const PLUS_DEAL_SLUG = "payonce-plus" as const;
/** Our choice: the opt-in slugs of the last-call and Black Friday campaigns (banner types 3, 4). */
export const LAST_CALL_CAMPAIGN_SLUG = "last-call" as const;
export const BLACK_FRIDAY_CAMPAIGN_SLUG = "black-friday" as const;
export const PURCHASE_PROTECTION_YEARS = 1 as const;
/** Purchase protection pays this share of the price in credits on Select tools... */
export const PURCHASE_PROTECTION_CREDIT_PERCENT = 50 as const;
/** ...and this share with Plus. */
export const PURCHASE_PROTECTION_CREDIT_PERCENT_PLUS = 100 as const;

/** refundable_days of 0 means non-refundable; 60 or more is a money-back guarantee. */
export const NON_REFUNDABLE_DAYS = 0 as const;
export const MONEY_BACK_GUARANTEE_MIN_DAYS = 60 as const;
/** Money-back copy speaks in months for these day counts. */
export const MONEY_BACK_PERIOD_LABELS = { 60: "2 months", 30: "1 month" } as const;
/** Free-redemption deal types tell the buyer to redeem within this many days. */
export const FREE_REDEMPTION_DAYS = 60 as const;
/** Free periods: an annual free period gives 1 year, a monthly one 1 month. */
export const FREE_PERIOD_LABELS = { annual: "1 year", month: "1 month" } as const;

export const CAMPAIGN_DISCOUNT_TYPES = ["percent", "fixed"] as const;
/** percent_claimed of -1 hides the limited-quantity meter. */
export const PERCENT_CLAIMED_HIDDEN = -1 as const;
/** Currency conversion rounds to 2 decimals. */
export const CURRENCY_CONVERSION_DECIMALS = 2 as const;

export const DEFAULT_CURRENCY = "USD" as const;
/** The currency selector's defaults; the session's local currency is inserted second. */
export const CURRENCIES = ["USD", "EUR", "GBP", "AUD", "INR"] as const;

/** Default email-capture offer; the active campaign's discount replaces it. */
export const DEFAULT_EMAIL_CAPTURE_DISCOUNT_PERCENT = 10 as const;
/** "Share & get {discount}" needs this many purchases (and a give and a receive campaign). */
export const INCENTIVIZED_SHARE_MIN_PURCHASES = 2 as const;

// ---------------------------------------------------------------------------------------------
// Structured data (spec 001 section 9)
// ---------------------------------------------------------------------------------------------

/** JSON-LD titles are cut to 70 characters: 67 plus an ellipsis. */
export const STRUCTURED_DATA_TITLE_MAX = 70 as const;
export const STRUCTURED_DATA_TITLE_CUT = 67 as const;
export const SEO_DISCUSSION_TITLE_MAX = 60 as const;
export const STRUCTURED_DATA_TOP_REVIEWS = 5 as const;
/** Return policies are published for this country only. */
export const RETURN_POLICY_COUNTRY = "US" as const;

// ---------------------------------------------------------------------------------------------
// Accounts, billing, tax (spec 001 section 5)
// ---------------------------------------------------------------------------------------------

export const PASSWORD_MIN = 8 as const;
export const PASSWORD_MAX = 100 as const;
/** Business name, address lines, city and state. */
export const BILLING_FIELD_MAX = 255 as const;
export const ABN_LENGTH = 11 as const;
export const ABN_MODULUS = 89 as const;
export const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19] as const;
/** Tax ID is optional for Australia (the tax form), and checked as an ABN there. */
export const ABN_COUNTRY = "AU" as const;
/** A shorter recaptcha token is treated as a failure. */
export const RECAPTCHA_TOKEN_MIN_LENGTH = 10 as const;
/** Add-on quantity inputs are whole numbers from 0. */
export const ADDON_QUANTITY_MIN = 0 as const;

// ---------------------------------------------------------------------------------------------
// Enumerations (spec 001 sections 2 and 3, contract.md)
// ---------------------------------------------------------------------------------------------

export const LISTING_TYPES = ["select", "original", "plus_exclusive", "launchpad"] as const;
export const PLAN_TYPES = [
  "One Time Purchase",
  "Subscription",
  "Lifetime Deal",
  "Limited License",
  "License Subscription",
  "Freebie",
  "Digital Download",
] as const;
/** Access terms of a default plan. */
export const ACCESS_TERMS = ["lifetime", "annual"] as const;
export const DEAL_STATUSES = ["Private", "Public", "Ended", "Info", "Legacy"] as const;
export const BROWSE_DEAL_STATUS_EXPIRED = "expired" as const;
/** A deal stage's current_stage value that, with no next stage, means inactive indefinitely. */
export const STAGE_INACTIVE = "inactive" as const;
export const BUY_BUTTON_FLAGS = [
  "is_ended",
  "is_draft",
  "is_coming_soon",
  "is_early_access",
  "is_last_call",
  "is_get_now",
] as const;

export const BANNER_TYPES = [
  "coming_soon",
  "sold_out",
  "last_call",
  "black_friday",
  "ending_soon",
  "new",
  "none",
] as const;
export const SCREEN_SIZES = ["small", "medium", "large", "extra_large"] as const;

export const PAGE_LAYOUTS = ["large", "two-column"] as const;
export const MODULAR_COMPONENT_TYPES = [
  "product_carousel",
  "collection_mosaic",
  "branded_product_carousel",
  "deal_highlight",
  "shop_by_collection",
  "spotlight_marquee",
  "spotlight_custom",
  "bento_box",
  "leaderboard",
] as const;
/** A smart collection's component_type. */
export const COMPONENT_TYPES = ["grid", "carousel"] as const;
export const ZONE_NAMES = [
  "pdp_top",
  "pdp_before_terms",
  "pdp_before_questions",
  "pdp_after_questions",
] as const;
/**
 * Block types. The spec names most by their identifier; for "use cases (carousel)", "use-case
 * content block", "block list and header" and "bundle product card and bundle products" the
 * identifiers are our choice.
 */
export const BLOCK_TYPES = [
  "hero",
  "hero_gallery",
  "buy_now_bar",
  "campaign_banner",
  "category_pills",
  "horizontal_divider",
  "embed",
  "generic_embed_block",
  "simple_embed_block",
  "faq",
  "features_accordion",
  "features_overview",
  "from_founders_card",
  "inline_copy_banner",
  "inline_countdown_clock",
  "countdown_clock",
  "inline_notification_signup",
  "sold_out_notification_signup",
  "pricing_card",
  "social_proof_badges",
  "testimonial_carousel",
  "testimonial_masonry",
  "video_collection",
  "video_embed_spotlight",
  "video_reviews",
  "split_thematic",
  "staff_messaging",
  "terms_and_conditions",
  "money_back_guarantee",
  "we_got_your_back",
  "press",
  "insider_knowledge",
  "use_cases_carousel",
  "use_case_content",
  "block_list",
  "block_header",
  "bundle_product_card",
  "bundle_products",
  "thematic_roadblock",
  "subscribe_form",
  "resources_list",
  "related_cards",
  "table_of_content",
  "video_reels",
  "deal_attributes",
  "component_separator",
  "inline_timer",
] as const;
export const BUY_NOW_BAR_POSITIONS = ["top", "bottom"] as const;
/** Product page anchors; a hash on load scrolls to the section. */
export const PRODUCT_PAGE_ANCHORS = [
  "overview",
  "pricing",
  "faqs",
  "reviews",
  "questions",
  "news-updates",
  "modular-pricing-card",
  "from-the-founders",
] as const;
/** Default anchors given to pricing and features blocks without one. */
export const PRICING_BLOCK_ANCHOR = "pricing" as const;
export const FEATURES_BLOCK_ANCHOR = "overview" as const;
export const COMMUNITY_TABS = ["faqs", "questions", "reviews", "news-updates"] as const;

export const ADDON_VALUE_TYPES = ["none", "linear_range", "boolean", "custom_values"] as const;
export const ADDON_PURCHASE_STATES = ["included_free", "for_purchase"] as const;

export const SHARE_METHODS = [
  "copy",
  "email",
  "facebook",
  "linkedin",
  "twitter",
  "more_options",
] as const;
/** Share methods offered on phones and tablets only. */
export const MOBILE_ONLY_SHARE_METHODS = ["more_options"] as const;
export const SOCIAL_NETWORKS = ["facebook", "youtube", "twitter", "linkedin", "tiktok"] as const;

export const STAFF_MESSAGE_USER_GROUPS = ["all", "paid", "paid_plus", "paid_non_plus"] as const;
export const REWARD_TYPES = ["give", "receive"] as const;
export const EMAIL_ACTIONS = ["add", "remove", "verify", "primary"] as const;
export const PLUS_SUBSCRIPTION_ACTIONS = ["cancel", "reactivate", "update_payment_method"] as const;
export const TRANSFER_ACTION = "transfer" as const;

// Anonymous product-page HTML cache (docs/decisions/033-anonymous-page-and-answer-cache.md).
/** The longest a cached page lives, whatever its next time boundary (relative times in its text). */
export const PAGE_CACHE_MAX_TTL_MS = 300_000 as const;
/** The in-process cache's byte budget (HTML bodies), when REDIS_URL is not set. */
export const PAGE_CACHE_MEMORY_BYTES = 64 * 1024 * 1024;
/** Query parameters that never change what a page shows (campaign tracking): still cached. */
export const PAGE_CACHE_HARMLESS_PARAMS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "gclid",
  "fbclid",
  "ref",
] as const;

// ---------------------------------------------------------------------------------------------
// Cart and checkout (our choices where the spec is silent; docs/decisions/001-cart-and-checkout.md)
// ---------------------------------------------------------------------------------------------

/** A licensing line stacks at most this many units (each a licence of the plan). */
export const CART_LINE_MAX_QUANTITY = 10 as const;

/** The rising-stars collection lists deals started within this many days (its rule and the page cache's expiry). */
export const RISING_STARS_MAX_AGE_DAYS = 120;

/** Plus renews itself: the reminder goes out this many days before the period ends (issue 29). */
export const PLUS_RENEWAL_REMINDER_DAYS = 7;
/** A renewal that failed is tried again, once the card is fixed, for this many days after. */
export const PLUS_RENEWAL_GRACE_DAYS = 14;
