/**
 * The product page's community section (spec 001 "Community section") and its 'Latest questions'
 * panel (spec 000 section 2). Two-column layout: heading "Questions & reviews", tabs with counts,
 * reviews first; the URL hash (#faqs, #questions, #reviews, #news-updates) picks a tab and
 * scrolls to it.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { communityTabForHash } from "../../domain/blocks";
import { FOUNDER_POST_MAX, FOUNDER_POSTS_INITIAL } from "../../domain/constants";
import {
  FROM_THE_FOUNDERS,
  LATEST_QUESTIONS,
  QUESTIONS_AND_REVIEWS,
  showingResultsFor,
} from "../../domain/messages";
import { cx, ratingLabel } from "../ui/format";
import { scrollToSection, smoothScrolling } from "../ui/scroll-to-section";
import { TacoRating } from "../ui/taco-rating";
import { StatusPill } from "./comment-card";
import { formatDate, type PreviewItem } from "./labels";
import { PostingPromptBlock, RatingBars, SearchField } from "./page-parts";
import { RatingHistoryChart } from "./rating-history-chart";
import { FounderResponsiveness, ReviewsSummaryPanel } from "./reviews-summary";
import type {
  DealSummary,
  PostingPrompt,
  RatingHistoryView,
  ResponsivenessView,
  ReviewsSummaryView,
} from "./types";

/** What the product page's loader sends for the section (community.server.ts). */
export type CommunityLoaderData = Omit<CommunityData, "faqs" | "posts">;

export type CommunityData = {
  search: string;
  reviewPrompt: PostingPrompt;
  questionPrompt: PostingPrompt;
  reviews: { items: PreviewItem[]; total: number };
  questions: { items: PreviewItem[]; total: number };
  reviewsSummary: ReviewsSummaryView | null;
  responsiveness: ResponsivenessView;
  ratingHistory: RatingHistoryView;
  faqs: { id: number; question: string; answer: string }[];
  posts: {
    id: number;
    title: string | null;
    message: string;
    created: string | null;
    author: string | null;
  }[];
  latestQuestions: {
    id: number;
    title: string;
    comment: string;
    replyCount: number;
    path: string;
  }[];
};

/**
 * The full review or question list as the product page links to it (spec 001 section 2): with
 * ref=pdp and the page's query (and rating), opened in a new tab.
 */
export function fullListHref(
  slug: string,
  kind: "reviews" | "questions",
  params: { query?: string; sort?: string; filter?: string; taco_rating?: string },
): string {
  const q = new URLSearchParams({ ref: "pdp" });
  for (const [key, value] of Object.entries(params)) if (value) q.set(key, value);
  return `/products/${slug}/${kind}/?${q}`;
}

type TabKey = "faqs" | "questions" | "reviews" | "news-updates";
const TAB_ORDER: TabKey[] = ["faqs", "questions", "reviews", "news-updates"];
const DEFAULT_TAB: TabKey = "reviews";

const isTab = (value: string): value is TabKey => (TAB_ORDER as string[]).includes(value);

function excerpt(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}

function PreviewCard({ item }: { item: PreviewItem }) {
  const { status } = item;
  return (
    <li className="preview-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          {item.rating ? <TacoRating rating={item.rating} /> : null}
          <h3 className="mt-1 break-words font-bold">
            {/* A line box, not inline text: an inline link is as tall as its glyphs (about 20 px
                here), under the 24 px target WCAG 2.5.8 asks for beside the tacos above. */}
            <Link to={item.displayPath} className="inline-block min-h-6 hover:underline">
              {item.title}
            </Link>
          </h3>
        </div>
        {status ? <StatusPill {...status} /> : null}
      </div>
      {item.comment ? <p className="preview-text">{excerpt(item.comment, 220)}</p> : null}
      <p className="mt-2 text-xs text-ink-soft">
        {item.author} · {formatDate(item.created)} · {item.replyCount}{" "}
        {item.replyCount === 1 ? "reply" : "replies"} · {item.upVotes} helpful
      </p>
    </li>
  );
}

/** The questions or reviews tab: the posting prompt, the first items and a link to them all. */
function ListTab({
  kind,
  community,
  slug,
}: {
  kind: "reviews" | "questions";
  community: CommunityData;
  slug: string;
}) {
  const { search } = community;
  const data = community[kind];
  const prompt = kind === "reviews" ? community.reviewPrompt : community.questionPrompt;
  const href = fullListHref(slug, kind, search ? { query: search } : {});
  return (
    <div className="space-y-4">
      <div className="max-w-md">
        <PostingPromptBlock
          prompt={prompt}
          kind={kind === "reviews" ? "review" : "question"}
          compact
        />
      </div>
      {data.items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-black/15 p-6 text-center text-ink-soft">
          {search ? `No ${kind} match your search.` : `No ${kind} yet.`}
        </p>
      ) : (
        <ul className="space-y-3">
          {data.items.map((item) => (
            <PreviewCard key={item.id} item={item} />
          ))}
        </ul>
      )}
      {data.total > 0 ? (
        <a
          href={href}
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
        >
          See all {data.total} {kind} <span aria-hidden="true">→</span>
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : null}
    </div>
  );
}

/** The average and the rating bars; nothing before the first review (not "0.0 · 0 reviews"). */
function RatingSummary({ deal }: { deal: DealSummary }) {
  if (deal.reviewCount === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-4 rounded-2xl bg-brand-50 p-4">
      <Link
        to={`/products/${deal.slug}/reviews/`}
        className="flex items-center gap-3 hover:underline"
      >
        <span className="text-3xl font-black">{ratingLabel(deal.averageRating)}</span>
        <span>
          <TacoRating rating={deal.averageRating} size="lg" />
          <span className="text-sm text-ink-soft">
            {deal.reviewCount} {deal.reviewCount === 1 ? "review" : "reviews"}
          </span>
        </span>
      </Link>
      <RatingBars
        deal={deal}
        href={(stars) => fullListHref(deal.slug, "reviews", { taco_rating: String(stars) })}
        newTab
        className="flex min-w-48 flex-1 flex-col gap-1"
      />
    </div>
  );
}

/**
 * A tab's panel, shown while its tab is the selected one. Only the selected panel holds its
 * content: the hidden ones are empty in the server's HTML (issue 14), and their content is drawn
 * when their tab is chosen. Nothing is lost before hydration: hidden panels were unreadable then,
 * and the FAQs and the founders' posts are also on the page in their own blocks, the questions
 * on their own page.
 */
function TabPanel({
  id,
  tab,
  extra,
  children,
}: {
  id: TabKey;
  tab: TabKey;
  extra?: string;
  children: ReactNode;
}) {
  const panelClass = "pt-5 outline-none";
  return (
    <div
      role="tabpanel"
      id={id}
      aria-labelledby={`tab-${id}`}
      hidden={tab !== id}
      className={extra ? cx(panelClass, extra) : panelClass}
    >
      {tab === id ? children : null}
    </div>
  );
}

export function CommunitySection({ deal, data }: { deal: DealSummary; data: CommunityData }) {
  const [tab, setTab] = useState<TabKey>(DEFAULT_TAB);
  const tabRefs = useRef<Record<TabKey, HTMLButtonElement | null>>({
    faqs: null,
    questions: null,
    reviews: null,
    "news-updates": null,
  });
  const sectionRef = useRef<HTMLElement>(null);
  /** A post the hash named (#founder-post-{n}): scrolled to once its tab panel shows. */
  const [postTarget, setPostTarget] = useState<{ id: string } | null>(null);
  useEffect(() => {
    if (!postTarget || tab !== "news-updates") return;
    setPostTarget(null);
    const scroll = () => {
      const post = document.getElementById(postTarget.id);
      if (post) scrollToSection(post, { smooth: smoothScrolling() });
    };
    scroll();
    // Images and carousels above may still be loading and push the post down (phones above
    // all): once the page has loaded, bring it back into view, unless the reader moved on.
    if (document.readyState === "complete") return;
    const hash = window.location.hash;
    const again = () => {
      if (window.location.hash === hash) scroll();
    };
    // No cleanup: clearing postTarget re-runs this effect at once, which would drop the listener.
    window.addEventListener("load", again, { once: true });
  }, [postTarget, tab]);

  // The hash picks the tab and scrolls there, on load and whenever it changes.
  useEffect(() => {
    const fromHash = () => {
      const hash = decodeURIComponent(window.location.hash.slice(1));
      // A tab's id, or #founder-post-{n}, which opens News & Updates at that post.
      const next = communityTabForHash(hash);
      if (!next) return;
      setTab(next);
      if (isTab(hash)) {
        requestAnimationFrame(() => {
          if (sectionRef.current)
            scrollToSection(sectionRef.current, { smooth: smoothScrolling() });
        });
      } else {
        setPostTarget({ id: hash });
      }
    };
    fromHash();
    window.addEventListener("hashchange", fromHash);
    return () => window.removeEventListener("hashchange", fromHash);
  }, []);

  const counts: Record<TabKey, number> = {
    faqs: data.faqs.length,
    questions: data.questions.total,
    reviews: data.reviews.total,
    "news-updates": data.posts.length,
  };
  const labels: Record<TabKey, string> = {
    faqs: "FAQs",
    questions: "Questions",
    reviews: "Reviews",
    "news-updates": FROM_THE_FOUNDERS,
  };

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = TAB_ORDER.indexOf(tab);
    let next: number | null = null;
    if (event.key === "ArrowRight") next = (index + 1) % TAB_ORDER.length;
    if (event.key === "ArrowLeft") next = (index - 1 + TAB_ORDER.length) % TAB_ORDER.length;
    if (event.key === "Home") next = 0;
    if (event.key === "End") next = TAB_ORDER.length - 1;
    if (next === null) return;
    event.preventDefault();
    const key = TAB_ORDER[next] ?? DEFAULT_TAB;
    setTab(key);
    tabRefs.current[key]?.focus();
  }

  return (
    <section
      ref={sectionRef}
      id="community"
      aria-labelledby="community-heading"
      className="scroll-mt-[68px] space-y-4"
    >
      <h2 id="community-heading" className="text-2xl font-bold">
        {QUESTIONS_AND_REVIEWS}
      </h2>
      <FounderResponsiveness
        data={data.responsiveness}
        questionsHref={`/products/${deal.slug}/questions/`}
      />
      <RatingHistoryChart data={data.ratingHistory} />
      <Form
        method="get"
        role="search"
        aria-label="Search this deal's community"
        preventScrollReset
        className="flex gap-2"
      >
        <SearchField label="Search questions, reviews and FAQs" defaultValue={data.search} />
        <button
          type="submit"
          className="rounded-full border border-black/10 bg-white px-4 py-2 text-sm font-semibold hover:bg-stone-100"
        >
          Search
        </button>
      </Form>
      {data.search ? (
        <p className="text-sm text-ink-soft" aria-live="polite">
          {showingResultsFor(data.search)}{" "}
          <Link
            to={`/products/${deal.slug}/#${tab}`}
            preventScrollReset
            className="font-semibold text-brand-700 hover:underline"
          >
            Clear
          </Link>
        </p>
      ) : null}

      <div
        role="tablist"
        aria-label={QUESTIONS_AND_REVIEWS}
        onKeyDown={onKeyDown}
        className="-mx-1 flex gap-1 overflow-x-auto border-b border-black/10 px-1"
      >
        {TAB_ORDER.map((key) => (
          <button
            key={key}
            ref={(el) => {
              tabRefs.current[key] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${key}`}
            aria-selected={tab === key}
            aria-controls={key}
            tabIndex={tab === key ? 0 : -1}
            onClick={() => {
              setTab(key);
              window.history.replaceState(window.history.state, "", `#${key}`);
            }}
            className={tab === key ? "ctab-on" : "ctab"}
          >
            {labels[key]}{" "}
            <span
              className={cx(
                "ml-1 rounded-full px-1.5 py-0.5 text-xs",
                tab === key ? "bg-brand-100" : "bg-stone-100",
              )}
            >
              {counts[key]}
            </span>
          </button>
        ))}
      </div>

      <TabPanel id="faqs" tab={tab}>
        {data.faqs.length === 0 ? (
          <p className="text-ink-soft">
            {data.search ? "No FAQs match your search." : "No FAQs yet."}
          </p>
        ) : (
          <div className="faq-list">
            {data.faqs.map((faq) => (
              <details key={faq.id} className="group p-4">
                <summary className="faq-q">
                  {faq.question}
                  <span className="faq-plus" aria-hidden="true">
                    +
                  </span>
                </summary>
                <p className="mt-2 text-ink-soft">{faq.answer}</p>
              </details>
            ))}
          </div>
        )}
      </TabPanel>
      <TabPanel id="questions" tab={tab}>
        <ListTab kind="questions" community={data} slug={deal.slug} />
      </TabPanel>
      <TabPanel id="reviews" tab={tab} extra="space-y-4">
        <RatingSummary deal={deal} />
        {data.reviewsSummary && !data.search ? (
          <ReviewsSummaryPanel
            summary={data.reviewsSummary}
            listHref={`/products/${deal.slug}/reviews/`}
          />
        ) : null}
        <ListTab kind="reviews" community={data} slug={deal.slug} />
      </TabPanel>
      <TabPanel id="news-updates" tab={tab}>
        {data.posts.length === 0 ? (
          <p className="text-ink-soft">No updates from the founders yet.</p>
        ) : (
          <ol className="space-y-4">
            {data.posts.slice(0, FOUNDER_POSTS_INITIAL).map((post, i) => (
              <li
                key={post.id}
                id={`founder-post-${i + 1}`}
                className="scroll-mt-20 rounded-2xl border border-black/5 bg-white p-4 shadow-card"
              >
                {post.title ? <h3 className="font-bold">{post.title}</h3> : null}
                <p className="mt-1 text-xs text-ink-soft">
                  {post.author ?? "The founders"}
                  {post.created ? ` · ${formatDate(post.created)}` : ""}
                </p>
                <p className="mt-2 whitespace-pre-line break-words text-sm">
                  {excerpt(post.message, FOUNDER_POST_MAX)}
                </p>
              </li>
            ))}
          </ol>
        )}
      </TabPanel>
    </section>
  );
}

/** Three of the deal's top five questions, each linking to its thread. */
export function LatestQuestions({
  slug,
  questions,
}: {
  slug: string;
  questions: CommunityData["latestQuestions"];
}) {
  if (questions.length === 0) return null;
  return (
    <section
      aria-labelledby="latest-questions-heading"
      className="rounded-3xl border border-black/5 bg-white p-5 shadow-card"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="latest-questions-heading" className="text-lg font-bold">
          {LATEST_QUESTIONS}
        </h2>
        <Link
          to={`/products/${slug}/questions/`}
          className="text-sm font-semibold text-brand-700 hover:underline"
        >
          All questions
        </Link>
      </div>
      <ul className="mt-3 divide-y divide-black/5">
        {questions.map((q) => (
          <li key={q.id} className="py-2.5">
            <Link to={q.path} className="font-semibold hover:underline">
              {q.title}
            </Link>
            <p className="text-xs text-ink-soft">
              {q.replyCount} {q.replyCount === 1 ? "answer" : "answers"}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
