/** One layout for the information pages: heading and lede, sections, and the other pages. */
import { Link } from "react-router";
import { DiscussionBreadcrumbs } from "../discussions/page-parts";
import { cx } from "../ui/format";
import { INFO_ORDER, INFO_PAGES, type InfoPageContent } from "./content";

export function InfoPage({ page }: { page: InfoPageContent }) {
  return (
    <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <DiscussionBreadcrumbs crumbs={[{ label: "Home", to: "/" }, { label: page.navLabel }]} />
      <header className="mt-4 rounded-3xl bg-brand-50 px-5 py-8 ring-1 ring-brand-200 sm:px-10 sm:py-12">
        <h1 className="text-3xl font-black tracking-tight sm:text-5xl">{page.title}</h1>
        <p className="mt-3 max-w-3xl text-lg text-ink-soft sm:text-xl">{page.lede}</p>
        {page.updated ? (
          <p className="mt-4 text-sm text-ink-soft">Last updated {page.updated}</p>
        ) : null}
      </header>
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_240px]">
        <div className="min-w-0 space-y-5">
          {page.sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="scroll-mt-24 rounded-3xl border border-black/5 bg-white p-5 shadow-card sm:p-8"
            >
              <h2 id={`${section.id}-heading`} className="text-xl font-bold sm:text-2xl">
                {section.heading}
              </h2>
              {section.paragraphs?.map((p) => (
                <p key={p} className="mt-3 leading-relaxed text-ink">
                  {p}
                </p>
              ))}
              {section.points ? (
                <ul className="mt-3 space-y-2">
                  {section.points.map((point) => (
                    <li key={point} className="flex gap-3 leading-relaxed">
                      <span
                        aria-hidden="true"
                        className="mt-2 h-2 w-2 shrink-0 rounded-full bg-brand-500"
                      />
                      <span>{point}</span>
                    </li>
                  ))}
                </ul>
              ) : null}
              {section.link ? (
                <Link
                  to={section.link.to}
                  className="mt-5 inline-flex min-h-10 items-center rounded-full bg-brand-400 px-5 font-bold text-ink hover:bg-brand-500"
                >
                  {section.link.label}
                </Link>
              ) : null}
            </section>
          ))}
        </div>
        <aside className="space-y-4 lg:sticky lg:top-24 lg:self-start">
          {page.sections.length > 2 ? (
            <nav
              aria-label="On this page"
              className="hidden rounded-3xl border border-black/5 bg-white p-5 shadow-card lg:block"
            >
              <h2 className="text-sm font-bold uppercase tracking-wider text-ink-soft">
                On this page
              </h2>
              <ul className="mt-3 space-y-1.5 text-sm">
                {page.sections.map((s) => (
                  <li key={s.id}>
                    <a href={`#${s.id}`} className="hover:text-brand-700 hover:underline">
                      {s.heading}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <nav
            aria-label="More about Payonce"
            className="rounded-3xl border border-black/5 bg-stone-50 p-5"
          >
            <h2 className="text-sm font-bold uppercase tracking-wider text-ink-soft">
              More about Payonce
            </h2>
            <ul className="mt-3 space-y-1">
              {INFO_ORDER.map((key) => {
                const other = INFO_PAGES[key];
                const current = key === page.key;
                return (
                  <li key={key}>
                    <Link
                      to={other.path}
                      aria-current={current ? "page" : undefined}
                      className={cx(
                        "flex min-h-10 items-center rounded-xl px-3 text-sm font-semibold",
                        current ? "bg-white text-ink shadow-card" : "text-ink-soft hover:text-ink",
                      )}
                    >
                      {other.navLabel}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        </aside>
      </div>
    </main>
  );
}
