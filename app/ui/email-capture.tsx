import { useState } from "react";
import { useLocation } from "react-router";
import { isValidEmail } from "../../domain/email";
import {
  EMAIL_CAPTURE_SUCCESS,
  EMAIL_COUPON_ALREADY_USED,
  EMAIL_SUBMIT_FAILED,
  EMAIL_VALIDATE_FAILED,
  emailCaptureInvalid,
} from "../../domain/messages";
import { useDebouncedEmail } from "../marketing/use-debounced-email";
import { readCookie } from "./cookies";
import { cx } from "./format";

type Status = { kind: "idle" | "busy" | "success" | "error"; message?: string };

/** What a plain form post (no JavaScript) came back with: ?email_signup=... */
const RETURNED: Record<string, Status> = {
  success: { kind: "success", message: EMAIL_CAPTURE_SUCCESS },
  duplicate: { kind: "error", message: EMAIL_COUPON_ALREADY_USED },
};

/**
 * The e-mail capture form: posts to POST /api/email-signup/ (fetch when JavaScript runs, a plain
 * form post that comes back here otherwise) and shows the spec's messages, 205 included.
 */
export function EmailCapture({
  button,
  discount,
  component,
  content,
  dark = false,
  stacked = false,
  buttonClassName,
}: {
  button: string;
  /** "10%": named in the invalid-address message. */
  discount: string;
  component: string;
  content?: string;
  dark?: boolean;
  /** The field above the button at every width (narrow boxes such as a callout). */
  stacked?: boolean;
  /** The button's colours, where the default yellow would not stand out. */
  buttonClassName?: string;
}) {
  const location = useLocation();
  const query = new URLSearchParams(location.search);
  const returned = query.get("email_signup");
  // Checked 500 ms after typing stops; the button is disabled while the address has an error.
  const {
    email,
    setEmail,
    error: emailError,
    showError,
  } = useDebouncedEmail(emailCaptureInvalid(discount));
  // Where the visitor came from (utm_source, utm_campaign, utm_medium), stored with the sign-up.
  const utm = {
    source: query.get("utm_source") ?? "payonce",
    campaign: query.get("utm_campaign") ?? "",
    medium: query.get("utm_medium") ?? "",
  };
  const [status, setStatus] = useState<Status>(
    (returned ? RETURNED[returned] : undefined) ??
      (returned === "invalid"
        ? { kind: "error", message: emailCaptureInvalid(discount) }
        : { kind: "idle" }),
  );

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status.kind === "busy") return;
    if (!isValidEmail(email)) {
      showError(emailCaptureInvalid(discount));
      return;
    }
    setStatus({ kind: "busy" });
    try {
      // Variant two of the spec's e-mail sign-up: a multipart POST with the CSRF header.
      const form = new FormData();
      form.set("email", email.trim());
      form.set("component", component);
      if (content) form.set("content", content);
      for (const [key, value] of Object.entries(utm)) if (value) form.set(key, value);
      const csrf = readCookie(document.cookie, "csrftoken");
      const res = await fetch("/api/email-signup/", {
        method: "POST",
        credentials: "same-origin",
        headers: csrf ? { "x-csrftoken": csrf } : {},
        body: form,
      });
      if (res.status === 205) {
        setStatus({ kind: "error", message: EMAIL_COUPON_ALREADY_USED });
        return;
      }
      if (!res.ok) {
        setStatus({ kind: "error", message: EMAIL_SUBMIT_FAILED });
        return;
      }
      try {
        await res.json();
        setStatus({ kind: "success", message: EMAIL_CAPTURE_SUCCESS });
      } catch {
        setStatus({ kind: "error", message: EMAIL_VALIDATE_FAILED });
      }
    } catch {
      setStatus({ kind: "error", message: EMAIL_SUBMIT_FAILED });
    }
  }

  if (status.kind === "success") {
    return (
      <p
        role="status"
        className={cx(
          "rounded-2xl px-4 py-3 text-sm font-semibold",
          dark ? "bg-white/10 text-white" : "bg-emerald-50 text-emerald-800",
        )}
      >
        {status.message}
      </p>
    );
  }
  return (
    <form method="post" action="/api/email-signup/" onSubmit={submit} noValidate className="w-full">
      <input
        type="hidden"
        name="next"
        value={`${location.pathname}${location.search.replace(/[?&]email_signup=[^&]*/, "")}`}
      />
      <input type="hidden" name="component" value={component} />
      {Object.entries(utm).map(([key, value]) =>
        value ? <input key={key} type="hidden" name={key} value={value} /> : null,
      )}
      {content ? <input type="hidden" name="content" value={content} /> : null}
      <div className={cx("flex flex-col gap-2", !stacked && "sm:flex-row")}>
        <label className="flex-1">
          <span className="sr-only">Email address</span>
          <input
            type="email"
            name="email"
            required
            autoComplete="email"
            placeholder="Enter your email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              if (status.kind === "error") setStatus({ kind: "idle" });
            }}
            aria-invalid={status.kind === "error" || Boolean(emailError) || undefined}
            className="h-12 w-full rounded-full border border-black/10 bg-white px-5 text-base text-ink outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-400/40"
          />
        </label>
        <button
          type="submit"
          disabled={status.kind === "busy" || Boolean(emailError)}
          className={cx(
            "h-12 shrink-0 rounded-full px-6 font-bold disabled:opacity-60",
            buttonClassName ?? "bg-brand-400 text-ink hover:bg-brand-500",
          )}
        >
          {button}
        </button>
      </div>
      {emailError || status.kind === "error" ? (
        <p
          role="alert"
          className={cx("mt-2 text-sm font-medium", dark ? "text-rose-200" : "text-rose-700")}
        >
          {emailError ?? status.message ?? EMAIL_SUBMIT_FAILED}
        </p>
      ) : null}
    </form>
  );
}
