// The sold-out sign-ups of the product page (spec 001 sections 4, 5 and 8).
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import {
  type InlineSignupFlag,
  inlineSignupStorageKey,
  restockSignupVisible,
  SOLD_OUT_COMPONENT_SLUG,
} from "../../domain/growth";
import {
  RESTOCK_IDLE,
  RESTOCK_LOADING,
  RESTOCK_SUBSCRIBED,
  SOMETHING_WENT_WRONG_TRY_AGAIN,
  SUBSCRIBED_DEFAULT_SUCCESS,
  WAITLIST_ADDING,
  WAITLIST_EMAIL_ALREADY_REGISTERED,
  WAITLIST_EMAIL_INVALID,
  WAITLIST_ON_THE_LIST,
} from "../../domain/messages";
import type { ProductPageDeal } from "../product/page-view";
import type { ProductViewer } from "../product/viewer";
import { cx } from "../ui/format";
import { ToastProvider, useToast } from "../ui/toast";
import { postJson } from "./api";
import { SignupDone, SignupForm } from "./signup-parts";
import { useDebouncedEmail } from "./use-debounced-email";

export type RestockSignupProps = {
  deal: ProductPageDeal;
  viewer: ProductViewer;
  /** The block's component slug (sold_out_notification_signup by default). */
  componentSlug?: string;
  /** The block's optional window (ISO dates): shown only while start <= now < end. */
  startDate?: string | null;
  endDate?: string | null;
};

type Outcome = "subscribed" | "duplicate" | "invalid" | "failed";

/** POST /api/notification-signup/; a signed-in user's address is their primary e-mail. */
async function notificationSignup(body: {
  deal_slug: string;
  component_slug: string;
  email?: string;
}): Promise<Outcome> {
  try {
    const res = await postJson("/api/notification-signup/", body);
    if (res.status === 205) return "duplicate";
    if (res.status === 400) return "invalid";
    return res.ok ? "subscribed" : "failed";
  } catch {
    return "failed";
  }
}

const readFlag = (key: string): InlineSignupFlag | null => {
  try {
    return window.localStorage.getItem(key) as InlineSignupFlag | null;
  } catch {
    return null;
  }
};

const writeFlag = (key: string, flag: InlineSignupFlag | null) => {
  try {
    if (flag) window.localStorage.setItem(key, flag);
    else window.localStorage.removeItem(key);
  } catch {
    // Private mode without storage: the sign-up still works, it just is not remembered.
  }
};

/**
 * The inline notification sign-up (spec 001 section 4): a logged-out click stores "should
 * subscribe after login" in local storage under the component slug and goes to
 * /accounts/login/?next=this page; back here signed in, it is submitted once by itself. On success
 * the subscribed flag is stored (other tabs follow through the storage event) and a toast shows.
 */
export function InlineNotificationSignup({
  dealSlug,
  componentSlug,
  signedIn,
  className,
}: {
  dealSlug: string;
  componentSlug: string;
  signedIn: boolean;
  className?: string;
}) {
  const toast = useToast();
  const location = useLocation();
  const key = inlineSignupStorageKey(dealSlug, componentSlug);
  const [state, setState] = useState<"idle" | "loading" | "subscribed">("idle");
  const started = useRef(false);

  const submit = useCallback(async () => {
    if (started.current) return;
    started.current = true;
    setState("loading");
    const outcome = await notificationSignup({
      deal_slug: dealSlug,
      component_slug: componentSlug,
    });
    if (outcome === "subscribed" || outcome === "duplicate") {
      writeFlag(key, "subscribed");
      setState("subscribed");
      toast(SUBSCRIBED_DEFAULT_SUCCESS);
    } else {
      started.current = false;
      writeFlag(key, null);
      setState("idle");
      toast(
        outcome === "invalid" ? WAITLIST_EMAIL_INVALID : SOMETHING_WENT_WRONG_TRY_AGAIN,
        "error",
      );
    }
  }, [dealSlug, componentSlug, key, toast]);

  useEffect(() => {
    const flag = readFlag(key);
    if (flag === "subscribed") setState("subscribed");
    else if (flag === "subscribe-after-login" && signedIn) {
      // Claim the flag before the call, so a second tab or a re-render never submits it again.
      writeFlag(key, null);
      void submit();
    }
    const onStorage = (e: StorageEvent) => {
      if (e.key === key && e.newValue === "subscribed") setState("subscribed");
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [key, signedIn, submit]);

  function onClick() {
    if (!signedIn) {
      writeFlag(key, "subscribe-after-login");
      const next = `${location.pathname}${location.search}`;
      window.location.assign(`/accounts/login/?next=${encodeURIComponent(next)}`);
      return;
    }
    void submit();
  }

  const label =
    state === "subscribed"
      ? RESTOCK_SUBSCRIBED
      : state === "loading"
        ? RESTOCK_LOADING
        : RESTOCK_IDLE;
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={state !== "idle"}
      aria-live="polite"
      className={cx(
        "inline-flex h-12 w-full items-center justify-center gap-2 rounded-full px-6 font-bold shadow-sm transition",
        state === "subscribed"
          ? "cursor-default bg-emerald-600 text-white"
          : "bg-brand-400 text-ink hover:bg-brand-500 disabled:opacity-70",
        className,
      )}
    >
      {state === "subscribed" ? (
        <svg viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor" aria-hidden="true">
          <path d="M7.6 13.2 4.4 10l-1.4 1.4 4.6 4.6 10-10-1.4-1.4z" />
        </svg>
      ) : (
        <svg
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinejoin="round" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" />
        </svg>
      )}
      {label}
    </button>
  );
}

/**
 * The product page's notification sign-up for visitors who are not signed in (spec 001 sections
 * 4, 5, 8): an address, "Adding you to the waitlist...", then "You're on the list! We'll notify
 * you when it returns."; an address already on the list gets the 205 message.
 */
function EmailNotificationSignup({
  dealSlug,
  componentSlug,
}: {
  dealSlug: string;
  componentSlug: string;
}) {
  const { email, setEmail, valid, error, readyToSubmit } =
    useDebouncedEmail(WAITLIST_EMAIL_INVALID);
  const [state, setState] = useState<"idle" | "loading" | "subscribed">("idle");
  const [message, setMessage] = useState<string | null>(null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (!readyToSubmit(event)) return;
    setState("loading");
    setMessage(null);
    const outcome = await notificationSignup({
      deal_slug: dealSlug,
      component_slug: componentSlug,
      email: email.trim(),
    });
    if (outcome === "subscribed") {
      setState("subscribed");
      return;
    }
    setState("idle");
    setMessage(
      outcome === "duplicate"
        ? WAITLIST_EMAIL_ALREADY_REGISTERED
        : outcome === "invalid"
          ? WAITLIST_EMAIL_INVALID
          : SOMETHING_WENT_WRONG_TRY_AGAIN,
    );
  }

  if (state === "subscribed") {
    return <SignupDone>{WAITLIST_ON_THE_LIST}</SignupDone>;
  }
  return (
    <SignupForm
      onSubmit={onSubmit}
      className="space-y-2"
      label={
        <span className="text-sm font-semibold text-ink">Or get an email when it returns</span>
      }
      name="email"
      address={{ email, setEmail, error }}
      message={message}
      inputClassName="mt-1 h-11 w-full rounded-full border border-black/10 bg-white px-4 text-base outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-400/40"
      disabled={!valid || state === "loading"}
      buttonClassName="h-11 w-full rounded-full bg-ink px-5 text-sm font-bold text-white hover:bg-black disabled:cursor-not-allowed disabled:opacity-50"
    >
      {state === "loading" ? WAITLIST_ADDING : "Notify me"}
    </SignupForm>
  );
}

/**
 * "Notify me when it returns" on a sold-out deal: shown only if the deal is ended, both slugs are
 * present and now is inside the optional window. Signed-in users subscribe with one click (their
 * primary e-mail); others may log in through the same button (it comes back and subscribes
 * once) or leave an address.
 */
export function RestockSignup({
  deal,
  viewer,
  componentSlug,
  startDate,
  endDate,
}: RestockSignupProps) {
  const now = new Date();
  const slug = componentSlug ?? SOLD_OUT_COMPONENT_SLUG;
  const visible = restockSignupVisible({
    isEnded: deal.buy_button.is_ended,
    dealSlug: deal.slug,
    componentSlug: slug,
    startDate,
    endDate,
    now,
  });
  if (!visible) return null;
  return (
    <ToastProvider>
      <section aria-label="Restock alert" className="space-y-4">
        <InlineNotificationSignup
          dealSlug={deal.slug}
          componentSlug={slug}
          signedIn={viewer.isAuthenticated}
        />
        {viewer.isAuthenticated ? null : (
          <EmailNotificationSignup dealSlug={deal.slug} componentSlug={slug} />
        )}
      </section>
    </ToastProvider>
  );
}
