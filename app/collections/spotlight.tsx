import { Link } from "react-router";
import {
  GET_10_OFF_TITLE,
  SPOTLIGHT_BODY,
  SPOTLIGHT_BUTTON,
  SPOTLIGHT_HEADLINE,
  SPOTLIGHT_SOCIAL_PROOF,
  VIEW_RECOMMENDED_DEALS,
} from "../../domain/messages";
import type { DealCardJson } from "../../server/services/deal-json";
import { DealRow } from "./deal-row";
import { Section, SectionHeading } from "./section";
import { type CollectionProps, displayString } from "./types";

/** "**bold**" parts of a spotlight headline are highlighted. */
function Highlighted({ text }: { text: string }) {
  const parts = text.split(/\*\*(.+?)\*\*/g);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
          <span key={i} className="text-brand-400">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}

function MarqueeRow({ deals, reverse = false }: { deals: DealCardJson[]; reverse?: boolean }) {
  // Doubled so the row loops seamlessly (the animation moves it by half its width).
  const items = [
    ...deals.map((deal) => ({ deal, copy: false })),
    ...deals.map((deal) => ({ deal, copy: true })),
  ];
  return (
    <div className="overflow-hidden">
      <ul className={`flex w-max gap-3 ${reverse ? "animate-marquee-reverse" : "animate-marquee"}`}>
        {items.map(({ deal, copy }) => (
          <li key={`${deal.id}-${copy}`} aria-hidden={copy || undefined}>
            <Link
              to={`${deal.get_absolute_url}?ref=spotlight-learn-more`}
              className="flex w-56 items-center gap-3 rounded-xl bg-white/10 p-2 pr-4 ring-1 ring-white/10 hover:bg-white/20"
              tabIndex={copy ? -1 : undefined}
            >
              {deal.media_url ? (
                <img
                  src={deal.media_url}
                  alt=""
                  loading="lazy"
                  className="h-12 w-20 rounded-lg object-cover"
                />
              ) : null}
              <span className="min-w-0">
                <span className="block truncate text-sm font-semibold text-white">
                  {deal.public_name || deal.name}
                </span>
                <span className="block text-xs text-brand-400">{deal.price_text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The spotlight marquee: the store's promise, with deals scrolling beneath. */
export function SpotlightMarquee({ data }: CollectionProps) {
  const headline = displayString(data, "header") ?? SPOTLIGHT_HEADLINE;
  const body = displayString(data, "byline") ?? SPOTLIGHT_BODY;
  const cta = displayString(data, "cta_text") ?? SPOTLIGHT_BUTTON;
  const link = displayString(data, "cta_link") ?? "/browse";
  const half = Math.ceil(data.deals.length / 2);
  return (
    <section className="mx-auto max-w-7xl px-4 pt-4 sm:px-6 sm:pt-6">
      <div
        className="overflow-hidden rounded-3xl bg-ink py-10 text-white sm:py-14"
        style={{ backgroundColor: displayString(data, "background_color") ?? undefined }}
      >
        <div className="mx-auto max-w-3xl px-6 text-center">
          <h1 className="text-4xl font-black leading-[1.05] tracking-tight sm:text-6xl">
            <Highlighted text={headline} />
          </h1>
          <p className="mx-auto mt-4 max-w-xl text-base text-white/75 sm:text-lg">{body}</p>
          <Link
            to={link}
            className="mt-7 inline-block rounded-full bg-brand-400 px-7 py-3 text-base font-bold text-ink hover:bg-brand-500"
          >
            {cta}
          </Link>
          <p className="mt-5 flex flex-wrap items-center justify-center gap-x-3 gap-y-1 text-sm text-white/70">
            <span>
              <span className="font-bold text-brand-400">★ 4.8</span> on Google
            </span>
            <span aria-hidden="true">·</span>
            <span>{SPOTLIGHT_SOCIAL_PROOF}</span>
          </p>
        </div>
        {data.deals.length > 0 ? (
          <div className="mt-10 space-y-3">
            <MarqueeRow deals={data.deals.slice(0, half)} />
            <MarqueeRow
              deals={data.deals.slice(half).length ? data.deals.slice(half) : data.deals}
              reverse
            />
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** Spotlight custom: a callout beside a carousel; signed in it links to recommendations. */
export function SpotlightCustom({ data, now, signedIn }: CollectionProps) {
  return (
    <Section>
      <div className="grid gap-4 lg:grid-cols-[280px_1fr]">
        <div className="flex flex-col justify-between gap-4 rounded-3xl bg-brand-400 p-6 text-ink">
          <div>
            <h2 className="text-2xl font-extrabold leading-tight">{data.title}</h2>
            {data.subheader ? <p className="mt-2 text-sm text-ink/80">{data.subheader}</p> : null}
          </div>
          {signedIn ? (
            <Link
              to="/collections/for-you/"
              className="rounded-full bg-ink px-5 py-2.5 text-center font-semibold text-white"
            >
              {VIEW_RECOMMENDED_DEALS}
            </Link>
          ) : (
            <Link
              to="/accounts/login/?next=/"
              className="rounded-full bg-ink px-5 py-2.5 text-center font-semibold text-white"
            >
              {GET_10_OFF_TITLE}
            </Link>
          )}
        </div>
        <div className="min-w-0">
          <SectionHeading data={{ ...data, title: "", subheader: null }} />
          <DealRow deals={data.deals} now={now} />
        </div>
      </div>
    </Section>
  );
}
