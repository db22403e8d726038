import type { ReactNode } from "react";
import { testimonialText } from "../../../domain/blocks";
import { TESTIMONIAL_AVATARS } from "../../../domain/constants";
import type { TestimonialJson } from "../../../server/services/storefront/product-page";
import { cx } from "../../ui/format";
import { TacoRating } from "../../ui/taco-rating";
import type { BlockProps } from "../block-props";
import { BlockSection, blockTitle } from "../shell";
import { formatDate } from "./format-date";

export function TestimonialCard({ t, className }: { t: TestimonialJson; className?: string }) {
  return (
    <figure className={cx("quote-card", className)}>
      {t.rating ? <TacoRating rating={t.rating} /> : null}
      {t.title ? <p className="mt-2 font-bold">{t.title}</p> : null}
      <blockquote className="quote-text">{testimonialText(t.description)}</blockquote>
      <figcaption className="mt-4 flex items-center gap-3">
        {t.user.avatar ? (
          <img src={t.user.avatar} alt="" loading="lazy" className="h-9 w-9 rounded-full" />
        ) : null}
        <span className="text-sm">
          <span className="font-semibold">{t.user.name}</span>
          {t.user.verified ? (
            <span className="ml-1 text-xs text-emerald-700">✓ Verified</span>
          ) : null}
          {t.user.postDate ? (
            <span className="block text-xs text-ink-soft">{formatDate(t.user.postDate)}</span>
          ) : null}
        </span>
        {t.source_img ? (
          <img src={t.source_img} alt="" loading="lazy" className="ml-auto h-6" />
        ) : null}
      </figcaption>
    </figure>
  );
}

/** The first 5 reviewers' avatars above a testimonial block. */
export function AvatarStack({ items }: { items: TestimonialJson[] }) {
  const avatars = items
    .flatMap((t) => (t.user.avatar ? [t.user.avatar] : []))
    .slice(0, TESTIMONIAL_AVATARS);
  if (avatars.length === 0) return null;
  return (
    <div className="mb-4 flex -space-x-2" aria-hidden="true">
      {avatars.map((a) => (
        <img
          key={a}
          src={a}
          alt=""
          loading="lazy"
          className="h-9 w-9 rounded-full ring-2 ring-white"
        />
      ))}
    </div>
  );
}

/**
 * The testimonial blocks' frame: nothing without testimonials, else the title ("What buyers are
 * saying" by default) and the avatars above the block's own arrangement of them.
 */
export function TestimonialsSection({
  props,
  children,
}: {
  props: BlockProps;
  children: (items: TestimonialJson[]) => ReactNode;
}) {
  const items = props.page.testimonials;
  if (items.length === 0) return null;
  return (
    <BlockSection props={props} title={blockTitle(props, "What buyers are saying")}>
      <AvatarStack items={items} />
      {children(items)}
    </BlockSection>
  );
}
