import { purchaseMode } from "../../domain/deal-state";
import { BUY_SOLD_OUT } from "../../domain/messages";
import { pricingLayout, refundText } from "../../domain/pricing";
import { Carousel } from "../ui/carousel";
import type { ProductPageDeal } from "./page-view";
import { DealTimer, LimitedQuantity } from "./plan-bits";
import { PlanCard } from "./plan-card";
import { featureRows } from "./plan-features";
import { AccessToggle, plansInGroup } from "./plan-selector";
import { PlanTable } from "./plan-table";
import { type Plan, usePurchase } from "./purchase-context";
import type { ProductViewer } from "./viewer";

export type PricingCardProps = {
  deal: ProductPageDeal;
  viewer: ProductViewer;
  /** The block's anchor id ("pricing" when the block gives none). */
  anchorId: string;
};

/**
 * The pricing_card block (spec 001 section 4 "Pricing"): the lifetime / other toggle when both
 * exist; one plan as a wide card; on desktop 2 to 3 plans as a carousel and more as a paged
 * table; on phones a carousel reading "Plan X of N". Carousels on both are one carousel whose slide widths
 * follow the screen; the paged table and the phone carousel are both in the HTML and CSS picks one,
 * so the server needs no guess about the screen. Ended deals show "Sold out" with no
 * prices or buy buttons; informational deals show their plans without buying (the purchase panel
 * carries the waitlist).
 */
export function PricingCard({ deal, viewer, anchorId }: PricingCardProps) {
  const { state } = usePurchase(deal);
  const mode = purchaseMode({
    isEnded: deal.buy_button.is_ended,
    isInfo: deal.is_info,
    stage: { ...deal.stage_details, next_stage_start_date: null },
  });
  const buying = mode === "buy";
  const plans = plansInGroup(deal, state.group);
  const rows = featureRows(deal, plans);
  const desktop = pricingLayout(plans.length, true);
  const cardFor = (plan: Plan, index: number, wide = false) => (
    <PlanCard
      deal={deal}
      viewer={viewer}
      plan={plan}
      rows={rows}
      index={index}
      total={plans.length}
      buying={buying}
      wide={wide}
    />
  );
  const planCarousel = (slideClassName: string, arrowVisibility?: "desktop") => (
    <Carousel
      key={state.group}
      items={plans}
      itemKey={(plan) => String(plan.id)}
      renderItem={(plan, index) => cardFor(plan, index)}
      label="Plans"
      slideClassName={slideClassName}
      arrowVisibility={arrowVisibility}
    />
  );
  return (
    <section id={anchorId} data-testid="pricing-card" className="scroll-mt-24 space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-2xl font-black tracking-tight sm:text-3xl">Plans &amp; pricing</h2>
        <AccessToggle deal={deal} />
      </div>
      {mode === "sold_out" ? (
        <p className="text-2xl font-black" data-testid="pricing-sold-out">
          {BUY_SOLD_OUT}
        </p>
      ) : null}
      {buying ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <div className="sm:flex-1">
            <LimitedQuantity deal={deal} />
          </div>
          <DealTimer deal={deal} withLimitedQuantity={false} className="sm:w-80" />
        </div>
      ) : null}
      {plans.length === 0 ? null : desktop === "wide" ? (
        cardFor(plans[0] as Plan, 0, true)
      ) : desktop === "table" ? (
        <>
          <div className="hidden md:block" data-layout="table">
            <PlanTable deal={deal} viewer={viewer} plans={plans} rows={rows} buying={buying} />
          </div>
          <div className="md:hidden" data-layout="carousel">
            {planCarousel("basis-[88%]")}
          </div>
        </>
      ) : (
        // One carousel for every width (the plans are in the HTML once): a slide is 88% wide on
        // phones, half from md up, a third from xl up with 3 plans; arrows from md up.
        <div data-layout="carousel">
          {planCarousel(
            plans.length === 2
              ? "basis-[88%] md:basis-1/2"
              : "basis-[88%] md:basis-1/2 xl:basis-1/3",
            "desktop",
          )}
        </div>
      )}
      {buying ? <p className="text-sm text-ink-soft">{refundText(deal.refundable_days)}</p> : null}
    </section>
  );
}
