import type { ComponentType } from "react";
import type { BLOCK_TYPES } from "../../domain/constants";
import type { BlockProps } from "./block-props";
import { BlockHeaderBlock } from "./types/block-header";
import { BlockListBlock } from "./types/block-list";
import { BundleProductCardBlock } from "./types/bundle-product-card";
import { BundleProductsBlock } from "./types/bundle-products";
import { BuyNowBarBlock } from "./types/buy-now-bar";
import { CampaignBannerBlock } from "./types/campaign-banner";
import { CategoryPillsBlock } from "./types/category-pills";
import { CountdownClockBlock } from "./types/countdown-clock";
import { DealAttributesBlock } from "./types/deal-attributes";
import { EmbedBlock } from "./types/embed";
import { FaqBlock } from "./types/faq";
import { FeaturesAccordionBlock } from "./types/features-accordion";
import { FeaturesOverviewBlock } from "./types/features-overview";
import { FromFoundersCardBlock } from "./types/from-founders-card";
import { HeroBlock } from "./types/hero";
import { HeroGalleryBlock } from "./types/hero-gallery";
import { HorizontalDividerBlock } from "./types/horizontal-divider";
import { InlineCopyBannerBlock } from "./types/inline-copy-banner";
import { InlineNotificationSignupBlock } from "./types/inline-notification-signup";
import { InlineTimerBlock } from "./types/inline-timer";
import { InsiderKnowledgeBlock } from "./types/insider-knowledge";
import { MoneyBackGuaranteeBlock } from "./types/money-back-guarantee";
import { PressBlock } from "./types/press";
import { PricingCardBlock } from "./types/pricing-card";
import { RelatedCardsBlock } from "./types/related-cards";
import { ResourcesListBlock } from "./types/resources-list";
import { SocialProofBadgesBlock } from "./types/social-proof-badges";
import { SoldOutNotificationSignupBlock } from "./types/sold-out-notification-signup";
import { SplitThematicBlock } from "./types/split-thematic";
import { StaffMessagingBlock } from "./types/staff-messaging";
import { SubscribeFormBlock } from "./types/subscribe-form";
import { TableOfContentBlock } from "./types/table-of-content";
import { TermsAndConditionsBlock } from "./types/terms-and-conditions";
import { TestimonialCarouselBlock } from "./types/testimonial-carousel";
import { TestimonialMasonryBlock } from "./types/testimonial-masonry";
import { ThematicRoadblockBlock } from "./types/thematic-roadblock";
import { UseCaseContentBlock } from "./types/use-case-content";
import { UseCasesCarouselBlock } from "./types/use-cases-carousel";
import { VideoCollectionBlock } from "./types/video-collection";
import { VideoEmbedSpotlightBlock } from "./types/video-embed-spotlight";
import { VideoReelsBlock } from "./types/video-reels";
import { VideoReviewsBlock } from "./types/video-reviews";
import { WeGotYourBackBlock } from "./types/we-got-your-back";

export type BlockType = (typeof BLOCK_TYPES)[number];

/** Block type (spec 001 "Block types") to its component; a test checks every type has one. */
export const BLOCK_COMPONENTS: Record<BlockType, ComponentType<BlockProps>> = {
  hero: HeroBlock,
  hero_gallery: HeroGalleryBlock,
  buy_now_bar: BuyNowBarBlock,
  campaign_banner: CampaignBannerBlock,
  category_pills: CategoryPillsBlock,
  horizontal_divider: HorizontalDividerBlock,
  // The three embed types are one block under three names (spec 001 lists them together).
  embed: EmbedBlock,
  generic_embed_block: EmbedBlock,
  simple_embed_block: EmbedBlock,
  faq: FaqBlock,
  features_accordion: FeaturesAccordionBlock,
  features_overview: FeaturesOverviewBlock,
  from_founders_card: FromFoundersCardBlock,
  inline_copy_banner: InlineCopyBannerBlock,
  inline_countdown_clock: CountdownClockBlock,
  countdown_clock: CountdownClockBlock,
  inline_notification_signup: InlineNotificationSignupBlock,
  sold_out_notification_signup: SoldOutNotificationSignupBlock,
  pricing_card: PricingCardBlock,
  social_proof_badges: SocialProofBadgesBlock,
  testimonial_carousel: TestimonialCarouselBlock,
  testimonial_masonry: TestimonialMasonryBlock,
  video_collection: VideoCollectionBlock,
  video_embed_spotlight: VideoEmbedSpotlightBlock,
  video_reviews: VideoReviewsBlock,
  split_thematic: SplitThematicBlock,
  staff_messaging: StaffMessagingBlock,
  terms_and_conditions: TermsAndConditionsBlock,
  money_back_guarantee: MoneyBackGuaranteeBlock,
  we_got_your_back: WeGotYourBackBlock,
  press: PressBlock,
  insider_knowledge: InsiderKnowledgeBlock,
  use_cases_carousel: UseCasesCarouselBlock,
  use_case_content: UseCaseContentBlock,
  block_list: BlockListBlock,
  block_header: BlockHeaderBlock,
  bundle_product_card: BundleProductCardBlock,
  bundle_products: BundleProductsBlock,
  thematic_roadblock: ThematicRoadblockBlock,
  subscribe_form: SubscribeFormBlock,
  resources_list: ResourcesListBlock,
  related_cards: RelatedCardsBlock,
  table_of_content: TableOfContentBlock,
  video_reels: VideoReelsBlock,
  deal_attributes: DealAttributesBlock,
  // A component separator draws the same rule as the horizontal divider.
  component_separator: HorizontalDividerBlock,
  // The spec's inline_timer is the deal's own timer ("Deal ends in"), not a dated countdown.
  inline_timer: InlineTimerBlock,
};

/** One block; an unknown type (a newer template than this code) renders nothing. */
export function Block(props: BlockProps) {
  const Component = (BLOCK_COMPONENTS as Record<string, ComponentType<BlockProps>>)[
    props.block.type
  ];
  return Component ? <Component {...props} /> : null;
}
