/** Pieces the discussion pages share: breadcrumbs, the posting prompt, flash, pagination. */
import { Link } from "react-router";
import { LOG_IN, LOG_IN_TO_JOIN, ONLY_LOGGED_IN_USERS } from "../../domain/messages";
import { cx } from "../ui/format";
import { primaryButton } from "./controls";
import { flashMessage } from "./labels";
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
  switch (prompt.type) {
    case "button":
      return (
        <Link to={prompt.href} className={cx(primaryButton, "px-5 py-2.5")}>
          {kind === "review" ? "Write a review" : "Ask a question"}
        </Link>
      );
    case "login":
      return (
        <div
          className={cx("rounded-2xl bg-brand-50 ring-1 ring-brand-200", compact ? "p-3" : "p-4")}
        >
          <p className="font-bold">{LOG_IN_TO_JOIN}</p>
          <p className="text-sm text-ink-soft">{ONLY_LOGGED_IN_USERS}</p>
          <Link to={prompt.href} className={cx(primaryButton, "mt-3")}>
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
          <Link to={prompt.href} className={cx(primaryButton, "mt-3")}>
            Verify email
          </Link>
        </div>
      );
    case "buy":
      return (
        <div className="rounded-2xl bg-brand-50 p-4 ring-1 ring-brand-200">
          <p className="font-bold">Only verified purchasers can write a review</p>
          <p className="text-sm text-ink-soft">Buy this deal to share how it works for you.</p>
          <Link to={prompt.href} className={cx(primaryButton, "mt-3")} reloadDocument>
            Buy now
          </Link>
        </div>
      );
    case "none":
      return null;
  }
}

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
