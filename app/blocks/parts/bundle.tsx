import { dataString } from "../../../domain/blocks";
import type { BundleCoupon, BundleDeal } from "../../../domain/bundle";
import { ROADBLOCK_BUTTON_DEFAULT } from "../../../domain/messages";
import { usePriceLabel } from "../../marketing/display-currency";
import { useAddBundle } from "../../product/use-add-bundle";
import { LazyImage } from "../../ui/lazy-image";
import { safeHref } from "./links";

export type BundleItem = {
  name: string;
  description?: string;
  image?: string;
  url?: string;
  price?: number;
  original_price?: number;
};

export function BundleCard({ item }: { item: BundleItem }) {
  const href = safeHref(item.url);
  const priceLabel = usePriceLabel();
  const body = (
    <>
      <LazyImage
        src={item.image}
        className="aspect-video w-full rounded-xl bg-brand-50 object-cover"
      />
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

/** A block's coupon bundle, when its json_data has one with a code and a list of deals. */
export function blockBundle(data: Record<string, unknown>): BundleCoupon | null {
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
export function BundleButton({ bundle, label }: { bundle: BundleCoupon; label: string }) {
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
export function BlockBundleButton({ data }: { data: Record<string, unknown> }) {
  const bundle = blockBundle(data);
  if (!bundle) return null;
  return (
    <BundleButton
      bundle={bundle}
      label={dataString(data, "cta_text") ?? ROADBLOCK_BUTTON_DEFAULT}
    />
  );
}
