import { bundleLayout, dataList, dataString } from "../../domain/blocks";
import type { BundleCoupon, BundleDeal } from "../../domain/bundle";
import { ROADBLOCK_BUTTON_DEFAULT } from "../../domain/messages";
import { subscribeCopy } from "../../domain/storefront";
import { PriceText, usePriceLabel } from "../growth/display-currency";
import { RestockSignup } from "../growth/restock-signup";
import { WaitlistCapture } from "../growth/waitlist-capture";
import { PricingCard } from "../product/pricing-card";
import { useAddBundle } from "../product/use-add-bundle";
import { CampaignBanner } from "../ui/campaign-banner";
import { CountdownClock } from "../ui/countdown";
import { EmailCapture } from "../ui/email-capture";
import { cx } from "../ui/format";
import { safeHref } from "./content";
import { BlockSection, blockTitle } from "./shell";
import type { BlockProps } from "./types";

/** The pricing card block (#pricing unless the block names its own anchor). */
export function PricingCardBlock(props: BlockProps) {
  if (props.deal.is_info) return null;
  return (
    <div
      data-block-type={props.block.type}
      className={dataString(props.block.data, "css_class") ?? undefined}
    >
      <PricingCard deal={props.deal} viewer={props.viewer} anchorId={props.anchorId ?? "pricing"} />
    </div>
  );
}

/** Sold-out deals: "notify me when it returns" (the growth work's sign-up). */
export function SoldOutNotificationSignupBlock(props: BlockProps) {
  if (!props.deal.has_ended) return null;
  return (
    <BlockSection props={props}>
      <RestockSignup deal={props.deal} viewer={props.viewer} />
    </BlockSection>
  );
}

/** Informational and not-yet-live deals: the waitlist e-mail capture. */
export function InlineNotificationSignupBlock(props: BlockProps) {
  const { deal } = props;
  const waiting = deal.is_info || !deal.has_started || deal.buy_button.is_coming_soon;
  if (!waiting) return null;
  return (
    <BlockSection props={props}>
      <WaitlistCapture deal={deal} viewer={props.viewer} />
    </BlockSection>
  );
}

/**
 * Buy-now bar: the deal's name and starting price with a button to the pricing section, at the
 * top or bottom of its place in the page (json_data.position).
 */
export function BuyNowBarBlock(props: BlockProps) {
  const { deal } = props;
  const buyable =
    !deal.has_ended &&
    !deal.is_info &&
    deal.has_started &&
    !deal.buy_button.is_coming_soon &&
    deal.plans.some((p) => p.is_active);
  if (!buyable) return null;
  const position = props.block.data.position === "top" ? "top" : "bottom";
  return (
    <BlockSection props={props}>
      <div
        data-position={position}
        className="flex flex-wrap items-center justify-between gap-3 rounded-3xl bg-ink px-5 py-4 text-white"
      >
        <div>
          <p className="font-bold">
            {dataString(props.block.data, "text") ?? deal.public_name ?? deal.name}
          </p>
          <p className="text-sm text-white/75">
            <PriceText text={deal.price_text} major={deal.price} />
          </p>
        </div>
        <a
          href="#pricing"
          className="rounded-full bg-brand-400 px-6 py-2.5 font-bold text-ink hover:bg-brand-500"
        >
          {dataString(props.block.data, "button_text") ?? "Buy now"}
        </a>
      </div>
    </BlockSection>
  );
}

/** The live campaign's banner, on deals that take part in it. */
export function CampaignBannerBlock(props: BlockProps) {
  const campaign = props.page.campaign;
  if (!campaign || !props.deal.participation.includes(campaign.optin_slug)) return null;
  return (
    <BlockSection props={props} className="overflow-hidden rounded-2xl">
      <CampaignBanner campaign={campaign} now={props.page.now} />
    </BlockSection>
  );
}

/**
 * The countdown's own dates (json_data start_date / end_date). The deal's own timer is the
 * purchase panel's and the pricing card's; a block repeating it would make three clocks.
 */
function countdownDates(props: BlockProps) {
  const start = dataString(props.block.data, "start_date");
  const end = dataString(props.block.data, "end_date");
  return start || end ? { start, end } : null;
}

/** countdown_clock and inline_countdown_clock: "Starts in" / "Ends in" clocks. */
export function CountdownClockBlock(props: BlockProps) {
  const dates = countdownDates(props);
  if (!dates) return null;
  return (
    <BlockSection props={props}>
      <CountdownClock
        start={dates.start}
        end={dates.end}
        now={props.page.now}
        label={dataString(props.block.data, "label")}
        invertColors={props.block.data.invert_colors === true}
        className={props.block.type === "countdown_clock" ? "justify-center py-5" : undefined}
      />
    </BlockSection>
  );
}

type BundleItem = {
  name: string;
  description?: string;
  image?: string;
  url?: string;
  price?: number;
  original_price?: number;
};

function BundleCard({ item }: { item: BundleItem }) {
  const href = safeHref(item.url);
  const priceLabel = usePriceLabel();
  const body = (
    <>
      {item.image ? (
        <img
          src={item.image}
          alt=""
          loading="lazy"
          className="aspect-video w-full rounded-xl bg-brand-50 object-cover"
        />
      ) : null}
      <p className="mt-3 font-bold">{item.name}</p>
      {item.description ? <p className="mt-1 text-sm text-ink-soft">{item.description}</p> : null}
      {typeof item.price === "number" ? (
        <p className="mt-2 flex items-baseline gap-2">
          <span className="font-black">{item.price === 0 ? "FREE" : priceLabel(item.price)}</span>
          {typeof item.original_price === "number" && item.original_price > item.price ? (
            <s className="text-sm text-ink-soft">{priceLabel(item.original_price)}</s>
          ) : null}
        </p>
      ) : null}
    </>
  );
  return href ? (
    <a
      href={href}
      className="block h-full rounded-2xl bg-white p-4 shadow-card transition hover:shadow-card-hover"
    >
      {body}
    </a>
  ) : (
    <div className="h-full rounded-2xl bg-white p-4 shadow-card">{body}</div>
  );
}

/** One bundled product. */
export function BundleProductCardBlock(props: BlockProps) {
  const name = dataString(props.block.data, "name");
  if (!name) return null;
  return (
    <BlockSection props={props}>
      <div className="max-w-sm">
        <BundleCard item={props.block.data as BundleItem} />
        <BlockBundleButton data={props.block.data} />
      </div>
    </BlockSection>
  );
}

const BUNDLE_LAYOUT_CLASS = {
  single: "grid max-w-sm",
  grid: "grid gap-4 sm:grid-cols-2",
  "centred-row":
    "flex flex-wrap justify-center gap-4 [&>li]:w-full sm:[&>li]:w-[calc(50%-0.5rem)] lg:[&>li]:w-[calc(33.333%-0.7rem)]",
  "three-columns": "grid gap-4 sm:grid-cols-2 lg:grid-cols-3",
} as const;

/** Bundle products: 2 to 4 in a grid, 5 in a centred wrapping row, more in 3 columns. */
export function BundleProductsBlock(props: BlockProps) {
  const items = dataList<BundleItem>(props.block.data, "products").filter((p) => p.name);
  if (items.length === 0) return null;
  const layout = bundleLayout(items.length);
  return (
    <BlockSection props={props} title={blockTitle(props, "In this bundle")}>
      <ul data-layout={layout} className={BUNDLE_LAYOUT_CLASS[layout]}>
        {items.map((item) => (
          <li key={item.name}>
            <BundleCard item={item} />
          </li>
        ))}
      </ul>
      <BlockBundleButton data={props.block.data} />
    </BlockSection>
  );
}

/** A block's coupon bundle, when its json_data has one with a code and a list of deals. */
function blockBundle(data: Record<string, unknown>): BundleCoupon | null {
  const coupon = data.coupon as { code?: unknown; deals?: unknown } | undefined;
  if (!coupon || typeof coupon !== "object") return null;
  return {
    code: typeof coupon.code === "string" ? coupon.code : "",
    deals: Array.isArray(coupon.deals) ? (coupon.deals as BundleDeal[]) : [],
  };
}

/**
 * The bundle button (spec 001 "Bundle add-to-cart"): idle, then busy (disabled, with a spinner)
 * while domain/bundle's lines are added one at a time, the coupon on the last; /cart on success,
 * an error toast and idle again on failure; an invalid bundle adds nothing (app/product/use-add-bundle).
 */
function BundleButton({ bundle, label }: { bundle: BundleCoupon; label: string }) {
  const { add, busy } = useAddBundle(bundle);
  return (
    <button
      type="button"
      onClick={add}
      disabled={busy}
      aria-busy={busy}
      data-testid="bundle-button"
      className="mt-5 inline-flex items-center gap-2 rounded-full bg-brand-400 px-6 py-2.5 font-bold text-ink hover:bg-brand-500 disabled:cursor-progress disabled:opacity-70"
    >
      {busy ? (
        <span
          aria-hidden="true"
          className="h-4 w-4 animate-spin rounded-full border-2 border-ink/30 border-t-ink"
        />
      ) : null}
      {label}
    </button>
  );
}

/** The bundle blocks' button: only when their json_data carries a coupon bundle. */
function BlockBundleButton({ data }: { data: Record<string, unknown> }) {
  const bundle = blockBundle(data);
  if (!bundle) return null;
  return (
    <BundleButton
      bundle={bundle}
      label={dataString(data, "cta_text") ?? ROADBLOCK_BUTTON_DEFAULT}
    />
  );
}

/**
 * Thematic roadblock: headline, text, images and a call to action ("Buy now!" by default). With a
 * coupon the call to action is the bundle button; without one it links (to the pricing by default).
 */
export function ThematicRoadblockBlock(props: BlockProps) {
  const headline = dataString(props.block.data, "headline");
  const text = dataString(props.block.data, "text");
  const images = (Array.isArray(props.block.data.images) ? props.block.data.images : []).filter(
    (i): i is string => typeof i === "string",
  );
  const bundle = blockBundle(props.block.data);
  const cta = dataString(props.block.data, "cta_text") ?? ROADBLOCK_BUTTON_DEFAULT;
  const link = safeHref(dataString(props.block.data, "cta_link")) ?? "#pricing";
  if (!headline && !text) return null;

  return (
    <BlockSection props={props}>
      <div className="overflow-hidden rounded-3xl bg-ink p-6 text-white sm:p-8">
        {headline ? (
          <h2 className="text-2xl font-black tracking-tight sm:text-3xl">{headline}</h2>
        ) : null}
        {text ? <p className="mt-2 max-w-prose text-white/80">{text}</p> : null}
        {images.length > 0 ? (
          <div className="mt-5 flex gap-3 overflow-x-auto">
            {images.map((src) => (
              <img
                key={src}
                src={src}
                alt=""
                loading="lazy"
                className="h-24 w-40 shrink-0 rounded-xl object-cover"
              />
            ))}
          </div>
        ) : null}
        {bundle ? (
          <BundleButton bundle={bundle} label={cta} />
        ) : (
          <a
            href={link}
            className="mt-5 inline-block rounded-full bg-brand-400 px-6 py-2.5 font-bold text-ink"
          >
            {cta}
          </a>
        )}
      </div>
    </BlockSection>
  );
}

/**
 * Subscribe form: the e-mail capture with the spec's copy (the campaign's discount when one is
 * live); it renders only when its action, text and both slugs (content and campaign) are set.
 */
export function SubscribeFormBlock(props: BlockProps) {
  const d = props.block.data;
  const action = dataString(d, "action");
  const text = dataString(d, "text");
  const contentSlug = dataString(d, "content_slug");
  const campaignSlug = dataString(d, "campaign_slug");
  if (!action || !text || !contentSlug || !campaignSlug) return null;
  const campaign = props.page.campaign;
  const copy = subscribeCopy(
    campaign?.type === "percent" ? { type: "percent", value: campaign.value } : null,
  );
  return (
    <BlockSection props={props}>
      <div
        className={cx(
          "grid items-center gap-5 rounded-3xl bg-ink px-6 py-7 text-white md:grid-cols-2",
        )}
      >
        <div>
          <h2 className="text-xl font-black tracking-tight sm:text-2xl">
            {dataString(d, "title") ?? copy.title}
          </h2>
          <p className="mt-1 text-white/75">{text}</p>
        </div>
        <div>
          <EmailCapture
            button={copy.button}
            discount={copy.discount}
            component="subscribe_form"
            content={contentSlug}
            dark
          />
          <p className="mt-2 text-xs text-white/60">{copy.note}</p>
        </div>
      </div>
    </BlockSection>
  );
}
