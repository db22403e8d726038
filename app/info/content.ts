/**
 * The store's information pages: the community guidelines (spec 000 section 2) and the footer's
 * Company column (About, Sell on Payonce, Help center, Terms & privacy). Plain data, so the pages
 * share one layout and the words live in one place. Figures come from the domain constants, so
 * a page never promises what the store does not do.
 */
import {
  PLUS_DISCOUNT_PERCENT,
  PLUS_PRICE_CENTS,
  PURCHASE_PROTECTION_CREDIT_PERCENT,
  PURCHASE_PROTECTION_CREDIT_PERCENT_PLUS,
  QUESTION_COMMENT_MAX,
  QUESTION_INLINE_MAX,
  REVIEW_COMMENT_MAX,
} from "../../domain/constants";
import { EXPECTED_RESPONSE_TIME } from "../../domain/messages";
import { formatPrice } from "../../domain/money";

export type InfoKey = "community-guidelines" | "about" | "partners" | "help" | "legal";

/** A paragraph, or a list of points; `link` adds a call to action after the section. */
export type InfoSection = {
  id: string;
  heading: string;
  paragraphs?: string[];
  points?: string[];
  link?: { label: string; to: string };
};

export type InfoPageContent = {
  key: InfoKey;
  path: string;
  /** The footer's (and the side navigation's) name for the page. */
  navLabel: string;
  title: string;
  lede: string;
  /** Meta description (search results show about 160 characters). */
  description: string;
  sections: InfoSection[];
  /** "Last updated" line (legal pages and guidelines). */
  updated?: string;
};

const PLUS_PRICE = formatPrice(PLUS_PRICE_CENTS);

export const INFO_PAGES: Record<InfoKey, InfoPageContent> = {
  "community-guidelines": {
    key: "community-guidelines",
    path: "/community-guidelines/",
    navLabel: "Community guidelines",
    title: "Community guidelines",
    lede: "Reviews and questions are how shoppers decide and how founders improve. These guidelines keep them honest, useful and kind.",
    description:
      "How reviews, questions and answers work on Payonce: what to post, what we remove, how moderation works and how founders take part.",
    updated: "November 2026",
    sections: [
      {
        id: "reviews",
        heading: "Writing a review",
        paragraphs: [
          "Only verified purchasers can review a deal, and each member can review a deal once. Rate it from 1 to 5 tacos and tell other shoppers what you used it for, what worked and what did not.",
          `Give your review a clear title and up to ${REVIEW_COMMENT_MAX.toLocaleString("en-US")} characters of detail, or a short video. You can edit or delete your review at any time; edits go through moderation again.`,
        ],
        points: [
          "Review the product, not the price you paid or the checkout experience.",
          "Say which plan you bought and how long you have used it.",
          "Update your review when the product changes: founders ship fast.",
        ],
      },
      {
        id: "questions",
        heading: "Asking and answering questions",
        paragraphs: [
          `Anyone with a verified e-mail address can ask a question before buying. Search first: the answer may already be there. A question has a short title and up to ${QUESTION_COMMENT_MAX} characters of detail; answers in the thread can be up to ${QUESTION_INLINE_MAX} characters.`,
          `Founders are asked to answer ${EXPECTED_RESPONSE_TIME}. Their answers carry the Founder Team label; answers from our staff carry the Payonce Staff label.`,
        ],
      },
      {
        id: "not-allowed",
        heading: "What we remove",
        points: [
          "Personal attacks, harassment, hate speech or threats.",
          "Spam, links to other stores, referral codes and affiliate links.",
          "Licence codes, passwords or anyone's personal details.",
          "Reviews written in exchange for payment, free plans or other rewards, and reviews by a deal's own team.",
          "Content that is off topic, copied from elsewhere, or not in English.",
        ],
      },
      {
        id: "moderation",
        heading: "How moderation works",
        paragraphs: [
          "Every review, question and answer is read by a moderator before it is published. While it waits, you see it marked Needs moderation; other members do not see it yet.",
          "Moderators approve or decline posts against these guidelines. A deal's founders may help approve or decline new posts about their own product; once a post is decided, only our staff can undo that. Members who repeatedly break the rules can no longer post.",
          "Critical reviews are welcome: a review is never declined because it is negative, only because it breaks these guidelines.",
        ],
      },
      {
        id: "bots",
        heading: "Automated accounts",
        paragraphs: [
          "Two accounts, QAbot and ModBot, are run by the Payonce team. They are labelled Bot wherever they post: they surface common questions and moderation notes, and they never count as a founder's answer.",
        ],
      },
      {
        id: "report",
        heading: "Seeing something wrong?",
        paragraphs: [
          "Use Report listing on the deal's page, or write to our support team from the Help center. Tell us which post and why; we review every report.",
        ],
        link: { label: "Go to the Help center", to: "/help/" },
      },
    ],
  },
  about: {
    key: "about",
    path: "/about/",
    navLabel: "About",
    title: "About us",
    lede: "Pay once, not monthly. We find great software from independent founders and sell it as lifetime deals, so your business owns its tools instead of renting them.",
    description:
      "Payonce is a marketplace for lifetime software deals: pay once for the tools your business runs on, backed by honest reviews and founders who answer.",
    sections: [
      {
        id: "why",
        heading: "Why lifetime deals",
        paragraphs: [
          "Subscriptions add up. A small team can spend more on software each year than on its own tools of the trade. A lifetime deal turns that monthly bill into one payment.",
          "Founders get something too: early customers, honest feedback and the cash to keep building without giving up control of their company.",
        ],
      },
      {
        id: "how",
        heading: "How we choose deals",
        points: [
          "We try every product before it goes live and check that the founders can support it.",
          "Every deal lists exactly what each plan includes, and its refund terms before you buy.",
          "Reviews come only from verified purchasers, and founders answer questions in public.",
        ],
      },
      {
        id: "plus",
        heading: "Payonce Plus",
        paragraphs: [
          `Plus members pay ${PLUS_PRICE} a year and get a further ${PLUS_DISCOUNT_PERCENT}% off deals, early access to new launches and stronger purchase protection.`,
        ],
        link: { label: "See Payonce Plus", to: "/plus" },
      },
      {
        id: "community",
        heading: "Built with our community",
        paragraphs: [
          "Our members write the reviews, ask the hard questions and tell founders what to build next. Read our community guidelines to see how we keep that conversation useful.",
        ],
        link: { label: "Read the community guidelines", to: "/community-guidelines/" },
      },
    ],
  },
  partners: {
    key: "partners",
    path: "/partners/",
    navLabel: "Sell on Payonce",
    title: "Sell on Payonce",
    lede: "Launch your software to an audience of buyers who love trying new tools, and turn them into your most vocal early customers.",
    description:
      "Sell your software on Payonce: launch a lifetime deal, reach business buyers, answer their questions and grow with honest reviews.",
    sections: [
      {
        id: "what-you-get",
        heading: "What you get",
        points: [
          "A product page built for you: pricing plans, add-ons, videos, founder posts and FAQs.",
          "A launch in front of our newsletter and collections, with a countdown for your deal.",
          "Reviews from verified purchasers and a public Q&A you answer as the Founder Team.",
          "Payouts for every sale, with licence codes or redemption handled by the store.",
        ],
      },
      {
        id: "who",
        heading: "Who we look for",
        points: [
          "Software that is live and used by paying customers today.",
          "A team that can support a wave of new users and answer questions quickly.",
          "A clear plan for what lifetime customers get as the product grows.",
        ],
      },
      {
        id: "how-it-works",
        heading: "How it works",
        points: [
          "Apply with your product, your current pricing and your roadmap.",
          "Our team tries the product and agrees the plans and terms with you.",
          "We build your page together and choose a launch date.",
          "During the deal you answer questions and reviews from the product page; we moderate and handle payments and refunds.",
        ],
      },
      {
        id: "apply",
        heading: "Ready to launch?",
        paragraphs: [
          "Write to partners@payonce.test with a link to your product and a short note about your customers. We reply to every application within two weeks.",
        ],
      },
    ],
  },
  help: {
    key: "help",
    path: "/help/",
    navLabel: "Help center",
    title: "Help center",
    lede: "Answers to the questions shoppers ask most. Can't find yours? Our support team replies within one business day.",
    description:
      "Help with buying lifetime deals on Payonce: redeeming codes, refunds, Payonce Plus, billing details, reviews and your account.",
    sections: [
      {
        id: "buying",
        heading: "Buying a deal",
        paragraphs: [
          "Choose a plan on the deal's page and press Buy now: the deal goes to your cart, where you can add more, use a coupon or your credits, and check out by card.",
          "A lifetime deal means you pay once and keep access to the plan you bought for the life of the product, including its updates for that plan.",
        ],
        link: { label: "Browse all deals", to: "/browse" },
      },
      {
        id: "redeeming",
        heading: "Redeeming your purchase",
        paragraphs: [
          "After checkout your licence codes and redemption links are on your order page and under Your products. Redeem each code on the founder's site with the e-mail address you used here.",
        ],
        link: { label: "Go to your products", to: "/account/products/" },
      },
      {
        id: "refunds",
        heading: "Refunds",
        paragraphs: [
          "Each deal shows its refund terms next to the price before you buy. Within that window you can ask for a refund from Your products; marketplace deals marked Non-refundable cannot be refunded.",
          `Purchase protection: for one year after buying, if a Select tool shuts down you get ${PURCHASE_PROTECTION_CREDIT_PERCENT}% of the price back in credits, ${PURCHASE_PROTECTION_CREDIT_PERCENT_PLUS}% with Plus.`,
        ],
      },
      {
        id: "plus",
        heading: "Payonce Plus",
        paragraphs: [
          `Plus costs ${PLUS_PRICE} a year and takes a further ${PLUS_DISCOUNT_PERCENT}% off deal prices. Cancel, reactivate or change its payment method under Account, Plus.`,
        ],
        link: { label: "Manage Plus", to: "/account/plus/" },
      },
      {
        id: "account",
        heading: "Your account and billing",
        points: [
          "Confirm your e-mail address to redeem products, review and ask questions.",
          "Add business and tax details under Account, Billing and Tax, so they show on your invoices.",
          "Save cards for faster checkout under Account, Cards.",
          "Move a product to a colleague with Transfer, under Your products.",
        ],
      },
      {
        id: "contact",
        heading: "Contact support",
        paragraphs: [
          "Write to support@payonce.test with your order number. For a question about how a product works, ask it on the deal's Questions tab: the founders answer there.",
        ],
      },
    ],
  },
  legal: {
    key: "legal",
    path: "/legal/",
    navLabel: "Terms & privacy",
    title: "Terms & privacy",
    lede: "The short version: you buy a licence to use the software from its maker; we run the store, take the payment and look after your data.",
    description:
      "Payonce terms of sale and privacy: licences, refunds, reviews, the data we keep, why we keep it and how to ask for it to be deleted.",
    updated: "November 2026",
    sections: [
      {
        id: "terms",
        heading: "Terms of sale",
        points: [
          "Deals are licences to use software made by independent companies (our partners); the partner provides the product and its support.",
          "Prices include the plan's listed features only. Add-ons are sold separately and say whether they are refundable.",
          "Refunds follow the terms shown on the deal's page at the time of purchase.",
          "Licence codes are for the buyer's own business; reselling them is not allowed.",
        ],
      },
      {
        id: "content",
        heading: "Reviews and questions",
        paragraphs: [
          "What you post stays yours; you allow us to show it on Payonce and in our newsletters. Posts must follow the community guidelines, and we may decline or remove posts that do not.",
        ],
        link: { label: "Community guidelines", to: "/community-guidelines/" },
      },
      {
        id: "privacy",
        heading: "Privacy",
        points: [
          "We keep your name, e-mail address, orders, billing and tax details to sell you deals and send your invoices.",
          "Card details are held by our payment provider; we keep only the card brand and last four digits.",
          "Your public profile shows your name, avatar and approved reviews and answers, nothing else.",
          "We use cookies for your session, your cart and your currency, not for advertising.",
          "Newsletter e-mails carry an unsubscribe link; you can leave at any time.",
        ],
      },
      {
        id: "your-data",
        heading: "Your data, your choice",
        paragraphs: [
          "Write to privacy@payonce.test to get a copy of your data or to have your account deleted. Deleting your account removes your name from your posts, which then show as from a deleted user.",
        ],
      },
    ],
  },
};

export const INFO_ORDER: InfoKey[] = ["about", "partners", "help", "community-guidelines", "legal"];

/** The page a path names (with or without its trailing slash), or null. */
export function infoPageFor(pathname: string): InfoPageContent | null {
  // A client-side navigation's data request names the page as /about/_.data or /about.data.
  const slug = pathname.replace(/(\/_)?\.data$/, "").replace(/^\/+|\/+$/g, "");
  const key = INFO_ORDER.find((k) => INFO_PAGES[k].path === `/${slug}/`);
  return key ? INFO_PAGES[key] : null;
}
