import { Link } from "react-router";
import { privateMeta } from "../../seo/meta";
import { accountContext, accountSetup, requireUser } from "../accounts/accounts.server";
import { Alert, AuthCard } from "../accounts/form-ui";
import type { Route } from "./+types/profile";

const NOTICES: Record<string, string> = { password: "Your password has been set." };
const ACCOUNT_COMMERCE_LINKS = [
  ["/account/products/", "Your products"],
  ["/account/billing/", "Billing details"],
  ["/account/tax/", "Tax information"],
  ["/account/cards/", "Payment methods"],
  ["/account/plus/", "Plus membership"],
] as const;

export const meta: Route.MetaFunction = () => privateMeta("Your account");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { services } = accountContext(context);
  const setup = accountSetup(user);
  return {
    user: {
      name: [user.firstName, user.lastName].filter(Boolean).join(" "),
      username: user.username,
      email: user.email,
      emailVerified: user.emailVerified,
      isStaff: user.isStaff,
    },
    setup,
    emails: await services.accounts.listEmails(user.id),
    notice: NOTICES[new URL(request.url).searchParams.get("notice") ?? ""] ?? null,
  };
}

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const { user, setup, emails, notice } = loaderData;
  return (
    <AuthCard title="Your account" subtitle={user.name || user.email} wide>
      <div className="space-y-4">
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {setup.message ? (
          <div
            className="rounded-xl border border-brand-200 bg-brand-50 p-4"
            data-testid="account-setup"
          >
            <p className="text-sm font-semibold text-ink">{setup.message}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              {setup.needsEmailVerification ? (
                <Link
                  to="/account/email/"
                  className="rounded-full bg-ink px-4 py-2 text-sm font-semibold text-white hover:bg-black"
                >
                  Confirm your email
                </Link>
              ) : null}
              {setup.needsPassword ? (
                <Link
                  to="/account/password/update/"
                  className="rounded-full bg-brand-400 px-4 py-2 text-sm font-semibold text-ink hover:bg-brand-500"
                >
                  Set a password
                </Link>
              ) : null}
            </div>
          </div>
        ) : null}
      </div>
      <dl className="mt-6 divide-y divide-black/5 text-sm">
        <div className="flex justify-between gap-4 py-3">
          <dt className="text-ink-soft">Username</dt>
          <dd className="font-medium">{user.username}</dd>
        </div>
        <div className="flex justify-between gap-4 py-3">
          <dt className="text-ink-soft">Primary email</dt>
          <dd className="min-w-0 truncate font-medium">
            {user.email}{" "}
            <span className={user.emailVerified ? "text-emerald-700" : "text-brand-700"}>
              ({user.emailVerified ? "verified" : "not verified"})
            </span>
          </dd>
        </div>
        <div className="flex justify-between gap-4 py-3">
          <dt className="text-ink-soft">Emails on this account</dt>
          <dd className="font-medium">{emails.length}</dd>
        </div>
      </dl>
      <div className="mt-6 flex flex-wrap gap-2">
        <Link
          to="/account/email/"
          className="rounded-full border border-black/15 px-4 py-2 text-sm font-semibold hover:bg-stone-50"
        >
          Email settings
        </Link>
        <Link
          to="/account/password/update/"
          className="rounded-full border border-black/15 px-4 py-2 text-sm font-semibold hover:bg-stone-50"
        >
          Change password
        </Link>
        {/* Account: billing, cards, Plus, products (h/account). */}
        {ACCOUNT_COMMERCE_LINKS.map(([to, label]) => (
          <Link
            key={to}
            to={to}
            className="rounded-full border border-black/15 px-4 py-2 text-sm font-semibold hover:bg-stone-50"
          >
            {label}
          </Link>
        ))}
        {user.isStaff ? (
          <Link
            to="/staff/outbox/"
            className="rounded-full border border-black/15 px-4 py-2 text-sm font-semibold hover:bg-stone-50"
          >
            Staff outbox
          </Link>
        ) : null}
      </div>
    </AuthCard>
  );
}
