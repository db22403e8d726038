/**
 * Two "beyond the spec" panels of the discussion pages: the reviews summary with its evidence
 * (each statement says how many approved reviews back it and links to them) and the founder
 * team's responsiveness to questions. User text is rendered as text.
 */
import { Link } from "react-router";
import { cx } from "../ui/format";
import { fasterAnswerLine, formatDate, responsivenessLine } from "./labels";
import type { ResponsivenessView, ReviewsSummaryView } from "./types";

const SENTIMENT_DOT: Record<ReviewsSummaryView["statements"][number]["sentiment"], string> = {
  positive: "bg-emerald-500",
  mixed: "bg-brand-500",
  negative: "bg-rose-500",
};

const reviewsSay = (count: number) => `${count} ${count === 1 ? "review says" : "reviews say"}`;

export function ReviewsSummaryPanel({
  summary,
  listHref,
  headingLevel = 3,
}: {
  summary: ReviewsSummaryView;
  /** The full reviews list, for the backing reviews not linked one by one. */
  listHref: string;
  /** Its heading's level: 2 where it sits right under the page's h1 (the reviews list). */
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  const basedOn = summary.generatedAt
    ? `${summary.label} · ${formatDate(summary.generatedAt)}`
    : summary.label;
  return (
    <section
      aria-label="Reviews summary"
      className="rounded-2xl border border-black/5 bg-white p-4 shadow-card sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <Heading className="font-bold">What reviewers say</Heading>
        <p className="text-xs text-ink-soft">{basedOn}</p>
      </div>
      {summary.statements.length === 0 ? (
        <p className="mt-2 whitespace-pre-line break-words text-sm leading-relaxed">
          {summary.text}
        </p>
      ) : (
        <ul className="mt-3 space-y-3">
          {summary.statements.map((s) => (
            <li key={s.text} className="flex gap-3">
              <span
                aria-hidden="true"
                className={cx("mt-1.5 size-2 shrink-0 rounded-full", SENTIMENT_DOT[s.sentiment])}
              />
              <div className="min-w-0 flex-1">
                <p className="break-words text-sm leading-relaxed">
                  <span className="font-semibold">{reviewsSay(s.count)}</span>{" "}
                  <q className="text-ink-soft">{s.text}</q>
                </p>
                {s.reviews.length > 0 ? (
                  <ul
                    aria-label={`Reviews behind “${s.text}”`}
                    className="mt-1.5 flex flex-wrap gap-1.5"
                  >
                    {s.reviews.map((r) => (
                      <li key={r.id} className="min-w-0 max-w-full">
                        <Link
                          to={r.path}
                          className="block max-w-[16rem] truncate rounded-full bg-stone-100 px-2.5 py-0.5 text-xs text-ink-soft hover:bg-brand-50 hover:text-ink"
                        >
                          {r.title || "Review"}
                        </Link>
                      </li>
                    ))}
                    {s.more > 0 ? (
                      <li>
                        <Link
                          to={listHref}
                          className="block rounded-full px-2 py-0.5 text-xs font-semibold text-brand-700 hover:underline"
                        >
                          +{s.more} more
                        </Link>
                      </li>
                    ) : null}
                  </ul>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** "Founders answered 23 of 27 questions (85%) · typically within 5 hours"; nothing without questions. */
export function FounderResponsiveness({
  data,
  questionsHref,
}: {
  data: ResponsivenessView;
  questionsHref: string;
}) {
  if (data.questions === 0) return null;
  const line = responsivenessLine(data);
  const faster = fasterAnswerLine(data);
  return (
    <p className="flex items-start gap-3 rounded-2xl bg-stone-50 px-4 py-2.5 text-sm">
      <span
        aria-hidden="true"
        className="grid size-5 shrink-0 place-items-center rounded-full bg-brand-100 text-[0.65rem] font-bold text-brand-700"
      >
        ✓
      </span>
      <span className="min-w-0">
        <Link to={questionsHref} className="font-semibold hover:underline">
          {line.answered}
        </Link>
        {line.typical ? <span className="text-ink-soft"> · {line.typical}</span> : null}
        {faster ? <span className="block text-ink-soft">{faster}</span> : null}
      </span>
    </p>
  );
}
