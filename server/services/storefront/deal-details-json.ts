import { liveStaffMessages } from "../../../domain/blocks";
import { toMajor } from "../../../domain/money";
import { discountPercent } from "../../../domain/pricing";
import { displayPath } from "../discussions/item-paths";
import type { DealDetailRows } from "./deal-details-queries";
import {
  dealDetailsBaseJson,
  iso,
  type StorefrontPricing,
  taxonJson,
  videoJson,
} from "./deal-json";

/**
 * The Deal entity of spec 001 section 3 (GET /api/v2/deals/{slug}/details/ and the product
 * page), built from the rows of deal-details-queries.ts: the card and plan fields come from
 * deal-json.ts, the parts (features, add-ons, products, founders, top comments) from here.
 */
export function dealDetailsJson(rows: DealDetailRows, now: Date, pricing: StorefrontPricing) {
  const { core, planRows, featureRows, addonRows, productRows, extras, topComments } = rows;
  const deal = dealDetailsBaseJson(
    { ...core.deal, campaigns: core.campaigns, alternatives: core.alternatives },
    planRows,
    now,
    pricing,
  );

  const planFeatures = featureRows.filter((f) => f.section === "plan");
  const featureJson = (f: (typeof featureRows)[number]) => ({
    id: f.id,
    feature: f.feature,
    tooltip: f.tooltip,
    order: f.position,
    highlight: f.highlight,
  });

  const attributes: Record<
    string,
    { slug: string; name: string; type: string; values: unknown[] }
  > = {};
  for (const type of ["alternative_to", "integrations", "best_for"] as const) {
    attributes[type] = { slug: type, name: ATTRIBUTE_NAMES[type], type, values: [] };
  }
  for (const av of extras?.attributeValues ?? []) {
    attributes[av.attribute.type]?.values.push({
      slug: av.attribute.slug,
      name: av.attribute.name,
      value: av.value,
    });
  }

  const founder = extras?.founders[0];
  const company = extras?.companyCards[0];
  // Every live staff message, newest first, for the kept deal data: no answer carries them all.
  // Each reader gets only their audience's (spec 001 section 6), cut on the server by
  // staff-messages-for-reader.ts (the JSON) and app/product/page-view.ts forViewer (the page).
  const staffMessages = liveStaffMessages(extras?.staffMessages ?? [], now).map((m) => ({
    title: m.title,
    message: m.message,
    start_date: iso(m.startDate),
    user_group: m.userGroup,
    author: m.author,
    cta_text: m.ctaText,
    cta_url: m.ctaUrl,
  }));

  return {
    ...deal,
    common_features: featureRows.filter((f) => f.section === "common").map(featureJson),
    core_features: featureRows.filter((f) => f.section === "core").map(featureJson),
    dealfeatures: planFeatures.map((f) => ({
      ...featureJson(f),
      entries: f.entries.map((e) => ({ plan_id: e.planId, entry: e.entry })),
    })),
    addon_features: addonRows.map((a) => ({
      id: a.id,
      feature: a.feature,
      tooltip: a.tooltip,
      primary_plan_values: a.primaryPlanValues.map((v) => ({
        primary_plan_id: v.primaryPlanId,
        value_type: v.valueType,
        // Spec 000 section 3's values[] fields (`value` stays: the pages read it); the tier's
        // price is its discounted price, off its base by the spec's discount percent (decision 067).
        values: v.values.map((x) => ({
          id: x.id,
          name: x.name,
          value: x.quantityValue,
          quantity_value: x.quantityValue,
          plan_id: x.planId,
          addon_plan_id: x.addonPlanId,
          total_price: toMajor(x.totalPriceCents),
          total_base_price: toMajor(x.totalBasePriceCents),
          discounted_price_at_tier: toMajor(x.totalPriceCents),
          discount_percentage: discountPercent(x.totalPriceCents, x.totalBasePriceCents),
        })),
        range_config:
          v.valueType === "linear_range"
            ? {
                min_value: v.rangeMinValue,
                max_value: v.rangeMaxValue,
                divisor: v.rangeDivisor,
                unit_name: v.rangeUnitName,
              }
            : null,
        associations: v.associations.map((s) => ({
          addon_deal_id: s.addonDealId,
          addon_plan_id: s.addonPlanId,
          purchase_state: s.purchaseState,
          addon_price: toMajor(s.addonPriceCents),
          is_refundable: s.isRefundable,
          is_licensing: s.isLicensing,
        })),
      })),
    })),
    taxonomy: {
      group: taxonJson(core.group),
      category: taxonJson(core.category),
      subcategory: taxonJson(core.subcategory),
    },
    attributes,
    products: productRows.map((p) => ({
      id: p.id,
      name: p.name,
      internal_product_tags: p.internalProductTags,
      story: p.story
        ? {
            value_prop: p.story.valueProp,
            subheader: p.story.subheader,
            meta_title: p.story.metaTitle,
            card_description: p.story.cardDescription,
            body: p.story.body,
            images: p.story.images.map((i) => ({ image: i.image, alt_text: i.altText })),
            videos: p.story.videos.map((sv) => videoJson(sv.video)),
          }
        : null,
    })),
    video_collection: extras?.videoCollection
      ? {
          label: extras.videoCollection.label,
          videos: extras.videoCollection.videos.map(videoJson),
        }
      : null,
    faqs: (extras?.faqs ?? []).map((f) => ({ id: f.id, question: f.question, answer: f.answer })),
    founders: {
      headquarters: founder?.headquarters ?? null,
      links: founder?.links ?? {},
      manager: founder?.manager ?? null,
      posts: (extras?.founderPosts ?? []).map((p) => ({
        id: p.id,
        title: p.title,
        message: p.message,
        created: iso(p.createdAt),
        modified: iso(p.modifiedAt),
        user: p.author
          ? {
              first_name: p.author.firstName,
              last_name: p.author.lastName,
              username: p.author.username,
              avatar: p.author.avatar,
              email_verified: p.author.emails[0]?.verified ?? false,
            }
          : null,
      })),
      company_card: company
        ? {
            logo: company.logo,
            companyName: company.companyName,
            foundedDate: company.foundedDate,
            location: company.location,
            employeeCount: company.employeeCount,
            companyType: company.companyType,
            fundingStage: company.fundingStage,
            verifiedBy: company.verifiedBy,
            manager: company.manager,
            socialLinks: company.socialLinks,
          }
        : null,
    },
    /** The newest live staff message (spec field); both are cut to the reader before sending. */
    staff_message: staffMessages[0] ?? null,
    staff_messages: staffMessages,
    partner_user_ids: (extras?.roles ?? []).map((r) => r.userId),
    top_5_questions: topComments
      .filter((c) => c.kind === "question")
      .map((c) => commentJson(c, core.deal.slug)),
    top_5_reviews: topComments
      .filter((c) => c.kind === "review")
      .map((c) => commentJson(c, core.deal.slug)),
    social_proof_text: null as string | null,
  };
}

const ATTRIBUTE_NAMES = {
  alternative_to: "Alternative to",
  integrations: "Integrations",
  best_for: "Best for",
} as const;

type TopComment = {
  id: number;
  kind: "review" | "question";
  title: string | null;
  comment: string;
  rating: number | null;
  upVotes: number;
  replyCount: number;
  hasFounderReply: boolean;
  createdAt: Date;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  avatar: string | null;
};

function commentJson(c: TopComment, dealSlug: string) {
  const path = displayPath(dealSlug, c.kind, c.id, c.title ?? "");
  return {
    id: c.id,
    title: c.title,
    // The spec's url_path_suffix: the item's path below the product page.
    url_path_suffix: path.slice(`/products/${dealSlug}/`.length),
    display_path: path,
    comment: c.comment,
    rating: c.rating,
    up_votes: c.upVotes,
    reply_count: c.replyCount,
    has_founder_reply: c.hasFounderReply,
    created: iso(c.createdAt),
    user: c.username
      ? { first_name: c.firstName, last_name: c.lastName, username: c.username, avatar: c.avatar }
      : null,
  };
}
