import { Link } from "react-router";
import {
  SPOTLIGHT_AUTOPLAY_MS,
  SPOTLIGHT_CARD_SIZES,
  SPOTLIGHT_MIN_ITEMS,
} from "../../domain/constants";
import {
  getDiscountOffTitle,
  SPOTLIGHT_BODY,
  SPOTLIGHT_BUTTON,
  SPOTLIGHT_HEADLINE,
  SPOTLIGHT_SOCIAL_PROOF,
  VIEW_RECOMMENDED_DEALS,
} from "../../domain/messages";
import { DEFAULT_DISCOUNT_LABEL } from "../../domain/storefront";
import { PriceText } from "../marketing/display-currency";
import { EmailCapture } from "../ui/email-capture";
import { cx } from "../ui/format";
import { Marquee } from "../ui/marquee";
import type { DealCardView } from "./card-view";
import { DealRow } from "./deal-row";
import { Section } from "./section";
import { type CollectionProps, displayString, isDark } from "./types";

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

/** Spotlight cards link to the deal's own page with the spotlight ref. */
const spotlightHref = (deal: DealCardView) => `${deal.get_absolute_url}?ref=spotlight-learn-more`;

const [SPOTLIGHT_IMAGE_WIDTH, SPOTLIGHT_IMAGE_HEIGHT] = SPOTLIGHT_CARD_SIZES[0];

/** A marquee slide: the deal's image, name and price on the dark spotlight panel. */
function SpotlightCard({ deal }: { deal: DealCardView }) {
  return (
    <Link
      to={spotlightHref(deal)}
      className="group flex w-full flex-col overflow-hidden rounded-2xl bg-white/10 ring-1 ring-white/10 transition hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
    >
      <span className="block aspect-[16/9] overflow-hidden bg-white/5">
        {deal.media_url ? (
          <img
            src={deal.media_url}
            alt=""
            width={SPOTLIGHT_IMAGE_WIDTH}
            height={SPOTLIGHT_IMAGE_HEIGHT}
            loading="lazy"
            className="h-full w-full object-cover transition duration-300 group-hover:scale-[1.03]"
          />
        ) : null}
      </span>
      <span className="block p-3 sm:p-4">
        <span className="flex items-baseline justify-between gap-3">
          <span className="truncate text-base font-semibold text-white">
            {deal.public_name || deal.name}
          </span>
          <span className="shrink-0 text-sm font-bold text-brand-400">
            <PriceText text={deal.price_text} major={deal.price} />
          </span>
        </span>
        {deal.card_description ? (
          <span className="mt-0.5 block truncate text-sm text-white/65">
            {deal.card_description}
          </span>
        ) : null}
      </span>
    </Link>
  );
}

/** The marquee carousel's accessible name (its deals have no title of their own). */
const SPOTLIGHT_CAROUSEL_LABEL = "Featured deals";

/**
 * The spotlight marquee: the store's promise, with its deals beneath in a scrolling row (a
 * marquee: 4 copies, 40 s a loop, paused on hover or focus, with a pause button).
 */
export function SpotlightMarquee({ data }: CollectionProps) {
  const headline = displayString(data, "header") ?? SPOTLIGHT_HEADLINE;
  const body = displayString(data, "byline") ?? SPOTLIGHT_BODY;
  const cta = displayString(data, "cta_text") ?? SPOTLIGHT_BUTTON;
  const link = displayString(data, "cta_link") ?? "/browse";
  const background = displayString(data, "background_color");
  // A light data-given panel gets ink text; the default ink panel keeps white.
  const light = background != null && !isDark(background);
  return (
    <section className="mx-auto max-w-7xl px-4 pt-4 sm:px-6 sm:pt-6">
      <div
        className={cx(
          "overflow-hidden rounded-3xl bg-ink py-10 sm:py-14",
          light ? "text-ink" : "text-white",
        )}
        style={{ backgroundColor: background ?? undefined }}
      >
        <div className="mx-auto max-w-3xl px-6 text-center">
          <h1 className="text-4xl font-black leading-[1.05] tracking-tight sm:text-6xl">
            <Highlighted text={headline} />
          </h1>
          <p
            className={cx(
              "mx-auto mt-4 max-w-xl text-base sm:text-lg",
              light ? "text-ink-soft" : "text-white/75",
            )}
          >
            {body}
          </p>
          <Link
            to={link}
            className="mt-7 inline-block rounded-full bg-brand-400 px-7 py-3 text-base font-bold text-ink hover:bg-brand-500"
          >
            {cta}
          </Link>
          <p
            className={cx(
              "mt-5 flex flex-wrap items-center justify-center gap-x-3 gap-y-1 text-sm",
              light ? "text-ink-soft" : "text-white/70",
            )}
          >
            <span>
              <span className="font-bold text-brand-400">★ 4.8</span> on Google
            </span>
            {/* The dot only where both fit on one line (phones wrap them: no dangling dot). */}
            <span aria-hidden="true" className="hidden sm:inline">
              ·
            </span>
            <span>{SPOTLIGHT_SOCIAL_PROOF}</span>
          </p>
        </div>
        {data.deals.length > 0 ? (
          <div className="mt-10">
            <Marquee
              items={data.deals}
              itemKey={(deal) => String(deal.id)}
              renderItem={(deal) => <SpotlightCard deal={deal} />}
              label={data.title || SPOTLIGHT_CAROUSEL_LABEL}
              itemClassName="w-[min(78vw,387px)] lg:w-[387px]"
              dark
            />
          </div>
        ) : null}
      </div>
    </section>
  );
}

/**
 * Spotlight custom: a callout beside a carousel of deals. Signed in, it links to the visitor's
 * recommendations ("View recommended deals", /collections/for-you/ by default); signed out, it
 * is an e-mail capture for the first-order discount: "Get 10% Off" (the spec's words), or the
 * live percent campaign's figure, the one the page's subscribe banner names and the capture
 * gives.
 */
export function SpotlightCustom({
  data,
  now,
  signedIn,
  discount = DEFAULT_DISCOUNT_LABEL,
}: CollectionProps) {
  const headingId = `spotlight-custom-${data.slug}`;
  const header = displayString(data, "header");
  return (
    <Section>
      <div className="grid gap-4 lg:grid-cols-[320px_1fr]">
        <div
          className="flex flex-col justify-between gap-4 rounded-3xl bg-brand-400 p-6 text-ink"
          data-testid="spotlight-custom-callout"
        >
          <div>
            <h2 id={headingId} className="text-2xl font-extrabold leading-tight">
              {data.title}
            </h2>
            {data.subheader ? <p className="mt-2 text-sm text-ink/80">{data.subheader}</p> : null}
          </div>
          {signedIn ? (
            <Link
              to={displayString(data, "cta_link") ?? "/collections/for-you/"}
              className="rounded-full bg-ink px-5 py-2.5 text-center font-semibold text-white"
            >
              {VIEW_RECOMMENDED_DEALS}
            </Link>
          ) : (
            <div>
              {header ? <p className="mb-2 text-sm font-bold">{header}</p> : null}
              <EmailCapture
                button={getDiscountOffTitle(discount)}
                discount={discount}
                component="spotlight_custom"
                content={data.slug}
                stacked
                buttonClassName="bg-ink text-white hover:bg-ink/90"
              />
            </div>
          )}
        </div>
        <div className="min-w-0 self-center">
          <DealRow
            deals={data.deals}
            now={now}
            label={data.title}
            slideClassName="basis-[80%] min-[480px]:basis-1/2 md:basis-1/3 lg:basis-1/2 xl:basis-1/3"
            repeatTo={SPOTLIGHT_MIN_ITEMS}
            autoplayMs={SPOTLIGHT_AUTOPLAY_MS}
          />
        </div>
      </div>
    </Section>
  );
}
