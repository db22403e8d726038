/** A review or question card with its replies (spec 000 sections 4 and 6). */
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import {
  QUESTION_INLINE_MAX,
  REPLY_COMMENT_MAX,
  REVIEW_BODY_FULL_MAX,
} from "../../domain/constants";
import {
  BADGE_FOUNDER,
  BADGE_PLUS,
  BADGE_VERIFIED_PURCHASER,
  BE_THE_FIRST,
  EDIT_TO_RESUBMIT,
  earlierRating,
  MODERATION_REASON_LABEL,
} from "../../domain/messages";
import { provenanceLabels } from "../../domain/provenance";
import { ShareControl } from "../marketing/share-control";
import { BOT_LABEL } from "../profile/labels";
import { cx } from "../ui/format";
import { TacoRating } from "../ui/taco-rating";
import { DeleteButton, ModerationControls, ReplyForm, VoteButton } from "./controls";
import { answerLabel, formatDate, replyStatusLabel, statusLabel } from "./labels";
import { ReportButton } from "./report-button";
import {
  type AuthorView,
  type DiscussionKind,
  editPath,
  type ItemView,
  KIND_LABEL,
  LIST_SEGMENT,
  type ReplyView,
  threadPath,
  type ViewerRoles,
} from "./types";

/** Replies nest at most this deep (server/services/discussions/write-context.ts MAX_REPLY_DEPTH). */
const MAX_REPLY_DEPTH = 3;

function Badge({ children, tone }: { children: string; tone: "amber" | "ink" | "green" | "sky" }) {
  return (
    <span
      className={cx(
        // author-badge (app.css): the shape; the tone's colours here.
        "author-badge",
        tone === "amber" && "bg-brand-400 text-ink",
        tone === "ink" && "bg-ink text-white",
        tone === "green" && "bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200",
        tone === "sky" && "bg-sky-100 text-sky-900 ring-1 ring-sky-200",
      )}
    >
      {children}
    </span>
  );
}

function Avatar({ user }: { user: AuthorView | null }) {
  const initial = (user?.name || user?.username || "?").charAt(0).toUpperCase();
  return user?.avatar ? (
    <img src={user.avatar} alt="" className="author-avatar" />
  ) : (
    <span aria-hidden="true" className="author-initial">
      {initial}
    </span>
  );
}

/** "reply" -> "replies", "answer" -> "answers". */
const pluralNoun = (noun: string) => (noun.endsWith("y") ? `${noun.slice(0, -1)}ies` : `${noun}s`);

export function AuthorLine({
  user,
  created,
  edited,
  label,
}: {
  user: AuthorView | null;
  created: string;
  edited: string | null;
  label?: string | null;
}) {
  return (
    <div className="author-line">
      <Avatar user={user} />
      <div className="min-w-0">
        <div className="author-names">
          {user ? (
            <a
              href={`/profile/${encodeURIComponent(user.username)}/`}
              target="_blank"
              rel="noopener"
              className="author-name"
            >
              {user.name || user.username}
            </a>
          ) : (
            <span className="font-semibold text-ink-soft">Deleted user</span>
          )}
          {user?.isBot ? <Badge tone="sky">{BOT_LABEL}</Badge> : null}
          {label ? <Badge tone="ink">{label}</Badge> : null}
          {user?.isFounder && !label ? <Badge tone="ink">{BADGE_FOUNDER}</Badge> : null}
          {user?.hasPlus ? <Badge tone="amber">{BADGE_PLUS}</Badge> : null}
          {user?.verifiedPurchaser ? <Badge tone="green">{BADGE_VERIFIED_PURCHASER}</Badge> : null}
        </div>
        <p className="text-xs text-ink-soft">
          <time dateTime={created}>{formatDate(created)}</time>
          {edited ? " · edited" : null}
        </p>
      </div>
    </div>
  );
}

/**
 * Where a review comes from (issue 33): the author's plan and how long they owned it, a refund
 * since, an edit after the founder's reply; then the ratings the reviewer gave before.
 */
function Provenance({ item }: { item: ItemView }) {
  const labels = item.provenance ? provenanceLabels(item.provenance) : [];
  if (labels.length === 0 && item.earlierRatings.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-1.5 text-xs">
      {labels.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Review provenance">
          {labels.map((label) => (
            <li
              key={label.text}
              className={cx(
                "rounded-full px-2 py-0.5 font-semibold",
                label.tone === "green" && "bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200",
                label.tone === "amber" && "bg-brand-100 text-brand-700",
                label.tone === "stone" && "bg-stone-100 text-ink-soft",
              )}
            >
              {label.text}
            </li>
          ))}
        </ul>
      ) : null}
      {item.earlierRatings.map((r) => (
        <span key={r.ratedAt} className="text-ink-soft">
          {earlierRating(r.rating, formatDate(r.ratedAt))}
        </span>
      ))}
    </div>
  );
}

export function StatusPill({ text, tone }: { text: string; tone: "amber" | "stone" | "red" }) {
  return (
    <span
      className={cx(
        "rounded-full px-2.5 py-0.5 text-xs font-semibold",
        tone === "amber" && "bg-brand-100 text-brand-700",
        tone === "stone" && "bg-stone-100 text-ink-soft",
        tone === "red" && "bg-red-50 text-red-700",
      )}
    >
      {text}
    </span>
  );
}

/** Review bodies show in full up to 450 characters, then behind Read more. */
function Body({ text, kind }: { text: string; kind: DiscussionKind }) {
  const [open, setOpen] = useState(false);
  if (!text) return null;
  const long = kind === "review" && text.length > REVIEW_BODY_FULL_MAX;
  const shown = long && !open ? `${text.slice(0, REVIEW_BODY_FULL_MAX).trimEnd()}…` : text;
  return (
    <div>
      <p className="comment-text">{shown}</p>
      {long ? (
        <button
          type="button"
          className="mt-1 text-sm font-semibold text-brand-700 hover:underline"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? "Show less" : "Read more"}
        </button>
      ) : null}
    </div>
  );
}

/**
 * A declined item as its author (or a moderator) sees it: the moderator's reason, if one was
 * given, and what the author can do about it (decision 067).
 */
function DeclinedNote({ reason, owner }: { reason: string | null; owner: boolean }) {
  if (!reason && !owner) return null;
  return (
    <div className="rounded-xl bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
      {reason ? (
        <p className="whitespace-pre-line break-words">
          <span className="font-semibold">{MODERATION_REASON_LABEL}</span> {reason}
        </p>
      ) : null}
      {owner ? <p className={reason ? "mt-1" : undefined}>{EDIT_TO_RESUBMIT}</p> : null}
    </div>
  );
}

function ReplyItem({
  reply,
  threadKind,
  threadStatus,
  roles,
  depth,
}: {
  reply: ReplyView;
  threadKind: DiscussionKind;
  threadStatus: ItemView["status"];
  roles: ViewerRoles;
  depth: number;
}) {
  const [replying, setReplying] = useState(false);
  const [editing, setEditing] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const closeReply = useCallback(() => setReplying(false), []);
  const closeEdit = useCallback(() => setEditing(false), []);
  if (deleted) return null;
  const max = threadKind === "question" ? QUESTION_INLINE_MAX : REPLY_COMMENT_MAX;
  const owner = reply.user != null && reply.user.id === roles.userId;
  const status = replyStatusLabel(reply.status, reply.user?.id, roles);
  const label = answerLabel(reply.answerType);
  const canReplyHere =
    roles.userId != null &&
    !roles.blacklisted &&
    threadStatus !== "declined" &&
    reply.status !== "declined" &&
    depth < MAX_REPLY_DEPTH;
  return (
    <li
      className={cx(
        "rounded-2xl p-3 sm:p-4",
        reply.answerType === "founder_team" ? "bg-brand-50 ring-1 ring-brand-200" : "bg-stone-50",
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <AuthorLine user={reply.user} created={reply.created} edited={reply.edited} label={label} />
        {status ? (
          <StatusPill text={status} tone={reply.status === "declined" ? "red" : "amber"} />
        ) : null}
      </div>
      {editing ? (
        <div className="mt-2">
          <ReplyForm
            parentId={reply.parentId}
            max={max}
            editing={{ id: reply.id, comment: reply.comment, onCancel: closeEdit }}
            onDone={closeEdit}
          />
        </div>
      ) : (
        <p className="mt-2 whitespace-pre-line break-words text-sm leading-relaxed">
          {reply.comment}
        </p>
      )}
      {reply.status === "declined" ? (
        <div className="mt-2">
          <DeclinedNote reason={reply.moderationReason} owner={owner} />
        </div>
      ) : null}
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <VoteButton
          id={reply.id}
          upVotes={reply.upVotes}
          userVote={reply.userVote}
          status={reply.status}
          ownerId={reply.user?.id ?? null}
          roles={roles}
        />
        {canReplyHere ? (
          <button
            type="button"
            className="text-sm font-semibold text-ink-soft hover:text-ink hover:underline"
            aria-expanded={replying}
            onClick={() => setReplying(!replying)}
          >
            Reply
          </button>
        ) : null}
        {owner && !roles.blacklisted && !editing ? (
          <button
            type="button"
            className="text-sm font-semibold text-ink-soft hover:text-ink hover:underline"
            onClick={() => setEditing(true)}
          >
            Edit
          </button>
        ) : null}
        {owner || roles.staff ? (
          <DeleteButton
            id={reply.id}
            noun={threadKind === "question" ? "Comment" : "Reply"}
            onDeleted={() => setDeleted(true)}
          />
        ) : null}
        <ReportButton
          id={reply.id}
          noun="reply"
          ownerId={reply.user?.id ?? null}
          status={reply.status}
          roles={roles}
        />
        <ModerationControls
          id={reply.id}
          authorId={reply.user?.id}
          kind="reply"
          status={reply.status}
          edited={reply.edited != null}
          roles={roles}
        />
      </div>
      {replying ? (
        <div className="mt-3">
          <ReplyForm parentId={reply.id} autoFocus max={max} onDone={closeReply} />
        </div>
      ) : null}
      {reply.children.length > 0 ? (
        <ul className="mt-3 space-y-3 border-l-2 border-black/5 pl-3 sm:pl-4">
          {reply.children.map((child) => (
            <ReplyItem
              key={child.id}
              reply={child}
              threadKind={threadKind}
              threadStatus={threadStatus}
              roles={roles}
              depth={depth + 1}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * One review or question. `variant` "page" is the single-item page: the title is its heading, the
 * reply form is open. On lists the title links to the item page. `repliesSignal` lets the list's
 * Show all / Hide all replies control open or close every card.
 */
export function CommentCard({
  item,
  roles,
  variant = "list",
  repliesSignal,
  headingLevel = 2,
}: {
  item: ItemView;
  roles: ViewerRoles;
  variant?: "list" | "page";
  repliesSignal?: { open: boolean; stamp: number } | undefined;
  headingLevel?: 1 | 2 | 3;
}) {
  const [deleted, setDeleted] = useState(false);
  const [collapsed, setCollapsed] = useState(false);
  const [repliesOpen, setRepliesOpen] = useState(true);
  const [replying, setReplying] = useState(variant === "page");
  const closeReply = useCallback(() => {
    if (variant === "list") setReplying(false);
  }, [variant]);
  useEffect(() => {
    if (repliesSignal && repliesSignal.stamp > 0) setRepliesOpen(repliesSignal.open);
  }, [repliesSignal]);
  if (deleted) return null;
  const owner = item.user != null && item.user.id === roles.userId;
  const status = statusLabel(item, roles);
  const Heading = `h${headingLevel}` as const;
  const canReply = roles.userId != null && !roles.blacklisted && item.status !== "declined";
  const replyNoun = item.kind === "question" ? "answer" : "reply";
  const repliesCount = item.children.length;
  const bodyId = `item-${item.id}-body`;
  return (
    <article
      className={cx(
        "comment-card",
        item.status === "pending" ? "border-brand-400 border-dashed" : "border-black/5",
        item.status === "declined" && !owner && "opacity-75",
      )}
      aria-labelledby={`item-${item.id}-title`}
    >
      <div className="comment-head">
        <div className="min-w-0 flex-1">
          {item.kind === "review" && item.rating ? <TacoRating rating={item.rating} /> : null}
          <Heading
            id={`item-${item.id}-title`}
            className={cx(
              "break-words font-bold",
              // The page's big title needs more air under its tacos than a card's.
              variant === "page" ? "mt-3 text-2xl sm:text-3xl" : "mt-1 text-lg",
            )}
          >
            {variant === "list" ? (
              // A line box (24 px at least, WCAG 2.5.8), not glyph-tall inline text.
              <Link to={item.displayPath} className="inline-block min-h-6 hover:underline">
                {item.title}
              </Link>
            ) : (
              item.title
            )}
          </Heading>
        </div>
        {/* Only when there is something to show (an empty slot is bytes on every item). */}
        {status || roles.moderatorTools ? (
          <div className="flex items-center gap-2">
            {status ? <StatusPill {...status} /> : null}
            {roles.moderatorTools ? (
              <button
                type="button"
                className="rounded-full p-1.5 text-ink-soft hover:bg-stone-100"
                aria-expanded={!collapsed}
                aria-controls={bodyId}
                aria-label={collapsed ? "Expand" : "Collapse"}
                onClick={() => setCollapsed(!collapsed)}
              >
                <svg
                  viewBox="0 0 20 20"
                  className={cx("h-4 w-4 transition", collapsed && "-rotate-90")}
                  aria-hidden="true"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                >
                  <path d="m5 8 5 5 5-5" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
      {/* The id is for the moderators' collapse button only. */}
      <div
        id={roles.moderatorTools ? bodyId : undefined}
        hidden={collapsed}
        className="mt-3 space-y-4"
      >
        <AuthorLine user={item.user} created={item.created} edited={item.edited} />
        {item.status === "declined" ? (
          <DeclinedNote reason={item.moderationReason} owner={owner} />
        ) : null}
        <Provenance item={item} />
        <Body text={item.comment} kind={item.kind} />
        {item.videoUrl ? (
          // biome-ignore lint/a11y/useMediaCaption: user-uploaded review videos come without captions
          <video
            controls
            preload="none"
            src={item.videoUrl}
            poster={item.videoThumbnailUrl ?? undefined}
            className="aspect-video w-full max-w-xl rounded-2xl bg-ink"
          />
        ) : null}
        <div className="comment-actions">
          <VoteButton
            id={item.id}
            upVotes={item.upVotes}
            userVote={item.userVote}
            status={item.status}
            ownerId={item.user?.id ?? null}
            roles={roles}
          />
          {canReply && variant === "list" ? (
            <button
              type="button"
              className="text-sm font-semibold text-ink-soft hover:text-ink hover:underline"
              aria-expanded={replying}
              onClick={() => setReplying(!replying)}
            >
              {item.kind === "question" ? "Answer" : "Reply"}
            </button>
          ) : null}
          <ShareControl
            kind={item.kind}
            shareKey={String(item.id)}
            url={item.displayPath}
            title={item.title}
            shareRef={LIST_SEGMENT[item.kind]}
            heading={`Share this ${item.kind}`}
            incentive={false}
            compact
          />
          {owner ? (
            <Link
              to={editPath(item.displayPath.split("/")[2] ?? "", item.kind, item.id)}
              className="text-sm font-semibold text-ink-soft hover:text-ink hover:underline"
            >
              Edit
            </Link>
          ) : null}
          {owner || roles.staff ? (
            <DeleteButton
              id={item.id}
              noun={KIND_LABEL[item.kind]}
              onDeleted={() => setDeleted(true)}
            />
          ) : null}
          <ReportButton
            id={item.id}
            noun={item.kind}
            ownerId={item.user?.id ?? null}
            status={item.status}
            roles={roles}
          />
          {roles.canModerate ? (
            <div className="sm:ml-auto">
              <ModerationControls
                id={item.id}
                authorId={item.user?.id}
                kind={item.kind}
                status={item.status}
                edited={item.edited != null}
                resolved={item.resolved}
                roles={roles}
                onApproveAndAnswer={() => setReplying(true)}
              />
            </div>
          ) : null}
        </div>

        {repliesCount > 0 ? (
          <section
            // Named after its item and author: several reply sections on a list must be
            // distinct landmarks, and seeded titles repeat (one review per member and deal).
            aria-label={[
              `${replyNoun === "answer" ? "Answers" : "Replies"} to “${item.title || "this post"}”`,
              item.user ? `by ${item.user.name || item.user.username}` : "",
            ]
              .join(" ")
              .trim()}
          >
            <button
              type="button"
              className="text-sm font-semibold text-ink-soft hover:text-ink"
              aria-expanded={repliesOpen}
              onClick={() => setRepliesOpen(!repliesOpen)}
            >
              {repliesOpen ? "Hide" : "Show"} {item.replyCount}{" "}
              {item.replyCount === 1 ? replyNoun : pluralNoun(replyNoun)}
            </button>
            {repliesOpen ? (
              <ul className="mt-3 space-y-3">
                {item.children.map((reply) => (
                  <ReplyItem
                    key={reply.id}
                    reply={reply}
                    threadKind={item.kind}
                    threadStatus={item.status}
                    roles={roles}
                    depth={1}
                  />
                ))}
              </ul>
            ) : null}
          </section>
        ) : item.kind === "question" && roles.userId == null && item.status === "approved" ? (
          // Spec 000 section 2: a visitor opening the thread of a question nobody has answered
          // is sent to log in; the page itself stays readable.
          <p className="text-sm text-ink-soft">
            No answers yet,{" "}
            <Link
              // The thread, which sends a visitor to log in while it has no answers.
              to={threadPath(item.displayPath)}
              rel="nofollow"
              className="font-semibold text-brand-700 hover:underline"
            >
              {BE_THE_FIRST}
            </Link>
          </p>
        ) : null}

        {canReply && replying ? (
          <ReplyForm
            parentId={item.id}
            max={item.kind === "question" ? QUESTION_INLINE_MAX : REPLY_COMMENT_MAX}
            label={item.kind === "question" ? "Write an answer" : "Write a reply"}
            submitLabel={item.kind === "question" ? "Post answer" : "Post reply"}
            autoFocus={variant === "list"}
            onDone={closeReply}
          />
        ) : null}
      </div>
    </article>
  );
}
