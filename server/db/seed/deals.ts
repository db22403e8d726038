import {
  dealAttributeValues,
  dealFeatures,
  deals,
  type ListingType,
  type NewDeal,
  type PlanAccess,
  type PlanInterval,
  type PlanType,
  plans,
  products,
  stories,
  storyImages,
} from "../schema";
import type { TaxonomyIds } from "./taxonomy";
import { cents, demoImage, get, type Timeline, type Tx } from "./util";

export type PlanSpec = {
  name: string;
  price: number;
  original: number;
  type?: PlanType;
  access?: PlanAccess;
  interval?: PlanInterval;
  highlight?: boolean;
  plusTier?: boolean;
  free?: boolean;
  active?: boolean;
};

export type DealSpec = {
  slug: string;
  name: string;
  card: string;
  valueProp: string;
  subheader: string;
  /** "group/category[/subcategory]" */
  tax: string;
  listing: ListingType | null;
  plans: PlanSpec[];
  /** Start, in days from now (negative = past); null = no start date. */
  start: number | null;
  end?: number | null;
  /** Core features (bullets). */
  features: string[];
  /** "type:slug" of taxonomy.ts ATTRIBUTES */
  attrs: string[];
  /** Hero gallery images (default 3). */
  images?: number;
  tags?: string[];
  extra?: Partial<NewDeal>;
};

/** n lifetime tiers "Tier 1".."Tier n" at k x price (tier 2 recommended when there are 3+). */
const ltd = (price: number, original: number, n = 3): PlanSpec[] =>
  Array.from({ length: n }, (_, i) => ({
    name: `Tier ${i + 1}`,
    price: price * (i + 1),
    original: original * (i + 1),
    highlight: n >= 3 && i === 1,
  }));
const one = (price: number, original: number, type: PlanType = "lifetime_deal"): PlanSpec[] => [
  { name: "Single license", price, original, type },
];
const annual = (name: string, price: number, original: number): PlanSpec => ({
  name,
  price,
  original,
  type: "subscription",
  access: "annual",
  interval: "year",
});

/** The demo catalogue. Special deals other code relies on come first (see README). */
export const DEALS: DealSpec[] = [
  {
    slug: "taskflow",
    name: "TaskFlow",
    card: "Plan projects, automate busywork and keep every client in the loop from one workspace",
    valueProp:
      "Manage projects, tasks and clients in one place, without paying per seat every month",
    subheader: "Project management with Gantt charts, automations and client portals",
    tax: "software/productivity/project-management",
    listing: "select",
    plans: [
      { name: "Tier 1", price: 59, original: 348 },
      { name: "Tier 2", price: 118, original: 696, highlight: true },
      { name: "Tier 3", price: 177, original: 1044 },
    ],
    start: -20,
    features: [
      "Kanban boards, lists, calendars and Gantt charts",
      "No-code automations for recurring work",
      "Client portals with approvals and file sharing",
      "Built-in time tracking and workload view",
      "Integrates with Slack, Google Drive and Zapier",
    ],
    attrs: [
      "alternative_to:asana",
      "alternative_to:trello",
      "alternative_to:monday",
      "integrations:slack",
      "integrations:google-drive",
      "integrations:zapier",
      "integrations:github",
      "best_for:small-businesses",
      "best_for:agencies",
      "best_for:freelancers",
    ],
    images: 6,
    tags: ["flagship", "project-management"],
    extra: {
      refundableDays: 60,
      useLicensing: true,
      percentClaimed: -1,
      productUrl: "https://taskflow.example.com",
      participation: ["lifetime-fest"],
      badge: {
        label: "Payonce Select",
        icon: "star",
        background_color: "#ffbc00",
        foreground_color: "#1b1f3b",
      },
      upsellCallout: {
        absolute_url: "/plus/",
        upsell_text: "Plus members save an extra 10% on TaskFlow",
        upsell_icon: "plus",
        upsell_background: "#f4efff",
      },
      terms: [
        "Lifetime access to TaskFlow",
        "You must redeem your code(s) within 60 days of purchase",
        "All future Pro Plan updates",
        "Please note: this deal is non-stackable beyond Tier 3",
        "Only for new TaskFlow users who do not have existing accounts",
        "60-day money-back guarantee, no matter the reason",
      ],
    },
  },
  {
    slug: "pixelforge",
    name: "PixelForge",
    card: "Create on-brand social graphics, ads and mockups in minutes with AI-assisted templates",
    valueProp: "Design scroll-stopping visuals without a designer",
    subheader: "AI design studio for marketers",
    tax: "software/design/graphic-design",
    listing: "original",
    plans: [
      { name: "Lifetime Solo", price: 69, original: 468 },
      { name: "Lifetime Team", price: 138, original: 936, highlight: true },
      { name: "Lifetime Agency", price: 207, original: 1404 },
      // Five lifetime plans: more than 3, so desktop shows the paged pricing table.
      { name: "Lifetime Studio", price: 276, original: 1872 },
      { name: "Lifetime Enterprise", price: 345, original: 2340 },
      annual("Annual Pro", 39, 120),
      annual("Annual Business", 79, 240),
    ],
    start: -12,
    features: [
      "2,000+ editable templates",
      "AI background remover and resizer",
      "Brand kits with fonts, colours and logos",
      "One-click export to every social format",
    ],
    attrs: [
      "alternative_to:canva",
      "integrations:figma",
      "integrations:google-drive",
      "best_for:marketers",
      "best_for:content-creators",
      "best_for:designers",
    ],
    images: 4,
    extra: { participation: ["lifetime-fest"], refundableDays: 60 },
  },
  {
    slug: "mailbeam",
    name: "MailBeam",
    card: "Send beautiful newsletters and automated drip campaigns to unlimited subscribers",
    valueProp: "Email marketing without per-subscriber pricing",
    subheader: "Newsletters and email automation",
    tax: "software/marketing/email-marketing",
    listing: "select",
    plans: ltd(49, 290, 3),
    start: -60,
    end: -5,
    features: ["Drag-and-drop email builder", "Automations and drip sequences", "A/B testing"],
    attrs: [
      "alternative_to:mailchimp",
      "integrations:shopify",
      "integrations:wordpress",
      "best_for:marketers",
    ],
    extra: {
      dealStatus: "Ended",
      browseDealStatus: "expired",
      quantityTotal: 1000,
      quantitySold: 1000,
      percentClaimed: 100,
      timerReason: "sold_out",
      // Sold out, waiting for a restock: not "inactive indefinitely" (that one is dormant-db).
      currentStage: "inactive",
      nextStage: "live",
    },
  },
  {
    slug: "infohub",
    name: "InfoHub",
    card: "A searchable knowledge base for your team's docs, SOPs and onboarding guides",
    valueProp: "Turn scattered docs into one searchable knowledge base",
    subheader: "Team wiki and knowledge base",
    tax: "software/productivity/note-taking",
    listing: "original",
    plans: one(49, 299),
    start: -45,
    features: ["Nested pages and templates", "AI search across every doc", "Public help centre"],
    attrs: ["alternative_to:notion", "integrations:slack", "best_for:startups"],
    extra: { isInfo: true, dealStatus: "Info" },
  },
  {
    slug: "plusvault",
    name: "PlusVault",
    card: "Encrypted password and secrets manager for teams, exclusive to Plus members",
    valueProp: "Share passwords and API keys safely across your team",
    subheader: "Team password manager",
    tax: "software/developer-tools/hosting",
    listing: "plus_exclusive",
    plans: [{ name: "Plus exclusive", price: 39, original: 360, plusTier: true }],
    start: -8,
    features: ["Zero-knowledge encryption", "Shared vaults with roles", "Browser extensions"],
    attrs: ["best_for:startups", "best_for:developers", "integrations:github"],
  },
  {
    slug: "freebie-kit",
    name: "Freebie Kit",
    card: "200 free social media templates to kick-start your brand, on us",
    valueProp: "Free templates to grow your social presence",
    subheader: "Free social media template pack",
    tax: "templates/marketing-templates",
    listing: "original",
    plans: [{ name: "Free download", price: 0, original: 49, type: "freebie", free: true }],
    start: -15,
    features: ["200 templates for Instagram, LinkedIn and X", "Editable in PixelForge and Canva"],
    attrs: ["best_for:content-creators", "best_for:marketers"],
    extra: { isFree: true, freebieDownloadsTotal: 1834, isGetNow: true, refundableDays: 0 },
  },
  {
    slug: "launchpad-x",
    name: "Launchpad X",
    card: "Launch a waitlist, collect pre-orders and validate your next product in a weekend",
    valueProp: "Validate ideas before you build them",
    subheader: "Pre-launch pages and waitlists",
    tax: "software/developer-tools/website-builders",
    listing: "launchpad",
    plans: ltd(79, 480, 2),
    start: 5,
    features: ["Waitlist pages with referral loops", "Stripe pre-orders", "Launch analytics"],
    attrs: ["integrations:stripe", "best_for:startups"],
    extra: {
      isComingSoon: true,
      currentStage: "coming_soon",
      nextStage: "live",
      activeTimer: true,
    },
  },
  {
    slug: "quickcrm",
    name: "QuickCRM",
    card: "A fast, friendly CRM for small sales teams: pipelines, reminders and email tracking",
    valueProp: "Close more deals with a CRM your team will actually use",
    subheader: "Simple CRM for small teams",
    tax: "software/sales/crm",
    listing: "select",
    plans: ltd(69, 420, 3),
    start: -26,
    end: 2,
    features: ["Visual pipelines", "Email tracking and templates", "Follow-up reminders"],
    attrs: [
      "alternative_to:hubspot",
      "alternative_to:salesforce",
      "integrations:gmail",
      "best_for:small-businesses",
    ],
    extra: { activeTimer: true, nextStage: "inactive", participation: ["lifetime-fest"] },
  },
  {
    slug: "dormant-db",
    name: "DormantDB",
    card: "A lightweight hosted Postgres with branching and point-in-time restore",
    valueProp: "Serverless Postgres for side projects",
    subheader: "Hosted database with branching",
    tax: "software/developer-tools/databases",
    listing: "original",
    plans: one(99, 600),
    start: -200,
    features: ["Database branching", "Point-in-time restore", "Connection pooling"],
    attrs: ["best_for:developers", "integrations:github"],
    extra: { currentStage: "inactive", nextStage: null },
  },
  // --- the rest of the catalogue -------------------------------------------------------------
  {
    slug: "notionary",
    name: "Notionary",
    card: "50 Notion templates for planning, CRM, content calendars and personal finance",
    valueProp: "Get organised in Notion in minutes",
    subheader: "Notion template bundle",
    tax: "templates/notion-templates",
    listing: "original",
    plans: one(29, 149, "digital_download"),
    start: -30,
    features: ["50 templates", "Video walkthroughs", "Lifetime updates"],
    attrs: ["alternative_to:notion", "best_for:freelancers"],
  },
  {
    slug: "brandspark",
    name: "BrandSpark",
    card: "Generate logos, colour palettes and full brand guidelines with AI",
    valueProp: "A complete brand identity in an afternoon",
    subheader: "AI brand identity generator",
    tax: "software/design/graphic-design",
    listing: "select",
    plans: ltd(69, 390, 3),
    start: -0.3,
    features: ["AI logo generator", "Brand guideline PDFs", "Social kits"],
    attrs: ["alternative_to:canva", "best_for:startups", "best_for:designers"],
  },
  {
    slug: "clipwise",
    name: "Clipwise",
    card: "Turn long videos into viral short clips with AI captions and reframing",
    valueProp: "Repurpose one video into 20 social clips",
    subheader: "AI video repurposing",
    tax: "software/design/video-editing",
    listing: "select",
    plans: ltd(49, 300, 3),
    start: -9,
    features: ["Auto-captions in 30 languages", "Smart reframing", "Scheduled publishing"],
    attrs: ["best_for:content-creators", "integrations:google-drive"],
    extra: { participation: ["lifetime-fest"] },
  },
  {
    slug: "postloom",
    name: "Postloom",
    card: "Schedule and analyse posts across eight social networks from one calendar",
    valueProp: "Plan a month of social content in an hour",
    subheader: "Social media scheduler",
    tax: "software/marketing/social-media",
    listing: "select",
    plans: ltd(59, 348, 3),
    start: -18,
    features: ["Visual content calendar", "Best-time-to-post suggestions", "Client approval links"],
    attrs: ["alternative_to:hootsuite", "best_for:agencies", "best_for:marketers"],
    // Limited quantity running low: "Hurry! Only 70 remaining" and the claimed meter.
    extra: { quantityTotal: 500, quantitySold: 430, percentClaimed: 86 },
  },
  {
    slug: "rankrocket",
    name: "RankRocket",
    card: "Site audits, keyword tracking and content briefs that get you on page one",
    valueProp: "Grow organic traffic without an SEO agency",
    subheader: "SEO toolkit",
    tax: "software/marketing/seo",
    listing: "select",
    plans: ltd(79, 588, 3),
    start: -22,
    features: ["Technical site audits", "Daily rank tracking", "AI content briefs"],
    attrs: ["alternative_to:semrush", "integrations:wordpress", "best_for:marketers"],
  },
  {
    slug: "leadhunter",
    name: "LeadHunter",
    card: "Find verified B2B emails and build prospect lists straight from LinkedIn",
    valueProp: "Fill your pipeline with verified leads",
    subheader: "B2B lead generation",
    tax: "software/sales/lead-generation",
    listing: "original",
    plans: ltd(69, 480, 3),
    start: -33,
    features: ["Email finder and verifier", "Chrome extension", "CSV and CRM export"],
    attrs: ["integrations:hubspot", "best_for:small-businesses", "best_for:agencies"],
  },
  {
    slug: "helpdesko",
    name: "Helpdesko",
    card: "Shared inbox, help centre and live chat to delight customers at any size",
    valueProp: "Answer every customer from one inbox",
    subheader: "Customer support suite",
    tax: "software/operations/customer-support",
    listing: "select",
    plans: ltd(89, 600, 3),
    start: -40,
    features: ["Shared inbox", "Knowledge base", "Canned replies and SLAs"],
    attrs: [
      "alternative_to:zendesk",
      "alternative_to:intercom",
      "integrations:slack",
      "best_for:ecommerce",
    ],
  },
  {
    slug: "ledgerly",
    name: "Ledgerly",
    card: "Invoices, expenses and simple bookkeeping for freelancers and small studios",
    valueProp: "Get paid faster and stay tax-ready",
    subheader: "Invoicing and bookkeeping",
    tax: "software/operations/finance",
    listing: "select",
    plans: ltd(59, 360, 2),
    start: -50,
    features: ["Recurring invoices", "Expense receipts by photo", "Stripe and PayPal payments"],
    attrs: ["alternative_to:quickbooks", "integrations:stripe", "best_for:freelancers"],
  },
  {
    slug: "timetrail",
    name: "TimeTrail",
    card: "Effortless time tracking with timesheets, billable rates and client reports",
    valueProp: "Know exactly where your hours go",
    subheader: "Time tracking for teams",
    tax: "software/productivity/time-tracking",
    listing: "select",
    plans: ltd(39, 240, 3),
    start: -14,
    features: ["One-click timers", "Billable rates", "Client-ready reports"],
    attrs: ["integrations:google-calendar", "best_for:freelancers", "best_for:agencies"],
    extra: { participation: ["lifetime-fest"] },
  },
  {
    slug: "notecraft",
    name: "NoteCraft",
    card: "Markdown notes with backlinks, AI summaries and offline sync on every device",
    valueProp: "Your second brain, without a subscription",
    subheader: "Networked note-taking",
    tax: "software/productivity/note-taking",
    listing: "original",
    plans: ltd(49, 240, 2),
    start: -0.6,
    features: ["Backlinks and graph view", "AI summaries", "End-to-end encrypted sync"],
    attrs: ["alternative_to:notion", "best_for:educators"],
  },
  {
    slug: "formflow",
    name: "FormFlow",
    card: "Conversational forms and surveys with logic, payments and beautiful themes",
    valueProp: "Forms people actually finish",
    subheader: "Form and survey builder",
    tax: "software/productivity",
    listing: "select",
    plans: ltd(59, 420, 3),
    start: -27,
    features: ["Conditional logic", "Stripe payments", "Zapier and webhooks"],
    attrs: [
      "alternative_to:typeform",
      "integrations:stripe",
      "integrations:zapier",
      "best_for:marketers",
    ],
  },
  {
    slug: "schedulr",
    name: "Schedulr",
    card: "Booking pages, round-robin scheduling and automatic reminders for busy teams",
    valueProp: "Stop the back-and-forth emails",
    subheader: "Appointment scheduling",
    tax: "software/productivity/scheduling",
    listing: "select",
    plans: ltd(49, 288, 3),
    start: -11,
    features: ["Booking pages", "Round-robin routing", "SMS reminders"],
    attrs: ["alternative_to:calendly", "integrations:google-calendar", "best_for:small-businesses"],
  },
  {
    slug: "pagecraft",
    name: "PageCraft",
    card: "Build fast landing pages and full websites with a drag-and-drop editor",
    valueProp: "Launch pages that convert, no code required",
    subheader: "No-code website builder",
    tax: "software/developer-tools/website-builders",
    listing: "select",
    plans: ltd(99, 588, 3),
    start: -35,
    features: ["Drag-and-drop editor", "A/B testing", "Custom domains with SSL"],
    attrs: ["alternative_to:webflow", "integrations:stripe", "best_for:startups"],
  },
  {
    slug: "deploydeck",
    name: "DeployDeck",
    card: "One dashboard to deploy apps, databases and cron jobs to your own servers",
    valueProp: "Your own Heroku on any VPS",
    subheader: "Self-hosted deployment platform",
    tax: "software/developer-tools/hosting",
    listing: "original",
    plans: ltd(129, 780, 2),
    start: -19,
    features: ["Git push deploys", "Managed databases", "Zero-downtime releases"],
    attrs: ["integrations:github", "best_for:developers"],
  },
  {
    slug: "querylens",
    name: "QueryLens",
    card: "A beautiful SQL client with AI query help for Postgres, MySQL and SQLite",
    valueProp: "Explore your data without fighting your tools",
    subheader: "Database GUI",
    tax: "software/developer-tools/databases",
    listing: "original",
    plans: [
      { name: "Personal", price: 79, original: 199, type: "one_time_purchase" },
      {
        name: "Team (5 seats)",
        price: 299,
        original: 995,
        type: "limited_license",
        highlight: true,
      },
    ],
    start: -0.15,
    features: ["AI query assistant", "Visual schema explorer", "Saved queries and sharing"],
    attrs: ["best_for:developers"],
  },
  {
    slug: "chatnest",
    name: "ChatNest",
    card: "Live chat and AI chatbot that answers FAQs from your docs around the clock",
    valueProp: "Answer visitors instantly, even while you sleep",
    subheader: "Live chat and AI chatbot",
    tax: "software/operations/customer-support",
    listing: "select",
    plans: ltd(69, 468, 3),
    start: -16,
    features: ["AI bot trained on your docs", "Live chat widget", "Mobile apps"],
    attrs: [
      "alternative_to:intercom",
      "integrations:shopify",
      "integrations:wordpress",
      "best_for:ecommerce",
    ],
  },
  {
    slug: "surveysnap",
    name: "SurveySnap",
    card: "NPS, CSAT and micro-surveys embedded anywhere in your product",
    valueProp: "Hear from customers at the right moment",
    subheader: "In-product surveys",
    tax: "software/marketing",
    listing: "original",
    plans: ltd(39, 228, 2),
    start: -24,
    features: ["NPS and CSAT", "Targeted in-app surveys", "Sentiment analysis"],
    attrs: ["alternative_to:typeform", "best_for:startups"],
  },
  {
    slug: "recast",
    name: "Recast",
    card: "Record your screen and camera, then share a link with comments and reactions",
    valueProp: "Replace meetings with quick video messages",
    subheader: "Async video messaging",
    tax: "software/design/video-editing",
    listing: "select",
    plans: ltd(39, 180, 3),
    start: -29,
    features: ["Screen and camera recording", "Instant share links", "Viewer insights"],
    attrs: ["alternative_to:loom", "integrations:slack", "best_for:small-businesses"],
  },
  {
    slug: "pdfpilot",
    name: "PDFPilot",
    card: "Edit, sign, compress and convert PDFs on any device",
    valueProp: "Every PDF tool you need in one app",
    subheader: "PDF editor",
    tax: "software/operations/documents",
    listing: "original",
    plans: one(29, 120, "one_time_purchase"),
    start: -55,
    features: ["Edit text and images", "Merge and compress", "OCR for scans"],
    attrs: ["best_for:small-businesses", "integrations:google-drive"],
  },
  {
    slug: "signflow",
    name: "SignFlow",
    card: "Legally binding e-signatures with templates, reminders and audit trails",
    valueProp: "Get documents signed in minutes",
    subheader: "E-signatures",
    tax: "software/operations/documents",
    listing: "select",
    plans: ltd(49, 360, 3),
    start: -21,
    features: ["Unlimited signature requests", "Reusable templates", "Audit trails"],
    attrs: ["alternative_to:docusign", "integrations:google-drive", "best_for:agencies"],
  },
  {
    slug: "copyforge",
    name: "CopyForge",
    card: "AI copywriter for ads, product pages and emails in your brand voice",
    valueProp: "Write high-converting copy ten times faster",
    subheader: "AI copywriting",
    tax: "software/marketing/copywriting",
    listing: "select",
    plans: ltd(69, 432, 3),
    start: -6,
    features: ["Brand voice training", "80+ copy templates", "Chrome extension"],
    attrs: ["best_for:marketers", "best_for:ecommerce", "integrations:shopify"],
    extra: { participation: ["lifetime-fest"] },
  },
  {
    slug: "webinarly",
    name: "Webinarly",
    card: "Host live and evergreen webinars with registration pages and replays",
    valueProp: "Turn webinars into your best sales channel",
    subheader: "Webinar platform",
    tax: "software/marketing",
    listing: "original",
    plans: [
      { name: "Lifetime Starter", price: 149, original: 948 },
      annual("Annual Growth", 99, 588),
    ],
    start: -37,
    features: ["Live and automated webinars", "Registration pages", "Polls and offers"],
    attrs: ["best_for:educators", "best_for:marketers"],
  },
  {
    slug: "affiliatehq",
    name: "AffiliateHQ",
    card: "Launch and manage an affiliate programme for your SaaS or store",
    valueProp: "Let your customers sell for you",
    subheader: "Affiliate management",
    tax: "software/sales/ecommerce",
    listing: "select",
    plans: ltd(199, 1188, 2),
    start: -42,
    features: ["Stripe and Shopify tracking", "Automatic payouts", "Affiliate portal"],
    attrs: ["integrations:stripe", "integrations:shopify", "best_for:ecommerce"],
  },
  {
    slug: "shopboost",
    name: "ShopBoost",
    card: "One-click upsells, bundles and post-purchase offers for Shopify stores",
    valueProp: "Raise average order value overnight",
    subheader: "Shopify upsells",
    tax: "software/sales/ecommerce",
    listing: "select",
    plans: ltd(59, 360, 3),
    start: -13,
    features: ["Post-purchase upsells", "Bundles", "A/B tested offers"],
    attrs: ["integrations:shopify", "best_for:ecommerce"],
  },
  {
    slug: "ux-masterclass",
    name: "UX Masterclass",
    card: "40 hours of practical UX lessons, case studies and Figma exercises",
    valueProp: "Learn UX design from working product designers",
    subheader: "UX design course",
    tax: "courses-learning/design-courses/ux-design",
    listing: "original",
    plans: one(39, 299, "one_time_purchase"),
    start: -17,
    features: ["40 hours of video", "Figma exercise files", "Certificate of completion"],
    attrs: ["integrations:figma", "best_for:designers", "best_for:educators"],
  },
  {
    slug: "growth-academy",
    name: "Growth Academy",
    card: "A step-by-step course on SEO, paid ads and email funnels for founders",
    valueProp: "The marketing playbook for bootstrapped founders",
    subheader: "Growth marketing course",
    tax: "courses-learning/business/growth-marketing",
    listing: "original",
    plans: one(49, 399, "one_time_purchase"),
    start: -48,
    features: ["12 modules", "Templates and swipe files", "Private community"],
    attrs: ["best_for:startups", "best_for:marketers"],
  },
  {
    slug: "fullstack-bootcamp",
    name: "Fullstack Bootcamp",
    card: "Build and ship five real-world apps with TypeScript, React and Postgres",
    valueProp: "Go from tutorials to shipping production apps",
    subheader: "Web development course",
    tax: "courses-learning/development/web-development",
    listing: "original",
    plans: [
      { name: "Course", price: 99, original: 499, type: "one_time_purchase" },
      {
        name: "Course + mentoring",
        price: 299,
        original: 1299,
        type: "one_time_purchase",
        highlight: true,
      },
    ],
    start: -31,
    features: ["5 portfolio projects", "Code reviews", "Lifetime updates"],
    attrs: ["best_for:developers", "integrations:github"],
  },
  {
    slug: "landing-kit",
    name: "Landing Kit",
    card: "60 conversion-tested landing page templates for PageCraft, Webflow and HTML",
    valueProp: "Beautiful landing pages, ready to publish",
    subheader: "Landing page templates",
    tax: "templates/website-templates",
    listing: "original",
    plans: one(19, 99, "digital_download"),
    start: -25,
    features: ["60 templates", "HTML, Webflow and PageCraft formats", "Figma source files"],
    attrs: ["alternative_to:webflow", "best_for:startups", "integrations:figma"],
  },
  {
    slug: "adkit-pro",
    name: "AdKit Pro",
    card: "300 ad creatives for Meta, Google and LinkedIn, fully editable",
    valueProp: "Launch ad campaigns without a designer",
    subheader: "Ad creative templates",
    tax: "templates/marketing-templates",
    listing: "original",
    plans: one(29, 149, "digital_download"),
    start: -38,
    features: ["300 templates", "All major ad sizes", "Editable in PixelForge"],
    attrs: ["best_for:marketers", "best_for:agencies"],
  },
  {
    slug: "iconvault",
    name: "IconVault",
    card: "12,000 pixel-perfect icons in six styles, with a Figma plugin",
    valueProp: "Every icon you will ever need",
    subheader: "Icon library",
    tax: "digital-assets/icons",
    listing: "original",
    plans: one(24, 129, "digital_download"),
    start: -0.8,
    features: ["12,000 icons", "Six styles", "Figma plugin"],
    attrs: ["integrations:figma", "best_for:designers"],
  },
  {
    slug: "fontfoundry",
    name: "FontFoundry",
    card: "40 premium font families with a commercial licence",
    valueProp: "Distinctive type for every brand",
    subheader: "Font bundle",
    tax: "digital-assets/fonts",
    listing: "original",
    plans: one(34, 249, "digital_download"),
    start: -44,
    features: ["40 font families", "Commercial licence", "Web fonts included"],
    attrs: ["best_for:designers", "best_for:content-creators"],
  },
  {
    slug: "framebank",
    name: "FrameBank",
    card: "Royalty-free 4K stock footage and photos, with new drops every week",
    valueProp: "Cinematic stock for every project",
    subheader: "Stock footage library",
    tax: "digital-assets/stock-media",
    listing: "select",
    plans: [{ name: "Lifetime", price: 79, original: 480 }, annual("Annual unlimited", 49, 240)],
    start: -10,
    features: ["4K footage", "Weekly drops", "Royalty-free licence"],
    attrs: ["best_for:content-creators"],
  },
  {
    slug: "backupbox",
    name: "BackupBox",
    card: "Automatic encrypted backups for servers, databases and SaaS apps",
    valueProp: "Sleep well: everything backed up, every hour",
    subheader: "Cloud backup",
    tax: "software/developer-tools/hosting",
    listing: "select",
    plans: [
      { name: "Lifetime 1 TB", price: 199, original: 1200 },
      { name: "Lifetime 4 TB", price: 399, original: 2400, type: "license_subscription" },
    ],
    start: -28,
    features: ["Hourly snapshots", "End-to-end encryption", "One-click restore"],
    attrs: ["best_for:developers", "best_for:small-businesses"],
  },
  {
    slug: "insightdash",
    name: "InsightDash",
    card: "Privacy-friendly website analytics with goals, funnels and shared dashboards",
    valueProp: "Analytics you can explain to your client",
    subheader: "Website analytics",
    tax: "software/marketing/seo",
    listing: "launchpad",
    plans: ltd(49, 228, 3),
    start: -4,
    features: ["Cookie-free tracking", "Goals and funnels", "Client dashboards"],
    attrs: ["integrations:wordpress", "best_for:agencies"],
  },
  {
    slug: "studiosuite",
    name: "StudioSuite",
    card: "Client management, proposals and invoices for creative studios, exclusive to Plus",
    valueProp: "Run your studio from one place",
    subheader: "Studio management",
    tax: "software/operations/finance",
    listing: "plus_exclusive",
    plans: [
      { name: "Plus exclusive", price: 89, original: 588, plusTier: true },
      { name: "Standard", price: 119, original: 588 },
    ],
    start: -7,
    features: ["Proposals and contracts", "Client portal", "Invoices"],
    attrs: ["best_for:agencies", "best_for:freelancers"],
  },
];

/** Hidden add-on deals sold through taskflow's add-on section (deal_status Private). */
export const ADDON_DEALS: DealSpec[] = [
  {
    slug: "taskflow-ai-assistant",
    name: "TaskFlow AI Assistant",
    card: "AI task breakdowns, summaries and status updates inside TaskFlow",
    valueProp: "AI add-on for TaskFlow",
    subheader: "Add-on",
    tax: "software/productivity/project-management",
    listing: null,
    plans: [{ name: "AI Assistant", price: 29, original: 120 }],
    start: -20,
    features: [],
    attrs: [],
    images: 0,
    extra: { dealStatus: "Private" },
  },
  {
    slug: "taskflow-extra-seats",
    name: "TaskFlow Extra Seats",
    card: "More team members for your TaskFlow workspace",
    valueProp: "Seat add-on for TaskFlow",
    subheader: "Add-on",
    tax: "software/productivity/project-management",
    listing: null,
    plans: [{ name: "5 seats", price: 25, original: 60 }],
    start: -20,
    features: [],
    attrs: [],
    images: 0,
    extra: { dealStatus: "Private" },
  },
  {
    slug: "taskflow-storage",
    name: "TaskFlow Storage",
    card: "Extra file storage for TaskFlow",
    valueProp: "Storage add-on for TaskFlow",
    subheader: "Add-on",
    tax: "software/productivity/project-management",
    listing: null,
    plans: [
      { name: "50 GB", price: 19, original: 60 },
      { name: "200 GB", price: 49, original: 180 },
      { name: "1 TB", price: 99, original: 480 },
    ],
    start: -20,
    features: [],
    attrs: [],
    images: 0,
    extra: { dealStatus: "Private", refundableDays: 0 },
  },
];

export type DealAggregates = {
  reviewCount: number;
  reviewCount1: number;
  reviewCount2: number;
  reviewCount3: number;
  reviewCount4: number;
  reviewCount5: number;
  ratingSum: number;
  averageRating: number;
  commentCount: number;
};

export type SeededPlan = {
  id: number;
  tier: number;
  name: string;
  priceCents: number;
  originalPriceCents: number;
};
export type SeededDeal = {
  id: number;
  slug: string;
  spec: DealSpec;
  start: Date | null;
  plans: SeededPlan[];
};

export const dealStart = (spec: DealSpec, time: Timeline): Date | null =>
  spec.start == null ? null : time.at(spec.start);

export async function seedDeals(
  tx: Tx,
  time: Timeline,
  taxonomy: TaxonomyIds,
  aggregates: ReadonlyMap<string, DealAggregates>,
  extras: {
    videoCollectionIds: ReadonlyMap<string, number>;
    reviewsSummaries: ReadonlyMap<string, string>;
  },
): Promise<Map<string, SeededDeal>> {
  const specs = [...DEALS, ...ADDON_DEALS];
  const rows: NewDeal[] = specs.map((s) => {
    const [group, category, sub] = s.tax.split("/");
    const start = dealStart(s, time);
    const end = s.end == null ? null : time.at(s.end);
    const summary = extras.reviewsSummaries.get(s.slug) ?? null;
    return {
      slug: s.slug,
      name: s.name,
      publicName: s.name,
      cardDescription: s.card,
      mediaUrl: demoImage(s.slug),
      productLogo: demoImage(`logo-${s.slug}`),
      productLogoLong: demoImage(`logo-long-${s.slug}`),
      darkLogoLong: demoImage(`logo-long-dark-${s.slug}`),
      productUrl: `https://${s.slug.replace(/-/g, "")}.example.com`,
      listingType: s.listing,
      startDate: start,
      endDate: end,
      schemaEndDate: end,
      nextStageStartDate:
        s.extra?.nextStage === undefined || s.extra.nextStage === null
          ? null
          : s.extra.nextStage === "live"
            ? start && start > time.now
              ? start
              : null
            : end,
      currentStage: start && start > time.now ? "coming_soon" : "live",
      terms: [
        `Lifetime access to ${s.name}`,
        "You must redeem your code within 60 days of purchase",
        "All future updates to the plan you buy",
      ],
      reviewsSummary: summary,
      reviewsSummaryUpdatedAt: summary ? time.ago(1) : null,
      ...aggregates.get(s.slug),
      groupId: group ? get(taxonomy.groups, group, "group") : null,
      categoryId: category ? get(taxonomy.categories, `${group}/${category}`, "category") : null,
      subcategoryId: sub
        ? get(taxonomy.subcategories, `${group}/${category}/${sub}`, "subcategory")
        : null,
      videoCollectionId: extras.videoCollectionIds.get(s.slug) ?? null,
      createdAt: start && start < time.now ? time.at((s.start ?? 0) - 7) : time.ago(7),
      updatedAt: time.ago(1),
      ...s.extra,
    };
  });
  const dealRows = await tx
    .insert(deals)
    .values(rows)
    .returning({ id: deals.id, slug: deals.slug });
  const dealIds = new Map(dealRows.map((r) => [r.slug, r.id]));

  const planSpecs = specs.flatMap((s) => s.plans.map((p, i) => ({ s, p, i })));
  const planRows = await tx
    .insert(plans)
    .values(
      planSpecs.map(({ s, p, i }) => ({
        dealId: get(dealIds, s.slug),
        publicName: p.name,
        tier: i + 1,
        priceCents: cents(p.price),
        originalPriceCents: cents(p.original),
        planType: p.type ?? "lifetime_deal",
        access: p.access ?? "lifetime",
        interval: p.interval ?? null,
        intervalCount: p.interval ? 1 : null,
        highlight: p.highlight ?? false,
        isPlusTier: p.plusTier ?? false,
        isFree: p.free ?? p.price === 0,
        isActive: p.active ?? true,
        position: i,
      })),
    )
    .returning({
      id: plans.id,
      tier: plans.tier,
      publicName: plans.publicName,
      priceCents: plans.priceCents,
      originalPriceCents: plans.originalPriceCents,
    });

  const seeded = new Map<string, SeededDeal>();
  for (const s of specs) {
    seeded.set(s.slug, {
      id: get(dealIds, s.slug),
      slug: s.slug,
      spec: s,
      start: dealStart(s, time),
      plans: [],
    });
  }
  planSpecs.forEach(({ s }, i) => {
    const r = planRows[i];
    if (!r) throw new Error("seed: plan rows out of step");
    get(seeded, s.slug).plans.push({
      id: r.id,
      tier: r.tier,
      name: r.publicName,
      priceCents: r.priceCents,
      originalPriceCents: r.originalPriceCents,
    });
  });

  // Products, stories and their hero galleries (public deals only).
  const withStory = DEALS;
  const productRows = await tx
    .insert(products)
    .values(
      withStory.map((s) => ({
        dealId: get(dealIds, s.slug),
        name: s.name,
        internalProductTags: s.tags ?? [s.tax.split("/").at(-1) ?? "software"],
      })),
    )
    .returning({ id: products.id });
  const storyRows = await tx
    .insert(stories)
    .values(
      withStory.map((s, i) => ({
        productId: productRows[i]?.id as number,
        valueProp: s.valueProp,
        subheader: s.subheader,
        metaTitle: `${s.name}: ${s.subheader} | Payonce`,
        cardDescription: s.card,
        body: `<p>${s.card}.</p><ul>${s.features.map((f) => `<li>${f}</li>`).join("")}</ul>`,
      })),
    )
    .returning({ id: stories.id });
  const imageRows = withStory.flatMap((s, i) =>
    Array.from({ length: s.images ?? 3 }, (_, n) => ({
      storyId: storyRows[i]?.id as number,
      image: demoImage(`${s.slug}-${n + 1}`),
      altText: `${s.name} screenshot ${n + 1}`,
      position: n,
    })),
  );
  await tx.insert(storyImages).values(imageRows);

  // Core features (bullets) of every deal; taskflow's plan comparison is in taskflow.ts.
  const featureRows = DEALS.flatMap((s) =>
    s.features.map((feature, i) => ({
      dealId: get(dealIds, s.slug),
      section: "core" as const,
      feature,
      position: i,
    })),
  );
  await tx.insert(dealFeatures).values(featureRows);

  const attrRows = DEALS.flatMap((s) =>
    s.attrs.map((a, i) => ({
      dealId: get(dealIds, s.slug),
      attributeId: get(taxonomy.attributes, a, "attribute"),
      position: i,
    })),
  );
  await tx.insert(dealAttributeValues).values(attrRows);

  return seeded;
}
