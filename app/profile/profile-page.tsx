/**
 * A member's public profile (spec 000 section 2 and spec 001 section 2, /profile/{username}/):
 * who they are, and their approved reviews and answers, newest first, a page at a time.
 */
import { Link } from "react-router";
import { BADGE_FOUNDER, BADGE_PLUS } from "../../domain/messages";
import { formatDate } from "../discussions/labels";
import { DiscussionBreadcrumbs } from "../discussions/page-parts";
import { cx } from "../ui/format";
import { Pagination } from "../ui/pagination";
import { TacoRating } from "../ui/taco-rating";
import { BOT_LABEL, BOT_NOTE } from "./labels";
import { type ProfileEntryView, type ProfileTab, type ProfileView, profilePath } from "./types";

const EXCERPT_MAX = 450;

const excerpt = (text: string) =>
  text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX).trimEnd()}…` : text;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function Pill({ children, tone }: { children: string; tone: "amber" | "ink" | "sky" }) {
  return (
    <span
      className={cx(
        "rounded-full px-2.5 py-0.5 text-xs font-bold uppercase tracking-wide",
        tone === "amber" && "bg-brand-400 text-ink",
        tone === "ink" && "bg-ink text-white",
        tone === "sky" && "bg-sky-100 text-sky-900 ring-1 ring-sky-200",
      )}
    >
      {children}
    </span>
  );
}

function ProfileHeader({ data }: { data: ProfileView }) {
  const { user, counts } = data;
  const initial = (user.name || user.username).charAt(0).toUpperCase();
  return (
    <header className="flex flex-col gap-5 rounded-3xl border border-black/5 bg-white p-5 shadow-card sm:flex-row sm:items-center sm:p-8">
      {user.avatar ? (
        <img
          src={user.avatar}
          alt=""
          width={96}
          height={96}
          className="h-20 w-20 shrink-0 rounded-full bg-brand-50 object-cover sm:h-24 sm:w-24"
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex h-20 w-20 shrink-0 items-center justify-center rounded-full bg-brand-100 text-3xl font-black text-brand-700 sm:h-24 sm:w-24"
        >
          {initial}
        </span>
      )}
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="break-words text-2xl font-black tracking-tight sm:text-3xl">
            {user.name}
          </h1>
          {user.isBot ? <Pill tone="sky">{BOT_LABEL}</Pill> : null}
          {user.founderOf.length > 0 ? <Pill tone="ink">{BADGE_FOUNDER}</Pill> : null}
          {user.hasPlus ? <Pill tone="amber">{BADGE_PLUS}</Pill> : null}
        </div>
        <p className="text-sm text-ink-soft">
          @{user.username}
          {user.title ? ` · ${user.title}` : ""} · Member since {formatDate(user.dateJoined)}
        </p>
        {user.isBot ? <p className="text-sm text-ink-soft">{BOT_NOTE}</p> : null}
        {user.founderOf.length > 0 ? (
          <p className="text-sm">
            Founder team of{" "}
            {user.founderOf.map((d, i) => (
              <span key={d.slug}>
                {i > 0 ? ", " : null}
                <Link
                  to={`/products/${d.slug}/`}
                  className="font-semibold text-brand-700 hover:underline"
                >
                  {d.name}
                </Link>
              </span>
            ))}
          </p>
        ) : null}
        <p className="text-sm font-semibold">
          {plural(counts.reviews, "review", "reviews")} ·{" "}
          {plural(counts.questions, "question", "questions")} ·{" "}
          {plural(counts.answers, "answer", "answers")}
        </p>
      </div>
    </header>
  );
}

function EntryCard({ entry }: { entry: ProfileEntryView }) {
  return (
    <article
      aria-labelledby={`entry-${entry.id}`}
      className="rounded-3xl border border-black/5 bg-white p-4 shadow-card sm:p-6"
    >
      <p className="text-sm text-ink-soft">
        {entry.kind === "review"
          ? "Reviewed "
          : entry.kind === "question"
            ? "Asked about "
            : "Answered a question about "}
        <Link
          to={`/products/${entry.deal.slug}/`}
          className="font-semibold text-ink hover:underline"
        >
          {entry.deal.name}
        </Link>
      </p>
      {entry.rating ? (
        <div className="mt-2">
          <TacoRating rating={entry.rating} />
        </div>
      ) : null}
      <h3 id={`entry-${entry.id}`} className="mt-1 break-words text-lg font-bold">
        <Link to={entry.path} className="hover:underline">
          {entry.title}
        </Link>
      </h3>
      {entry.comment ? (
        <p className="mt-2 whitespace-pre-line break-words leading-relaxed">
          {excerpt(entry.comment)}
        </p>
      ) : null}
      <p className="mt-3 flex flex-wrap items-center gap-x-1 text-xs text-ink-soft">
        <time dateTime={entry.created}>{formatDate(entry.created)}</time>
        {entry.edited ? <span>· edited</span> : null}
        <span>· {plural(entry.upVotes, "person", "people")} found this helpful</span>
        {entry.founderTeam ? <span>· answered for the founder team</span> : null}
      </p>
    </article>
  );
}

const TABS: ProfileTab[] = ["reviews", "questions", "answers"];

const TAB_LABEL: Record<ProfileTab, string> = {
  reviews: "Reviews",
  questions: "Questions",
  answers: "Answers",
};

export function ProfilePage({ data }: { data: ProfileView }) {
  const { user, counts, tab, entries } = data;
  const first = user.name.split(" ")[0] || user.username;
  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-6 sm:px-6 sm:py-10">
      <DiscussionBreadcrumbs crumbs={[{ label: "Home", to: "/" }, { label: user.name }]} />
      <ProfileHeader data={data} />
      <section aria-labelledby="activity-heading" className="space-y-4">
        <h2 id="activity-heading" className="sr-only">
          {TAB_LABEL[tab]} by {user.name}
        </h2>
        <nav aria-label="Profile sections" className="flex flex-wrap gap-2">
          {TABS.map((key) => (
            <Link
              key={key}
              to={profilePath(user.username, key, 1)}
              aria-current={key === tab ? "page" : undefined}
              className={cx(
                "inline-flex min-h-10 items-center gap-2 rounded-full px-3.5 text-sm font-semibold transition sm:px-4",
                key === tab
                  ? "bg-ink text-white"
                  : "border border-black/10 bg-white text-ink hover:bg-stone-100",
              )}
            >
              {TAB_LABEL[key]}
              <span
                className={cx(
                  "rounded-full px-1.5 text-xs",
                  key === tab ? "bg-white/20" : "bg-stone-100",
                )}
              >
                {counts[key]}
              </span>
            </Link>
          ))}
        </nav>
        {entries.length === 0 ? (
          <div className="rounded-3xl border border-dashed border-black/15 p-8 text-center">
            <p className="text-lg font-bold">
              {tab === "answers"
                ? `${first} hasn't answered any questions yet`
                : `${first} hasn't published any ${tab} yet`}
            </p>
            <p className="mt-1 text-ink-soft">
              <Link to="/browse" className="font-semibold text-brand-700 hover:underline">
                Browse deals
              </Link>{" "}
              and see what the community is saying.
            </p>
          </div>
        ) : (
          <ul className="space-y-4">
            {entries.map((entry) => (
              <li key={entry.id}>
                <EntryCard entry={entry} />
              </li>
            ))}
          </ul>
        )}
        <Pagination
          page={data.page}
          totalPages={data.totalPages}
          href={(page) => profilePath(user.username, data.tabInUrl ? tab : null, page)}
        />
      </section>
    </main>
  );
}
