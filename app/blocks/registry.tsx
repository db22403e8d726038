import type { ComponentType } from "react";
import type { BLOCK_TYPES } from "../../domain/constants";
import {
  BuyNowBarBlock,
  BundleProductCardBlock,
  BundleProductsBlock,
  CampaignBannerBlock,
  CountdownClockBlock,
  InlineNotificationSignupBlock,
  PricingCardBlock,
  SoldOutNotificationSignupBlock,
  SubscribeFormBlock,
  ThematicRoadblockBlock,
} from "./commerce";
import {
  BlockHeaderBlock,
  BlockListBlock,
  CategoryPillsBlock,
  DealAttributesBlock,
  DividerBlock,
  FaqBlock,
  FeaturesAccordionBlock,
  FeaturesOverviewBlock,
  InlineCopyBannerBlock,
  InsiderKnowledgeBlock,
  MoneyBackGuaranteeBlock,
  RelatedCardsBlock,
  ResourcesListBlock,
  SplitThematicBlock,
  StaffMessagingBlock,
  TableOfContentBlock,
  TermsAndConditionsBlock,
  UseCaseContentBlock,
  UseCasesCarouselBlock,
  WeGotYourBackBlock,
} from "./content";
import { EmbedBlock } from "./embed";
import { HeroBlock, HeroGalleryBlock } from "./hero";
import {
  FromFoundersCardBlock,
  PressBlock,
  SocialProofBadgesBlock,
  TestimonialCarouselBlock,
  TestimonialMasonryBlock,
} from "./social";
import type { BlockProps } from "./types";
import {
  VideoCollectionBlock,
  VideoEmbedSpotlightBlock,
  VideoReelsBlock,
  VideoReviewsBlock,
} from "./video";

export type BlockType = (typeof BLOCK_TYPES)[number];

/** Block type (spec 001 "Block types") to its component; a test checks every type has one. */
export const BLOCK_COMPONENTS: Record<BlockType, ComponentType<BlockProps>> = {
  hero: HeroBlock,
  hero_gallery: HeroGalleryBlock,
  buy_now_bar: BuyNowBarBlock,
  campaign_banner: CampaignBannerBlock,
  category_pills: CategoryPillsBlock,
  horizontal_divider: DividerBlock,
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
  component_separator: DividerBlock,
  // The spec's inline_timer is the small form of the countdown.
  inline_timer: CountdownClockBlock,
};

/** One block; an unknown type (a newer template than this code) renders nothing. */
export function Block(props: BlockProps) {
  const Component = (BLOCK_COMPONENTS as Record<string, ComponentType<BlockProps>>)[
    props.block.type
  ];
  return Component ? <Component {...props} /> : null;
}
