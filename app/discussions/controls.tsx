/** The small interactive parts of a discussion card: vote, moderation, reply, delete. */
import { useEffect, useId, useRef, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { MODERATION_REASON_MAX, REPLY_COMMENT_MAX } from "../../domain/constants";
import {
  COMMENT_SUBMITTED_THANKS,
  FIELD_REQUIRED,
  FORM_ERROR,
  MODERATION_REASON_FIELD,
  tooLong,
  UPDATES_SUBMITTED,
  VERIFY_TO_VOTE,
} from "../../domain/messages";
import { cx } from "../ui/format";
import { Use } from "../ui/icons";
import { usePersonalFill } from "../ui/personal-fill";
import { useToast } from "../ui/toast";
import { approveLabel } from "./labels";
import {
  type CommentStatus,
  type DiscussionKind,
  loginPath,
  type ThreadActionResult,
  type ViewerRoles,
} from "./types";

export const buttonBase =
  // pill-button (app.css): the shape; padding and size stay utilities so callers can change them.
  "pill-button px-3 py-1.5 text-sm";
export const primaryButton = `${buttonBase} bg-brand-400 text-ink hover:bg-brand-500`;
export const ghostButton = `${buttonBase} border border-black/10 bg-white text-ink hover:bg-stone-100`;

export function useCurrentPath(): string {
  const location = useLocation();
  return location.pathname + location.search;
}

function ThumbIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 20 20"
      className="h-4 w-4"
      aria-hidden="true"
      fill={filled ? "currentColor" : "none"}
    >
      <Use id="thumb" />
    </svg>
  );
}

/**
 * The helpful vote. Anonymous visitors get a link to log in that returns here; signed-in users
 * toggle it (the count moves at once, the server's answer follows with the page's data). Own and
 * unapproved items show the count only: the server refuses those votes.
 */
export function VoteButton({
  id,
  upVotes,
  userVote,
  status,
  ownerId,
  roles,
}: {
  id: number;
  upVotes: number;
  userVote: number;
  status: CommentStatus;
  ownerId: number | null;
  roles: ViewerRoles;
}) {
  const fetcher = useFetcher<ThreadActionResult>();
  const path = useCurrentPath();
  const fill = usePersonalFill();
  if (roles.pending) {
    // A page kept for an audience: the reader, their vote and the current count come with the
    // fill; until then the button of any member, unpressed (the same size).
    const filled = fill.state === "filled" ? fill : null;
    const vote = filled?.deal?.votes.get(id);
    return (
      <VoteButton
        id={id}
        upVotes={vote?.upVotes ?? upVotes}
        userVote={vote?.vote ?? userVote}
        status={status}
        ownerId={ownerId}
        roles={{
          ...roles,
          pending: false,
          userId: filled?.viewer?.id ?? 0,
          unverified: filled?.viewer
            ? !filled.viewer.email_verified && !filled.viewer.is_staff
            : false,
        }}
      />
    );
  }
  const pending = fetcher.state !== "idle";
  // Optimistic toggle while the vote is in flight.
  const voted = pending ? userVote !== 1 : userVote === 1;
  const count = pending ? upVotes + (voted ? 1 : -1) : upVotes;
  const label = `Helpful (${count})`;
  // vote-button / vote-button-on (app.css): the pill's border and colours, on every item.
  const cls = cx(buttonBase, voted ? "vote-button-on" : "vote-button");
  if (roles.userId == null) {
    return (
      // The page's own "Log in" links already discover the login route: no marker per item.
      <Link
        to={loginPath(path)}
        rel="nofollow"
        discover="none"
        className={cls}
        aria-label={`Log in to vote helpful (${count})`}
      >
        <ThumbIcon filled={false} />
        {` ${label}`}
      </Link>
    );
  }
  if (roles.unverified && ownerId !== roles.userId && status === "approved") {
    // The server refuses an unverified member's vote (403): the button says so, disabled.
    const reasonId = `vote-${id}-verify`;
    return (
      <span className="inline-flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={cls}
          disabled
          aria-disabled="true"
          aria-describedby={reasonId}
          title={VERIFY_TO_VOTE}
        >
          <ThumbIcon filled={false} />
          {` ${label}`}
        </button>
        <span id={reasonId} className="text-xs text-ink-soft">
          {VERIFY_TO_VOTE}
        </span>
      </span>
    );
  }
  if (ownerId === roles.userId || status !== "approved") {
    return (
      <span className="inline-flex items-center gap-1.5 px-1 text-sm text-ink-soft">
        <ThumbIcon filled={false} />
        {` ${label}`}
      </span>
    );
  }
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="vote" />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className={cls} aria-pressed={voted} disabled={pending}>
        <ThumbIcon filled={voted} />
        {` ${label}`}
      </button>
    </fetcher.Form>
  );
}

/**
 * Approve / decline / undo (spec 000 section 4). Partners and user moderators act on pending
 * items only: otherwise their control is shown read-only. Undo and resolve are staff-only.
 */
export function ModerationControls(props: {
  id: number;
  authorId?: number | undefined;
  kind: DiscussionKind | "reply";
  status: CommentStatus;
  edited: boolean;
  resolved?: boolean | undefined;
  roles: ViewerRoles;
  onApproveAndAnswer?: (() => void) | undefined;
}) {
  const { id, kind, edited, resolved, roles, authorId, onApproveAndAnswer } = props;
  const fetcher = useFetcher<ThreadActionResult>();
  const toast = useToast();
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.toast) {
      toast(fetcher.data.toast, fetcher.data.ok ? "success" : "error");
    }
  }, [fetcher.state, fetcher.data, toast]);
  // "Approve & answer" keeps the card (and its answer box) on the page: its submission skips the
  // list's revalidation (the questions route's shouldRevalidate), which under the Pending filter
  // would drop the now approved question; the card shows it approved meanwhile.
  const [answering, setAnswering] = useState(false);
  // Decline asks for the reason its author will read (optional; decision 067).
  const [declining, setDeclining] = useState(false);
  const reasonId = useId();
  if (!roles.canModerate) return null;
  const busy = fetcher.state !== "idle";
  const label = approveLabel(kind, edited);
  const status = answering ? "approved" : props.status;
  const submit = (fields: Record<string, string>) =>
    fetcher.submit({ id: String(id), ...fields }, { method: "post" });
  return (
    <div className="flex flex-wrap items-center gap-2">
      {status === "pending" ? (
        <>
          <button
            type="button"
            className={cx(buttonBase, "bg-emerald-600 text-white hover:bg-emerald-700")}
            disabled={busy}
            onClick={() => {
              if (label !== "Approve" && kind === "question" && onApproveAndAnswer) {
                submit({ intent: "approve", approved: "approved", next: "answer" });
                setAnswering(true);
                onApproveAndAnswer();
              } else {
                submit({ intent: "approve", approved: "approved" });
              }
            }}
          >
            {label}
          </button>
          <button
            type="button"
            className={cx(
              buttonBase,
              "border border-red-200 bg-white text-red-700 hover:bg-red-50",
            )}
            disabled={busy}
            aria-expanded={declining}
            onClick={() => setDeclining(!declining)}
          >
            Decline
          </button>
          {declining ? (
            <fetcher.Form
              method="post"
              className="flex w-full flex-wrap items-end gap-2"
              onSubmit={() => setDeclining(false)}
            >
              <input type="hidden" name="intent" value="approve" />
              <input type="hidden" name="approved" value="denied" />
              <input type="hidden" name="id" value={id} />
              <label htmlFor={reasonId} className="w-full text-sm font-semibold">
                {MODERATION_REASON_FIELD}
              </label>
              <textarea
                id={reasonId}
                name="moderation_reason"
                maxLength={MODERATION_REASON_MAX}
                rows={2}
                className="min-w-0 flex-1 rounded-xl border border-black/15 p-2 text-sm"
              />
              <button
                type="submit"
                className={cx(buttonBase, "bg-red-700 text-white hover:bg-red-800")}
                disabled={busy}
              >
                Confirm decline
              </button>
            </fetcher.Form>
          ) : null}
        </>
      ) : (
        <>
          <button type="button" className={ghostButton} disabled aria-disabled="true">
            {status === "approved" ? "Approved" : "Declined"}
          </button>
          {roles.staff ? (
            <button
              type="button"
              className={ghostButton}
              disabled={busy}
              onClick={() => submit({ intent: "approve", approved: "" })}
            >
              Undo
            </button>
          ) : null}
        </>
      )}
      {roles.staff && resolved !== undefined ? (
        <button
          type="button"
          className={ghostButton}
          disabled={busy}
          onClick={() => submit({ intent: "resolve", resolved: resolved ? "false" : "true" })}
        >
          {resolved ? "Unresolve" : "Resolve"}
        </button>
      ) : null}
      {roles.staff && authorId !== undefined ? (
        <>
          <button
            type="button"
            className={ghostButton}
            disabled={busy}
            onClick={() =>
              submit({ intent: "author", list: "whitelist", userId: String(authorId) })
            }
          >
            Whitelist author
          </button>
          <button
            type="button"
            className={ghostButton}
            disabled={busy}
            onClick={() =>
              submit({ intent: "author", list: "blacklist", userId: String(authorId) })
            }
          >
            Block author
          </button>
        </>
      ) : null}
    </div>
  );
}

/** Our wording: a reply that needs no moderation is live at once. */
const REPLY_POSTED = "Your reply has been posted.";

/**
 * The reply box: trimmed, 1 to `max` characters (5000; 400 in a question's thread, spec 000
 * section 5), checked here and by the server. Enter on an empty box does nothing. With
 * `editing` it edits that reply of the viewer's own instead (PUT .../{id}/edit/ on the API).
 */
export function ReplyForm({
  parentId,
  label = "Write a reply",
  submitLabel = "Post reply",
  autoFocus = false,
  max = REPLY_COMMENT_MAX,
  editing,
  onDone,
}: {
  parentId: number;
  label?: string;
  /** The submit button's text ("Post answer" under a question). */
  submitLabel?: string;
  autoFocus?: boolean;
  max?: number;
  /** Edit this reply (its id and current text) rather than reply under `parentId`. */
  editing?: { id: number; comment: string; onCancel: () => void } | undefined;
  onDone?: () => void;
}) {
  const fetcher = useFetcher<ThreadActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const fieldId = useId();
  const toast = useToast();
  const intent = editing ? "edit" : "reply";
  const [clientErrors, setClientErrors] = useState<Record<string, string[]> | null>(null);
  // The server's answer about the text as it was sent: typing after it clears it (issue 15: an
  // error does not stay on a field once it is being fixed).
  const [editedSinceAnswer, setEditedSinceAnswer] = useState(false);
  const [thanks, setThanks] = useState(false);
  const [length, setLength] = useState(editing?.comment.length ?? 0);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const handled = useRef<unknown>(null);
  // As with delete: the answer is read from the "loading" state on, so a card that the
  // revalidated list no longer holds (an answered question under the Pending filter) still
  // reports it.
  useEffect(() => {
    const done = fetcher.state === "submitting" ? undefined : fetcher.data;
    if (!done?.ok || done.intent !== intent || handled.current === done) return;
    handled.current = done;
    if (intent === "edit") {
      if (done.status === "pending") toast(UPDATES_SUBMITTED);
      onDone?.();
      return;
    }
    formRef.current?.reset();
    setLength(0);
    setThanks(done.status === "pending");
    if (done.status !== "pending") {
      toast(REPLY_POSTED);
      onDone?.();
    }
  }, [fetcher.state, fetcher.data, intent, onDone, toast]);
  const serverErrors = result && !result.ok && !editedSinceAnswer ? result : null;
  const errors = clientErrors ?? serverErrors?.fieldErrors ?? {};
  const formError = clientErrors ? FORM_ERROR : (serverErrors?.formError ?? null);
  const commentError = errors.comment?.[0];
  const describedBy = [`${fieldId}-count`, commentError ? `${fieldId}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      noValidate
      className="space-y-2"
      onSubmit={(event) => {
        const form = new FormData(event.currentTarget);
        // ReplySchema's comment rule (requiredText(max)) checked without zod, which would
        // otherwise ship to every product page; the server still parses the form.
        const comment = String(form.get("comment") ?? "").trim();
        const commentError =
          comment === "" ? FIELD_REQUIRED : comment.length > max ? tooLong(max) : null;
        if (commentError) {
          event.preventDefault();
          setClientErrors({ comment: [commentError] });
          return;
        }
        setClientErrors(null);
        setEditedSinceAnswer(false);
        setThanks(false);
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={editing ? editing.id : parentId} />
      <label htmlFor={fieldId} className="sr-only">
        {editing ? "Edit your reply" : label}
      </label>
      <textarea
        id={fieldId}
        name="comment"
        rows={3}
        maxLength={max}
        required
        defaultValue={editing?.comment}
        // biome-ignore lint/a11y/noAutofocus: opened on purpose by "Reply", "Edit" or "Approve & answer"
        autoFocus={autoFocus || editing != null}
        placeholder={editing ? undefined : label}
        aria-invalid={commentError ? true : undefined}
        aria-describedby={describedBy}
        onInput={(event) => {
          setLength(event.currentTarget.value.length);
          if (clientErrors) setClientErrors(null);
          setEditedSinceAnswer(true);
        }}
        onKeyDown={(event) => {
          // Spec 000 section 5: Enter on an empty box is blocked (no blank line, no post).
          if (event.key === "Enter" && event.currentTarget.value.trim() === "") {
            event.preventDefault();
          }
        }}
        className="w-full rounded-2xl border border-black/15 bg-white px-3 py-2 text-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-400/40"
      />
      <p
        id={`${fieldId}-count`}
        className={cx("text-right text-xs", length >= max ? "text-red-700" : "text-ink-soft")}
      >
        {length}/{max} characters
      </p>
      {commentError ? (
        <p id={`${fieldId}-error`} className="text-sm text-red-700">
          {commentError}
        </p>
      ) : null}
      {formError ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {formError}
        </p>
      ) : null}
      {thanks ? (
        <p role="status" className="rounded-xl bg-brand-50 px-3 py-2 text-sm text-ink">
          {COMMENT_SUBMITTED_THANKS}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButton} disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? "Posting…" : editing ? "Save changes" : submitLabel}
        </button>
        {editing ? (
          <button type="button" className={ghostButton} onClick={editing.onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </fetcher.Form>
  );
}

/**
 * Delete with a confirmation dialog (native <dialog>, which traps focus and closes on Escape).
 * Success and failure are toasts with the spec's messages; the dialog closes either way.
 */
export function DeleteButton({
  id,
  noun,
  onDeleted,
}: {
  id: number;
  noun: "Review" | "Question" | "Reply" | "Comment";
  onDeleted?: () => void;
}) {
  const fetcher = useFetcher<ThreadActionResult>();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const toast = useToast();
  const titleId = useId();
  const handled = useRef<unknown>(null);
  // The action's answer is on the fetcher from the "loading" state on, while the page's data
  // revalidates. Waiting for "idle" is too late on a list: by then the revalidated list no longer
  // holds the deleted card, this button is unmounted and the toast would never show.
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state === "submitting" || !result || handled.current === result) return;
    handled.current = result;
    dialogRef.current?.close();
    if (result.toast) toast(result.toast, result.ok ? "success" : "error");
    if (result.ok) onDeleted?.();
  }, [fetcher.state, fetcher.data, toast, onDeleted]);
  return (
    <>
      <button
        type="button"
        className="text-sm font-semibold text-red-700 hover:underline"
        onClick={() => dialogRef.current?.showModal()}
      >
        Delete
      </button>
      <dialog
        ref={dialogRef}
        aria-labelledby={titleId}
        className="m-auto w-[min(92vw,26rem)] rounded-3xl p-6 shadow-card-hover backdrop:bg-ink/40"
      >
        <h2 id={titleId} className="text-lg font-bold">
          Delete this {noun.toLowerCase()}?
        </h2>
        <p className="mt-2 text-sm text-ink-soft">This cannot be undone.</p>
        <fetcher.Form method="post" className="mt-5 flex justify-end gap-2">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="label" value={noun} />
          <button type="button" className={ghostButton} onClick={() => dialogRef.current?.close()}>
            Cancel
          </button>
          <button
            type="submit"
            className={cx(buttonBase, "bg-red-700 text-white hover:bg-red-800")}
            disabled={fetcher.state !== "idle"}
          >
            {fetcher.state !== "idle" ? "Deleting…" : "Delete"}
          </button>
        </fetcher.Form>
      </dialog>
    </>
  );
}
