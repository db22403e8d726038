import { coupons } from "../schema";
import type { SeededDeal } from "./deals";
import { demoImage, get, type Timeline, type Tx } from "./util";

// Product-page template blocks that show every block type of spec 001 somewhere in the demo
// (issue 15: 21 types were never seeded). Each names the deals it is for (deal_slugs), so the
// shared template stays the same for every other deal:
// - pixelforge (a design tool with videos and testimonials): hero with its tour video, category
//   pills, video spotlight, reels and reviews, testimonial carousel and marquee, split thematic,
//   insider knowledge, component separator;
// - ux-masterclass (a course, read like an article): table of contents, block header, use-case
//   content, block list, the three embeds, a horizontal divider and an input-type call to action;
// - quickcrm (ending soon): countdown clock with "View all deals", the inline deal timer, bundle
//   products and a bundle product card with their coupon.

type BlockRow = [type: string, data: Record<string, unknown>];

/** A deal's first plan price in the currency's major unit (bundle cards show it). */
const majorPrice = (
  deals: ReadonlyMap<string, SeededDeal>,
  slug: string,
  which: "price" | "original" = "price",
) => {
  const plan = get(deals, slug, "deal").plans[0];
  return ((which === "price" ? plan?.priceCents : plan?.originalPriceCents) ?? 0) / 100;
};

/** The sales bundle's coupon (seeded below): 20% off LeadHunter once QuickCRM is in the cart. */
export const SALES_BUNDLE_COUPON = "SALESSTACK20";

/** Blocks near the top of the template (after the campaign banner). */
export const SHOWCASE_TOP_BLOCKS = (time: Timeline): BlockRow[] => [
  [
    "hero",
    {
      deal_slugs: ["pixelforge"],
      anchor_tag_id: "pixelforge-tour",
      title: "Design scroll-stopping visuals without a designer",
      description:
        "Pick a template, drop in your brand kit and let the AI resize it for every network. Watch the 3-minute tour to see a week of posts made in one sitting.",
      poster: demoImage("pixelforge-hero"),
      video_url: "/media/demo/pf-tour.mp4",
    },
  ],
  [
    "category_pills",
    {
      deal_slugs: ["pixelforge", "ux-masterclass"],
      title: "Find more like this",
    },
  ],
  [
    "table_of_content",
    {
      deal_slugs: ["ux-masterclass"],
      title: "On this page",
      items: [
        { label: "Inside the course", anchor: "inside-the-course" },
        { label: "Who it's for", anchor: "who-its-for" },
        { label: "Modules", anchor: "modules" },
        { label: "Syllabus", anchor: "syllabus" },
        { label: "Plans & pricing", anchor: "modular-pricing-card" },
      ],
    },
  ],
  [
    "countdown_clock",
    {
      deal_slugs: ["quickcrm"],
      label: "Lifetime Fest: an extra 15% off",
      collection_url: "/collections/lifetime-fest/",
      start_date: time.ago(2).toISOString(),
      end_date: time.ahead(10).toISOString(),
    },
  ],
  ["inline_timer", { deal_slugs: ["quickcrm"] }],
];

/** Blocks lower on the template (after the related cards). */
export const SHOWCASE_BLOCKS = (
  time: Timeline,
  deals: ReadonlyMap<string, SeededDeal>,
): BlockRow[] => {
  const bundleLine = (slug: string) => {
    const deal = get(deals, slug, "deal");
    return { deal_id: deal.id, plan_id: deal.plans[0]?.id ?? null };
  };
  const salesCoupon = {
    code: SALES_BUNDLE_COUPON,
    deals: ["quickcrm", "leadhunter"].map(bundleLine),
  };
  return [
    // pixelforge
    [
      "video_embed_spotlight",
      {
        deal_slugs: ["pixelforge"],
        title: "From blank canvas to a week of posts",
        text: "Watch how a two-person marketing team plans, designs and resizes a campaign in PixelForge before lunch.",
      },
    ],
    ["component_separator", { deal_slugs: ["pixelforge"] }],
    [
      "split_thematic",
      {
        deal_slugs: ["pixelforge"],
        title: "Brand kits keep every post on-brand",
        text: "Save your fonts, colours and logos once. Every template picks them up, so interns and agencies ship visuals that look like you.",
        image: demoImage("pixelforge-brand-kit"),
        cta_text: "See the plans",
        cta_link: "/products/pixelforge/#modular-pricing-card",
      },
    ],
    [
      "insider_knowledge",
      {
        deal_slugs: ["pixelforge"],
        title: "Insider knowledge",
        items: [
          {
            title: "Start from the Team plan if you share designs",
            description:
              "Brand kits and shared folders are on Team and above; Solo is one seat and one kit.",
          },
          {
            title: "Stack codes for more AI credits",
            description:
              "Each extra code adds 500 AI credits a month, so two Solo codes beat one Team code for a freelancer who resizes a lot.",
          },
          {
            title: "Export presets save the most time",
            description:
              "Set up one export preset per network on day one and the resizer does the rest.",
          },
        ],
      },
    ],
    [
      "video_reels",
      {
        deal_slugs: ["pixelforge"],
        title: "PixelForge in 60 seconds",
        follow_url: "https://www.youtube.com/@payonce",
      },
    ],
    ["video_reviews", { deal_slugs: ["pixelforge"], title: "Video reviews" }],
    [
      "testimonial_carousel",
      { deal_slugs: ["pixelforge"], title: "Loved by marketers", anchor_tag_id: "loved-by" },
    ],
    [
      "testimonial_carousel",
      {
        deal_slugs: ["pixelforge"],
        title: "What creators say",
        anchor_tag_id: "creators-say",
        variant: "marquee",
      },
    ],
    // ux-masterclass
    [
      "block_header",
      {
        deal_slugs: ["ux-masterclass"],
        anchor_tag_id: "inside-the-course",
        title: "Inside the course",
        subtitle: "40 hours of lessons, built around real product work",
      },
    ],
    [
      "use_case_content",
      {
        deal_slugs: ["ux-masterclass"],
        anchor_tag_id: "who-its-for",
        title: "Who the UX Masterclass is for",
        updated: time.ago(6).toISOString(),
        cta_text: "Start learning now",
        cta_link: "#modular-pricing-card",
        sections: [
          {
            heading: "Designers moving into product",
            text: "You can make screens look good and want to know why some flows convert and others do not. The course walks through research, flows and testing on three real products, with the messy parts left in.",
          },
          {
            heading: "Founders and product managers",
            text: "You write the briefs and review the designs. You will learn to run a five-user test in an afternoon, read a heatmap without fooling yourself, and give feedback a designer can act on.",
          },
          {
            heading: "Developers who ship UI",
            text: "You build what the mockups show and fill the gaps when they do not. The component and accessibility modules give you the rules behind good defaults.",
          },
        ],
      },
    ],
    [
      "block_list",
      {
        deal_slugs: ["ux-masterclass"],
        anchor_tag_id: "modules",
        title: "Modules",
        items: [
          {
            icon: "🔍",
            title: "Research that fits in a sprint",
            description: "Interviews, surveys and five-user tests, with scripts to copy.",
          },
          {
            icon: "🧭",
            title: "Flows and information architecture",
            description: "Card sorting, sitemaps and the checkout flow case study.",
          },
          {
            icon: "🎨",
            title: "Interface design in Figma",
            description: "Auto layout, variables and a component library from scratch.",
          },
          {
            icon: "♿",
            title: "Accessible by default",
            description: "Contrast, focus order and forms that work for everyone.",
          },
        ],
      },
    ],
    ["horizontal_divider", { deal_slugs: ["ux-masterclass"] }],
    [
      "embed",
      {
        deal_slugs: ["ux-masterclass"],
        anchor_tag_id: "syllabus",
        title: "Syllabus",
        html: "<p>Twelve weeks, about three hours a week. Each week ends with a Figma exercise reviewed by the community.</p><ul><li><strong>Weeks 1 to 3:</strong> research and problem framing</li><li><strong>Weeks 4 to 6:</strong> flows, wireframes and information architecture</li><li><strong>Weeks 7 to 9:</strong> interface design and design systems</li><li><strong>Weeks 10 to 12:</strong> testing, accessibility and your portfolio case study</li></ul>",
      },
    ],
    [
      "generic_embed_block",
      {
        deal_slugs: ["ux-masterclass"],
        title: "A page from lesson 1",
        // A site path: the demo runs offline, where a third-party player would show an error.
        // An embedded document, not an image: the drawing itself.
        url: "/media/demo/ux-masterclass-lesson-1.svg",
        iframe_title: "UX Masterclass, lesson 1 preview",
      },
    ],
    [
      "simple_embed_block",
      {
        deal_slugs: ["ux-masterclass"],
        title: "What you get",
        html: "<p>Lifetime access to every lesson and future update, the Figma exercise files, and a certificate of completion you can add to LinkedIn.</p>",
      },
    ],
    [
      "split_thematic",
      {
        deal_slugs: ["ux-masterclass"],
        title: "Looking for another course?",
        text: "Search every course, template and tool on Payonce.",
        image: demoImage("ux-masterclass-search"),
        cta_type: "input",
        input_placeholder: "Try \u201cFigma\u201d or \u201cresearch\u201d",
        cta_text: "Search deals",
        cta_link: "/browse/?query=",
      },
    ],
    // quickcrm
    [
      "bundle_products",
      {
        deal_slugs: ["quickcrm"],
        title: "The small sales team stack",
        cta_text: "Add both to cart",
        coupon: salesCoupon,
        products: [
          {
            name: "QuickCRM",
            description: "Pipelines, reminders and email tracking",
            image: demoImage("quickcrm"),
            url: "/products/quickcrm/",
            price: majorPrice(deals, "quickcrm"),
            original_price: majorPrice(deals, "quickcrm", "original"),
          },
          {
            name: "LeadHunter",
            description: "Find verified B2B emails, 20% off with the bundle",
            image: demoImage("leadhunter"),
            url: "/products/leadhunter/",
            price: majorPrice(deals, "leadhunter"),
            original_price: majorPrice(deals, "leadhunter", "original"),
          },
        ],
      },
    ],
    [
      "bundle_product_card",
      {
        deal_slugs: ["quickcrm"],
        title: "Pairs well with QuickCRM",
        name: "LeadHunter",
        description: "Fill your QuickCRM pipeline with verified leads.",
        image: demoImage("leadhunter"),
        url: "/products/leadhunter/",
        price: majorPrice(deals, "leadhunter"),
        original_price: majorPrice(deals, "leadhunter", "original"),
      },
    ],
  ];
};

/** The sales bundle's coupon: 20% off LeadHunter, for the quickcrm bundle blocks. */
export async function seedShowcase(
  tx: Tx,
  time: Timeline,
  deals: ReadonlyMap<string, SeededDeal>,
): Promise<void> {
  await tx.insert(coupons).values({
    code: SALES_BUNDLE_COUPON,
    type: "percent",
    value: 20,
    deals: [{ deal_id: get(deals, "leadhunter").id, plan_id: null }],
    maxUses: 200,
    startDate: time.ago(5),
    endDate: time.ahead(30),
    createdAt: time.ago(5),
  });
}
