import type { MetaDescriptor } from "react-router";
import { Link } from "react-router";
import { answerTimeText, founderRecordPath, percentText } from "../../domain/founder-record";
import {
  FOUNDER_RECORD_ANSWER_TIME,
  FOUNDER_RECORD_ANSWERED,
  FOUNDER_RECORD_DEALS,
  FOUNDER_RECORD_NO_DATA,
  FOUNDER_RECORD_REFUNDS,
  FOUNDER_RECORD_TITLE,
  FOUNDER_RECORD_UPDATES,
} from "../../domain/messages";
import { DealGrid } from "../ui/deal-listing";
import { seoMeta } from "../ui/seo";
import type { FounderRecordPageData } from "./record-page.server";

export function founderRecordMeta(data: FounderRecordPageData | undefined): MetaDescriptor[] {
  if (!data) return [{ title: "Page not found | Payonce" }];
  const { record } = data;
  return seoMeta({
    title: `${record.founder.name}: ${FOUNDER_RECORD_TITLE}`,
    description: `${record.founder.name}'s record on Payonce: refunds, answers to buyers' questions and ratings after each update across their lifetime deals.`,
    path: founderRecordPath(record.founder.slug),
    origin: data.origin,
    image: null,
    type: "profile",
  });
}

function Figure({
  label,
  value,
  detail,
  testId,
}: {
  label: string;
  value: string | null;
  detail: string;
  testId: string;
}) {
  return (
    <div className="rounded-3xl bg-white p-5 shadow-card" data-testid={testId}>
      <dt className="text-sm text-ink-soft">{label}</dt>
      <dd className="mt-1 text-3xl font-bold text-ink">{value ?? FOUNDER_RECORD_NO_DATA}</dd>
      <dd className="mt-1 text-sm text-ink-soft">{detail}</dd>
    </div>
  );
}

const rating = (r: number | null) => (r == null ? "–" : r.toFixed(2));
const signed = (n: number) => `${n > 0 ? "+" : ""}${n.toFixed(2)}`;
const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });

export function FounderRecordPage({ data }: { data: FounderRecordPageData }) {
  const { record } = data;
  const { founder } = record;
  return (
    <main className="mx-auto max-w-6xl space-y-8 px-4 py-6 sm:px-6 sm:py-10">
      <header className="flex items-center gap-4">
        {founder.avatar ? (
          <img src={founder.avatar} alt="" className="h-16 w-16 rounded-full" />
        ) : null}
        <div>
          <p className="text-sm font-semibold text-ink-soft">{FOUNDER_RECORD_TITLE}</p>
          <h1 className="text-3xl font-bold text-ink">{founder.name}</h1>
          {founder.title ? <p className="text-ink-soft">{founder.title}</p> : null}
          <Link
            to={`/profile/${encodeURIComponent(founder.slug)}/`}
            className="text-sm font-semibold underline"
          >
            Profile of {founder.name}
          </Link>
        </div>
      </header>
      <dl className="grid gap-4 sm:grid-cols-3">
        <Figure
          testId="founder-refund-rate"
          label={FOUNDER_RECORD_REFUNDS}
          value={record.refund_rate == null ? null : percentText(record.refund_rate)}
          detail={`${record.refunds} of ${record.purchases} purchases refunded`}
        />
        <Figure
          testId="founder-answer-rate"
          label={FOUNDER_RECORD_ANSWERED}
          value={record.answer_rate == null ? null : percentText(record.answer_rate)}
          detail={`${record.answered} of ${record.questions} questions`}
        />
        <Figure
          testId="founder-answer-time"
          label={FOUNDER_RECORD_ANSWER_TIME}
          value={
            record.median_answer_hours == null ? null : answerTimeText(record.median_answer_hours)
          }
          detail="From a question to the founders' first answer"
        />
      </dl>
      <section aria-labelledby="founder-updates" className="space-y-3">
        <h2 id="founder-updates" className="text-xl font-bold text-ink">
          {FOUNDER_RECORD_UPDATES}
        </h2>
        <p className="text-sm text-ink-soft">
          Average approved review rating in the {record.update_window_days} days before and after
          each update.
        </p>
        {record.updates.length === 0 ? (
          <p>{FOUNDER_RECORD_NO_DATA}</p>
        ) : (
          <div className="overflow-x-auto rounded-3xl bg-white shadow-card">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-black/5">
                  <th scope="col" className="p-3">
                    Update
                  </th>
                  <th scope="col" className="p-3">
                    Before
                  </th>
                  <th scope="col" className="p-3">
                    After
                  </th>
                  <th scope="col" className="p-3">
                    Change
                  </th>
                </tr>
              </thead>
              <tbody>
                {record.updates.map((u) => (
                  <tr key={u.id} className="border-b border-black/5 last:border-0">
                    <td className="p-3">
                      <span className="font-semibold">{u.title}</span>
                      <span className="block text-ink-soft">
                        <Link to={`/products/${u.deal.slug}/`} className="underline">
                          {u.deal.name}
                        </Link>{" "}
                        · {dateText(u.date)}
                      </span>
                    </td>
                    <td className="p-3">
                      {rating(u.rating_before)}{" "}
                      <span className="text-ink-soft">({u.reviews_before})</span>
                    </td>
                    <td className="p-3">
                      {rating(u.rating_after)}{" "}
                      <span className="text-ink-soft">({u.reviews_after})</span>
                    </td>
                    <td className="p-3 font-semibold">
                      {u.change == null ? "–" : signed(u.change)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="founder-deals" className="space-y-3">
        <h2 id="founder-deals" className="text-xl font-bold text-ink">
          {FOUNDER_RECORD_DEALS}
        </h2>
        <DealGrid deals={record.deals} now={new Date(data.now)} />
      </section>
    </main>
  );
}
