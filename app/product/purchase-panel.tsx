import { bannerText, needsPlusShelf, purchaseMode } from "../../domain/deal-state";
import { BUY_SOLD_OUT } from "../../domain/messages";
import { refundText } from "../../domain/pricing";
import { RestockSignup } from "../marketing/restock-signup";
import { WaitlistCapture } from "../marketing/waitlist-capture";
import { dealBannerType } from "../ui/deal-banner";
import { cx } from "../ui/format";
import { AddonSelector } from "./addon-selector";
import type { ProductPageDeal } from "./page-view";
import { BuyButton, DealTimer, LimitedQuantity, PlanPrice, useMounted } from "./plan-bits";
import { PlanSelector, plansInGroup } from "./plan-selector";
import { PlusOnlyNote } from "./plus-only-note";
import { PlusShelf } from "./plus-shelf";
import { selectedPlan, usePurchase } from "./purchase-context";
import type { ProductViewer } from "./viewer";

export type PurchasePanelProps = { deal: ProductPageDeal; viewer: ProductViewer };

/** The deal's banner (spec 001 section 4 "Banner type"), or null for none. */
export function dealBanner(deal: ProductPageDeal, viewer: ProductViewer, now: Date) {
  const type = dealBannerType(deal, now, viewer.campaigns);
  const reason = deal.dates.timer_reason;
  const message = reason && !/^[a-z0-9_-]+$/.test(reason) ? reason : null;
  const text = bannerText(
    type,
    deal.dates.end_date ? new Date(deal.dates.end_date) : null,
    now,
    message,
  );
  return text ? { type, text } : null;
}

const BANNER_STYLE: Record<string, string> = {
  coming_soon: "bg-sky-100 text-sky-900",
  sold_out: "bg-stone-200 text-ink",
  last_call: "bg-red-100 text-red-800",
  black_friday: "bg-ink text-white",
  ending_soon: "bg-red-100 text-red-800",
  new: "bg-emerald-100 text-emerald-800",
};

export function DealBanner({ deal, viewer }: PurchasePanelProps) {
  const banner = dealBanner(deal, viewer, new Date());
  if (!banner) return null;
  return (
    <p
      data-testid="deal-banner"
      className={cx(
        "inline-flex rounded-full px-3 py-1 text-xs font-black tracking-wide uppercase",
        BANNER_STYLE[banner.type],
      )}
      // A relative time ("in 2 days") may read differently on the server a moment earlier.
      suppressHydrationWarning
    >
      {banner.text}
    </p>
  );
}

/**
 * The sticky purchase panel of the two-column product page (right column at large widths): the
 * banner, plan selector, price, discount, Plus price, access label, limited quantity, deal timer,
 * add-ons, buy button and refund text; "Sold out" with the restock sign-up for ended deals, the
 * waitlist for informational and inactive-indefinitely deals. It also hosts the Plus shelf.
 */
export function PurchasePanel({ deal, viewer }: PurchasePanelProps) {
  const { state } = usePurchase(deal);
  const mode = purchaseMode({
    isEnded: deal.buy_button.is_ended,
    isInfo: deal.is_info,
    stage: { ...deal.stage_details, next_stage_start_date: null },
  });
  const plan = selectedPlan(deal, state);
  const groupPlans = plansInGroup(deal, state.group);
  const plusHref = `/plus?ref=plus-page-${deal.slug}`;
  // Set once React has taken over the panel (its buttons work from then on); tests wait for it.
  const hydrated = useMounted();
  return (
    <div
      data-testid="purchase-panel"
      data-hydrated={hydrated ? "true" : undefined}
      className="rounded-3xl border border-black/5 bg-brand-50 p-5 shadow-card sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-lg font-black tracking-tight">{deal.public_name || deal.name}</p>
        <DealBanner deal={deal} viewer={viewer} />
      </div>
      {mode === "sold_out" ? (
        <div className="mt-4 space-y-4">
          <p className="text-3xl font-black tracking-tight" data-testid="sold-out">
            {BUY_SOLD_OUT}
          </p>
          <RestockSignup deal={deal} viewer={viewer} />
        </div>
      ) : mode === "waitlist" ? (
        <div className="mt-4">
          <WaitlistCapture deal={deal} viewer={viewer} />
        </div>
      ) : (
        // A real form: without JavaScript the chosen plan posts to the cart page's action; once
        // hydrated the buy button handles the click itself (add-ons, the Plus shelf).
        // #pricePlans is the page's plan section (spec 000 section 2).
        <form
          id="pricePlans"
          method="post"
          action="/cart"
          className="mt-4 scroll-mt-24 space-y-4"
          data-testid="purchase-form"
        >
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="deal" value={deal.id} />
          {groupPlans.length === 1 && groupPlans[0] ? (
            <input type="hidden" name="plan" value={groupPlans[0].id} />
          ) : null}
          <PlanSelector deal={deal} fieldName="plan" plusMember={viewer.hasPlus} />
          {groupPlans.length > 1 && !hydrated ? (
            // Before and without JavaScript: every plan's price, CSS showing the checked one
            // (app.css). Hydrated, only the selected plan's price is rendered.
            <div>
              {groupPlans.map((p, index) => (
                <div key={p.id} data-plan-price={index}>
                  <PlanPrice
                    plan={p}
                    plusMember={viewer.hasPlus}
                    testId={p.id === plan?.id ? "plan-price" : ""}
                    plusHref={plusHref}
                  />
                </div>
              ))}
            </div>
          ) : plan ? (
            <PlanPrice plan={plan} plusMember={viewer.hasPlus} plusHref={plusHref} />
          ) : null}
          {plan && needsPlusShelf(deal.buy_button, plan, viewer.hasPlus) ? (
            // Said before the click (issue 15), not only by the shelf that Buy now opens.
            <PlusOnlyNote plusHref={plusHref} />
          ) : null}
          <LimitedQuantity deal={deal} />
          <DealTimer deal={deal} withLimitedQuantity={false} />
          <AddonSelector deal={deal} />
          {/* Stays in view at the bottom of the panel's own scroll on desktop. */}
          <div className="space-y-2 lg:sticky lg:bottom-0 lg:-mx-1 lg:bg-brand-50 lg:px-1 lg:pt-2 lg:pb-1">
            <BuyButton deal={deal} viewer={viewer} className="w-full" submit />
            <p className="text-center text-sm text-ink-soft" data-testid="refund-text">
              {refundText(deal.refundable_days)}
            </p>
          </div>
          <PlusShelf deal={deal} viewer={viewer} />
        </form>
      )}
    </div>
  );
}
