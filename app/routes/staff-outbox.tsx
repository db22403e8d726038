import { data, isRouteErrorResponse, useRouteError } from "react-router";
import { privateMeta } from "../seo/meta";
import type { Route } from "./+types/staff-outbox";
import { accountContext, requireUser } from "./accounts/accounts.server";

export const meta: Route.MetaFunction = () => privateMeta("Outbox (staff)");

/** Staff only: the e-mails the site has sent or kept (no SMTP configured), with their links. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  if (!user.isStaff) throw data({ forbidden: true }, { status: 403 });
  const { services } = accountContext(context);
  const emails = await services.accounts.outboxEmails(100);
  return {
    provider: services.accounts.mail.kind,
    emails: emails.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
  };
}

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** Links in our own e-mails open on the host staff are using (PUBLIC_URL may differ locally). */
function Body({ text }: { text: string }) {
  // Text and links, each keyed by its offset in the body.
  const pieces: Array<{ at: number; text: string; link: boolean }> = [];
  let last = 0;
  for (const m of text.matchAll(URL_PATTERN)) {
    const at = m.index ?? 0;
    if (at > last) pieces.push({ at: last, text: text.slice(last, at), link: false });
    pieces.push({ at, text: m[0], link: true });
    last = at + m[0].length;
  }
  if (last < text.length) pieces.push({ at: last, text: text.slice(last), link: false });
  return (
    <pre className="mt-3 whitespace-pre-wrap break-words rounded-lg bg-stone-50 p-3 font-sans text-sm text-ink">
      {pieces.map((p) => {
        if (!p.link) return <span key={p.at}>{p.text}</span>;
        let href = p.text;
        try {
          const u = new URL(p.text);
          href = `${u.pathname}${u.search}${u.hash}`;
        } catch {}
        return (
          <a
            key={p.at}
            href={href}
            className="break-all font-semibold text-brand-700 underline underline-offset-2"
          >
            {p.text}
          </a>
        );
      })}
    </pre>
  );
}

export default function StaffOutboxPage({ loaderData }: Route.ComponentProps) {
  const { emails, provider } = loaderData;
  return (
    <main className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-2xl font-black tracking-tight">Outbox</h1>
      <p className="mt-1 text-sm text-ink-soft">
        {provider === "smtp"
          ? "E-mails are delivered over SMTP; this is the record of each."
          : "No SMTP server is configured (SMTP_URL): e-mails are kept here instead of being sent."}
      </p>
      {emails.length === 0 ? <p className="mt-8 text-ink-soft">No e-mails yet.</p> : null}
      <ol className="mt-6 space-y-4">
        {emails.map((e) => (
          <li
            key={e.id}
            className="rounded-2xl border border-black/5 bg-white p-5 shadow-card"
            data-testid="outbox-email"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="text-base font-bold">{e.subject}</h2>
              <span className="text-xs text-ink-soft">
                {e.status} · {new Date(e.createdAt).toLocaleString("en-US", { timeZone: "UTC" })}{" "}
                UTC
              </span>
            </div>
            <p className="mt-1 text-sm text-ink-soft">
              To: <span className="font-medium text-ink">{e.to}</span>
            </p>
            <Body text={e.text} />
            {e.lastError ? (
              <p className="mt-2 text-xs text-red-700">Last error: {e.lastError}</p>
            ) : null}
          </li>
        ))}
      </ol>
    </main>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 403) throw error;
  return (
    <main className="mx-auto max-w-2xl px-4 py-24 text-center">
      <p className="text-6xl font-black text-brand-500">403</p>
      <h1 className="mt-4 text-2xl font-bold">Staff only</h1>
      <p className="mt-2 text-ink-soft">This page is for Payonce staff.</p>
    </main>
  );
}
