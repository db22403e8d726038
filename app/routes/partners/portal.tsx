import { useId, useState } from "react";
import { appContext } from "../../context";
import { infoPageFor } from "../../info/content";
import { InfoPage } from "../../info/info-page";
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
 * footer links to (docs/decisions.md, staff UI 1).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = ctx.session?.user;
  const partners = ctx.services.staff.partners;
  if (user) {
    try {
      const deals = await partners.listDeals(user.id);
      const questions = await Promise.all(
        deals.items.map(async (d) => ({
          deal: { id: d.id, slug: d.slug, name: d.name },
          list: await partners.questions(user.id, d.id, { needs_reply: "1", page: 1 }),
        })),
      );
      return { portal: true as const, deals: deals.items, questions };
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

/** Units sold a day as a small bar chart; the figures are also in the text alternative. */
function SalesChart({ deal }: { deal: Deal }) {
  const days = deal.sales;
  if (days.length === 0) return <p className="text-sm text-ink-soft">No sales in 30 days.</p>;
  const max = Math.max(1, ...days.map((d) => d.units));
  const w = 300;
  const h = 60;
  const bar = w / days.length;
  const total = days.reduce((n, d) => n + d.units, 0);
  return (
    <figure>
      <svg
        viewBox={`0 0 ${w} ${h}`}
        className="h-16 w-full text-brand-500"
        role="img"
        aria-label={`Units sold a day over the last 30 days: ${total} in all, at most ${max} a day.`}
      >
        {days.map((d, i) => {
          const bh = Math.max(1, (d.units / max) * (h - 4));
          return (
            <rect
              key={d.day}
              x={i * bar + 1}
              y={h - bh}
              width={Math.max(1, bar - 2)}
              height={bh}
              fill="currentColor"
            >
              <title>{`${d.day}: ${d.units} sold, ${money(d.revenue)}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="text-xs text-ink-soft">Sales a day, last 30 days</figcaption>
    </figure>
  );
}

const duration = (seconds: number | null) => {
  if (seconds == null) return "—";
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 86400) return `${(seconds / 3600).toFixed(1)} h`;
  return `${(seconds / 86400).toFixed(1)} days`;
};

function DealCard({ deal }: { deal: Deal }) {
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
        <SalesChart deal={deal} />
      </div>
    </li>
  );
}

type Question = PortalData["questions"][number]["list"]["items"][number];

/** Answers through the question's own reply call; the list reloads without it. */
function Answer({ question }: { question: Question }) {
  const { run, errors, busy } = useWrite();
  const [text, setText] = useState("");
  const id = useId();
  return (
    <form
      className="mt-2"
      onSubmit={async (e) => {
        e.preventDefault();
        const result = await run("POST", question.reply_url, { comment: text }, "Answer posted.");
        if (result.ok) setText("");
      }}
    >
      <label htmlFor={id} className="block text-sm font-semibold">
        Your answer
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
        Post answer
      </button>
    </form>
  );
}

function Portal({ data }: { data: PortalData }) {
  const waiting = data.questions.flatMap((q) => q.list.items.map((item) => ({ ...q, item })));
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
              <DealCard key={d.id} deal={d} />
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
