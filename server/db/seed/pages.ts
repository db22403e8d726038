import { eq } from "drizzle-orm";
import {
  type ComponentType,
  type ContentBadge,
  campaignDeals,
  campaigns,
  type ModularData,
  modularPageItems,
  modularPages,
  type PdpZone,
  products,
  type SmartCollectionDisplay,
  type SmartCollectionType,
  smartCollectionDeals,
  smartCollections,
  staticComponents,
  stories,
  storyVideos,
  subCollections,
  videos,
} from "../schema";
import { DEALS, type SeededDeal } from "./deals";
import { SHOWCASE_BLOCKS, SHOWCASE_TOP_BLOCKS } from "./showcase-blocks";
import { demoImage, get, type Timeline, type Tx } from "./util";

/** The live campaign: 15% off participating deals, ends ten days after seeding. */
export const CAMPAIGN_SLUG = "lifetime-fest";

type SubSpec = {
  slug: string;
  title: string;
  subheader?: string;
  /** [start, end] in days from now; null = not set. */
  window?: [number | null, number | null];
  color?: string;
};

type CollectionSpec = {
  slug: string;
  title: string;
  subheader?: string;
  type: SmartCollectionType;
  componentType?: ComponentType;
  display?: SmartCollectionDisplay;
  contentBadge?: ContentBadge;
  modularData?: ModularData;
  zone?: PdpZone;
  deals: string[];
  subs?: SubSpec[];
};

const campaignDealSlugs = DEALS.filter((d) => d.extra?.participation?.includes(CAMPAIGN_SLUG)).map(
  (d) => d.slug,
);

/** The home page's collections, in page order. */
export const HOME_COLLECTIONS: CollectionSpec[] = [
  {
    slug: "pay-once-spotlight",
    title: "Pay once, not monthly",
    type: "spotlight_marquee",
    display: {
      header: "Pay once, **not monthly**",
      byline: "Sick of subscriptions? Get quality business software with no monthly fees.",
      cta_text: "Browse deals",
      cta_link: "/browse/",
      background_color: "#1b1f3b",
      invert_default_colors: true,
    },
    deals: [
      "taskflow",
      "pixelforge",
      "quickcrm",
      "postloom",
      "rankrocket",
      "helpdesko",
      "schedulr",
      "recast",
      "clipwise",
      "formflow",
      "signflow",
      "copyforge",
    ],
  },
  {
    slug: "new-arrivals",
    title: "New arrivals",
    subheader: "Fresh deals, just landed",
    type: "product_carousel",
    contentBadge: { text: "New", background_color: "#00b67a", text_color: "#ffffff" },
    modularData: { show_buy_now_cta: true },
    deals: [
      "brandspark",
      "querylens",
      "notecraft",
      "iconvault",
      "insightdash",
      "copyforge",
      "studiosuite",
      "plusvault",
      "clipwise",
      "framebank",
    ],
  },
  {
    slug: CAMPAIGN_SLUG,
    title: "Lifetime Fest: an extra 15% off",
    subheader: "Our biggest sale of the season, for ten days only",
    type: "branded_product_carousel",
    display: {
      logo_image: demoImage("lifetime-fest-logo"),
      background: demoImage("lifetime-fest-bg"),
      mobile_background: demoImage("lifetime-fest-bg-mobile"),
      background_color: "#2b1a5c",
      invert_default_colors: true,
      enable_backgroud_gradient: true,
      cta_text: "Shop the sale",
      cta_link: `/collections/${CAMPAIGN_SLUG}/`,
    },
    deals: campaignDealSlugs,
  },
  {
    slug: "deal-of-the-week",
    title: "Deal of the week",
    subheader: "Hand-picked by the Payonce team",
    type: "deal_highlight",
    display: { promo: "Staff pick", background_color: "#fff6da" },
    modularData: { show_buy_now_cta: true },
    deals: ["taskflow", "pixelforge", "quickcrm"],
  },
  {
    slug: "drops-calendar",
    title: "The drop calendar",
    subheader: "What's live, what's next, and what you missed",
    type: "collection_mosaic",
    deals: ["insightdash", "brandspark", "launchpad-x", "quickcrm", "mailbeam", "notecraft"],
    subs: [
      {
        slug: "live-now",
        title: "Live now",
        subheader: "Fresh launches you can buy today",
        window: [-3, 4],
        color: "#e3f9ef",
      },
      {
        slug: "weekend-drop",
        title: "The weekend drop",
        subheader: "A mystery design bundle",
        window: [0.4, 3],
        color: "#fff1d6",
      },
      {
        slug: "mystery-drop",
        title: "Mystery drop",
        subheader: "Something big for developers",
        window: [null, null],
        color: "#ede7ff",
      },
      {
        slug: "last-weeks-drops",
        title: "Last week's drops",
        subheader: "Sold out, for now",
        window: [-12, -5],
        color: "#f1f1f1",
      },
    ],
  },
  {
    slug: "shop-by-category",
    title: "Shop by collection",
    type: "shop_by_collection",
    componentType: "grid",
    deals: ["taskflow", "quickcrm", "pixelforge", "ux-masterclass", "landing-kit", "freebie-kit"],
    subs: [
      { slug: "productivity-picks", title: "Productivity", color: "#e8f1ff" },
      { slug: "sales-and-crm", title: "Sales & CRM", color: "#ffeede" },
      { slug: "design-studio", title: "Design", color: "#fde7f3" },
      { slug: "learn-new-skills", title: "Courses", color: "#e6f7ea" },
      { slug: "templates-and-assets", title: "Templates & assets", color: "#f3ecff" },
      { slug: "free-stuff", title: "Freebies", color: "#fff8cc" },
    ],
  },
  {
    slug: "ending-soon",
    title: "Last chance",
    subheader: "Grab these before they're gone",
    type: "product_carousel",
    contentBadge: { text: "Ending soon", background_color: "#e53935", text_color: "#ffffff" },
    deals: ["quickcrm", "affiliatehq", "webinarly", "leadhunter", "helpdesko", "growth-academy"],
  },
  {
    slug: "recommended-for-you",
    title: "Recommended for you",
    subheader: "Popular with buyers like you",
    type: "spotlight_custom",
    display: {
      // No figure here: the button names the live one (10%, or a percent campaign's).
      header: "A welcome discount on your first deal",
      cta_text: "View recommended deals",
      cta_link: "/collections/recommended-for-you/",
    },
    deals: [
      "taskflow",
      "timetrail",
      "ledgerly",
      "chatnest",
      "pagecraft",
      "signflow",
      "surveysnap",
      "backupbox",
    ],
  },
  {
    slug: "best-of-payonce",
    title: "Best of Payonce",
    subheader: "Curated collections for every kind of business",
    type: "bento_box",
    deals: [
      "taskflow",
      "copyforge",
      "deploydeck",
      "clipwise",
      "rankrocket",
      "querylens",
      "pixelforge",
      "fontfoundry",
    ],
    subs: [
      {
        slug: "ai-tools",
        title: "AI-powered tools",
        subheader: "Work smarter with AI",
        color: "#ede7ff",
      },
      {
        slug: "marketing-must-haves",
        title: "Marketing must-haves",
        subheader: "Grow your audience",
        color: "#ffeede",
      },
      {
        slug: "dev-toolbox",
        title: "Developer toolbox",
        subheader: "Ship faster",
        color: "#e3f2fd",
      },
      {
        slug: "creator-kit",
        title: "Creator kit",
        subheader: "Make something beautiful",
        color: "#fde7f3",
      },
    ],
  },
  {
    slug: "top-sellers",
    title: "Top sellers this week",
    type: "leaderboard",
    deals: [
      "taskflow",
      "pixelforge",
      "quickcrm",
      "helpdesko",
      "postloom",
      "clipwise",
      "schedulr",
      "rankrocket",
      "recast",
      "copyforge",
    ],
  },
  {
    slug: "top-rated",
    title: "Top rated by buyers",
    subheader: "Deals our community can't stop talking about",
    type: "product_carousel",
    deals: [
      "helpdesko",
      "taskflow",
      "pixelforge",
      "schedulr",
      "clipwise",
      "rankrocket",
      "postloom",
      "recast",
    ],
  },
  {
    slug: "courses-and-templates",
    title: "Courses, templates and assets",
    type: "product_carousel",
    componentType: "grid",
    deals: [
      "ux-masterclass",
      "growth-academy",
      "fullstack-bootcamp",
      "landing-kit",
      "adkit-pro",
      "notionary",
      "iconvault",
      "fontfoundry",
      "freebie-kit",
    ],
  },
];

/** Collections behind the sub-collection links and the product-page zones (not on the home page). */
const OTHER_COLLECTIONS: CollectionSpec[] = [
  {
    slug: "live-now",
    title: "Live now",
    type: "product_carousel",
    componentType: "grid",
    deals: ["brandspark", "querylens", "notecraft", "iconvault", "insightdash"],
  },
  {
    slug: "weekend-drop",
    title: "The weekend drop",
    type: "product_carousel",
    componentType: "grid",
    deals: ["fontfoundry", "iconvault"],
  },
  {
    slug: "mystery-drop",
    title: "Mystery drop",
    type: "product_carousel",
    componentType: "grid",
    deals: ["launchpad-x"],
  },
  {
    slug: "last-weeks-drops",
    title: "Last week's drops",
    type: "product_carousel",
    componentType: "grid",
    deals: ["mailbeam"],
  },
  {
    slug: "productivity-picks",
    title: "Productivity",
    type: "product_carousel",
    componentType: "grid",
    deals: ["taskflow", "timetrail", "notecraft", "formflow", "schedulr", "infohub"],
  },
  {
    slug: "sales-and-crm",
    title: "Sales & CRM",
    type: "product_carousel",
    componentType: "grid",
    deals: ["quickcrm", "leadhunter", "affiliatehq", "shopboost"],
  },
  {
    slug: "design-studio",
    title: "Design",
    type: "product_carousel",
    componentType: "grid",
    deals: ["pixelforge", "brandspark", "clipwise", "recast"],
  },
  {
    slug: "learn-new-skills",
    title: "Courses",
    type: "product_carousel",
    componentType: "grid",
    deals: ["ux-masterclass", "growth-academy", "fullstack-bootcamp"],
  },
  {
    slug: "templates-and-assets",
    title: "Templates & assets",
    type: "product_carousel",
    componentType: "grid",
    deals: ["notionary", "landing-kit", "adkit-pro", "iconvault", "fontfoundry", "framebank"],
  },
  {
    slug: "free-stuff",
    title: "Freebies",
    type: "product_carousel",
    componentType: "grid",
    deals: ["freebie-kit"],
  },
  {
    slug: "ai-tools",
    title: "AI-powered tools",
    type: "product_carousel",
    componentType: "grid",
    deals: ["copyforge", "brandspark", "clipwise", "chatnest", "querylens"],
  },
  {
    slug: "marketing-must-haves",
    title: "Marketing must-haves",
    type: "product_carousel",
    componentType: "grid",
    deals: ["postloom", "rankrocket", "surveysnap", "webinarly", "pixelforge"],
  },
  {
    slug: "dev-toolbox",
    title: "Developer toolbox",
    type: "product_carousel",
    componentType: "grid",
    deals: ["deploydeck", "querylens", "backupbox", "pagecraft"],
  },
  {
    slug: "creator-kit",
    title: "Creator kit",
    type: "product_carousel",
    componentType: "grid",
    deals: ["clipwise", "framebank", "fontfoundry", "iconvault", "recast"],
  },
  {
    slug: "pdp-top-picks",
    title: "You might also like",
    type: "product_carousel",
    zone: "pdp_top",
    deals: ["pixelforge", "timetrail", "schedulr", "formflow", "notecraft", "quickcrm"],
  },
  {
    slug: "pdp-before-terms",
    title: "Pairs well with",
    type: "product_carousel",
    zone: "pdp_before_terms",
    deals: [],
  },
  {
    slug: "pdp-before-questions",
    title: "Customers also bought",
    type: "product_carousel",
    zone: "pdp_before_questions",
    deals: ["helpdesko", "ledgerly", "signflow", "chatnest", "recast", "postloom"],
  },
  {
    slug: "pdp-after-questions",
    title: "More from Payonce",
    type: "product_carousel",
    zone: "pdp_after_questions",
    deals: [],
  },
];

/**
 * Blocks of the product page layout (two-column), in order, with their json_data. The template is
 * shared by every deal: blocks that read the deal (FAQ, features, founders, videos, terms) show
 * what each deal has and render nothing otherwise; editorial blocks name their deals in
 * deal_slugs. Anchors: #modular-pricing-card, #overview (features default), #from-the-founders.
 */
const PRODUCT_PAGE_BLOCKS = (
  time: Timeline,
  deals: ReadonlyMap<string, SeededDeal>,
): [string, Record<string, unknown>][] => [
  ["hero_gallery", { anchor_tag_id: "gallery" }],
  ["staff_messaging", { css_class: "pdp-staff-message" }],
  ["campaign_banner", {}],
  ...SHOWCASE_TOP_BLOCKS(time),
  ["inline_notification_signup", {}],
  ["sold_out_notification_signup", {}],
  ["social_proof_badges", {}],
  ["pricing_card", { anchor_tag_id: "modular-pricing-card" }],
  ["deal_attributes", { anchor_tag_id: "at-a-glance" }],
  ["features_overview", { title: "Overview" }],
  [
    "features_accordion",
    {
      anchor_tag_id: "features",
      title: "Built for the way agencies work",
      deal_slugs: ["taskflow"],
      items: [
        {
          title: "Automations that run your week",
          description:
            "Move cards, assign owners and ping clients when a task changes status: 1,000 runs a month on Starter.",
          image: demoImage("taskflow-2"),
        },
        {
          title: "Client portals with your branding",
          description:
            "Share progress, files and approvals in one link. Guests and clients never count as seats.",
          image: demoImage("taskflow-3"),
        },
        {
          title: "Gantt charts and dependencies",
          description: "Drag a date and every dependent task moves with it.",
          image: demoImage("taskflow-4"),
        },
        {
          title: "Time tracking and timesheets",
          description: "Track time on any task and export approved timesheets for billing.",
          image: demoImage("taskflow-5"),
        },
      ],
    },
  ],
  ["video_collection", { anchor_tag_id: "videos" }],
  [
    "use_cases_carousel",
    {
      anchor_tag_id: "use-cases",
      title: "What teams build with TaskFlow",
      deal_slugs: ["taskflow"],
      items: [
        {
          tag: "Agencies",
          title: "Run client onboarding from one template",
          url: "/products/taskflow/questions/",
        },
        {
          tag: "Marketing",
          title: "Plan a quarter of campaigns on one timeline",
          link_text: "See the template",
        },
        {
          tag: "Operations and finance teams",
          title: "Approve invoices with a two-step automation",
        },
        { tag: "Product", title: "Ship a roadmap your customers can follow in a portal" },
        { tag: "Freelancers", title: "Track hours per client and export timesheets every Friday" },
        { tag: "Support", title: "Turn customer emails into tasks with owners and due dates" },
      ],
    },
  ],
  ["testimonial_masonry", { anchor_tag_id: "testimonials", title: "What buyers are saying" }],
  [
    "press",
    {
      deal_slugs: ["taskflow", "pixelforge"],
      items: [
        {
          quote: "The project tool small agencies have been waiting for.",
          source: "Agency Weekly",
        },
        {
          quote: "Automation that feels like it was built by people who bill by the hour.",
          source: "SaaS Digest",
        },
        {
          quote: "A serious Asana alternative, without the per-seat bill.",
          source: "Remote Work Review",
        },
      ],
    },
  ],
  ...SHOWCASE_BLOCKS(time, deals),
  ["money_back_guarantee", {}],
  ["we_got_your_back", {}],
  ["from_founders_card", { anchor_tag_id: "from-the-founders" }],
  // A coupon bundle on taskflow's page: PixelForge then TaskFlow, TASKFLOW25 on the last line
  // (the coupon names taskflow, so it applies once both are in the cart).
  [
    "thematic_roadblock",
    {
      anchor_tag_id: "creator-bundle",
      deal_slugs: ["taskflow"],
      headline: "The agency creator bundle",
      text: "PixelForge for on-brand visuals plus TaskFlow to ship them on time: add both and take 25% off TaskFlow.",
      images: [demoImage("bundle-pixelforge"), demoImage("bundle-taskflow")],
      cta_text: "Add the bundle",
      coupon: {
        code: "TASKFLOW25",
        deals: ["pixelforge", "taskflow"].map((slug) => {
          const deal = get(deals, slug, "deal");
          return { deal_id: deal.id, plan_id: deal.plans[0]?.id ?? null };
        }),
      },
    },
  ],
  ["faq", { anchor_tag_id: "faq", title: "Frequently asked questions" }],
  ["terms_and_conditions", { anchor_tag_id: "plans-and-features" }],
  [
    "resources_list",
    {
      deal_slugs: ["taskflow"],
      items: [
        {
          title: "Getting started with TaskFlow",
          description: "Set up your first workspace in 10 minutes",
          url: "https://taskflow.example.com/docs/start",
        },
        {
          title: "Migrating from Asana",
          description: "Bring projects, tasks and comments across",
          url: "https://taskflow.example.com/docs/asana",
        },
        {
          title: "Questions from buyers",
          description: "Answered by the TaskFlow team",
          url: "/products/taskflow/questions/",
        },
      ],
    },
  ],
  [
    "related_cards",
    {
      deal_slugs: ["taskflow"],
      items: [
        {
          title: "Productivity deals",
          description: "Tools that give you hours back every week",
          url: "/collections/productivity-picks",
          image: demoImage("collection-productivity-picks"),
        },
        {
          title: "Freebies",
          description: "Free tools, templates and downloads",
          url: "/collections/freebies/",
          image: demoImage("collection-free-stuff"),
        },
        {
          title: "Browse every deal",
          description: "Search by category, price and plan type",
          url: "/browse",
          image: demoImage("og-home"),
        },
      ],
    },
  ],
  [
    "inline_copy_banner",
    {
      text: "Launch week: the TaskFlow founders answer questions every day.",
      link: "/products/taskflow/questions/",
      link_text: "Ask yours",
      deal_slugs: ["taskflow"],
      start_date: time.ago(2).toISOString(),
      end_date: time.ahead(5).toISOString(),
    },
  ],
  [
    "inline_countdown_clock",
    {
      label: "Founders' Q&A week",
      deal_slugs: ["taskflow"],
      start_date: time.ago(2).toISOString(),
      end_date: time.ahead(5).toISOString(),
    },
  ],
  [
    "subscribe_form",
    {
      action: "/api/email-signup/",
      text: "Sign up to get the hottest software deals sent straight to your inbox",
      content_slug: "pdp-subscribe",
      campaign_slug: "pdp",
    },
  ],
  ["buy_now_bar", { position: "bottom" }],
];

export async function seedPages(
  tx: Tx,
  time: Timeline,
  deals: ReadonlyMap<string, SeededDeal>,
): Promise<{ homeCollections: string[] }> {
  const dealId = (slug: string) => get(deals, slug, "deal").id;

  const [campaign] = await tx
    .insert(campaigns)
    .values({
      optinSlug: CAMPAIGN_SLUG,
      type: "percent",
      value: 15,
      name: "Lifetime Fest",
      publicName: "Lifetime Fest",
      startDate: time.ago(2),
      endDate: time.ahead(10),
      dealTiers: [1, 2, 3],
      discountDisplay: "15% off",
      bannerContent: "Lifetime Fest is on: take an extra 15% off participating deals.",
      bannerColor: "#2b1a5c",
      bannerFontColor: "#ffffff",
      bannerBadge: "EXTRA 15% OFF",
      skuLogo: demoImage("lifetime-fest-logo"),
      smartCollectionSlug: CAMPAIGN_SLUG,
      allowAsksumoDiscount: false,
      isActive: true,
      createdAt: time.ago(14),
    })
    .returning({ id: campaigns.id });
  if (!campaign) throw new Error("seed: campaign not inserted");
  await tx
    .insert(campaignDeals)
    .values(campaignDealSlugs.map((slug) => ({ campaignId: campaign.id, dealId: dealId(slug) })));

  const all = [...HOME_COLLECTIONS, ...OTHER_COLLECTIONS];
  const scRows = await tx
    .insert(smartCollections)
    .values(
      all.map((c) => ({
        slug: c.slug,
        title: c.title,
        subheader: c.subheader ?? null,
        modularComponentType: c.type,
        componentType: c.componentType ?? "carousel",
        display: c.display ?? {},
        contentBadge: c.contentBadge ?? null,
        modularData: c.modularData ?? {},
        zone: c.zone ?? null,
        createdAt: time.ago(30),
        updatedAt: time.ago(1),
      })),
    )
    .returning({ id: smartCollections.id, slug: smartCollections.slug });
  const scIds = new Map(scRows.map((r) => [r.slug, r.id]));

  const membership = all.flatMap((c) =>
    c.deals.map((slug, position) => ({
      smartCollectionId: get(scIds, c.slug),
      dealId: dealId(slug),
      position,
    })),
  );
  await tx.insert(smartCollectionDeals).values(membership);

  const subs = all.flatMap((c) =>
    (c.subs ?? []).map((s, position) => ({
      smartCollectionId: get(scIds, c.slug),
      slug: s.slug,
      title: s.title,
      subheader: s.subheader ?? null,
      startDate: s.window?.[0] == null ? null : time.at(s.window[0]),
      endDate: s.window?.[1] == null ? null : time.at(s.window[1]),
      mosaicBackgroundImage: demoImage(`collection-${s.slug}`),
      componentBackgroundColor: s.color ?? null,
      position,
    })),
  );
  await tx.insert(subCollections).values(subs);

  const pages = await tx
    .insert(modularPages)
    .values([
      {
        slug: "home",
        title: "Payonce: lifetime deals on software",
        layout: "large",
        seoMeta: {
          title: "Payonce: lifetime deals on the software you need",
          description: "Pay once for business software, courses and templates. No monthly fees.",
          open_graph: {
            title: "Payonce: pay once, not monthly",
            type: "website",
            image: demoImage("og-home"),
            description: "Lifetime deals on software for entrepreneurs.",
          },
        },
      },
      {
        slug: "product",
        title: "Product page",
        layout: "two-column",
        seoMeta: {},
      },
    ])
    .returning({ id: modularPages.id, slug: modularPages.slug });
  const pageId = new Map(pages.map((p) => [p.slug, p.id]));

  const blocks = await tx
    .insert(staticComponents)
    .values(
      PRODUCT_PAGE_BLOCKS(time, deals).map(([type, jsonData]) => ({
        name: `Product page: ${type}`,
        modularComponentType: type,
        jsonData: { css_class: `pdp-${type.replaceAll("_", "-")}`, ...jsonData },
      })),
    )
    .returning({ id: staticComponents.id });

  await tx.insert(modularPageItems).values([
    ...HOME_COLLECTIONS.map((c, position) => ({
      pageId: get(pageId, "home"),
      position,
      smartCollectionId: get(scIds, c.slug),
    })),
    ...blocks.map((b, position) => ({
      pageId: get(pageId, "product"),
      position,
      staticComponentId: b.id,
    })),
  ]);

  // taskflow's hero gallery carries its tour video (second, after the cover image): with it the
  // gallery has 7 items, so the thumbnail strip gets its arrows.
  const [tourStory] = await tx
    .select({ id: stories.id })
    .from(stories)
    .innerJoin(products, eq(products.id, stories.productId))
    .where(eq(products.dealId, dealId("taskflow")))
    .limit(1);
  const [tour] = await tx
    .select({ id: videos.id })
    .from(videos)
    .where(eq(videos.videoId, "tf-tour"))
    .limit(1);
  if (tourStory && tour) {
    await tx.insert(storyVideos).values({ storyId: tourStory.id, videoId: tour.id, position: 0 });
  }

  return { homeCollections: HOME_COLLECTIONS.map((c) => c.slug) };
}
