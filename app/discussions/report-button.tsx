/**
 * "Report" on a review, question or reply (issue 33, decision 069): a small dialog (native
 * <dialog>, as Delete's: focus trapped, Escape closes) with the fixed reasons and a few words of
 * the reader's own. Visitors see it disabled, with the reason. Posts the page's own thread action
 * (intent "flag"), which calls the same use case as the API.
 */
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { FLAG_DETAILS_MAX, FLAG_REASON_LABELS, FLAG_REASONS } from "../../domain/flags";
import { REPORT, REPORT_LOGIN } from "../../domain/messages";
import { cx } from "../ui/format";
import { usePersonalFill } from "../ui/personal-fill";
import { useToast } from "../ui/toast";
import { buttonBase, ghostButton } from "./controls";
import type { CommentStatus, ThreadActionResult, ViewerRoles } from "./types";

const linkLike = "text-sm font-semibold text-ink-soft hover:text-ink hover:underline";

export function ReportButton({
  id,
  noun,
  ownerId,
  status,
  roles,
}: {
  id: number;
  /** "review", "question", "reply" or "answer": the dialog's and the button's words. */
  noun: string;
  ownerId: number | null;
  status: CommentStatus;
  roles: ViewerRoles;
}) {
  const fill = usePersonalFill();
  const reasonId = useId();
  const [open, setOpen] = useState(false);
  // Only published posts are reported (the server refuses the rest); never one's own.
  if (status !== "approved") return null;
  // A page kept for an audience: who reads it comes with the fill; until then, any member.
  const userId = roles.pending
    ? fill.state === "filled"
      ? (fill.viewer?.id ?? null)
      : 0
    : roles.userId;
  if (userId != null && userId !== 0 && userId === ownerId) return null;
  if (userId == null) {
    return (
      <>
        <button
          type="button"
          className={cx(linkLike, "cursor-not-allowed opacity-60 hover:no-underline")}
          aria-disabled="true"
          aria-describedby={reasonId}
          title={REPORT_LOGIN}
        >
          {REPORT}
        </button>
        <span id={reasonId} className="sr-only">
          {REPORT_LOGIN}
        </span>
      </>
    );
  }
  return (
    <>
      <button
        type="button"
        className={linkLike}
        aria-haspopup="dialog"
        aria-label={`${REPORT} this ${noun}`}
        onClick={() => setOpen(true)}
      >
        {REPORT}
      </button>
      {/* Rendered only once opened: no dialog markup on every card of a list. */}
      {open ? <ReportDialog id={id} noun={noun} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ReportDialog({ id, noun, onClose }: { id: number; noun: string; onClose: () => void }) {
  const fetcher = useFetcher<ThreadActionResult>();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const toast = useToast();
  const titleId = useId();
  const detailsId = useId();
  const handled = useRef<unknown>(null);
  const [reason, setReason] = useState<string>("");
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state === "submitting" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      if (result.toast) toast(result.toast);
      dialogRef.current?.close();
    }
  }, [fetcher.state, fetcher.data, toast]);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const refused = result && !result.ok ? result : null;
  const detailsError = refused?.fieldErrors?.details?.[0];
  const reasonError = refused?.fieldErrors?.reason?.[0];
  const busy = fetcher.state !== "idle";
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-[min(92vw,28rem)] rounded-3xl p-6 shadow-card-hover backdrop:bg-ink/40"
    >
      <h2 id={titleId} className="text-lg font-bold">
        Report this {noun}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        Our moderators read every report. The author is not told who reported it.
      </p>
      <fetcher.Form method="post" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="flag" />
        <input type="hidden" name="id" value={id} />
        <fieldset aria-describedby={reasonError ? `${titleId}-reason-error` : undefined}>
          <legend className="text-sm font-semibold">What is wrong with it?</legend>
          <div className="mt-2 space-y-1.5">
            {FLAG_REASONS.map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="reason"
                  value={value}
                  required
                  checked={reason === value}
                  onChange={() => setReason(value)}
                />
                {FLAG_REASON_LABELS[value]}
              </label>
            ))}
          </div>
          {reasonError ? (
            <p id={`${titleId}-reason-error`} className="mt-1 text-sm text-red-700">
              {reasonError}
            </p>
          ) : null}
        </fieldset>
        <div>
          <label htmlFor={detailsId} className="block text-sm font-semibold">
            Details {reason === "other" ? "(required)" : "(optional)"}
          </label>
          <textarea
            id={detailsId}
            name="details"
            rows={3}
            maxLength={FLAG_DETAILS_MAX}
            required={reason === "other"}
            aria-invalid={detailsError ? true : undefined}
            aria-describedby={detailsError ? `${detailsId}-error` : undefined}
            className="mt-1 w-full rounded-2xl border border-black/15 bg-white px-3 py-2 text-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-400/40"
          />
          {detailsError ? (
            <p id={`${detailsId}-error`} className="mt-1 text-sm text-red-700">
              {detailsError}
            </p>
          ) : null}
        </div>
        {refused?.formError && !detailsError && !reasonError ? (
          <p role="alert" className="text-sm font-semibold text-red-700">
            {refused.formError}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <button type="button" className={ghostButton} onClick={() => dialogRef.current?.close()}>
            Cancel
          </button>
          <button
            type="submit"
            className={cx(buttonBase, "bg-ink text-white hover:bg-ink/90")}
            disabled={busy || reason === ""}
          >
            {busy ? "Sending…" : "Send report"}
          </button>
        </div>
      </fetcher.Form>
    </dialog>
  );
}
