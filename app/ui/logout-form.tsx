import type { FormEvent } from "react";
import { useRootData } from "../root-data";
import { readCookie } from "./cookies";

/**
 * Logging out is an unsafe API call, and any call carrying the session cookie must return the
 * csrftoken cookie (double submit). With JavaScript the form posts through fetch with the
 * X-CSRFToken header; without it, the form sends the token in the csrfmiddlewaretoken field and
 * the server redirects home.
 */
export function LogoutForm({ className }: { className?: string }) {
  const csrfToken = useRootData()?.csrfToken ?? "";
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await fetch("/api/users/logout/", {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "X-CSRFToken": readCookie(document.cookie, "csrftoken"),
        "Content-Type": "application/json",
      },
      body: "{}",
    });
    window.location.assign("/");
  }
  return (
    // A page kept for an audience carries no one's token: without JavaScript its form posts to
    // the log-out page's action instead (a same-origin form post needs none; decision 059).
    <form
      method="post"
      action={csrfToken ? "/api/users/logout/" : "/accounts/logout/"}
      onSubmit={onSubmit}
    >
      <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />
      <button type="submit" className={className}>
        Log out
      </button>
    </form>
  );
}
