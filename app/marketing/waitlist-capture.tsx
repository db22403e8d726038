// Waitlist e-mail capture for informational and inactive-indefinitely deals (spec 001 sections
// 4, 5 and 8).
import { useState } from "react";
import {
  SOMETHING_WENT_WRONG_TRY_AGAIN,
  WAITLIST_EMAIL_ALREADY_REGISTERED,
  WAITLIST_EMAIL_INVALID,
  WAITLIST_SUBMITTED,
} from "../../domain/messages";
import type { ProductPageDeal } from "../product/page-view";
import type { ProductViewer } from "../product/viewer";
import { postJson } from "./api";
import { SignupDone, SignupForm } from "./signup-parts";
import { useDebouncedEmail } from "./use-debounced-email";

export type WaitlistCaptureProps = { deal: ProductPageDeal; viewer: ProductViewer };

/**
 * The waitlist form: POST /api/waitlist/ {waitlist_email, deal_slug, content}. The submit button
 * is disabled while the address is invalid, while processing and once submitted; then "You're in!
 * Thanks for signing up.". An address already on the list gets the 205 message. A signed-in
 * user's address is filled in.
 */
export function WaitlistCapture({ deal, viewer }: WaitlistCaptureProps) {
  const { email, setEmail, valid, error, readyToSubmit } = useDebouncedEmail(
    WAITLIST_EMAIL_INVALID,
    viewer.email ?? "",
  );
  const [state, setState] = useState<"idle" | "processing" | "submitted">("idle");
  const [message, setMessage] = useState<string | null>(null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (!readyToSubmit(event)) return;
    if (state !== "idle") return;
    setState("processing");
    setMessage(null);
    try {
      const res = await postJson("/api/waitlist/", {
        waitlist_email: email.trim(),
        deal_slug: deal.slug,
        content: "waitlist",
      });
      if (res.status === 205) {
        setState("idle");
        setMessage(WAITLIST_EMAIL_ALREADY_REGISTERED);
        return;
      }
      if (res.status === 400) {
        setState("idle");
        setMessage(WAITLIST_EMAIL_INVALID);
        return;
      }
      if (!res.ok) throw new Error(String(res.status));
      setState("submitted");
    } catch {
      setState("idle");
      setMessage(SOMETHING_WENT_WRONG_TRY_AGAIN);
    }
  }

  return (
    <section
      aria-label="Join the waitlist"
      className="rounded-3xl border border-black/5 bg-white p-5 shadow-card"
    >
      <h2 className="text-lg font-bold">Join the waitlist</h2>
      <p className="mt-1 text-sm text-ink-soft">
        Be the first to know when {deal.public_name || deal.name} is available.
      </p>
      {state === "submitted" ? (
        <SignupDone spaced>{WAITLIST_SUBMITTED}</SignupDone>
      ) : (
        <SignupForm
          onSubmit={onSubmit}
          className="mt-4 space-y-2"
          label={<span className="sr-only">Email address</span>}
          name="waitlist_email"
          address={{ email, setEmail, error }}
          message={message}
          inputClassName="h-12 w-full rounded-full border border-black/10 bg-white px-5 text-base outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-400/40"
          disabled={!valid || state !== "idle"}
          buttonClassName="h-12 w-full rounded-full bg-brand-400 px-6 font-bold text-ink hover:bg-brand-500 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {state === "processing" ? "Joining..." : "Join the waitlist"}
        </SignupForm>
      )}
    </section>
  );
}
