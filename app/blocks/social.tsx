import { useEffect, useState } from "react";
import { Link } from "react-router";
import {
  dataList,
  dataNumber,
  founderPostsShown,
  founderPostText,
  nextIndex,
  testimonialText,
} from "../../domain/blocks";
import {
  PRESS_ROTATION_MS,
  SOCIAL_NETWORKS,
  TESTIMONIAL_AVATARS,
  TESTIMONIAL_MASONRY_VISIBLE,
} from "../../domain/constants";
import { FROM_THE_FOUNDERS, SHOW_MORE } from "../../domain/messages";
import type { TestimonialJson } from "../../server/services/storefront/product-page";
import { Carousel } from "../ui/carousel";
import { cx } from "../ui/format";
import { TacoRating } from "../ui/taco-rating";
import { safeHref } from "./content";
import { BlockSection, blockTitle } from "./shell";
import type { BlockProps } from "./types";

const formatDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "UTC" }) : null;

/** Social proof badges: the deal's badges (awards, review sites), ratings where known. */
export function SocialProofBadgesBlock(props: BlockProps) {
  const { badges } = props.page;
  if (badges.length === 0) return null;
  const review = props.deal.deal_review;
  return (
    <BlockSection props={props}>
      <ul className="flex flex-wrap gap-3">
        {badges.map((b) => {
          const reviews = b.use_deal_reviews
            ? review.review_count > 0
              ? { rating: review.average_rating, max_rating: 5, count: review.review_count }
              : null
            : b.reviews;
          const href = safeHref(b.url);
          const body = (
            <span className="flex items-center gap-3">
              {b.image ? <img src={b.image} alt="" className="h-10 w-10 rounded-lg" /> : null}
              <span>
                <span className="block text-sm font-bold">{b.title}</span>
                {reviews ? (
                  <span className="block text-xs text-ink-soft">
                    {reviews.rating.toFixed(1)}/{reviews.max_rating} · {reviews.count} reviews
                  </span>
                ) : b.description ? (
                  <span className="block text-xs text-ink-soft">{b.description}</span>
                ) : null}
              </span>
            </span>
          );
          return (
            <li
              key={b.id}
              className="rounded-2xl border border-black/5 bg-white px-4 py-3 shadow-card"
            >
              {href ? (
                <a
                  href={href}
                  className="block hover:underline"
                  {...(/^https?:/.test(href)
                    ? { target: "_blank", rel: "noopener noreferrer" }
                    : {})}
                >
                  {body}
                </a>
              ) : (
                body
              )}
            </li>
          );
        })}
      </ul>
    </BlockSection>
  );
}

function TestimonialCard({ t, className }: { t: TestimonialJson; className?: string }) {
  return (
    <figure className={cx("flex h-full flex-col rounded-2xl bg-white p-5 shadow-card", className)}>
      {t.rating ? <TacoRating rating={t.rating} /> : null}
      {t.title ? <p className="mt-2 font-bold">{t.title}</p> : null}
      <blockquote className="mt-1 flex-1 text-sm leading-relaxed text-ink-soft">
        {testimonialText(t.description)}
      </blockquote>
      <figcaption className="mt-4 flex items-center gap-3">
        {t.user.avatar ? <img src={t.user.avatar} alt="" className="h-9 w-9 rounded-full" /> : null}
        <span className="text-sm">
          <span className="font-semibold">{t.user.name}</span>
          {t.user.verified ? (
            <span className="ml-1 text-xs text-emerald-700">✓ Verified</span>
          ) : null}
          {t.user.postDate ? (
            <span className="block text-xs text-ink-soft">{formatDate(t.user.postDate)}</span>
          ) : null}
        </span>
        {t.source_img ? <img src={t.source_img} alt="" className="ml-auto h-6" /> : null}
      </figcaption>
    </figure>
  );
}

/** The first 5 reviewers' avatars above a testimonial block. */
function AvatarStack({ items }: { items: TestimonialJson[] }) {
  const avatars = items
    .flatMap((t) => (t.user.avatar ? [t.user.avatar] : []))
    .slice(0, TESTIMONIAL_AVATARS);
  if (avatars.length === 0) return null;
  return (
    <div className="mb-4 flex -space-x-2" aria-hidden="true">
      {avatars.map((a) => (
        <img key={a} src={a} alt="" className="h-9 w-9 rounded-full ring-2 ring-white" />
      ))}
    </div>
  );
}

/**
 * Testimonial masonry: 1, 2 or 3 columns (at 320, 768 and 1024 px); 6 shown, the rest hidden on
 * phones; text cut at 350 characters.
 */
export function TestimonialMasonryBlock(props: BlockProps) {
  const items = props.page.testimonials;
  if (items.length === 0) return null;
  return (
    <BlockSection props={props} title={blockTitle(props, "What buyers are saying")}>
      <AvatarStack items={items} />
      <div className="columns-1 gap-4 md:columns-2 lg:columns-3">
        {items.map((t, i) => (
          <div
            key={t.id}
            className={cx(
              "mb-4 break-inside-avoid",
              i >= TESTIMONIAL_MASONRY_VISIBLE && "hidden md:block",
            )}
          >
            <TestimonialCard t={t} />
          </div>
        ))}
      </div>
    </BlockSection>
  );
}

/** Testimonial carousel: the testimonials in an Embla carousel. */
export function TestimonialCarouselBlock(props: BlockProps) {
  const items = props.page.testimonials;
  if (items.length === 0) return null;
  return (
    <BlockSection props={props} title={blockTitle(props, "What buyers are saying")}>
      <AvatarStack items={items} />
      <Carousel
        items={items}
        itemKey={(t) => String(t.id)}
        renderItem={(t) => <TestimonialCard t={t} className="w-full" />}
        label="Testimonials"
        slideClassName="basis-[85%] sm:basis-1/2"
      />
    </BlockSection>
  );
}

type PressItem = { quote: string; source: string; logo?: string; url?: string };

/** Press: quotes from the press, rotating every 10 s (json_data.rotation_ms overrides). */
export function PressBlock(props: BlockProps) {
  const items = dataList<PressItem>(props.block.data, "items").filter((i) => i.quote && i.source);
  const rotation = dataNumber(props.block.data, "rotation_ms") ?? PRESS_ROTATION_MS;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (items.length < 2 || paused) return;
    const t = setInterval(() => setIndex((i) => nextIndex(i, items.length)), rotation);
    return () => clearInterval(t);
  }, [items.length, rotation, paused]);
  if (items.length === 0) return null;
  const current = items[index] ?? items[0];
  if (!current) return null;
  return (
    <BlockSection props={props} title={blockTitle(props, "In the press")}>
      <div
        className="rounded-3xl bg-white p-6 text-center shadow-card"
        onPointerEnter={() => setPaused(true)}
        onPointerLeave={() => setPaused(false)}
      >
        <blockquote aria-live="polite" className="text-xl font-semibold leading-snug">
          “{current.quote}”
        </blockquote>
        <p className="mt-3 text-sm font-bold uppercase tracking-wide text-ink-soft">
          {current.source}
        </p>
        {items.length > 1 ? (
          <ul className="mt-5 flex flex-wrap items-center justify-center gap-3">
            {items.map((p, i) => (
              <li key={p.source}>
                <button
                  type="button"
                  onClick={() => setIndex(i)}
                  aria-pressed={i === index}
                  className={cx(
                    "rounded-full px-3 py-1 text-sm font-semibold",
                    i === index
                      ? "bg-ink text-white"
                      : "bg-stone-100 text-ink-soft hover:bg-stone-200",
                  )}
                >
                  {p.logo ? <img src={p.logo} alt={p.source} className="h-5" /> : p.source}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </BlockSection>
  );
}

const SOCIAL_LABEL: Record<string, string> = {
  facebook: "Facebook",
  youtube: "YouTube",
  twitter: "X (Twitter)",
  linkedin: "LinkedIn",
  tiktok: "TikTok",
};

/**
 * From the founders: the company card, then the founders' posts (5 first, then "Show more"),
 * each cut at 650 characters. The community section's News & Updates tab owns the
 * #founder-post-{n} anchors, so these posts carry founder-card-post-{n} (ids stay unique).
 */
export function FromFoundersCardBlock(props: BlockProps) {
  const { founders } = props.deal;
  const [expanded, setExpanded] = useState(false);
  const posts = founders.posts;
  const company = founders.company_card;
  if (posts.length === 0 && !company) return null;
  const { shown, hasMore } = founderPostsShown(posts, expanded);
  const links = (company?.socialLinks ?? founders.links ?? {}) as Record<string, string>;
  const manager = company?.manager as
    | { name?: string; avatar?: string; title?: string; profile?: string; linkedIn?: string }
    | null
    | undefined;
  return (
    <BlockSection props={props} title={blockTitle(props, FROM_THE_FOUNDERS)}>
      {company ? (
        <div className="rounded-3xl bg-white p-5 shadow-card">
          <div className="flex items-center gap-4">
            {company.logo ? (
              <img src={company.logo} alt="" className="h-14 w-14 rounded-2xl" />
            ) : null}
            <div>
              <p className="text-lg font-bold">{company.companyName}</p>
              {company.verifiedBy ? (
                <p className="text-xs font-semibold text-emerald-700">
                  ✓ Verified by {company.verifiedBy}
                </p>
              ) : null}
            </div>
          </div>
          <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
            {(
              [
                ["Founded", company.foundedDate],
                ["Location", company.location],
                ["Employees", company.employeeCount],
                ["Type", company.companyType],
                ["Funding", company.fundingStage],
              ] as const
            )
              .filter(([, v]) => v)
              .map(([k, v]) => (
                <div key={k}>
                  <dt className="text-ink-soft">{k}</dt>
                  <dd className="font-semibold">{v}</dd>
                </div>
              ))}
          </dl>
          {manager?.name ? (
            <div className="mt-4 flex items-center gap-3 border-t border-black/5 pt-4">
              {manager.avatar ? (
                <img src={manager.avatar} alt="" className="h-10 w-10 rounded-full" />
              ) : null}
              <div className="text-sm">
                {manager.profile && safeHref(manager.profile) ? (
                  <Link to={manager.profile} className="font-semibold hover:underline">
                    {manager.name}
                  </Link>
                ) : (
                  <span className="font-semibold">{manager.name}</span>
                )}
                {manager.title ? (
                  <span className="block text-ink-soft">{manager.title}</span>
                ) : null}
              </div>
            </div>
          ) : null}
          <ul className="mt-4 flex flex-wrap gap-2">
            {SOCIAL_NETWORKS.filter((n) => safeHref(links[n])).map((n) => (
              <li key={n}>
                <a
                  href={links[n]}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="inline-block rounded-full bg-stone-100 px-3 py-1 text-xs font-semibold hover:bg-stone-200"
                >
                  {SOCIAL_LABEL[n]}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {shown.length > 0 ? (
        <ol className="mt-4 space-y-4">
          {shown.map((post, i) => (
            <li
              key={post.id}
              id={`founder-card-post-${i + 1}`}
              className="rounded-2xl border border-black/5 bg-white p-4"
            >
              {post.title ? <h3 className="font-bold">{post.title}</h3> : null}
              <p className="mt-1 text-xs text-ink-soft">
                {post.user
                  ? `${post.user.first_name ?? ""} ${post.user.last_name ?? ""}`.trim()
                  : "The founders"}
                {post.created ? ` · ${formatDate(post.created)}` : ""}
              </p>
              <p className="mt-2 whitespace-pre-line break-words text-sm">
                {founderPostText(post.message ?? "")}
              </p>
            </li>
          ))}
        </ol>
      ) : null}
      {hasMore ? (
        <button
          type="button"
          onClick={() => setExpanded(true)}
          className="mt-4 rounded-full border border-black/15 px-5 py-2 text-sm font-bold hover:bg-stone-50"
        >
          {SHOW_MORE}
        </button>
      ) : null}
    </BlockSection>
  );
}
