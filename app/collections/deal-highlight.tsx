import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { dealHighlightFeatures, highlightNeedsDetails } from "../../domain/blocks";
import { readableTextColor } from "../../domain/contrast";
import {
  buyButtonState,
  initialSelectedPlanId,
  isPlusGated,
  limitedQuantityText,
  needsPlusShelf,
} from "../../domain/deal-state";
import { SOMETHING_WENT_WRONG_TRY_AGAIN } from "../../domain/messages";
import { cartQuantity } from "../../domain/pricing";
import type { DealDetailsJson } from "../../server/services/storefront/catalog";
import type { DealCardJson } from "../../server/services/storefront/deal-json";
import { Check } from "../blocks/parts/check-icon";
import { addCartItem } from "../product/cart-client";
import { CART_ADDED_EVENT, type CartAddedDetail } from "../product/cart-events";
import { DealTimer } from "../product/plan-bits";
import { PlusOnlyNote } from "../product/plus-only-note";
import { dealBanner, PriceRow } from "../ui/deal-card";
import { TacoRating } from "../ui/taco-rating";
import { useToast } from "../ui/toast";
import { Section, SectionHeading } from "./section";
import type { CollectionProps } from "./types";

/** A highlighted deal: the card's fields, with the details' when the page or a fetch gave them. */
export type HighlightDeal = DealCardJson & Partial<DealDetailsJson>;

/**
 * The deal's details (GET /api/v2/deals/{slug}/details/, its deal field merged in) when the card
 * lacks them. The home page's server render merges them already; a highlight loaded later (the
 * next slice of the page) asks here. A failure is only logged: the card shows without extras.
 */
function useHighlightDetails(deal: HighlightDeal | undefined): HighlightDeal | undefined {
  const [extra, setExtra] = useState<Partial<DealDetailsJson> | null>(null);
  const slug = deal?.slug;
  const needs = deal ? highlightNeedsDetails(deal) : false;
  useEffect(() => {
    if (!slug || !needs) return;
    let live = true;
    fetch(`/api/v2/deals/${encodeURIComponent(slug)}/details/`, {
      headers: { Accept: "application/json" },
    })
      .then((r) => (r.ok ? (r.json() as Promise<{ deal?: Partial<DealDetailsJson> }>) : null))
      .then((body) => {
        if (live && body?.deal) setExtra(body.deal);
      })
      .catch((error: unknown) => console.warn("deal highlight: details failed", error));
    return () => {
      live = false;
    };
  }, [slug, needs]);
  return deal && extra ? { ...deal, ...extra } : deal;
}

/**
 * The highlight's own buy flow: the default plan straight into the cart, then /cart. A deal whose
 * plan needs Plus (early access, last call, Plus tier) goes to its page, where the Plus shelf is.
 * Without JavaScript the form opens the deal's pricing. A non-member is told before the click that
 * the plan is for Plus members.
 */
function HighlightBuy({ deal, hasPlus }: { deal: HighlightDeal; hasPlus: boolean }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const plans = (deal.plans ?? []).filter((p) => p.is_active);
  const defaultPlan = plans.find((p) => p.price === deal.price) ?? null;
  const planId = initialSelectedPlanId(plans, null, defaultPlan?.id ?? null);
  const plan = plans.find((p) => p.id === planId) ?? null;
  const state = buyButtonState(deal.buy_button, plans, planId);
  const pricing = `${deal.get_absolute_url}#pricing`;
  const button =
    "inline-flex min-h-11 items-center gap-2 rounded-full bg-brand-400 px-6 py-3 font-bold text-ink shadow-sm hover:bg-brand-500 disabled:cursor-not-allowed disabled:opacity-60";
  if (!plan || isPlusGated(deal.buy_button, plan)) {
    return (
      <>
        {needsPlusShelf(deal.buy_button, plan, hasPlus) ? (
          <PlusOnlyNote plusHref={`/plus?ref=plus-page-${deal.slug}`} className="basis-full" />
        ) : null}
        <Link to={pricing} className={button}>
          {state.text}
        </Link>
      </>
    );
  }
  return (
    <form
      action={deal.get_absolute_url}
      method="get"
      onSubmit={async (event) => {
        event.preventDefault();
        if (busy) return;
        setBusy(true);
        try {
          const cartItem = await addCartItem(
            {
              dealId: deal.id,
              dealGroupId: null,
              planId: plan.id,
              couponCode: null,
              quantity: cartQuantity(plan, deal.use_licensing ?? false),
            },
            SOMETHING_WENT_WRONG_TRY_AGAIN,
          );
          window.dispatchEvent(
            new CustomEvent<CartAddedDetail>(CART_ADDED_EVENT, {
              detail: { dealId: deal.id, planId: plan.id, cartItem },
            }),
          );
          navigate("/cart");
        } catch (error) {
          toast(error instanceof Error ? error.message : SOMETHING_WENT_WRONG_TRY_AGAIN, "error");
          setBusy(false);
        }
      }}
    >
      <button
        type="submit"
        disabled={state.disabled || busy}
        aria-busy={busy}
        className={button}
        data-testid="deal-highlight-buy"
      >
        {busy ? (
          <span
            aria-hidden="true"
            className="h-4 w-4 animate-spin rounded-full border-2 border-ink/30 border-t-ink"
          />
        ) : null}
        {state.text}
      </button>
    </form>
  );
}

/**
 * Deal highlight (spec 001 "Block behaviours"): one deal, large: badge, name, description, price,
 * the deal timer, the limited-quantity text, up to 4 features and an optional Buy Now with its
 * own buy flow (modular_data.show_buy_now_cta; otherwise a link to the deal).
 */
export function DealHighlight({ data, now, hasPlus = false }: CollectionProps) {
  const deal = useHighlightDetails(data.deals[0] as HighlightDeal | undefined);
  if (!deal) return null;
  const banner = dealBanner(deal, now);
  const hurry = limitedQuantityText(deal);
  const features = dealHighlightFeatures(
    (deal.core_features?.length ? deal.core_features : (deal.dealfeatures ?? [])).map(
      (f) => f.feature,
    ),
  );
  return (
    <Section>
      <SectionHeading data={data} showLink={false} />
      <article
        className="grid overflow-hidden rounded-3xl border border-black/5 bg-brand-50 shadow-card md:grid-cols-2"
        data-testid="deal-highlight"
      >
        {/* The whole image at its own 16:9, centred in its half from md up (object-cover in the
            taller half cut the product's screenshot). */}
        <div className="bg-brand-100 md:flex md:items-center md:p-6">
          {deal.media_url ? (
            <img
              src={deal.media_url}
              alt=""
              className="aspect-[16/9] w-full object-contain md:rounded-2xl md:shadow-card"
              loading="lazy"
            />
          ) : (
            <div className="aspect-[16/9] w-full" />
          )}
        </div>
        <div className="flex flex-col gap-3 p-6 sm:p-8">
          <div className="flex flex-wrap gap-2">
            {deal.badge ? (
              <span
                className="rounded-full px-2.5 py-1 text-xs font-bold"
                style={{
                  background: deal.badge.background_color ?? "#1d1d2c",
                  color: readableTextColor(
                    deal.badge.background_color ?? "#1d1d2c",
                    deal.badge.foreground_color ?? "#ffffff",
                  ),
                }}
              >
                {deal.badge.label}
              </span>
            ) : null}
            {banner.text ? (
              <span className="rounded-full bg-rose-700 px-2.5 py-1 text-xs font-bold text-white">
                {banner.text}
              </span>
            ) : null}
          </div>
          <h3 className="text-2xl font-extrabold tracking-tight sm:text-3xl">
            <Link to={deal.get_absolute_url} className="hover:underline">
              {deal.public_name || deal.name}
            </Link>
          </h3>
          <p className="text-ink-soft">{deal.card_description}</p>
          {deal.deal_review.review_count > 0 ? (
            <TacoRating
              rating={deal.deal_review.average_rating}
              count={deal.deal_review.review_count}
              size="lg"
            />
          ) : null}
          {features.length > 0 ? (
            <ul className="grid gap-1.5 sm:grid-cols-2" aria-label="Features">
              {features.map((f) => (
                <li key={f} className="flex gap-2 text-sm">
                  <Check />
                  <span>{f}</span>
                </li>
              ))}
            </ul>
          ) : null}
          <PriceRow deal={deal} size="lg" />
          <DealTimer deal={deal} withLimitedQuantity={false} />
          {hurry ? <p className="text-sm font-semibold text-rose-700">{hurry}</p> : null}
          <div className="mt-1 flex flex-wrap items-center gap-3">
            {data.modular_data.show_buy_now_cta && !deal.has_ended ? (
              <HighlightBuy deal={deal} hasPlus={hasPlus} />
            ) : null}
            <Link
              to={deal.get_absolute_url}
              className={
                data.modular_data.show_buy_now_cta
                  ? "font-semibold underline underline-offset-4"
                  : "inline-block rounded-full bg-brand-400 px-6 py-3 font-bold text-ink shadow-sm hover:bg-brand-500"
              }
            >
              See the deal
            </Link>
          </div>
        </div>
      </article>
    </Section>
  );
}
