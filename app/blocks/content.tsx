import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import {
  ACCORDION_ROTATION_MS,
  accordionMayRotate,
  dataList,
  dataString,
  nextIndex,
  staffMessageFor,
  truncate,
  useCaseCards,
} from "../../domain/blocks";
import {
  MONEY_BACK_GUARANTEE_MIN_DAYS,
  PURCHASE_PROTECTION_CREDIT_PERCENT,
  PURCHASE_PROTECTION_CREDIT_PERCENT_PLUS,
} from "../../domain/constants";
import {
  AT_A_GLANCE,
  RELATED_CARDS_TITLE,
  RESOURCES_LIST_TITLE,
  TERMS_TITLE,
  USE_CASE_CTA_DEFAULT,
} from "../../domain/messages";
import { moneyBackPeriod, refundText } from "../../domain/pricing";
import { cx } from "../ui/format";
import { BlockSection, blockTitle } from "./shell";
import type { BlockProps } from "./types";

const Check = () => (
  <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600">
    <path
      fill="currentColor"
      d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
    />
  </svg>
);

/** A json link is followed only when it is a site path or an http(s) URL. */
export const safeHref = (url: string | null | undefined): string | null =>
  url && (/^\/(?!\/)/.test(url) || /^https?:\/\//i.test(url)) ? url : null;

const isExternal = (href: string) => /^https?:\/\//i.test(href);

function SmartLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: React.ReactNode;
}) {
  return isExternal(href) ? (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ) : (
    <Link to={href} className={className}>
      {children}
    </Link>
  );
}

// ---------------------------------------------------------------------------------------------
// FAQ, features, terms, attributes
// ---------------------------------------------------------------------------------------------

type Faq = { question: string; answer: string };

/** FAQ: json_data.faqs when given, else the deal's FAQs; an empty list renders nothing. */
export function FaqBlock(props: BlockProps) {
  const own = dataList<Faq>(props.block.data, "faqs").filter((f) => f.question && f.answer);
  const faqs = own.length > 0 ? own : props.deal.faqs;
  if (faqs.length === 0) return null;
  return (
    <BlockSection props={props} title={blockTitle(props, "Frequently asked questions")}>
      <div className="divide-y divide-black/10 rounded-2xl border border-black/10 bg-white">
        {faqs.map((faq) => (
          <details key={faq.question} className="group p-4">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold [&::-webkit-details-marker]:hidden">
              {faq.question}
              <span
                aria-hidden="true"
                className="text-xl text-ink-soft transition group-open:rotate-45"
              >
                +
              </span>
            </summary>
            <p className="mt-2 text-ink-soft">{faq.answer}</p>
          </details>
        ))}
      </div>
    </BlockSection>
  );
}

/** Features overview: the deal's story and core features ("overview" anchor by default). */
export function FeaturesOverviewBlock(props: BlockProps) {
  const { deal } = props;
  const features = deal.core_features;
  const story = deal.products[0]?.story;
  const intro = dataString(props.block.data, "text") ?? story?.card_description ?? null;
  if (features.length === 0 && !intro) return null;
  return (
    <BlockSection props={props} title={blockTitle(props, "Overview")}>
      {intro ? <p className="text-lg leading-relaxed text-ink-soft">{intro}</p> : null}
      {features.length > 0 ? (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {features.map((f) => (
            <li key={f.id} className="flex gap-2 rounded-2xl bg-white p-4 shadow-card">
              <Check />
              <span>
                <span className="font-semibold">{f.feature}</span>
                {f.highlight ? (
                  <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-[11px] font-bold uppercase text-brand-700">
                    New
                  </span>
                ) : null}
                {f.tooltip ? (
                  <span className="block text-sm text-ink-soft">{f.tooltip}</span>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </BlockSection>
  );
}

type AccordionItem = { title: string; description?: string; image?: string };

/** Whether the element is on screen (rotation runs only while it is). */
function useVisible<T extends Element>() {
  const ref = useRef<T>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    const io = new IntersectionObserver(([entry]) => setVisible(Boolean(entry?.isIntersecting)));
    io.observe(el);
    return () => io.disconnect();
  }, []);
  return [ref, visible] as const;
}

/**
 * Features accordion: one item open at a time; it moves to the next every 8 s while on screen,
 * and a visitor's own choice pauses that for 30 s. Every item works as a native disclosure
 * before hydration.
 */
export function FeaturesAccordionBlock(props: BlockProps) {
  const items = dataList<AccordionItem>(props.block.data, "items").filter((i) => i.title);
  const [open, setOpen] = useState(0);
  const lastManual = useRef<number | null>(null);
  const [ref, visible] = useVisible<HTMLDivElement>();
  useEffect(() => {
    if (items.length < 2) return;
    const timer = setInterval(() => {
      if (accordionMayRotate(Date.now(), lastManual.current, visible && !document.hidden)) {
        setOpen((i) => nextIndex(i, items.length));
      }
    }, ACCORDION_ROTATION_MS);
    return () => clearInterval(timer);
  }, [items.length, visible]);
  if (items.length === 0) return null;
  const current = items[open];
  return (
    <BlockSection props={props} title={blockTitle(props, "Features")}>
      <div ref={ref} className="grid gap-6 md:grid-cols-2">
        <ul className="space-y-2">
          {items.map((item, i) => (
            <li key={item.title}>
              <button
                type="button"
                aria-expanded={i === open}
                onClick={() => {
                  lastManual.current = Date.now();
                  setOpen(i);
                }}
                className={cx(
                  "w-full rounded-2xl border p-4 text-left transition",
                  i === open
                    ? "border-brand-500 bg-brand-50"
                    : "border-black/10 bg-white hover:bg-brand-50/50",
                )}
              >
                <span className="font-semibold">{item.title}</span>
                {item.description ? (
                  <span className={cx("mt-1 block text-sm text-ink-soft", i !== open && "hidden")}>
                    {item.description}
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
        {current?.image ? (
          <img
            src={current.image}
            alt={current.title}
            className="aspect-video w-full self-center rounded-2xl bg-brand-50 object-cover shadow-card"
          />
        ) : null}
      </div>
    </BlockSection>
  );
}

type Term = string | { text: string };

/**
 * Terms and conditions, titled "Plans & features": the deal's terms (json_data.terms, else the
 * standard ones), the features every plan includes, and the guarantee callout.
 */
export function TermsAndConditionsBlock(props: BlockProps) {
  const { deal } = props;
  const raw = props.block.data.terms;
  const terms = (Array.isArray(raw) ? (raw as Term[]) : [])
    .map((t) => (typeof t === "string" ? t : t?.text))
    .filter((t): t is string => Boolean(t));
  const defaults = [
    deal.default_plan?.plan_type === "annual"
      ? "1-year access to the plan you buy"
      : "Lifetime access to the plan you buy",
    "Redeem your code(s) within 60 days of purchase",
    "All future updates of the plan you buy",
  ];
  const shownTerms =
    terms.length > 0 ? terms : deal.terms.length > 0 ? deal.terms : deal.is_info ? [] : defaults;
  const included = deal.common_features;
  if (shownTerms.length === 0 && included.length === 0) return null;
  return (
    <BlockSection props={props} title={blockTitle(props, TERMS_TITLE)}>
      <div
        className={cx(
          "grid gap-4",
          shownTerms.length > 0 && included.length > 0 && "md:grid-cols-2",
        )}
      >
        {shownTerms.length > 0 ? (
          <div className="rounded-2xl bg-white p-5 shadow-card">
            <h3 className="font-bold">Deal terms &amp; conditions</h3>
            <ul className="mt-3 space-y-2 text-sm">
              {shownTerms.map((t) => (
                <li key={t} className="flex gap-2">
                  <Check />
                  {t}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {included.length > 0 ? (
          <div className="rounded-2xl bg-white p-5 shadow-card">
            <h3 className="font-bold">Included in all plans</h3>
            <ul className="mt-3 space-y-2 text-sm">
              {included.map((f) => (
                <li key={f.id} className="flex gap-2">
                  <Check />
                  {f.feature}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      {!deal.is_info ? (
        <p className="mt-4 rounded-2xl bg-emerald-50 px-4 py-3 text-sm font-semibold text-emerald-900">
          {refundText(deal.refundable_days ?? 0)}
        </p>
      ) : null}
    </BlockSection>
  );
}

/** "At-a-glance": alternative to, integrations, best for, and the product's own site. */
export function DealAttributesBlock(props: BlockProps) {
  const { deal } = props;
  const rows = (["alternative_to", "integrations", "best_for"] as const)
    .map((type) => deal.attributes[type])
    .filter((a): a is NonNullable<typeof a> => Boolean(a && a.values.length > 0));
  const host = safeHref(deal.product_url ?? null);
  if (rows.length === 0 && !host) return null;
  return (
    <BlockSection props={props} title={blockTitle(props, AT_A_GLANCE)}>
      <dl className="divide-y divide-black/5 rounded-2xl bg-white shadow-card">
        {rows.map((a) => (
          <div key={a.type} className="grid gap-1 p-4 sm:grid-cols-[10rem_1fr]">
            <dt className="text-sm font-semibold text-ink-soft">{a.name}</dt>
            <dd className="flex flex-wrap gap-2">
              {(a.values as { slug: string; name: string }[]).map((v) =>
                a.type === "best_for" ? (
                  <Link
                    key={v.slug}
                    to={`/collections/best-for/${v.slug}/`}
                    className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold hover:bg-brand-100"
                  >
                    {v.name}
                  </Link>
                ) : (
                  <span key={v.slug} className="rounded-full bg-stone-100 px-3 py-1 text-sm">
                    {v.name}
                  </span>
                ),
              )}
            </dd>
          </div>
        ))}
        {host ? (
          <div className="grid gap-1 p-4 sm:grid-cols-[10rem_1fr]">
            <dt className="text-sm font-semibold text-ink-soft">Product website</dt>
            <dd>
              <a
                href={host}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="font-semibold underline"
              >
                {new URL(host, "https://x.invalid").host.replace(/^www\./, "") || host}
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
    </BlockSection>
  );
}

// ---------------------------------------------------------------------------------------------
// Guarantees, staff message, banners, timers
// ---------------------------------------------------------------------------------------------

/** Money-back guarantee callout (only for deals that are refundable for 60 days or more). */
export function MoneyBackGuaranteeBlock(props: BlockProps) {
  const days = props.deal.refundable_days ?? 0;
  // Nothing to guarantee on a deal nobody can buy.
  if (props.deal.is_info || props.deal.has_ended || days < MONEY_BACK_GUARANTEE_MIN_DAYS)
    return null;
  return (
    <BlockSection props={props}>
      <div className="flex items-start gap-4 rounded-3xl border border-emerald-200 bg-emerald-50 p-5">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-9 w-9 shrink-0 text-emerald-600">
          <path
            fill="currentColor"
            d="M12 2 4 5v6c0 5 3.4 9.7 8 11 4.6-1.3 8-6 8-11V5l-8-3Zm-1.2 14.2-3.5-3.5 1.4-1.4 2.1 2.1 4.9-4.9 1.4 1.4-6.3 6.3Z"
          />
        </svg>
        <div>
          <h2 className="text-lg font-bold">
            {dataString(props.block.data, "title") ??
              `${moneyBackPeriod(days)} money-back guarantee`}
          </h2>
          <p className="mt-1 text-sm text-ink-soft">
            Try it for {moneyBackPeriod(days)} to make sure it's right for you. If it isn't, get a
            full refund, no questions asked.
          </p>
        </div>
      </div>
    </BlockSection>
  );
}

/** "We've got your back": purchase protection copy (one year; 50% in credits, 100% with Plus). */
export function WeGotYourBackBlock(props: BlockProps) {
  if (props.deal.is_info || props.deal.has_ended) return null;
  return (
    <BlockSection props={props}>
      <div className="rounded-3xl bg-ink p-6 text-white">
        <h2 className="text-lg font-bold">
          {dataString(props.block.data, "title") ?? "We've got your back"}
        </h2>
        <p className="mt-2 text-sm text-white/80">
          Every purchase is protected for one year. If a Select tool shuts down or stops working as
          promised, you get {PURCHASE_PROTECTION_CREDIT_PERCENT}% of the price back in credits,{" "}
          {PURCHASE_PROTECTION_CREDIT_PERCENT_PLUS}% with Plus.
        </p>
      </div>
    </BlockSection>
  );
}

/** Staff messaging: the deal's current staff message, to its audience only. */
export function StaffMessagingBlock(props: BlockProps) {
  const { staff_messages: messages, staff_message: newest } = props.deal;
  const message = staffMessageFor(messages ?? (newest ? [newest] : []), props.viewer);
  if (!message) return null;
  const author = message.author as { name?: string; avatar?: string; title?: string } | null;
  const cta = safeHref(message.cta_url);
  return (
    <BlockSection props={props}>
      <aside
        className="rounded-3xl border border-brand-200 bg-brand-50 p-5"
        aria-label="A note from Payonce"
      >
        <div className="flex items-center gap-3">
          {author?.avatar ? (
            <img src={author.avatar} alt="" className="h-10 w-10 rounded-full" />
          ) : null}
          <div>
            <p className="text-sm font-bold">{author?.name ?? "Payonce"}</p>
            {author?.title ? <p className="text-xs text-ink-soft">{author.title}</p> : null}
          </div>
        </div>
        {message.title ? <h2 className="mt-3 text-lg font-bold">{message.title}</h2> : null}
        <p className="mt-1 text-ink-soft">{message.message}</p>
        {cta && message.cta_text ? (
          <SmartLink href={cta} className="mt-3 inline-block font-semibold underline">
            {message.cta_text}
          </SmartLink>
        ) : null}
      </aside>
    </BlockSection>
  );
}

/** Inline copy banner: a short line of copy with an optional link. */
export function InlineCopyBannerBlock(props: BlockProps) {
  const text = dataString(props.block.data, "text");
  if (!text) return null;
  const href = safeHref(dataString(props.block.data, "link"));
  const linkText = dataString(props.block.data, "link_text");
  const bg = dataString(props.block.data, "background_color");
  const fg = dataString(props.block.data, "text_color");
  return (
    <BlockSection props={props}>
      <p
        className="rounded-2xl bg-ink px-5 py-3 text-center text-sm font-semibold text-white"
        style={{ ...(bg ? { backgroundColor: bg } : {}), ...(fg ? { color: fg } : {}) }}
      >
        {text}
        {href && linkText ? (
          <>
            {" "}
            <SmartLink href={href} className="underline">
              {linkText}
            </SmartLink>
          </>
        ) : null}
      </p>
    </BlockSection>
  );
}

export function DividerBlock(props: BlockProps) {
  return (
    <div id={props.anchorId ?? undefined} data-block-type={props.block.type}>
      <hr className="border-black/10" />
    </div>
  );
}

type Pill = { label: string; url: string };

/** Category pills: json_data.pills, else the deal's taxonomy and best-for attributes. */
export function CategoryPillsBlock(props: BlockProps) {
  const { deal } = props;
  let pills = dataList<Pill>(props.block.data, "pills").filter((p) => p.label && safeHref(p.url));
  if (pills.length === 0) {
    const { group, category, subcategory } = deal.taxonomy;
    if (group) pills.push({ label: group.name, url: `/${group.slug}/` });
    if (group && category)
      pills.push({ label: category.name, url: `/${group.slug}/${category.slug}/` });
    if (group && category && subcategory)
      pills.push({
        label: subcategory.name,
        url: `/${group.slug}/${category.slug}/${subcategory.slug}/`,
      });
    const bestFor = (deal.attributes.best_for?.values ?? []) as { slug: string; name: string }[];
    pills = [
      ...pills,
      ...bestFor.map((b) => ({ label: b.name, url: `/collections/best-for/${b.slug}/` })),
    ];
  }
  if (pills.length === 0) return null;
  return (
    <BlockSection props={props}>
      <ul className="flex flex-wrap gap-2">
        {pills.map((p) => (
          <li key={p.url}>
            <SmartLink
              href={p.url}
              className="inline-block rounded-full border border-black/10 bg-white px-4 py-1.5 text-sm font-semibold hover:bg-brand-50"
            >
              {p.label}
            </SmartLink>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}

type TocEntry = { label: string; anchor: string };

/** Table of contents: links to sections of the page (json_data.items, anchors sanitised). */
export function TableOfContentBlock(props: BlockProps) {
  const items = dataList<TocEntry>(props.block.data, "items")
    .map((i) => ({ label: i.label, anchor: String(i.anchor ?? "").replace(/[^A-Za-z0-9_-]/g, "") }))
    .filter((i) => i.label && i.anchor);
  if (items.length === 0) return null;
  return (
    <BlockSection props={props} title={blockTitle(props, "On this page")}>
      <nav aria-label="On this page">
        <ol className="flex flex-wrap gap-2">
          {items.map((i) => (
            <li key={i.anchor}>
              <a
                href={`#${i.anchor}`}
                className="inline-block rounded-full bg-stone-100 px-3 py-1 text-sm font-semibold hover:bg-brand-100"
              >
                {i.label}
              </a>
            </li>
          ))}
        </ol>
      </nav>
    </BlockSection>
  );
}

// ---------------------------------------------------------------------------------------------
// Editorial blocks
// ---------------------------------------------------------------------------------------------

type ListItem = {
  title: string;
  description?: string;
  icon?: string;
  image?: string;
  url?: string;
};

/** Block header: a heading and subheading separating groups of blocks. */
export function BlockHeaderBlock(props: BlockProps) {
  const title = dataString(props.block.data, "title");
  if (!title) return null;
  return (
    <BlockSection props={props}>
      <div className="text-center">
        <h2 className="text-3xl font-black tracking-tight">{title}</h2>
        {dataString(props.block.data, "subtitle") ? (
          <p className="mt-2 text-ink-soft">{dataString(props.block.data, "subtitle")}</p>
        ) : null}
      </div>
    </BlockSection>
  );
}

/** Block list: items with an icon, title and text, in a grid. */
export function BlockListBlock(props: BlockProps) {
  const items = dataList<ListItem>(props.block.data, "items").filter((i) => i.title);
  if (items.length === 0) return null;
  return (
    <BlockSection props={props} title={blockTitle(props)}>
      <ul className="grid gap-4 sm:grid-cols-2">
        {items.map((i) => (
          <li key={i.title} className="rounded-2xl bg-white p-5 shadow-card">
            {i.icon ? (
              <span aria-hidden="true" className="text-2xl">
                {i.icon}
              </span>
            ) : null}
            <h3 className="mt-1 font-bold">{i.title}</h3>
            {i.description ? <p className="mt-1 text-sm text-ink-soft">{i.description}</p> : null}
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}

/** Split thematic: copy on one side, an image on the other. */
export function SplitThematicBlock(props: BlockProps) {
  const title = dataString(props.block.data, "title");
  const text = dataString(props.block.data, "text");
  if (!title && !text) return null;
  const image = dataString(props.block.data, "image");
  const href = safeHref(dataString(props.block.data, "cta_link"));
  const ctaText = dataString(props.block.data, "cta_text");
  return (
    <BlockSection props={props}>
      <div className="grid items-center gap-6 overflow-hidden rounded-3xl bg-brand-50 p-6 md:grid-cols-2">
        <div>
          {title ? <h2 className="text-2xl font-black tracking-tight">{title}</h2> : null}
          {text ? <p className="mt-2 text-ink-soft">{text}</p> : null}
          {href && ctaText ? (
            <SmartLink
              href={href}
              className="mt-4 inline-block rounded-full bg-ink px-5 py-2 font-bold text-white"
            >
              {ctaText}
            </SmartLink>
          ) : null}
        </div>
        {image ? (
          <img src={image} alt="" className="aspect-video w-full rounded-2xl object-cover" />
        ) : null}
      </div>
    </BlockSection>
  );
}

/** Insider knowledge: tips from the Payonce team. */
export function InsiderKnowledgeBlock(props: BlockProps) {
  const tips = dataList<ListItem>(props.block.data, "items").filter((i) => i.title);
  if (tips.length === 0) return null;
  return (
    <BlockSection props={props} title={blockTitle(props, "Insider knowledge")}>
      <ol className="space-y-3">
        {tips.map((t, n) => (
          <li key={t.title} className="flex gap-4 rounded-2xl bg-white p-4 shadow-card">
            <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-400 font-black">
              {n + 1}
            </span>
            <div>
              <h3 className="font-bold">{t.title}</h3>
              {t.description ? <p className="mt-1 text-sm text-ink-soft">{t.description}</p> : null}
            </div>
          </li>
        ))}
      </ol>
    </BlockSection>
  );
}

/** "Recap & resources": links to guides, docs and recaps. */
export function ResourcesListBlock(props: BlockProps) {
  const items = dataList<ListItem>(props.block.data, "items").filter(
    (i) => i.title && safeHref(i.url),
  );
  if (items.length === 0) return null;
  return (
    <BlockSection props={props} title={blockTitle(props, RESOURCES_LIST_TITLE)}>
      <ul className="divide-y divide-black/5 rounded-2xl bg-white shadow-card">
        {items.map((i) => (
          <li key={i.url}>
            <SmartLink
              href={safeHref(i.url) as string}
              className="flex items-center justify-between gap-4 p-4 hover:bg-brand-50/60"
            >
              <span>
                <span className="font-semibold">{i.title}</span>
                {i.description ? (
                  <span className="block text-sm text-ink-soft">{i.description}</span>
                ) : null}
              </span>
              <span aria-hidden="true">→</span>
            </SmartLink>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}

/** Related cards (default title "Related"): image cards linking to related reading. */
export function RelatedCardsBlock(props: BlockProps) {
  const items = dataList<ListItem>(props.block.data, "items").filter(
    (i) => i.title && safeHref(i.url),
  );
  if (items.length === 0) return null;
  return (
    <BlockSection props={props} title={blockTitle(props, RELATED_CARDS_TITLE)}>
      <ul className="grid gap-4 sm:grid-cols-3">
        {items.map((i) => (
          <li key={i.url}>
            <SmartLink
              href={safeHref(i.url) as string}
              className="block h-full overflow-hidden rounded-2xl bg-white shadow-card transition hover:shadow-card-hover"
            >
              {i.image ? (
                <img
                  src={i.image}
                  alt=""
                  loading="lazy"
                  className="aspect-video w-full bg-brand-50 object-cover"
                />
              ) : null}
              <span className="block p-4">
                <span className="font-bold">{i.title}</span>
                {i.description ? (
                  <span className="mt-1 block text-sm text-ink-soft">
                    {truncate(i.description, 120)}
                  </span>
                ) : null}
              </span>
            </SmartLink>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}

const THEME_CLASS = {
  lilac: "bg-violet-100 text-violet-950",
  mint: "bg-emerald-100 text-emerald-950",
  peach: "bg-orange-100 text-orange-950",
  sky: "bg-sky-100 text-sky-950",
} as const;

/** Use cases carousel: 3 to 12 cards in four rotating colour themes; fewer than 3 renders nothing. */
export function UseCasesCarouselBlock(props: BlockProps) {
  const cards = useCaseCards(dataList(props.block.data, "items") as never);
  if (cards.length === 0) return null;
  return (
    <BlockSection props={props} title={blockTitle(props, "Use cases")}>
      <ul className="-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-3 [scrollbar-width:thin] sm:mx-0 sm:px-0">
        {cards.map((c) => {
          const href = safeHref(c.url);
          return (
            <li
              key={c.title}
              className={cx(
                "flex w-64 shrink-0 snap-start flex-col rounded-3xl p-5",
                THEME_CLASS[c.theme],
              )}
              data-theme={c.theme}
            >
              {c.tag ? (
                <span className="self-start rounded-full bg-white/70 px-2.5 py-0.5 text-xs font-bold uppercase tracking-wide">
                  {c.tag}
                </span>
              ) : null}
              <h3 className="mt-3 flex-1 text-lg font-bold leading-snug">{c.title}</h3>
              {href ? (
                <SmartLink href={href} className="mt-4 font-semibold underline underline-offset-4">
                  {c.linkText} →
                </SmartLink>
              ) : (
                <span className="mt-4 font-semibold">{c.linkText}</span>
              )}
            </li>
          );
        })}
      </ul>
    </BlockSection>
  );
}

/**
 * Use-case content block: a header with Updated and read-time, a share control and a call to
 * action ("Start building now" by default), then the article's sections.
 */
export function UseCaseContentBlock(props: BlockProps & { share?: React.ReactNode }) {
  const title = dataString(props.block.data, "title");
  const sections = dataList<{ heading?: string; text: string }>(
    props.block.data,
    "sections",
  ).filter((s) => s.text);
  if (!title || sections.length === 0) return null;
  const updated = dataString(props.block.data, "updated");
  const words = sections.reduce((n, s) => n + s.text.split(/\s+/).length, 0);
  const minutes = Math.max(1, Math.round(words / 200));
  const cta = safeHref(dataString(props.block.data, "cta_link")) ?? "#pricing";
  return (
    <BlockSection props={props}>
      <article className="rounded-3xl bg-white p-6 shadow-card">
        <header>
          <h2 className="text-2xl font-black tracking-tight">{title}</h2>
          <p className="mt-1 text-sm text-ink-soft">
            {updated ? (
              <>
                Updated{" "}
                {new Date(updated).toLocaleDateString("en-US", {
                  dateStyle: "medium",
                  timeZone: "UTC",
                })}{" "}
                ·{" "}
              </>
            ) : null}
            {minutes} min read
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            {props.share}
            <a href={cta} className="rounded-full bg-brand-400 px-4 py-1.5 text-sm font-bold">
              {dataString(props.block.data, "cta_text") ?? USE_CASE_CTA_DEFAULT}
            </a>
          </div>
        </header>
        {sections.map((s) => (
          <section key={s.heading ?? s.text.slice(0, 20)} className="mt-5">
            {s.heading ? <h3 className="text-lg font-bold">{s.heading}</h3> : null}
            <p className="mt-1 leading-relaxed text-ink-soft">{s.text}</p>
          </section>
        ))}
      </article>
    </BlockSection>
  );
}
