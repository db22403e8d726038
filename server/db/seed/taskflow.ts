import {
  addonAssociations,
  addonFeatures,
  addonPrimaryPlanValues,
  addonValues,
  badges,
  companyCards,
  dealFeatureEntries,
  dealFeatures,
  faqs,
  founderPosts,
  founders,
  staffMessages,
  testimonials,
  videoCollections,
  videos,
} from "../schema";
import type { SeededDeal } from "./deals";
import { demoImage, get, type Timeline, type Tx } from "./util";

// The flagship deal's rich content: plan comparison, add-ons, FAQs, founder posts, company card,
// videos, staff messages, testimonials and badges (a few of the last also for pixelforge).

const VIDEO_COLLECTIONS: {
  slug: string;
  label: string;
  videos: [id: string, title: string, user: string][];
}[] = [
  {
    slug: "taskflow",
    label: "See TaskFlow in action",
    videos: [
      ["tf-tour", "A 5-minute tour of TaskFlow", "TaskFlow"],
      ["tf-automations", "Build your first automation", "TaskFlow"],
      ["tf-client-portal", "Set up a client portal", "TaskFlow"],
      ["tf-gantt", "Planning with Gantt charts and dependencies", "Payonce"],
    ],
  },
  {
    slug: "pixelforge",
    label: "PixelForge walkthroughs",
    videos: [
      ["pf-tour", "PixelForge in 3 minutes", "PixelForge"],
      ["pf-brand-kit", "Create a brand kit", "PixelForge"],
      ["pf-resize", "Resize a design for every network", "Payonce"],
    ],
  },
];

/** Video collections go in before the deals, which point at them. Returns deal slug -> collection id. */
export async function seedVideoCollections(tx: Tx, time: Timeline): Promise<Map<string, number>> {
  const rows = await tx
    .insert(videoCollections)
    .values(VIDEO_COLLECTIONS.map((c) => ({ label: c.label, createdAt: time.ago(20) })))
    .returning({ id: videoCollections.id });
  await tx.insert(videos).values(
    VIDEO_COLLECTIONS.flatMap((c, i) =>
      c.videos.map(([videoId, title, username], n) => ({
        collectionId: rows[i]?.id as number,
        videoId,
        title,
        // Short clips with a poster frame each, committed in server/db/seed/media/
        // (scripts/make-demo-videos.sh).
        src: `/media/demo/${videoId}.mp4`,
        alt: title,
        thumbnail: `/media/demo/${videoId}.jpg`,
        publishedAt: time.ago(20 - n * 3),
        username,
        position: n,
      })),
    ),
  );
  return new Map(VIDEO_COLLECTIONS.map((c, i) => [c.slug, rows[i]?.id as number]));
}

/** [feature, tooltip, entries for tiers 1..3, highlight (new)] */
const PLAN_FEATURES: [string, string | null, (boolean | string)[], boolean?][] = [
  ["Workspaces", "Separate spaces for teams or clients", ["1", "3", "Unlimited"]],
  ["Team members", "Guests and clients are free", ["5", "15", "50"]],
  ["Projects and tasks", null, ["Unlimited", "Unlimited", "Unlimited"]],
  [
    "Automation runs per month",
    "A run is one rule firing and performing its actions",
    ["1,000", "5,000", "25,000"],
  ],
  ["File storage", null, ["25 GB", "100 GB", "500 GB"]],
  ["Gantt charts and dependencies", null, [true, true, true]],
  ["Client portals", null, [true, true, true]],
  ["Time tracking and timesheets", null, [false, true, true]],
  ["Workload view", null, [false, true, true]],
  [
    "Custom domain and branding",
    "Use your own domain and logo on client portals",
    [false, false, true],
    true,
  ],
  ["Priority support", null, [false, false, true]],
];

const COMMON_FEATURES = [
  "Lifetime access to TaskFlow",
  "All future Pro plan updates",
  "iOS, Android and desktop apps",
  "Import from Asana, Trello and monday.com",
  "REST API and webhooks",
];

const FAQS: [string, string][] = [
  [
    "What happens after I buy?",
    "You'll get a licence code on your Products page. Redeem it at taskflow.example.com/redeem within 60 days to activate your lifetime plan.",
  ],
  [
    "Can I upgrade or downgrade my tier?",
    "Yes. Within 60 days of purchase you can move between tiers from your Products page and only pay the difference.",
  ],
  [
    "Is this a subscription?",
    "No. You pay once and keep access for the lifetime of the product, including all future Pro plan updates.",
  ],
  [
    "What is your refund policy?",
    "Every purchase is covered by a 60-day money-back guarantee, for any reason.",
  ],
  [
    "Do guests and clients count toward the member limit?",
    "No. Guests and client-portal users are free and unlimited on every tier.",
  ],
  [
    "Can I buy add-ons later?",
    "Yes. Add-ons such as extra seats and storage can be added to an existing purchase at any time.",
  ],
  [
    "Where is my data stored?",
    "In the EU (Frankfurt) or the US (Virginia), your choice. Backups are encrypted and kept for 30 days.",
  ],
];

const POSTS: [daysAgo: number, title: string, message: string][] = [
  [
    19,
    "Welcome, Payonce community!",
    "Hi everyone, Maya here, co-founder of TaskFlow. We built TaskFlow because we were tired of paying per seat for tools our clients never used. Ask us anything in the questions tab: we read every one.",
  ],
  [
    16,
    "Importers for Asana and monday.com are live",
    "Thanks to your feedback, you can now import projects from Asana and monday.com with one click. Assignees, subtasks and due dates come along.",
  ],
  [
    13,
    "Version 2.4: sync fixes and faster boards",
    "We fixed the offline sync issue some of you hit and boards with 500+ cards now load twice as fast.",
  ],
  [
    10,
    "Roadmap: what's next",
    "Next up: critical path on the Gantt view, improved reporting, and advanced permissions for larger teams. Vote on the roadmap from the Help menu.",
  ],
  [
    7,
    "Critical path is in beta",
    "Critical path highlighting is now in beta for everyone on Tier 2 and 3. Turn it on from Settings > Labs.",
  ],
  [
    4,
    "New automation triggers",
    "Five new triggers: form submitted, time logged, due date passed, client approved and file uploaded.",
  ],
  [
    1,
    "Thank you for 30+ reviews!",
    "We're humbled by the reviews so far. Keep the feedback coming: the mobile app overhaul is based on your comments.",
  ],
];

export async function seedTaskflowContent(
  tx: Tx,
  time: Timeline,
  deals: ReadonlyMap<string, SeededDeal>,
  userIds: ReadonlyMap<string, number>,
): Promise<void> {
  const taskflow = get(deals, "taskflow", "deal");
  const pixelforge = get(deals, "pixelforge", "deal");
  const tiers = taskflow.plans;
  const partnerId = get(userIds, "taskflow-founder");

  // Plan comparison and common features.
  const featureRows = await tx
    .insert(dealFeatures)
    .values([
      ...PLAN_FEATURES.map(([feature, tooltip, , highlight], i) => ({
        dealId: taskflow.id,
        section: "plan" as const,
        feature,
        tooltip,
        position: i,
        highlight: highlight ?? false,
      })),
      ...COMMON_FEATURES.map((feature, i) => ({
        dealId: taskflow.id,
        section: "common" as const,
        feature,
        position: i,
      })),
    ])
    .returning({ id: dealFeatures.id });
  await tx.insert(dealFeatureEntries).values(
    PLAN_FEATURES.flatMap(([, , entries], i) =>
      tiers.map((plan, t) => ({
        featureId: featureRows[i]?.id as number,
        planId: plan.id,
        entry: entries[t] ?? false,
      })),
    ),
  );

  // Add-ons: a boolean, a linear range and custom values, for each of the three tiers.
  const ai = get(deals, "taskflow-ai-assistant");
  const seats = get(deals, "taskflow-extra-seats");
  const storage = get(deals, "taskflow-storage");
  const aiPlan = ai.plans[0];
  const seatPlan = seats.plans[0];
  if (!aiPlan || !seatPlan) throw new Error("seed: add-on plans missing");
  const featureIds = await tx
    .insert(addonFeatures)
    .values([
      {
        dealId: taskflow.id,
        feature: "AI Assistant",
        tooltip: "AI task breakdowns, summaries and status updates",
        position: 0,
      },
      {
        dealId: taskflow.id,
        feature: "Extra seats",
        tooltip: "Add team members in packs of 5",
        position: 1,
      },
      {
        dealId: taskflow.id,
        feature: "Extra storage",
        tooltip: "More space for files and attachments",
        position: 2,
      },
    ])
    .returning({ id: addonFeatures.id });
  const [aiFeature, seatFeature, storageFeature] = featureIds.map((r) => r.id) as [
    number,
    number,
    number,
  ];
  const ppvSpecs = tiers.flatMap((plan, t) => [
    {
      key: "ai",
      plan,
      t,
      row: {
        addonFeatureId: aiFeature,
        primaryPlanId: plan.id,
        valueType: "boolean" as const,
        position: 0,
      },
    },
    {
      key: "seats",
      plan,
      t,
      row: {
        addonFeatureId: seatFeature,
        primaryPlanId: plan.id,
        valueType: "linear_range" as const,
        rangeMinValue: 0,
        rangeMaxValue: 50,
        rangeDivisor: 5,
        rangeUnitName: "seats",
        position: 1,
      },
    },
    {
      key: "storage",
      plan,
      t,
      row: {
        addonFeatureId: storageFeature,
        primaryPlanId: plan.id,
        valueType: "custom_values" as const,
        position: 2,
      },
    },
  ]);
  const ppvRows = await tx
    .insert(addonPrimaryPlanValues)
    .values(ppvSpecs.map((s) => s.row))
    .returning({ id: addonPrimaryPlanValues.id });
  const SEAT_TIERS: [qty: number, price: number][] = [
    [5, 2500],
    [10, 4500],
    [20, 8000],
    [50, 18000],
  ];
  const values: (typeof addonValues.$inferInsert)[] = [];
  const assoc: (typeof addonAssociations.$inferInsert)[] = [];
  ppvSpecs.forEach((s, i) => {
    const ppv = ppvRows[i]?.id as number;
    const top = s.t === tiers.length - 1;
    if (s.key === "ai") {
      values.push({
        primaryPlanValueId: ppv,
        name: "AI Assistant",
        quantityValue: 1,
        planId: s.plan.id,
        addonPlanId: aiPlan.id,
        totalPriceCents: top ? 0 : aiPlan.priceCents,
        totalBasePriceCents: aiPlan.originalPriceCents,
      });
      assoc.push({
        primaryPlanValueId: ppv,
        addonDealId: ai.id,
        addonPlanId: aiPlan.id,
        purchaseState: top ? "included_free" : "for_purchase",
        addonPriceCents: top ? 0 : aiPlan.priceCents,
      });
    } else if (s.key === "seats") {
      SEAT_TIERS.forEach(([qty, price], n) => {
        values.push({
          primaryPlanValueId: ppv,
          name: `${qty} seats`,
          quantityValue: qty,
          planId: s.plan.id,
          addonPlanId: seatPlan.id,
          totalPriceCents: price,
          totalBasePriceCents: (qty / 5) * seatPlan.originalPriceCents,
          position: n,
        });
      });
      assoc.push({
        primaryPlanValueId: ppv,
        addonDealId: seats.id,
        addonPlanId: seatPlan.id,
        purchaseState: "for_purchase",
        addonPriceCents: seatPlan.priceCents,
        isLicensing: true,
      });
    } else {
      storage.plans.forEach((sp, n) => {
        values.push({
          primaryPlanValueId: ppv,
          name: sp.name,
          quantityValue: n + 1,
          planId: s.plan.id,
          addonPlanId: sp.id,
          totalPriceCents: sp.priceCents,
          totalBasePriceCents: sp.originalPriceCents,
          position: n,
        });
        // Storage is the non-refundable add-on.
        assoc.push({
          primaryPlanValueId: ppv,
          addonDealId: storage.id,
          addonPlanId: sp.id,
          purchaseState: "for_purchase",
          addonPriceCents: sp.priceCents,
          isRefundable: false,
        });
      });
    }
  });
  await tx.insert(addonValues).values(values);
  await tx.insert(addonAssociations).values(assoc);

  await tx
    .insert(faqs)
    .values(
      FAQS.map(([question, answer], i) => ({ dealId: taskflow.id, question, answer, position: i })),
    );
  await tx.insert(founderPosts).values(
    POSTS.map(([days, title, message]) => ({
      dealId: taskflow.id,
      authorUserId: partnerId,
      title,
      message,
      createdAt: time.ago(days, 2),
      modifiedAt: time.ago(days, 2),
    })),
  );

  const manager = {
    name: "Maya Chen",
    avatar: demoImage("avatar-taskflow-founder"),
    profile: "/profile/taskflow-founder/",
    linkedIn: "https://www.linkedin.com/in/example-maya-chen",
    title: "Co-founder & CEO",
  };
  const links = {
    website: "https://taskflow.example.com",
    twitter: "https://x.com/taskflow_example",
    linkedin: "https://www.linkedin.com/company/taskflow-example",
    youtube: "https://www.youtube.com/@taskflow-example",
    facebook: "https://www.facebook.com/taskflow.example",
    tiktok: "https://www.tiktok.com/@taskflow.example",
  };
  await tx
    .insert(founders)
    .values({ dealId: taskflow.id, headquarters: "Austin, Texas", links, manager });
  await tx.insert(companyCards).values({
    dealId: taskflow.id,
    logo: demoImage("logo-taskflow"),
    companyName: "TaskFlow Labs, Inc.",
    foundedDate: "2019",
    location: "Austin, Texas, United States",
    employeeCount: "11-50",
    companyType: "Private",
    fundingStage: "Bootstrapped",
    verifiedBy: "Payonce",
    manager,
    socialLinks: links,
  });

  const staffAuthor = {
    name: "Sam Rivera",
    avatar: demoImage("avatar-payonce-staff"),
    title: "Community Manager",
  };
  await tx.insert(staffMessages).values([
    {
      dealId: taskflow.id,
      title: "Why we picked TaskFlow",
      message:
        "We tested TaskFlow with our own marketing team for a month before launching this deal. The client portal and automations won us over.",
      startDate: time.ago(20),
      userGroup: "all",
      author: staffAuthor,
      ctaText: "Read the questions",
      ctaUrl: "/products/taskflow/questions/",
    },
    {
      dealId: taskflow.id,
      title: "Redeem your code",
      message:
        "Thanks for buying TaskFlow! Redeem your licence within 60 days from your Products page to lock in lifetime access.",
      // Newer than the message for all: a buyer's page shows this one.
      startDate: time.ago(19),
      userGroup: "paid",
      author: staffAuthor,
      ctaText: "Go to my products",
      ctaUrl: "/account/products/",
    },
    {
      dealId: taskflow.id,
      title: "A Plus perk for you",
      message: "As a Plus member you get the AI Assistant add-on at an extra 10% off.",
      startDate: time.ago(5),
      userGroup: "paid_plus",
      author: staffAuthor,
    },
  ]);

  await tx.insert(testimonials).values([
    {
      dealId: taskflow.id,
      rating: 5,
      title: "Our agency's operating system",
      description:
        "TaskFlow replaced Asana and Harvest for our 12-person agency. Clients love the portal.",
      userName: "Harper Quinn",
      userAvatar: demoImage("avatar-harper-quinn"),
      userVerified: true,
      postDate: time.ago(15),
      isProductReview: true,
      position: 0,
    },
    {
      dealId: taskflow.id,
      rating: 5,
      title: "Automations save hours",
      description:
        "I set up six automations in an afternoon and they save my team hours every week.",
      userName: "Devon Ellis",
      userAvatar: demoImage("avatar-devon-ellis"),
      userVerified: true,
      postDate: time.ago(11),
      isProductReview: true,
      position: 1,
    },
    {
      dealId: taskflow.id,
      rating: 4,
      title: "Great Trello upgrade",
      description: "Everything I liked about Trello, plus Gantt charts and time tracking.",
      userName: "Morgan Avery",
      userVerified: false,
      postDate: time.ago(60),
      sourceImg: demoImage("source-capterra"),
      position: 2,
    },
    {
      dealId: taskflow.id,
      rating: 5,
      title: "Support that cares",
      description:
        "Founders answered my feature request within hours and shipped it two weeks later.",
      userName: "Jamie Fox",
      userVerified: false,
      postDate: time.ago(90),
      sourceImg: demoImage("source-g2"),
      position: 3,
    },
    {
      dealId: pixelforge.id,
      rating: 5,
      title: "Canva for marketers",
      description: "PixelForge's brand kits keep all our social graphics consistent.",
      userName: "Alex Rowe",
      userVerified: true,
      postDate: time.ago(8),
      isProductReview: true,
      position: 0,
    },
    {
      dealId: pixelforge.id,
      rating: 4,
      title: "Fast resizing",
      description: "One click and the design is ready for every network.",
      userName: "Sam Park",
      userVerified: false,
      postDate: time.ago(30),
      sourceImg: demoImage("source-g2"),
      position: 1,
    },
    {
      dealId: pixelforge.id,
      rating: 5,
      description: "The AI background remover alone is worth the price.",
      userName: "Robin Hale",
      userVerified: true,
      postDate: time.ago(5),
      isProductReview: true,
      position: 2,
    },
  ]);
  await tx.insert(badges).values([
    {
      dealId: taskflow.id,
      image: demoImage("badge-payonce-reviews"),
      title: "Loved by Payonce buyers",
      description: "Rated by verified buyers",
      url: "/products/taskflow/reviews/",
      useDealReviews: true,
      position: 0,
    },
    {
      dealId: taskflow.id,
      image: demoImage("badge-g2"),
      title: "G2 High Performer",
      description: "Project management, small business",
      url: "https://www.g2.com/",
      reviews: { rating: 4.7, max_rating: 5, count: 312 },
      position: 1,
    },
    {
      dealId: pixelforge.id,
      image: demoImage("badge-capterra"),
      title: "Capterra Best Value",
      reviews: { rating: 4.6, max_rating: 5, count: 148 },
      position: 0,
    },
  ]);
}
