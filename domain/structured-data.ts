/**
 * JSON-LD Product for every deal page (spec 001 section 9, contract.md): ended and informational
 * deals included, their offers saying so through availability. Pure: the page hands in the deal
 * as the API shapes it (money already in major units) and the public origin.
 */
import {
  RETURN_POLICY_COUNTRY,
  SEO_DISCUSSION_TITLE_MAX,
  STRUCTURED_DATA_TITLE_CUT,
  STRUCTURED_DATA_TITLE_MAX,
  STRUCTURED_DATA_TOP_REVIEWS,
} from "./constants";
import { paybackText } from "./payback";

const SCHEMA = "https://schema.org";
/** The Product's PropertyValue for the payback (issue 34): a name for machines, not a message. */
const PAYBACK_PROPERTY_NAME = "Payback period";

/**
 * Cuts a title to `max` characters: longer ones keep their first max - 3 characters and end in
 * "..." (the spec's "67 plus ellipsis" for 70; three dots, as the site's other SEO titles do).
 */
export function cutTitle(title: string, max: number, cut = max - 3): string {
  const flat = title.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, cut).trimEnd()}...`;
}

/** The product name in structured data: 70 characters at most (67 plus ellipsis). */
export const structuredDataTitle = (name: string) =>
  cutTitle(name, STRUCTURED_DATA_TITLE_MAX, STRUCTURED_DATA_TITLE_CUT);

/** A review's or question's SEO title (page title and structured data): 60 characters at most. */
export const seoDiscussionTitle = (title: string) => cutTitle(title, SEO_DISCUSSION_TITLE_MAX);

export type Availability = "InStock" | "SoldOut" | "Discontinued" | "PreOrder";

/** The deal fields the Product is built from, as GET /api/v2/deals/{slug}/details/ has them. */
export type ProductLdDeal = {
  id: number;
  slug: string;
  name: string;
  public_name: string;
  card_description: string;
  media_url: string | null;
  product_logo: string | null;
  is_info: boolean;
  is_marketplace: boolean;
  refundable_days: number;
  has_started: boolean;
  has_ended: boolean;
  quantity_remaining_below_threshold: number | null;
  dates: { end_date: string | null; schema_end_date: string | null };
  plans: readonly {
    id: number;
    public_name: string;
    /** What the cart charges a non-member now (domain/pricing readerPrice): the public price. */
    price: number;
    is_active: boolean;
    /** The campaign pricing the plan now: its price holds only until the campaign ends. */
    campaign?: { end_date: string | null } | null;
    /** What `price` pays back against the tools the deal replaces (issue 34), or null. */
    payback?: { months: number; against: readonly { name: string }[] } | null;
  }[];
  deal_review: { average_rating: number; review_count: number };
  top_5_reviews: readonly {
    title: string | null;
    comment: string;
    rating: number | null;
    created: string | null;
    user: { first_name: string | null; last_name: string | null; username: string } | null;
  }[];
  products?: readonly { story: { images: readonly { image: string }[] } | null }[];
};

/**
 * What a plan's offer says: informational deals are not sold here (Discontinued), ended or
 * sold-out deals SoldOut, deals not started yet PreOrder, retired plans Discontinued.
 */
export function planAvailability(
  deal: Pick<
    ProductLdDeal,
    "is_info" | "has_started" | "has_ended" | "quantity_remaining_below_threshold"
  >,
  plan: { is_active: boolean },
): Availability {
  if (deal.is_info) return "Discontinued";
  if (deal.has_ended || deal.quantity_remaining_below_threshold === 0) return "SoldOut";
  if (!plan.is_active) return "Discontinued";
  if (!deal.has_started) return "PreOrder";
  return "InStock";
}

/** Marketplace deals are not returnable; others within refundable_days; US only. */
export function returnPolicy(deal: Pick<ProductLdDeal, "is_marketplace" | "refundable_days">) {
  const base = { "@type": "MerchantReturnPolicy", applicableCountry: RETURN_POLICY_COUNTRY };
  if (deal.is_marketplace || deal.refundable_days <= 0) {
    return { ...base, returnPolicyCategory: `${SCHEMA}/MerchantReturnNotPermitted` };
  }
  return {
    ...base,
    returnPolicyCategory: `${SCHEMA}/MerchantReturnFiniteReturnWindow`,
    merchantReturnDays: deal.refundable_days,
    // Software is "returned" by cancelling the licence online.
    returnMethod: `${SCHEMA}/ReturnByMail`,
  };
}

const absolute = (origin: string, url: string) =>
  /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith("/") ? "" : "/"}${url}`;

const authorName = (user: ProductLdDeal["top_5_reviews"][number]["user"]) =>
  user ? [user.first_name, user.last_name].filter(Boolean).join(" ") || user.username : null;

/** The offer's price holds until the deal ends, or its campaign's price ends if sooner. */
function priceValidUntil(dealEnd: string | null, campaignEnd: string | null | undefined) {
  const ends = [dealEnd, campaignEnd].filter((d): d is string => d != null).sort();
  const first = ends[0];
  return first ? { priceValidUntil: new Date(first).toISOString().slice(0, 10) } : {};
}

/**
 * The payback of the deal's starting price (its cheapest active plan with one; issue 34) as a
 * schema.org PropertyValue of the Product: months (UN/CEFACT "MON") and the page's sentence.
 * Offer has no such property; Product.additionalProperty is the one schema.org place for it
 * (decision 076).
 */
export function paybackProperty(plans: ProductLdDeal["plans"]) {
  const plan = plans
    .filter((p) => p.is_active && p.payback)
    .reduce<ProductLdDeal["plans"][number] | null>(
      (low, p) => (!low || p.price < low.price ? p : low),
      null,
    );
  const payback = plan?.payback;
  if (!payback) return null;
  return {
    "@type": "PropertyValue",
    name: PAYBACK_PROPERTY_NAME,
    value: payback.months,
    unitCode: "MON",
    unitText: "months",
    description: paybackText(payback),
  };
}

/** The schema.org Product of a deal page. */
export function productJsonLd(deal: ProductLdDeal, origin: string) {
  const url = absolute(origin, `/products/${deal.slug}/`);
  const images = [
    ...(deal.media_url ? [deal.media_url] : []),
    ...(deal.products?.[0]?.story?.images.map((i) => i.image) ?? []),
  ].map((i) => absolute(origin, i));
  const validUntil = deal.dates.schema_end_date ?? deal.dates.end_date;
  const returns = returnPolicy(deal);
  // A deal without plans (informational) still says through one offer that it is not sold here.
  const plans = deal.plans.length
    ? deal.plans
    : [{ id: 0, public_name: deal.public_name || deal.name, price: 0, is_active: false }];
  const offers = plans.map((plan) => ({
    "@type": "Offer",
    name: plan.public_name,
    sku: `${deal.slug}-${plan.id}`,
    price: plan.price,
    priceCurrency: "USD",
    availability: `${SCHEMA}/${planAvailability(deal, plan)}`,
    url,
    ...priceValidUntil(validUntil, "campaign" in plan ? plan.campaign?.end_date : null),
    hasMerchantReturnPolicy: returns,
  }));
  const reviews = deal.top_5_reviews
    .filter((r) => r.rating != null)
    .slice(0, STRUCTURED_DATA_TOP_REVIEWS)
    .map((r) => ({
      "@type": "Review",
      ...(r.title ? { name: seoDiscussionTitle(r.title) } : {}),
      reviewBody: r.comment,
      reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
      author: { "@type": "Person", name: authorName(r.user) ?? "Payonce customer" },
      ...(r.created ? { datePublished: r.created.slice(0, 10) } : {}),
    }));
  const { review_count: count, average_rating: average } = deal.deal_review;
  const payback = paybackProperty(deal.plans);
  return {
    "@context": SCHEMA,
    "@type": "Product",
    name: structuredDataTitle(deal.public_name || deal.name),
    description: deal.card_description,
    url,
    sku: deal.slug,
    ...(images.length ? { image: images } : {}),
    ...(deal.product_logo ? { logo: absolute(origin, deal.product_logo) } : {}),
    ...(payback ? { additionalProperty: [payback] } : {}),
    offers,
    ...(count > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: average,
            reviewCount: count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(reviews.length ? { review: reviews } : {}),
  };
}

export type ProductJsonLd = ReturnType<typeof productJsonLd>;

// Site-wide structured data (issue 18): the home page's Organization and WebSite, breadcrumbs,
// item lists, and the review and question pages.

export type Crumb = { name: string; path: string };

/** Organization and WebSite (with the site search as a SearchAction) for the home page. */
export function siteJsonLd(origin: string) {
  return [
    {
      "@context": SCHEMA,
      "@type": "Organization",
      "@id": `${origin}/#organization`,
      name: "Payonce",
      url: `${origin}/`,
      logo: `${origin}/media/og/site.jpg`,
      slogan: "Pay once, not monthly",
    },
    {
      "@context": SCHEMA,
      "@type": "WebSite",
      "@id": `${origin}/#website`,
      name: "Payonce",
      url: `${origin}/`,
      publisher: { "@id": `${origin}/#organization` },
      potentialAction: {
        "@type": "SearchAction",
        target: {
          "@type": "EntryPoint",
          urlTemplate: `${origin}/browse?query={search_term_string}`,
        },
        "query-input": "required name=search_term_string",
      },
    },
  ];
}

/** A BreadcrumbList from Home down to the page itself (the last crumb is the page). */
export function breadcrumbJsonLd(origin: string, crumbs: readonly Crumb[]) {
  return {
    "@context": SCHEMA,
    "@type": "BreadcrumbList",
    itemListElement: [{ name: "Home", path: "/" }, ...crumbs].map((c, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: c.name,
      item: absolute(origin, c.path),
    })),
  };
}

/** The deals a collection or category page lists, as an ItemList of their pages. */
export function itemListJsonLd(
  origin: string,
  name: string,
  items: readonly { name: string; path: string }[],
  offset = 0,
) {
  return {
    "@context": SCHEMA,
    "@type": "ItemList",
    name,
    numberOfItems: items.length,
    itemListElement: items.map((it, i) => ({
      "@type": "ListItem",
      position: offset + i + 1,
      url: absolute(origin, it.path),
      name: it.name,
    })),
  };
}

type Author = { name?: string | null; username?: string | null } | null;
const personOf = (user: Author, fallback: string) => ({
  "@type": "Person",
  name: user?.name || user?.username || fallback,
});

/**
 * A review page: the Review, its rating and the reviewed Product with what Google asks of it (an
 * image and offers, the same as on the deal page). The Product's own reviews are left out here.
 */
export function reviewPageJsonLd(
  product: ProductJsonLd,
  review: {
    title: string;
    comment: string;
    rating: number | null;
    created: string;
    user: Author;
    path: string;
  },
  origin: string,
) {
  const { review: _reviews, "@context": _context, ...reviewed } = product;
  return {
    "@context": SCHEMA,
    "@type": "Review",
    name: seoDiscussionTitle(review.title),
    reviewBody: review.comment,
    datePublished: review.created,
    url: absolute(origin, review.path),
    author: personOf(review.user, "Payonce customer"),
    itemReviewed: reviewed,
    ...(review.rating != null
      ? {
          reviewRating: {
            "@type": "Rating",
            ratingValue: review.rating,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

type AnswerInput = {
  comment: string;
  created: string;
  upVotes: number;
  user: Author;
  /** Founder Team or staff answer: the one shown as accepted. */
  official: boolean;
};

/**
 * A question page as QAPage (null without any answer): the first official (founder or staff)
 * answer is the accepted one, every other answer a suggested one.
 */
export function qaPageJsonLd(
  question: { title: string; comment: string; created: string; user: Author; path: string },
  answers: readonly AnswerInput[],
  origin: string,
) {
  if (answers.length === 0) return null;
  const accepted = answers.find((a) => a.official) ?? null;
  const suggested = answers.filter((a) => a !== accepted);
  const answer = (a: AnswerInput) => ({
    "@type": "Answer",
    text: a.comment,
    dateCreated: a.created,
    upvoteCount: a.upVotes,
    author: personOf(a.user, "Payonce"),
  });
  return {
    "@context": SCHEMA,
    "@type": "QAPage",
    mainEntity: {
      "@type": "Question",
      name: seoDiscussionTitle(question.title),
      text: question.comment || question.title,
      url: absolute(origin, question.path),
      dateCreated: question.created,
      author: personOf(question.user, "Payonce customer"),
      answerCount: answers.length,
      ...(accepted ? { acceptedAnswer: answer(accepted) } : {}),
      ...(suggested.length ? { suggestedAnswer: suggested.map(answer) } : {}),
    },
  };
}
