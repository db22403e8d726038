/**
 * Pieces the purchase panel, the pricing card and the buy bars share: a plan's price block, the
 * buy button, the limited-quantity text and meter, and the deal inline timer.
 */
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { PERCENT_CLAIMED_HIDDEN } from "../../domain/constants";
import { countdown } from "../../domain/countdown";
import {
  buyButtonState,
  dealTimerHeading,
  dealTimerTarget,
  isTimerVisible,
  limitedQuantityMeterLabel,
  limitedQuantityText,
} from "../../domain/deal-state";
import { campaignDiscountName, PLAN_OWNED, PRICE_FREE } from "../../domain/messages";
import { toCents, toMajor } from "../../domain/money";
import { paybackMonths, paybackText } from "../../domain/payback";
import { accessLabel, discountLabel, planText, shownPlanPrice } from "../../domain/pricing";
import { clockSegments } from "../../domain/storefront";
import { ChargedInUsd } from "../cart/charged-in-usd";
import { usePriceLabel } from "../marketing/display-currency";
import { cx, utcDateTime } from "../ui/format";
import { usePersonalFill } from "../ui/personal-fill";
import { useNow } from "../ui/use-now";
import type { ProductPageDeal } from "./page-view";
import { activePlans, type Plan, usePurchase } from "./purchase-context";
import { useAddToCart } from "./use-add-to-cart";
import type { ProductViewer } from "./viewer";

/** True once hydrated: clocks render live only then (server and browser "now" differ). */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

export const isFreePlan = (plan: Pick<Plan, "price" | "is_free">) =>
  plan.is_free || plan.price === 0;

/**
 * A plan's price text (FREE, or the price the cart charges this reader, in the session's display
 * currency): a hook, since the display currency comes from the root loader's context
 * (docs/decisions/028-experiments-display-currency-share-ui.md). A Plus member reads their member
 * price.
 */
export function usePlanPriceLabel(
  plusMember = false,
): (plan: Pick<Plan, "price" | "plus_price" | "is_free">) => string {
  const label = usePriceLabel();
  return (plan) =>
    isFreePlan(plan) ? PRICE_FREE : label(shownPlanPrice(plan, plusMember && !isFreePlan(plan)));
}

/** Plan text, price, struck original, "-N%", the Plus price and the access label. */
export function PlanPrice({
  plan,
  size = "lg",
  showPlus = true,
  showAccess = true,
  plusMember = false,
  testId = "plan-price",
  plusHref,
}: {
  plan: Plan;
  size?: "lg" | "md";
  showPlus?: boolean;
  showAccess?: boolean;
  /** A Plus member sees their own price (the further 10% off), not the upsell. */
  plusMember?: boolean;
  /** The price's test id; the purchase form's hidden (unchosen) plan prices have none. */
  testId?: string;
  /** The upsell's link to the Plus page (`/plus?ref=plus-page-{slug}`, spec 001 section 2). */
  plusHref?: string;
}) {
  const free = isFreePlan(plan);
  const member = plusMember && !free;
  // What the cart charges this reader (domain/pricing readerPrice, on the server).
  const shownMajor = shownPlanPrice(plan, member);
  const shown = toCents(shownMajor);
  const original = Math.max(toCents(plan.original_price), toCents(plan.list_price));
  const discount = discountLabel(shown, original);
  const label = usePriceLabel();
  const planPriceLabel = usePlanPriceLabel(member);
  // Against the tools the deal replaces, at the price this reader pays (issue 34); months are the
  // same in any display currency (both sides convert at one rate), so they are counted in USD.
  const paybackIn = free ? null : paybackMonths(shownMajor, plan.payback);
  return (
    <div>
      <p className="eyebrow">{planText(plan)}</p>
      <div className="price-line">
        <span
          className={size === "lg" ? "price-big text-4xl" : "price-big text-2xl"}
          data-testid={testId || undefined}
        >
          {planPriceLabel(plan)}
        </span>
        {member ? (
          <span className="rounded bg-violet-100 px-1.5 py-0.5 text-xs font-black text-violet-800">
            Your Plus price
          </span>
        ) : null}
        {original > shown ? (
          <s className="text-ink-soft">
            <span className="sr-only">Was </span>
            {label(toMajor(original))}
          </s>
        ) : null}
        {discount ? <span className="off-pill">{discount}</span> : null}
      </div>
      {plan.campaign && !free ? (
        <p className="mt-1 text-sm font-semibold text-emerald-800" data-testid="plan-campaign">
          {campaignDiscountName(plan.campaign.public_name, plan.campaign.percent)} applied
        </p>
      ) : null}
      {paybackIn && plan.payback ? (
        <p
          className="mt-1 text-sm font-semibold text-emerald-800"
          data-testid={testId ? "plan-payback" : undefined}
        >
          {paybackText({ months: paybackIn, against: plan.payback.against })}
        </p>
      ) : null}
      {showPlus && !free && !member ? (
        <p className="mt-1 text-sm text-violet-800">
          <span className="font-bold" data-testid={testId ? "plan-plus-price" : undefined}>
            {label(plan.plus_price)}
          </span>{" "}
          with{" "}
          {plusHref ? (
            <a href={plusHref} className="plus-link" aria-label="Plus membership">
              Plus
            </a>
          ) : (
            <span className="plus-tag">Plus</span>
          )}
        </p>
      ) : null}
      {!free && testId ? <ChargedInUsd major={shownMajor} /> : null}
      {showAccess ? <p className="access-line">{accessLabel(plan.access)}</p> : null}
    </div>
  );
}

/**
 * A Buy now outside the purchase panel, in a form of its own: without JavaScript it posts its plan
 * to the cart page's action, as the panel's form does (intent "add", deal, plan); hydrated, the
 * button inside (`submit`) buys itself and the form never submits.
 */
export function BuyForm({
  deal,
  planId,
  className,
  children,
}: {
  deal: Pick<ProductPageDeal, "id">;
  planId: number | null | undefined;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <form method="post" action="/cart" className={className}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="deal" value={deal.id} />
      {planId != null ? <input type="hidden" name="plan" value={planId} /> : null}
      {children}
    </form>
  );
}

/**
 * The buy button: the text and disabled state come from domain/deal-state buyButtonState for the
 * selected plan (or the given plan, on a plan card). A click buys, opening the Plus shelf when
 * the plan needs it; it shows busy while the add is in progress.
 */
export function BuyButton({
  deal,
  viewer,
  planId,
  className,
  size = "lg",
  submit = false,
}: {
  deal: ProductPageDeal;
  viewer: ProductViewer;
  planId?: number;
  className?: string;
  size?: "lg" | "md";
  /** Submits the purchase form it sits in when JavaScript has not run (progressive enhancement). */
  submit?: boolean;
}) {
  const { state } = usePurchase(deal);
  const { buy, adding } = useAddToCart(deal, viewer);
  const plans = activePlans(deal);
  const target = planId ?? state.selectedPlanId;
  const button = buyButtonState(deal.buy_button, plans, target);
  const ownership = usePlanOwnership(viewer, target);
  const look = cx(
    // buy-button (app.css): the look; the size is the caller's.
    "buy-button",
    size === "lg" ? "px-6 py-3.5 text-lg" : "px-5 py-2.5 text-base",
    className,
  );
  if (ownership === "owned") {
    // Theirs already: no second purchase; their products page has the plan (and its upgrades).
    return (
      <Link to="/account/products/" data-testid="buy-button" data-owned="true" className={look}>
        {PLAN_OWNED}
      </Link>
    );
  }
  if (ownership === "pending") {
    // The same button, its label held back until the fill says whether the plan is theirs.
    // Without JavaScript (@media (scripting: none), app.css) the label shows and the form posts.
    return (
      <button
        type={submit ? "submit" : "button"}
        data-testid="buy-button"
        data-pending="true"
        aria-busy="true"
        aria-label="Checking your purchases"
        onClick={(event) => event.preventDefault()}
        className={cx(look, "fill-pending")}
      >
        <span className="fill-pending-label">{button.text}</span>
      </button>
    );
  }
  return (
    <button
      type={submit ? "submit" : "button"}
      data-testid="buy-button"
      disabled={button.disabled}
      aria-busy={adding}
      onClick={(event) => {
        // Hydrated, the page buys itself (add-ons, the Plus shelf); the form is the fallback.
        event.preventDefault();
        buy(planId);
      }}
      className={cx(
        // buy-button (app.css): the look; the size is the caller's.
        "buy-button",
        size === "lg" ? "px-6 py-3.5 text-lg" : "px-5 py-2.5 text-base",
        adding && "cursor-progress",
        className,
      )}
    >
      {adding ? (
        <span
          aria-hidden="true"
          className="h-4 w-4 animate-spin rounded-full border-2 border-ink/30 border-t-ink"
        />
      ) : null}
      {button.text}
    </button>
  );
}

/** "Hurry! Only N remaining" / "Hurry! N% claimed" and the meter; -1 hides both. */
export function LimitedQuantity({
  deal,
  compact = false,
}: {
  deal: ProductPageDeal;
  compact?: boolean;
}) {
  const text = limitedQuantityText(deal);
  if (!text) return null;
  const meter = limitedQuantityMeterLabel(deal);
  const claimed =
    deal.percent_claimed === PERCENT_CLAIMED_HIDDEN
      ? 0
      : Math.min(100, Math.max(0, deal.percent_claimed));
  return (
    <div className={cx(compact ? "space-y-1" : "space-y-1.5")}>
      <p className="text-sm font-bold text-red-700">{text}</p>
      {meter ? (
        <div className="flex items-center gap-3">
          <div aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded-full bg-stone-200">
            <div className="h-full rounded-full bg-red-600" style={{ width: `${claimed}%` }} />
          </div>
          <span
            className="shrink-0 text-xs font-semibold text-ink-soft"
            data-testid="quantity-meter"
          >
            {meter}
          </span>
        </div>
      ) : null}
    </div>
  );
}

const UNIT = { days: "d", hours: "h", minutes: "m", seconds: "s" } as const;

/**
 * The deal inline timer: "Deal ends in" (or the timer reason's message) and the countdown, with
 * the limited-quantity message. Shown only when the timer is visible (active timer, stage not
 * inactive, next stage ahead). Before hydration it reads the end as a date (UTC, so the server
 * and the browser agree); then it ticks each second, hides hours under 5 minutes and stops at 0.
 */
export function DealTimer({
  deal,
  className,
  withLimitedQuantity = true,
}: {
  /** A deal card's fields are enough (the deal highlight shows this timer too). */
  deal: Pick<
    ProductPageDeal,
    | "stage_details"
    | "dates"
    | "active_timer"
    | "percent_claimed"
    | "quantity_remaining_below_threshold"
  >;
  className?: string;
  /** Off where the limited-quantity text and meter already show beside the timer. */
  withLimitedQuantity?: boolean;
}) {
  const mounted = useMounted();
  const stage = {
    ...deal.stage_details,
    next_stage_start_date: deal.stage_details.next_stage_start_date
      ? new Date(deal.stage_details.next_stage_start_date)
      : null,
  };
  const end = deal.dates.end_date ? new Date(deal.dates.end_date) : null;
  const target = dealTimerTarget(stage, end);
  const now = useNow(new Date(0), mounted && target != null);
  // The first hydrated render comes before useNow's first tick: use the real time then too.
  const reference = mounted ? (now.getTime() === 0 ? new Date() : now) : new Date(0);
  // Before hydration the server decides visibility with its own clock; the page is rendered per
  // request, and a cached page expires at its next time boundary
  // (docs/decisions/033-anonymous-page-and-answer-cache.md).
  const visible = mounted
    ? isTimerVisible(deal.active_timer, stage, reference)
    : isTimerVisible(deal.active_timer, stage, new Date());
  if (!visible || !target) return null;
  const state = countdown(null, target, reference);
  const segments = mounted ? clockSegments(state) : [];
  return (
    <div
      className={cx("rounded-2xl bg-ink px-4 py-3 text-white", className)}
      data-testid="deal-timer"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p className="text-xs font-bold tracking-widest text-white/75 uppercase">
          {dealTimerHeading(deal.dates.timer_reason, deal.stage_details.current_stage)}
        </p>
        {mounted ? (
          <p role="timer" aria-live="off" className="flex items-baseline gap-1.5 tabular-nums">
            {segments.map((s) => (
              <span key={s.unit} className="flex items-baseline">
                <span className="text-lg font-black">{s.value}</span>
                <span className="text-xs font-semibold text-white/70">{UNIT[s.unit]}</span>
              </span>
            ))}
          </p>
        ) : (
          // The clock's line height (text-lg): the heading beside it stays put when it ticks in.
          <time dateTime={target.toISOString()} className="text-sm leading-7 font-bold">
            {utcDateTime(target)}
          </time>
        )}
      </div>
      {withLimitedQuantity && limitedQuantityText(deal) ? (
        <p className="mt-1 text-sm font-semibold text-brand-200">{limitedQuantityText(deal)}</p>
      ) : null}
    </div>
  );
}

/**
 * Whether the reader owns `planId` (a page kept for their audience learns it from the fill,
 * app/ui/personal-fill.tsx): "pending" until then, "owned" or "not-owned" after. A page rendered
 * for its reader says "not-owned" here: the cart and checkout refuse a plan owned already.
 */
export function usePlanOwnership(
  viewer: ProductViewer,
  planId: number | null | undefined,
): "pending" | "owned" | "not-owned" {
  const fill = usePersonalFill();
  if (!viewer.pending) return "not-owned";
  if (fill.state === "pending") return "pending";
  if (fill.state !== "filled" || planId == null) return "not-owned";
  return fill.deal?.ownedPlanIds.includes(planId) ? "owned" : "not-owned";
}
