import {
  type AnswerType,
  type CommentKind,
  type CommentStatus,
  comments,
  commentVotes,
  type NewComment,
} from "../schema";
import { COMMUNITY_USERNAMES } from "./accounts";
import type { DealAggregates } from "./deals";
import type { PlannedOrder } from "./purchases";
import { DAY_MS, get, HOUR_MS, must, prng, type Timeline, type Tx } from "./util";

/**
 * Reviews, questions, replies and votes. The threads are planned first as plain data; the deal
 * aggregates (review counts, average rating, comment_count) and the comment aggregates
 * (up_votes, reply_count, founder-reply flags, last_reply_at) are computed from the same plan, so
 * they always equal what the inserted rows imply.
 */
export type Node = {
  kind: CommentKind;
  deal: string;
  author: string;
  title: string | null;
  comment: string;
  rating: number | null;
  status: CommentStatus;
  answerType: AnswerType | null;
  createdAt: Date;
  voters: string[];
  children: Node[];
  /** A declined item's reason from the moderator, shown to its author (decision 067). */
  moderationReason?: string;
};

const PARTNER = "taskflow-founder";
const STAFF = "payonce-staff";
export const REVIEWER = "demo-reviewer";

// --- text pools --------------------------------------------------------------------------------

const REVIEW_TITLES: Record<number, string[]> = {
  5: [
    "Replaced three tools for our agency",
    "Best lifetime deal I've bought this year",
    "Finally, project management that sticks",
    "Incredible value for a small team",
    "Our whole studio runs on it now",
    "Five tacos, no hesitation",
    "Clean, fast, and the founders listen",
    "Exactly what my team needed",
    "Worth every penny",
    "Asana power without the monthly bill",
    "The automations are a game changer",
    "Onboarded my team in an afternoon",
    "Stacked Tier 2 and have zero regrets",
    "The roadmap actually ships",
    "Saves us hours every week",
  ],
  4: [
    "Great tool with a few rough edges",
    "Solid Trello alternative",
    "Very good, the mobile app needs polish",
    "Love the Gantt view",
    "Strong start, excited for the roadmap",
    "Great value for freelancers",
    "Does 90% of what we need",
    "Reliable and improving every week",
    "Almost perfect",
    "Nice balance of power and simplicity",
  ],
  3: [
    "Decent, but not quite there yet",
    "Good core, missing integrations",
    "Fine for solo use",
    "Mixed feelings so far",
  ],
  2: ["Too many bugs for daily use right now", "Responsive support, immature product"],
  1: ["Not built for larger teams", "Refunded after a week"],
};

const REVIEW_OPENERS: Record<number, string[]> = {
  5: [
    "We moved four client projects over in the first week and haven't looked back.",
    "I've tried every project tool on the market and this is the first one my whole team actually uses.",
    "Setup took less than an hour, including importing everything from Trello.",
    "This replaced our Asana subscription and a separate time tracker.",
  ],
  4: [
    "Overall a really solid product that covers almost everything we need.",
    "I've been using it daily for two weeks now and I'm impressed.",
    "Very happy with the purchase, with a couple of small caveats.",
  ],
  3: [
    "The basics are good, but I keep running into missing pieces.",
    "It works, but it isn't a full replacement for our old tool yet.",
  ],
  2: ["I really wanted to like this, but I hit too many issues to rely on it."],
  1: ["Unfortunately this didn't work out for us."],
};

const REVIEW_MIDDLES = [
  "The Gantt chart is smooth even with a few hundred tasks, and dependencies just work.",
  "Client portals are the killer feature: clients approve deliverables without needing an account.",
  "Automations like 'when status changes to Review, assign to QA' save us hours every week.",
  "The built-in time tracking means we finally bill every hour we work.",
  "The Slack integration posts exactly the updates we care about, nothing more.",
  "Recurring tasks and templates make onboarding new clients a two-click job.",
  "The workload view helped us spot that one designer had twice the work of everyone else.",
  "Search is fast and finds comments and attachments, not just task titles.",
  "Importing from Trello kept our labels, checklists and due dates.",
  "The mobile app is usable for quick updates, though not for heavy planning.",
];

const REVIEW_CLOSERS: Record<number, string[]> = {
  5: [
    "Easily the best purchase I've made here. Highly recommended!",
    "If you're on the fence, just grab it.",
    "Five tacos, and I'd give six if I could.",
  ],
  4: [
    "A few rough edges, but the team ships fixes fast. Four tacos for now.",
    "Would be five tacos with better reporting.",
  ],
  3: [
    "I'll revisit my rating once the roadmap items land.",
    "Good for the price, but manage your expectations.",
  ],
  2: ["I'm keeping it for now and hoping the next releases fix these problems."],
  1: [
    "We need proper permissions for 40+ people and it just isn't there. Refund was quick, at least.",
    "Sync issues lost two of our task updates. Refund processed without fuss.",
  ],
};

const FOUNDER_REVIEW_REPLIES: Record<number, string[]> = {
  5: [
    "Thank you so much for the kind words! It means a lot to our small team. Let us know if there is anything we can do better.",
    "Wow, thanks! We're thrilled TaskFlow is saving you time. More automation triggers are coming next month.",
    "This made our day. Thanks for being part of the TaskFlow community!",
  ],
  4: [
    "Thanks for the great review! The mobile app overhaul is on the roadmap for this quarter, we'd love your feedback when it lands.",
    "Thank you! Improved reporting is our next big release. Hope we can earn that fifth taco soon.",
  ],
  3: [
    "Thanks for the honest feedback. Could you tell us which integrations you're missing? We prioritise the roadmap by requests like yours.",
  ],
  2: [
    "Sorry about the trouble. We've fixed the sync bug in version 2.4, and our support team will reach out to make sure everything works for you.",
  ],
  1: [
    "We're sorry TaskFlow wasn't the right fit. Advanced permissions for large teams are in development, and we hope you'll give us another look when they ship.",
  ],
};

const USER_REVIEW_REPLIES = [
  "Totally agree, the client portal alone was worth it for us.",
  "Same experience here. Support fixed my issue within a day.",
  "Thanks for the detailed review, this helped me decide on Tier 2.",
];

/** [title, question, founder answer or null (unanswered)] */
const TASKFLOW_QUESTIONS: [string, string, string | null][] = [
  [
    "Is there a limit on the number of projects?",
    "Does Tier 1 cap how many projects I can create?",
    "No limits on projects in any tier. Tiers differ in workspaces, members and automation runs.",
  ],
  [
    "Can I import from Asana?",
    "We have about 60 projects in Asana. Is there an importer?",
    "Yes! There's a one-click importer for Asana, Trello, monday.com and CSV. It keeps assignees, due dates and subtasks.",
  ],
  [
    "Does it have a Gantt chart with dependencies?",
    "I need finish-to-start dependencies and a critical path.",
    "Yes, Gantt with all four dependency types is included in every tier. Critical path highlighting ships next month.",
  ],
  [
    "Is there a mobile app?",
    "Looking for iOS and Android apps.",
    "Both iOS and Android apps are included for every tier.",
  ],
  [
    "Are future updates included?",
    "Will I get new features added to the Pro plan later?",
    "Yes, all future Pro plan updates are included in the lifetime deal.",
  ],
  [
    "Can clients see only their own projects?",
    "I'd like to invite clients without exposing other clients' work.",
    "Yes. Client portals are scoped per client and guests never count toward your member limit.",
  ],
  [
    "How do automations count?",
    "What counts as one automation run?",
    "Every time a rule fires and performs its actions it counts as one run. Runs reset on the first of each month.",
  ],
  [
    "Is there an API?",
    "We want to sync tasks with our internal tools.",
    "Yes, a REST API and webhooks are available on all tiers. Docs are at taskflow.example.com/api.",
  ],
  [
    "GDPR and data location?",
    "Where is data hosted? We're in the EU.",
    "We host in Frankfurt for EU customers and are fully GDPR compliant. A DPA is available on request.",
  ],
  [
    "Can I stack codes?",
    "Can I buy more than Tier 3?",
    "Tier 3 is the maximum for this deal. If you need more, reach out and we'll talk about a custom plan.",
  ],
  [
    "Does it integrate with Google Calendar?",
    "Two-way sync would be ideal.",
    "Two-way Google Calendar sync is included. Outlook is on the roadmap.",
  ],
  [
    "Time tracking in Tier 1?",
    "The plan table says time tracking starts at Tier 2. Is there any way to get it on Tier 1?",
    "Time tracking is Tier 2 and up, but you can upgrade tiers any time within 60 days and only pay the difference.",
  ],
  [
    "White-label portal?",
    "Can I use my own domain and logo for the client portal?",
    "Custom domain and branding are available in Tier 3.",
  ],
  [
    "Recurring tasks?",
    "Can tasks repeat on custom schedules like 'every second Tuesday'?",
    "Yes, recurring tasks support custom schedules including nth weekday of the month.",
  ],
  [
    "Offline mode?",
    "Does the desktop app work offline?",
    "The desktop app caches your projects and syncs changes when you're back online.",
  ],
  [
    "Guest users",
    "Do guests count as team members?",
    "Guests are free and unlimited in every tier.",
  ],
  [
    "SSO support?",
    "Do you support Google or Microsoft login?",
    "Google and Microsoft sign-in are included. SAML SSO is on the roadmap for later this year.",
  ],
  [
    "How about file storage?",
    "How much storage is included?",
    "Tier 1 includes 25 GB, Tier 2 100 GB and Tier 3 500 GB. You can add more with the storage add-on.",
  ],
  [
    "Zapier integration?",
    "Is Zapier supported on the lifetime plans?",
    "Yes, the Zapier app works with every tier.",
  ],
  [
    "Can I upgrade later?",
    "If I buy Tier 1 now, can I upgrade after the deal ends?",
    "You can upgrade within your 60-day refund window. After that, contact support and we'll help.",
  ],
  [
    "Subtasks and checklists?",
    "How deep can subtasks go?",
    "Subtasks can nest up to five levels, and any task can have checklists.",
  ],
  [
    "Reporting and dashboards?",
    "Can I build custom dashboards for clients?",
    "You can build dashboards with charts and share them read-only. Custom report builder is coming soon.",
  ],
  [
    "Is the AI assistant included?",
    "Do I need to pay extra for the AI features?",
    "The AI Assistant add-on is included free in Tier 3 and can be added to Tier 1 and 2 from the pricing card.",
  ],
  ["Two-factor authentication?", "Security is important for our clients.", null],
  ["Does it support multiple languages?", "Our team works in English and Spanish.", null],
  ["Kanban WIP limits?", "Can I set work-in-progress limits per column?", null],
  ["Markdown in task descriptions?", "Do descriptions support markdown and code blocks?", null],
];

const PENDING_QUESTIONS: [string, string][] = [
  ["Can I migrate from Basecamp?", "Is there an importer for Basecamp 3 projects?"],
  ["Does Tier 2 include the client portal?", "Just want to double-check before buying."],
];

const STAFF_ANSWERS = [
  "Adding to the founders' answer: every Payonce purchase comes with a 60-day money-back guarantee, so you can try this risk-free.",
  "Hi from the Payonce team! You can upgrade or downgrade tiers from your account's products page within 60 days of purchase.",
];

const USER_QUESTION_REPLIES = [
  "I imported 40 projects from Asana last week and it went smoothly.",
  "Can confirm, I'm using it on both iPhone and Android without issues.",
  "Following, I have the same question.",
];

const GENERIC_REVIEWS: Record<number, [string, string][]> = {
  5: [
    [
      "Exceeded my expectations",
      "{name} does exactly what it promises and the onboarding was painless. Already recommended it to two friends.",
    ],
    [
      "A steal at this price",
      "I was paying monthly for a worse tool. {name} is faster and the support team replies within hours.",
    ],
    [
      "Instant favourite",
      "Been using {name} daily since I bought it. Polished, reliable and clearly built by people who care.",
    ],
    [
      "Paid for itself in a month",
      "{name} replaced a subscription I was paying for every month. Same features, one payment, no regrets.",
    ],
  ],
  4: [
    [
      "Very good, small gaps",
      "{name} covers nearly everything I need. A couple of features are missing, but the roadmap looks promising.",
    ],
    [
      "Great value",
      "Solid product for the price. The interface takes a day to get used to, then it flies.",
    ],
    [
      "Does the job well",
      "{name} handles the everyday work without fuss. I'd like a few more export options, but it's a keeper.",
    ],
  ],
  3: [
    [
      "It's okay",
      "{name} works, but I expected more integrations. Keeping it for now to see how it develops.",
    ],
  ],
  2: [
    [
      "Not ready yet",
      "Too many rough edges in {name} for me to rely on it. Support was kind, though.",
    ],
  ],
};

const OTHER_REVIEWS: [slug: string, ratings: number[]][] = [
  ["pixelforge", [5, 5, 4, 4, 5, 3]],
  ["quickcrm", [5, 4, 4, 5, 2]],
  ["mailbeam", [5, 5, 4, 5, 4, 3, 5, 4]],
  ["postloom", [4, 5, 4, 3]],
  ["rankrocket", [5, 4, 4]],
  ["helpdesko", [5, 5, 4, 4, 5]],
  ["schedulr", [4, 5, 5]],
  ["recast", [5, 4, 3, 4]],
  ["clipwise", [5, 4, 5]],
  ["dormant-db", [4, 3, 5]],
];

const OTHER_QUESTIONS: [
  slug: string,
  title: string,
  question: string,
  staffAnswer: string | null,
][] = [
  [
    "pixelforge",
    "Commercial use?",
    "Can I use the templates for client work?",
    "Yes, everything you create in PixelForge can be used commercially, including for clients.",
  ],
  [
    "pixelforge",
    "Annual vs lifetime?",
    "What's the difference between the annual and lifetime plans?",
    "Lifetime plans are a one-time payment; the annual plans renew each year and include the AI credits pack.",
  ],
  ["pixelforge", "Brand kits per tier?", "How many brand kits do I get in Lifetime Solo?", null],
  [
    "quickcrm",
    "Email sync with Outlook?",
    "Does QuickCRM sync with Outlook 365?",
    "Yes, Gmail and Outlook 365 are both supported for two-way email sync.",
  ],
  ["quickcrm", "Import from spreadsheets?", "Can I import contacts from a CSV?", null],
  [
    "infohub",
    "When will InfoHub be available?",
    "Is this coming back as a deal?",
    "InfoHub is an informational listing for now. Join the waitlist and we'll let you know.",
  ],
  ["infohub", "Does it have a public help centre?", "Can customers search our docs?", null],
  [
    "dormant-db",
    "Is DormantDB still maintained?",
    "The deal is inactive; is the product still supported?",
    "Yes, existing customers are fully supported. New sales are paused for now.",
  ],
];

export const TASKFLOW_REVIEWS_SUMMARY =
  "Reviewers love TaskFlow's client portals, Gantt charts and no-code automations, and many say it replaced two or three subscriptions. " +
  "Setup and imports from Trello and Asana are described as quick. The most common criticisms are a mobile app that needs polish, " +
  "limited reporting and missing permissions for large teams; several reviewers note that the founders reply quickly and ship fixes often.";

// --- planning ------------------------------------------------------------------------------

export type DiscussionPlan = {
  roots: Node[];
  aggregates: Map<string, DealAggregates>;
  /** Orders the review authors placed before reviewing (a review needs a purchase). */
  orders: PlannedOrder[];
  reviewsSummaries: Map<string, string>;
};

const node = (
  n: Omit<Node, "children" | "voters"> & Partial<Pick<Node, "children" | "voters">>,
): Node => ({
  children: [],
  voters: [],
  ...n,
});

export function planDiscussions(
  time: Timeline,
  dealStarts: ReadonlyMap<string, Date | null>,
): DiscussionPlan {
  const rand = prng(20240601);
  const roots: Node[] = [];
  const orders: PlannedOrder[] = [];
  const community = COMMUNITY_USERNAMES;
  const earliest = (slug: string): Date => dealStarts.get(slug) ?? time.ago(30);
  // Spread n items between the deal's start (plus a few hours) and now (minus a few hours).
  const spread = (slug: string, i: number, n: number, endDaysAgo = 0.3): Date => {
    const from = earliest(slug).getTime() + 6 * HOUR_MS;
    const to = time.now.getTime() - endDaysAgo * DAY_MS;
    const step = (to - from) / Math.max(n, 1);
    return new Date(Math.round(from + step * i + rand.next() * step * 0.8));
  };
  const after = (d: Date, minHours: number, maxHours: number): Date => {
    const t = d.getTime() + (minHours + rand.next() * (maxHours - minHours)) * HOUR_MS;
    return new Date(Math.min(t, time.now.getTime() - 10 * 60 * 1000));
  };
  const purchaseBefore = (slug: string, d: Date): Date => {
    const start = earliest(slug).getTime();
    const t = d.getTime() - rand.int(6, 60) * HOUR_MS;
    return new Date(Math.max(t, start + (d.getTime() - start) / 3));
  };
  const voters = (author: string, max: number): string[] =>
    rand.sample(
      community.filter((u) => u !== author),
      rand.int(0, max),
    );

  // ---- taskflow reviews ----
  const ratings = [
    ...Array<number>(15).fill(5),
    ...Array<number>(10).fill(4),
    ...Array<number>(3).fill(3),
    ...Array<number>(2).fill(2),
    ...Array<number>(2).fill(1),
  ];
  const order = rand.sample(ratings, ratings.length);
  const used: Record<number, number> = {};
  const reviewText = (rating: number) => {
    const k = used[rating] ?? 0;
    used[rating] = k + 1;
    // Each title once: the pool for a rating has a title for every review of that rating.
    const title = must(REVIEW_TITLES[rating]?.[k], `a ${rating}-taco TaskFlow review title`);
    const comment = [
      rand.pick(REVIEW_OPENERS[rating] ?? [""]),
      rand.pick(REVIEW_MIDDLES),
      rand.pick(REVIEW_MIDDLES),
      rand.pick(REVIEW_CLOSERS[rating] ?? [""]),
    ]
      .filter((s, i, all) => s && all.indexOf(s) === i)
      .join(" ");
    return { title, comment };
  };
  // The reviewer@ account's review is one of the 5-taco reviews, ten days ago.
  const reviewerAt = order.indexOf(5);
  const others = community.slice(0, order.length - 1);
  const reviewAuthors = [...others.slice(0, reviewerAt), REVIEWER, ...others.slice(reviewerAt)];
  order.forEach((rating, i) => {
    const author = reviewAuthors[i] as string;
    const createdAt = author === REVIEWER ? time.ago(10) : spread("taskflow", i, order.length);
    const r = node({
      kind: "review",
      deal: "taskflow",
      author,
      ...reviewText(rating),
      rating,
      status: "approved",
      answerType: null,
      createdAt,
      voters: voters(author, rating >= 4 ? 12 : 6),
    });
    const rr = r.rating as number;
    if (rr <= 3 || rand.chance(0.55)) {
      const founder = node({
        kind: "review",
        deal: "taskflow",
        author: PARTNER,
        title: null,
        comment: rand.pick(FOUNDER_REVIEW_REPLIES[rr] ?? []),
        rating: null,
        status: "approved",
        answerType: "founder_team",
        createdAt: after(createdAt, 2, 20),
        voters: voters(PARTNER, 3),
      });
      r.children.push(founder);
      if (rr === 2) {
        founder.children.push(
          node({
            kind: "review",
            deal: "taskflow",
            author,
            title: null,
            comment:
              "Thanks, 2.4 did fix the sync issue. Will update my review after another week of use.",
            rating: null,
            status: "approved",
            answerType: null,
            createdAt: after(founder.createdAt, 4, 30),
          }),
        );
      }
      if (rr === 1 && !r.children.some((c) => c.answerType === "staff")) {
        r.children.push(
          node({
            kind: "review",
            deal: "taskflow",
            author: STAFF,
            title: null,
            comment:
              "Sorry this one didn't work out! Your refund has been processed, and you're welcome back any time.",
            rating: null,
            status: "approved",
            answerType: "staff",
            createdAt: after(founder.createdAt, 1, 10),
          }),
        );
      }
    }
    if (rr === 5 && i % 9 === 3) {
      r.children.push(
        node({
          kind: "review",
          deal: "taskflow",
          author: community[(i + 17) % community.length] as string,
          title: null,
          comment: rand.pick(USER_REVIEW_REPLIES),
          rating: null,
          status: "approved",
          answerType: null,
          createdAt: after(createdAt, 5, 40),
          voters: voters("", 2),
        }),
      );
    }
    roots.push(r);
  });
  // Pending (3) and declined (1) reviews from further community members.
  const pending: [number, string, string][] = [
    [
      5,
      "Two weeks in and loving it",
      "The client portal won over our biggest client. Automations are easy to set up.",
    ],
    [
      4,
      "Good, but the learning curve is real",
      "Lots of power here. Took me a few days to figure out automations, but worth it.",
    ],
    [2, "Missing features I need", "No SAML SSO and no custom roles yet. Hoping these come soon."],
  ];
  pending.forEach(([rating, title, comment], i) => {
    const author = community[order.length - 1 + i] as string;
    roots.push(
      node({
        kind: "review",
        deal: "taskflow",
        author,
        title,
        comment,
        rating,
        status: "pending",
        answerType: null,
        createdAt: time.ago(0, 20 - i * 5),
      }),
    );
  });
  const declinedAuthor = community[order.length + 2] as string;
  roots.push(
    node({
      kind: "review",
      deal: "taskflow",
      author: declinedAuthor,
      title: "CHECK OUT MY CHANNEL",
      comment: "Best deals and giveaways on my channel, link in bio!!!",
      rating: 1,
      status: "declined",
      answerType: null,
      createdAt: time.ago(3),
      moderationReason: "Reviews are about the product: links and promotions are not allowed.",
    }),
  );
  for (const r of roots) {
    if (r.kind === "review" && r.author !== REVIEWER) {
      orders.push({
        username: r.author,
        at: purchaseBefore("taskflow", r.createdAt),
        items: [{ slug: "taskflow", tier: rand.int(1, 3) }],
      });
    }
  }

  // ---- taskflow questions ----
  const askers = [...community.slice(12), ...community.slice(0, 12)];
  TASKFLOW_QUESTIONS.forEach(([title, comment, answer], i) => {
    const author = i === 4 ? "QAbot" : (askers[i % askers.length] as string);
    const createdAt = spread("taskflow", i, TASKFLOW_QUESTIONS.length, 0.5);
    const q = node({
      kind: "question",
      deal: "taskflow",
      author,
      title,
      comment,
      rating: null,
      status: "approved",
      answerType: null,
      createdAt,
      voters: voters(author, 8),
    });
    if (answer) {
      const founder = node({
        kind: "question",
        deal: "taskflow",
        author: PARTNER,
        title: null,
        comment: answer,
        rating: null,
        status: "approved",
        answerType: "founder_team",
        createdAt: after(createdAt, 1, 18),
        voters: voters(PARTNER, 5),
      });
      q.children.push(founder);
      if (i === 1 || i === 3) {
        q.children.push(
          node({
            kind: "question",
            deal: "taskflow",
            author: community[(i + 5) % community.length] as string,
            title: null,
            comment: USER_QUESTION_REPLIES[i === 1 ? 0 : 1] as string,
            rating: null,
            status: "approved",
            answerType: null,
            createdAt: after(founder.createdAt, 3, 30),
          }),
        );
      }
      if (i === 9 || i === 19) {
        q.children.push(
          node({
            kind: "question",
            deal: "taskflow",
            author: STAFF,
            title: null,
            comment: STAFF_ANSWERS[i === 9 ? 0 : 1] as string,
            rating: null,
            status: "approved",
            answerType: "staff",
            createdAt: after(founder.createdAt, 1, 8),
          }),
        );
      }
      if (i === 2 || i === 17) {
        const follow = node({
          kind: "question",
          deal: "taskflow",
          author,
          title: null,
          comment:
            i === 2
              ? "Great, any ETA on the critical path view?"
              : "Can I buy the storage add-on later, after redeeming?",
          rating: null,
          status: "approved",
          answerType: null,
          createdAt: after(founder.createdAt, 2, 12),
        });
        follow.children.push(
          node({
            kind: "question",
            deal: "taskflow",
            author: PARTNER,
            title: null,
            comment:
              i === 2
                ? "It's in beta now and ships to everyone within a month."
                : "Yes, add-ons can be added to an existing purchase from your products page.",
            rating: null,
            status: "approved",
            answerType: "founder_team",
            createdAt: after(follow.createdAt, 1, 6),
          }),
        );
        founder.children.push(follow);
      }
    } else if (i === TASKFLOW_QUESTIONS.length - 2) {
      q.children.push(
        node({
          kind: "question",
          deal: "taskflow",
          author: community[(i + 3) % community.length] as string,
          title: null,
          comment: USER_QUESTION_REPLIES[2] as string,
          rating: null,
          status: "approved",
          answerType: null,
          createdAt: after(createdAt, 2, 10),
        }),
      );
    }
    roots.push(q);
  });
  PENDING_QUESTIONS.forEach(([title, comment], i) => {
    roots.push(
      node({
        kind: "question",
        deal: "taskflow",
        author: community[30 + i] as string,
        title,
        comment,
        rating: null,
        status: "pending",
        answerType: null,
        createdAt: time.ago(0, 6 + i * 3),
      }),
    );
  });
  roots.push(
    node({
      kind: "question",
      deal: "taskflow",
      author: community[36] as string,
      title: "Free codes?",
      comment: "Anyone want to share a code? DM me.",
      rating: null,
      status: "declined",
      answerType: null,
      createdAt: time.ago(4),
      moderationReason: "Codes are personal to their buyer and cannot be shared here.",
    }),
  );

  // ---- other deals ----
  for (const [slug, list] of OTHER_REVIEWS) {
    const authors = rand.sample(community, list.length);
    const endDaysAgo = slug === "mailbeam" ? 6 : 0.3;
    const titlesUsed = new Set<string>();
    list.forEach((rating, i) => {
      const author = authors[i] as string;
      // One draw per review, then the next text whose title this deal has not shown yet: no deal
      // lists two reviews under one title (a pool needs as many entries as a deal has reviews of
      // that rating).
      const pool = GENERIC_REVIEWS[rating] ?? GENERIC_REVIEWS[4] ?? [];
      const first = pool.indexOf(rand.pick(pool));
      const [title, text] = must(
        pool
          .map((_, j) => pool[(first + j) % pool.length])
          .find((r) => !titlesUsed.has(r?.[0] ?? "")),
        `an unused ${rating}-taco review title for ${slug}`,
      );
      titlesUsed.add(title);
      const name =
        slug === "dormant-db" ? "DormantDB" : slug.charAt(0).toUpperCase() + slug.slice(1);
      const createdAt = spread(slug, i, list.length, endDaysAgo);
      roots.push(
        node({
          kind: "review",
          deal: slug,
          author,
          title,
          comment: text.replaceAll("{name}", name),
          rating,
          status: "approved",
          answerType: null,
          createdAt,
          voters: voters(author, 5),
        }),
      );
      orders.push({
        username: author,
        at: purchaseBefore(slug, createdAt),
        items: [{ slug, tier: 1 }],
      });
    });
  }
  OTHER_QUESTIONS.forEach(([slug, title, comment, answer], i) => {
    const author = community[(i * 7 + 3) % community.length] as string;
    const createdAt = spread(slug, i % 3, 3, 1);
    const q = node({
      kind: "question",
      deal: slug,
      author,
      title,
      comment,
      rating: null,
      status: "approved",
      answerType: null,
      createdAt,
      voters: voters(author, 3),
    });
    if (answer) {
      q.children.push(
        node({
          kind: "question",
          deal: slug,
          author: STAFF,
          title: null,
          comment: answer,
          rating: null,
          status: "approved",
          answerType: "staff",
          createdAt: after(createdAt, 2, 20),
        }),
      );
    }
    roots.push(q);
  });

  // ---- aggregates, from the plan ----
  const aggregates = new Map<string, DealAggregates>();
  const agg = (slug: string): DealAggregates => {
    let a = aggregates.get(slug);
    if (!a) {
      a = {
        reviewCount: 0,
        reviewCount1: 0,
        reviewCount2: 0,
        reviewCount3: 0,
        reviewCount4: 0,
        reviewCount5: 0,
        ratingSum: 0,
        averageRating: 0,
        commentCount: 0,
      };
      aggregates.set(slug, a);
    }
    return a;
  };
  for (const r of roots) {
    if (r.status !== "approved") continue;
    const a = agg(r.deal);
    if (r.kind === "question") a.commentCount += 1;
    else if (r.rating != null) {
      a.reviewCount += 1;
      a.ratingSum += r.rating;
      const key = `reviewCount${r.rating}` as "reviewCount1";
      a[key] += 1;
    }
  }
  for (const a of aggregates.values()) {
    a.averageRating = a.reviewCount ? Math.round((a.ratingSum / a.reviewCount) * 100) / 100 : 0;
  }

  return {
    roots,
    aggregates,
    orders,
    reviewsSummaries: new Map([["taskflow", TASKFLOW_REVIEWS_SUMMARY]]),
  };
}

// --- insertion -----------------------------------------------------------------------------

const descendants = (n: Node): Node[] => n.children.flatMap((c) => [c, ...descendants(c)]);
/** Replies everyone sees: approved, under approved replies only. */
const visibleBelow = (n: Node): Node[] =>
  n.children.filter((c) => c.status === "approved").flatMap((c) => [c, ...visibleBelow(c)]);

/** Inserts the planned threads level by level (one INSERT per depth) and then the votes. */
export async function seedDiscussions(
  tx: Tx,
  plan: DiscussionPlan,
  dealIds: ReadonlyMap<string, number>,
  userIds: ReadonlyMap<string, number>,
  time: Timeline,
): Promise<{ comments: number; votes: number }> {
  type Placed = { node: Node; parentId: number | null; rootId: number | null; root: Node };
  let level: Placed[] = plan.roots.map((n) => ({ node: n, parentId: null, rootId: null, root: n }));
  const votes: { commentId: number; userId: number; direction: 1; createdAt: Date }[] = [];
  let total = 0;
  while (level.length) {
    const rows: NewComment[] = level.map(({ node: n, parentId, rootId }) => {
      const below = descendants(n);
      const founder = below.filter(
        (d) => d.answerType === "founder_team" && d.status === "approved",
      );
      const firstFounder = founder.map((d) => d.createdAt.getTime()).sort((a, b) => a - b)[0];
      // The latest order's key: visible replies only (aggregates.ts visibleLastReplyAt).
      const lastReply = visibleBelow(n)
        .map((d) => d.createdAt.getTime())
        .sort((a, b) => b - a)[0];
      const top = parentId == null;
      return {
        dealId: get(dealIds, n.deal, "deal"),
        kind: n.kind,
        parentId,
        rootId,
        userId: get(userIds, n.author, "user"),
        title: n.title,
        comment: n.comment,
        rating: n.rating,
        status: n.status,
        resolved: n.status === "approved" && (founder.length > 0 || !top),
        moderationReason: n.moderationReason ?? null,
        answerType: n.answerType,
        upVotes: n.voters.length,
        downVotes: 0,
        replyCount: top ? below.length : n.children.length,
        hasFounderReply: founder.length > 0,
        firstFounderReplyAt: firstFounder ? new Date(firstFounder) : null,
        createdAt: n.createdAt,
        lastReplyAt: lastReply ? new Date(lastReply) : null,
      };
    });
    const inserted = await tx.insert(comments).values(rows).returning({ id: comments.id });
    total += inserted.length;
    const next: Placed[] = [];
    level.forEach((p, i) => {
      const id = inserted[i]?.id as number;
      // Votes arrive after the item, spread over at most an hour each, never in the future.
      const from = p.node.createdAt.getTime();
      const gap = Math.min(HOUR_MS, (time.now.getTime() - from) / (p.node.voters.length + 1));
      p.node.voters.forEach((v, k) => {
        votes.push({
          commentId: id,
          userId: get(userIds, v, "voter"),
          direction: 1,
          createdAt: new Date(Math.round(from + (k + 1) * gap)),
        });
      });
      for (const c of p.node.children)
        next.push({ node: c, parentId: id, rootId: p.rootId ?? id, root: p.root });
    });
    level = next;
  }
  if (votes.length) await tx.insert(commentVotes).values(votes);
  return { comments: total, votes: votes.length };
}
