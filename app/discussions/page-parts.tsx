/**
 * Pieces the discussion pages share: breadcrumbs, the posting prompt, flash, pagination, the
 * rating bars and the search box.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import {
  DECLINED,
  EDIT_YOUR_REVIEW,
  EXPECTED_RESPONSE_TIME,
  LOG_IN,
  LOG_IN_TO_JOIN,
  NEEDS_MODERATION,
  ONLY_LOGGED_IN_USERS,
  ONLY_LOGGED_IN_USERS_REVIEWS,
  PUBLISHED,
  SEARCH_PLACEHOLDER,
} from "../../domain/messages";
import { cx } from "../ui/format";
import { usePersonalFill } from "../ui/personal-fill";
import { primaryButton } from "./controls";
import { flashMessage } from "./labels";
import { filledPrompt } from "./posting-prompts";
import type { DealSummary, DiscussionKind, PostingPrompt } from "./types";

export function DiscussionBreadcrumbs({ crumbs }: { crumbs: { label: string; to?: string }[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-ink-soft">
      <ol className="flex flex-wrap items-center gap-1.5">
        {crumbs.map((c, i) => (
          <li key={c.to ?? c.label} className="flex min-w-0 items-center gap-1.5">
            {i > 0 ? <span aria-hidden="true">/</span> : null}
            {c.to ? (
              <Link to={c.to} className="hover:text-ink hover:underline">
                {c.label}
              </Link>
            ) : (
              <span aria-current="page" className="truncate font-semibold text-ink">
                {c.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The write/ask button, or what stands in for it (spec 000 section 6). */
export function PostingPromptBlock({
  prompt,
  kind,
  compact = false,
}: {
  prompt: PostingPrompt;
  kind: DiscussionKind;
  compact?: boolean;
}) {
  const fill = usePersonalFill();
  if (prompt.type === "pending") {
    // Room for the tallest prompt while the reader is asked for, then theirs in it (no shift).
    const reader =
      fill.state === "filled" && fill.viewer
        ? {
            id: fill.viewer.id,
            emailVerified: fill.viewer.email_verified,
            commentBlacklist: fill.viewer.comment_blacklist,
            hasPlus: fill.viewer.has_plus,
            hasPurchased: fill.deal?.hasPurchased ?? false,
            hasReviewed: fill.deal?.hasReviewed ?? false,
            ownReview: fill.deal?.ownReview ?? null,
          }
        : null;
    return (
      <div className={compact ? "min-h-36" : "min-h-40"} aria-busy={fill.state !== "filled"}>
        {fill.state === "filled" ? (
          <PostingPromptBlock
            prompt={filledPrompt(prompt, kind, reader)}
            kind={kind}
            compact={compact}
          />
        ) : null}
      </div>
    );
  }
  switch (prompt.type) {
    case "button":
      return (
        <div className="space-y-1.5">
          <Link to={prompt.href} rel="nofollow" className={cx(primaryButton, "px-5 py-2.5")}>
            {kind === "review" ? "Write a review" : "Ask a question"}
          </Link>
          <p className="text-xs text-ink-soft">{responseTimeNote(kind)}</p>
        </div>
      );
    case "login":
      return (
        <div
          className={cx("rounded-2xl bg-brand-50 ring-1 ring-brand-200", compact ? "p-3" : "p-4")}
        >
          <p className="font-bold">{LOG_IN_TO_JOIN}</p>
          <p className="text-sm text-ink-soft">
            {kind === "review" ? ONLY_LOGGED_IN_USERS_REVIEWS : ONLY_LOGGED_IN_USERS}
          </p>
          <Link to={prompt.href} rel="nofollow" className={cx(primaryButton, "mt-3")}>
            {LOG_IN}
          </Link>
        </div>
      );
    case "verify":
      return (
        <div className="rounded-2xl bg-brand-50 p-4 ring-1 ring-brand-200">
          <p className="font-bold">Verify your email to join the conversation</p>
          <p className="text-sm text-ink-soft">
            {kind === "review" ? "Reviews" : "Questions"} can be posted once your email address is
            confirmed.
          </p>
          <Link to={prompt.href} rel="nofollow" className={cx(primaryButton, "mt-3")}>
            Verify email
          </Link>
        </div>
      );
    case "buy":
      return (
        <div className="rounded-2xl bg-brand-50 p-4 ring-1 ring-brand-200">
          <p className="font-bold">Only verified purchasers can write a review</p>
          <p className="text-sm text-ink-soft">Buy this deal to share how it works for you.</p>
          <Link
            to={prompt.href}
            rel="nofollow"
            className={cx(primaryButton, "mt-3")}
            reloadDocument
          >
            Buy now
          </Link>
        </div>
      );
    case "edit":
      // One review per deal: its author edits it, and sees where it stands (decision 067).
      return (
        <div className="space-y-1.5">
          <Link to={prompt.href} rel="nofollow" className={cx(primaryButton, "px-5 py-2.5")}>
            {EDIT_YOUR_REVIEW}
          </Link>
          <p className="text-xs text-ink-soft">
            Your review: <span className="font-semibold">{ownReviewStatus(prompt.status)}</span>
          </p>
        </div>
      );
    case "none":
      return null;
  }
}

/** The author's own review's status as the prompt names it (pending: 'Needs moderation'). */
const ownReviewStatus = (status: "pending" | "approved" | "declined"): string =>
  status === "pending" ? NEEDS_MODERATION : status === "declined" ? DECLINED : PUBLISHED;

/** Spec 001 section 9: the expected response time for reviews and questions. */
export const responseTimeNote = (kind: DiscussionKind) =>
  `The founders aim to ${kind === "review" ? "reply" : "answer"} ${EXPECTED_RESPONSE_TIME}.`;

export function FlashBanner({ flag }: { flag: string | null }) {
  const message = flashMessage(flag);
  if (!message) return null;
  return (
    <p
      role="status"
      className="rounded-2xl bg-emerald-50 px-4 py-3 font-semibold text-emerald-900 ring-1 ring-emerald-200"
    >
      {message}
    </p>
  );
}

export function DealHeader({ deal, title }: { deal: DealSummary; title: string }) {
  return (
    <div className="flex items-center gap-3">
      {deal.logo ? <img src={deal.logo} alt="" className="h-10 w-10 rounded-xl" /> : null}
      <h1 className="text-2xl font-black tracking-tight sm:text-3xl">{title}</h1>
    </div>
  );
}

/**
 * One row per taco count, 5 down to 1: a bar of that count's share of the reviews, linking to the
 * reviews with it. `full` is the list page's larger variant, with "n tacos" spelled out.
 */
export function RatingBars({
  deal,
  href,
  full,
  className,
  newTab = false,
}: {
  deal: DealSummary;
  href: (stars: number) => string;
  full?: boolean;
  className: string;
  /** The product page opens the full list in a new tab (spec 001 section 2). */
  newTab?: boolean;
}) {
  return (
    <ul className={className}>
      {[5, 4, 3, 2, 1].map((stars) => {
        const count = deal.ratingCounts[stars - 1] ?? 0;
        const pct = deal.reviewCount ? Math.round((count / deal.reviewCount) * 100) : 0;
        const tacos = stars === 1 ? "taco" : "tacos";
        return (
          <li key={stars}>
            <Link
              to={href(stars)}
              {...(newTab ? { target: "_blank", rel: "noopener" } : {})}
              // min-h-6: a 24 px target at least (WCAG 2.5.8).
              className={full ? "bar-row text-sm" : "bar-row text-xs"}
            >
              {/* Named by its visible words ("5 tacos" or "5", the count) with the rest for screen
                  readers: "5 tacos: 15 reviews" (WCAG 2.5.3, axe's label-content-name-mismatch). */}
              {full ? (
                <span className="w-14 shrink-0 text-ink-soft">
                  {stars} {tacos}
                  <span className="sr-only">: </span>
                </span>
              ) : (
                <span className="w-3 text-ink-soft">
                  {stars}
                  <span className="sr-only"> {tacos}: </span>
                </span>
              )}
              <span className={full ? "bar h-2" : "bar h-1.5"}>
                <span className="bar-fill" style={{ width: `${pct}%` }} />
              </span>
              <span className={`${full ? "w-8 shrink-0" : "w-6"} text-right text-ink-soft`}>
                {count}
                <span className="sr-only"> {count === 1 ? "review" : "reviews"}</span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** The search box of the discussion pages; the caller's form submits it. */
export function SearchField({ label, defaultValue }: { label: ReactNode; defaultValue: string }) {
  return (
    <label className="relative flex-1">
      <span className="sr-only">{label}</span>
      <input
        type="search"
        name="search"
        defaultValue={defaultValue}
        placeholder={SEARCH_PLACEHOLDER}
        className="w-full rounded-full border border-black/10 bg-stone-100 px-4 py-2 text-sm outline-none focus:border-brand-500 focus:bg-white focus:ring-2 focus:ring-brand-400/40"
      />
    </label>
  );
}
