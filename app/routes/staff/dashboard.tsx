import { Link } from "react-router";
import { privateMeta } from "../../seo/meta";
import { staffContext } from "../../staff/access.server";
import { SECTIONS, StaffShell } from "../../staff/ui";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => privateMeta("Staff");

const ABOUT: Record<string, string> = {
  "/staff/deals/": "List, create and edit deals and their plans; publish and unpublish.",
  "/staff/moderation/": "Reviews, questions and replies waiting across every deal.",
  "/staff/flags/": "Posts readers reported: dismiss the reports or decline the post.",
  "/staff/orders/": "Find an order and refund it.",
  "/staff/users/": "Find a user; staff flag, verification, comment blacklist, login block.",
  "/staff/authors/": "Blocked and whitelisted authors, with the reason; undo either.",
  "/staff/pages/": "Modular pages: title, layout, SEO and the order of their collections.",
  "/staff/collections/":
    "Smart collections: type, title, colours, schedule and their deals in order.",
  "/staff/campaigns/": "Sales campaigns: discount, window, deals and banner.",
  "/staff/coupons/": "Coupons: find, sort, create with a schedule, turn off or on.",
  "/staff/giftcards/": "Gift cards: find, sort, create, expire.",
  "/staff/changes/": "Partners' proposed edits of their deals: approve or decline.",
  "/staff/audit/": "Who changed what, when, before and after.",
  "/staff/outbox/": "The e-mails the site has sent or kept.",
};

/** The back office's front page: a link to each section with the work waiting there. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await staffContext(context, request);
  const [drafts, pending, changes, reported] = await Promise.all([
    services.staff.deals.list({ query: "", status: "draft", page: 1 }),
    services.staff.operations.moderationQueue({ status: "pending", kind: "", page: 1 }),
    services.staff.partners.staffProposals({ query: "", status: "pending", page: 1 }),
    services.discussions.openFlags({ kind: "", page: 1 }),
  ]);
  return {
    drafts: drafts.total,
    pending: pending.total,
    changes: changes.total,
    reported: reported.total,
  };
}

export default function StaffDashboard({ loaderData }: Route.ComponentProps) {
  const counts: Record<string, string> = {
    "/staff/deals/": `${loaderData.drafts} draft${loaderData.drafts === 1 ? "" : "s"}`,
    "/staff/moderation/": `${loaderData.pending} pending`,
    "/staff/changes/": `${loaderData.changes} pending`,
    "/staff/flags/": `${loaderData.reported} reported`,
  };
  return (
    <StaffShell title="Staff back office">
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {SECTIONS.filter(([to]) => to !== "/staff/").map(([to, label]) => (
          <li key={to} className="rounded-2xl border border-black/5 bg-white p-5 shadow-card">
            <h2 className="text-lg font-bold">
              <Link to={to} className="text-brand-700 underline underline-offset-2">
                {label}
              </Link>
            </h2>
            <p className="mt-1 text-sm text-ink-soft">{ABOUT[to]}</p>
            {counts[to] ? <p className="mt-2 text-sm font-semibold">{counts[to]}</p> : null}
          </li>
        ))}
      </ul>
    </StaffShell>
  );
}
