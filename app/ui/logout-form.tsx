import type { FormEvent } from "react";

function readCookie(name: string): string {
  const match = document.cookie.split("; ").find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : "";
}

/**
 * Logging out is an unsafe API call, and any API call carrying the session cookie must send the
 * csrftoken cookie back as X-CSRFToken (double submit): a plain form cannot set that header, so
 * with JavaScript the form posts through fetch; the form itself stays as the no-JS fallback.
 */
export function LogoutForm({ className }: { className?: string }) {
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await fetch("/api/users/logout/", {
      method: "POST",
      credentials: "same-origin",
      headers: { "X-CSRFToken": readCookie("csrftoken"), "Content-Type": "application/json" },
      body: "{}",
    });
    window.location.assign("/");
  }
  return (
    <form method="post" action="/api/users/logout/" onSubmit={onSubmit}>
      <button type="submit" className={className}>
        Log out
      </button>
    </form>
  );
}
