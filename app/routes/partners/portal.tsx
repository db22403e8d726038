import { useId, useState } from "react";
import { PARTNER_SALES_DAYS } from "../../../domain/staff";
import { appContext } from "../../context";
import { infoPageFor } from "../../info/content";
import { InfoPage } from "../../info/info-page";
import { ProposeChange } from "../../partners/propose";
import { QuestionEmails } from "../../partners/question-emails";
import { SalesChart } from "../../partners/sales-chart";
import { WebhookSettings } from "../../partners/webhook-settings";
import { privateMeta } from "../../seo/meta";
import { money, when } from "../../staff/api";
import { buttonStyles, cell, DataTable, useWrite } from "../../staff/ui";
import { cx } from "../../ui/format";
import { seoMeta } from "../../ui/seo";
import { ToastProvider } from "../../ui/toast";
import { isDomainError } from "../accounts/accounts.server";
import type { Route } from "./+types/portal";

/**
 * /partners/: a signed-in partner of at least one deal gets the portal (their deals' figures and
 * the questions waiting for them); everyone else keeps the public "Sell on Payonce" page the
 * footer links to (docs/decisions/046-staff-back-office-and-partner-portal.md, "Pages").
 */
/** Reviews shown a deal (newest first); the figures count them all. */
const REVIEWS_SHOWN = 5;

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = ctx.session?.user;
  const partners = ctx.services.staff.partners;
  if (user) {
    try {
      const deals = await partners.listDeals(user.id);
      const perDeal = await Promise.all(
        deals.items.map(async (d) => {
          const [questions, reviews, proposals, staffView] = await Promise.all([
            partners.questions(user.id, d.id, { needs_reply: "1", page: 1 }),
            partners.reviews(user.id, d.id, { needs_reply: "", page: 1 }),
            partners.partnerProposals(user.id, d.id),
            // The partner's own deal (listDeals checked it): its copy and plans for the form.
            ctx.services.staff.deals.get(d.id),
          ]);
          return {
            deal: { id: d.id, slug: d.slug, name: d.name },
            list: questions,
            reviews: reviews.items.slice(0, REVIEWS_SHOWN),
            reviewTotal: reviews.total,
            proposals: proposals.items,
            proposable: {
              id: d.id,
              name: staffView.public_name,
              card_description: staffView.card_description,
              product_url: staffView.product_url,
              plans: staffView.plans.map((p) => ({
                id: p.id,
                name: p.name,
                price: p.price,
                original_price: p.original_price,
              })),
            },
          };
        }),
      );
      return {
        portal: true as const,
        deals: deals.items,
        questions: perDeal,
        // Webhook, secret, API key prefix and the latest deliveries (issue 30).
        webhook: await ctx.services.partners.endpoints.get(user.id),
        // New-question e-mails: each, a daily digest, or none (issue 33).
        questionEmails: (await ctx.services.notificationSettings.get(user)).partnerQuestions,
        today: new Date().toISOString(),
      };
    } catch (err) {
      // 403: the user partners no deal; they see the public page like anyone else.
      if (!isDomainError(err)) throw err;
    }
  }
  return { portal: false as const, origin: ctx.publicConfig.publicUrl };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const page = infoPageFor("/partners/");
  if (!loaderData || loaderData.portal || !page) return privateMeta("Partner portal");
  return seoMeta({
    title: page.title,
    description: page.description,
    path: page.path,
    origin: loaderData.origin,
  });
};

type PortalData = Extract<Route.ComponentProps["loaderData"], { portal: true }>;
type Deal = PortalData["deals"][number];

const duration = (seconds: number | null) => {
  if (seconds == null) return "—";
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 86400) return `${(seconds / 3600).toFixed(1)} h`;
  return `${(seconds / 86400).toFixed(1)} days`;
};

type PerDeal = PortalData["questions"][number];

const STATUS_TEXT: Record<string, string> = {
  pending: "Waiting for staff",
  approved: "Approved and applied",
  declined: "Declined",
};

/** What a proposal changes, in a line. */
function proposalSummary(changes: unknown) {
  const c = changes as { deal?: Record<string, unknown>; plans?: Array<Record<string, unknown>> };
  const parts = [
    ...Object.keys(c.deal ?? {}).map((k) => k.replace(/_/g, " ")),
    ...(c.plans ?? []).map((p) => `plan #${String(p.id)}`),
  ];
  return parts.join(", ") || "—";
}

function Proposals({ data }: { data: PerDeal }) {
  return (
    <div className="mt-4">
      <h4 className="font-bold">Proposed changes</h4>
      {data.proposals.length === 0 ? (
        <p className="mt-1 text-sm text-ink-soft">None yet.</p>
      ) : (
        <ul className="mt-2 space-y-2 text-sm">
          {data.proposals.map((p) => (
            <li key={p.id} className="rounded-lg bg-stone-50 p-2" data-testid="proposal">
              <span className="font-semibold">{STATUS_TEXT[p.status] ?? p.status}</span> ·{" "}
              {proposalSummary(p.changes)} · {when(p.created)}
            </li>
          ))}
        </ul>
      )}
      <details className="mt-3 rounded-xl border border-black/10 p-3">
        <summary className="cursor-pointer font-semibold text-brand-700">Propose a change</summary>
        <ProposeChange deal={data.proposable} />
      </details>
    </div>
  );
}

function DealCard({ deal, data, today }: { deal: Deal; data?: PerDeal; today: Date }) {
  const figures: Array<[string, string]> = [
    ["Units sold", String(deal.units_sold)],
    ["Revenue", money(deal.revenue)],
    ["Refunds", `${deal.refunds} (${money(deal.refunded)})`],
    ["Rating", deal.review_count ? deal.rating.toFixed(1) : "—"],
    ["Reviews", String(deal.review_count)],
    ["Questions", String(deal.question_count)],
    ["Unanswered", String(deal.unanswered_questions)],
    ["Median time to answer", duration(deal.median_time_to_answer)],
  ];
  return (
    <li
      className="rounded-2xl border border-black/5 bg-white p-4 shadow-card"
      data-testid={`partner-deal-${deal.slug}`}
    >
      <h3 className="text-lg font-bold">
        <a href={`/products/${deal.slug}/`} className="text-brand-700 underline">
          {deal.name}
        </a>
        {deal.is_draft ? <span className="ml-2 text-sm text-ink-soft">(draft)</span> : null}
      </h3>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt className="text-ink-soft">{label}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-3">
        <SalesChart name={deal.name} sales={deal.sales} days={PARTNER_SALES_DAYS} today={today} />
      </div>
      {data ? <Proposals data={data} /> : null}
    </li>
  );
}

type Question = PortalData["questions"][number]["list"]["items"][number];

/** Answers through the item's own reply call; the list reloads without it once answered. */
function Answer({
  question,
  label = "Your answer",
  button = "Post answer",
}: {
  question: Pick<Question, "reply_url">;
  label?: string;
  button?: string;
}) {
  const { run, errors, busy } = useWrite();
  const [text, setText] = useState("");
  const id = useId();
  return (
    <form
      className="mt-2"
      onSubmit={async (e) => {
        e.preventDefault();
        const result = await run("POST", question.reply_url, { comment: text }, `${button}: done.`);
        if (result.ok) setText("");
      }}
    >
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={3}
        aria-invalid={errors?.comment ? true : undefined}
        className={cx(
          "mt-1 block w-full rounded-lg border px-3 py-2 text-base sm:text-sm",
          errors?.comment ? "border-red-500" : "border-black/15",
        )}
      />
      {errors?.comment ? (
        <p className="mt-1 text-sm text-red-700">{errors.comment.join(" ")}</p>
      ) : null}
      <button type="submit" className={cx(buttonStyles.primary, "mt-2")} disabled={busy}>
        {button}
      </button>
    </form>
  );
}

function Portal({ data }: { data: PortalData }) {
  const waiting = data.questions.flatMap((q) => q.list.items.map((item) => ({ ...q, item })));
  const reviews = data.questions.flatMap((q) => q.reviews.map((item) => ({ ...q, item })));
  const today = new Date(data.today);
  return (
    <ToastProvider>
      <main className="mx-auto max-w-5xl px-4 py-8">
        <h1 className="text-2xl font-black tracking-tight">Partner portal</h1>
        <section aria-labelledby="your-deals" className="mt-6">
          <h2 id="your-deals" className="text-xl font-bold">
            Your deals
          </h2>
          <ul className="mt-3 space-y-4">
            {data.deals.map((d) => (
              <DealCard
                key={d.id}
                deal={d}
                data={data.questions.find((q) => q.deal.id === d.id)}
                today={today}
              />
            ))}
          </ul>
        </section>
        <section aria-labelledby="waiting" className="mt-8">
          <h2 id="waiting" className="text-xl font-bold">
            Questions waiting for your reply
          </h2>
          {waiting.length === 0 ? (
            <p className="mt-2 text-ink-soft">No question is waiting. Well done.</p>
          ) : (
            <ul className="mt-3 space-y-4">
              {waiting.map(({ deal, item }) => (
                <li key={item.id} className="rounded-2xl bg-white p-4 shadow-card">
                  <p className="text-xs text-ink-soft">
                    {deal.name} · {item.user?.username ?? "A member"} · {when(item.created)}
                  </p>
                  <h3 className="mt-1 font-bold">{item.title || "Question"}</h3>
                  <p className="mt-1 whitespace-pre-wrap text-sm">{item.comment}</p>
                  <Answer question={item} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="reviews" className="mt-8">
          <h2 id="reviews" className="text-xl font-bold">
            Latest reviews
          </h2>
          {reviews.length === 0 ? (
            <p className="mt-2 text-ink-soft">No reviews yet.</p>
          ) : (
            <ul className="mt-3 space-y-4">
              {reviews.map(({ deal, item }) => (
                <li key={item.id} className="rounded-2xl bg-white p-4 shadow-card">
                  <p className="text-xs text-ink-soft">
                    {deal.name} · {item.user?.username ?? "A member"} · {when(item.created)}
                  </p>
                  <h3 className="mt-1 font-bold">
                    {item.title || "Review"}{" "}
                    <span className="font-normal text-ink-soft">· {item.rating ?? "—"} of 5</span>
                  </h3>
                  <p className="mt-1 whitespace-pre-wrap text-sm">{item.comment}</p>
                  {item.has_founder_reply ? (
                    <p className="mt-2 text-sm font-semibold text-emerald-800">You replied.</p>
                  ) : (
                    <Answer question={item} label="Your reply" button="Post reply" />
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
        <QuestionEmails mode={data.questionEmails} />
        <WebhookSettings data={data.webhook} />
        <section aria-labelledby="totals" className="mt-8">
          <h2 id="totals" className="sr-only">
            Totals
          </h2>
          <DataTable
            caption="All your deals at a glance"
            headers={["Deal", "Units", "Revenue", "Unanswered"]}
            count={data.deals.length}
            empty="No deals."
          >
            {data.deals.map((d) => (
              <tr key={d.id}>
                <th scope="row" className={`${cell} font-semibold`}>
                  {d.name}
                </th>
                <td className={cell}>{d.units_sold}</td>
                <td className={cell}>{money(d.revenue)}</td>
                <td className={cell}>{d.unanswered_questions}</td>
              </tr>
            ))}
          </DataTable>
        </section>
      </main>
    </ToastProvider>
  );
}

export default function Partners({ loaderData }: Route.ComponentProps) {
  if (loaderData.portal) return <Portal data={loaderData} />;
  const page = infoPageFor("/partners/");
  return page ? <InfoPage page={page} /> : null;
}
