import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { BUY_BAR_THRESHOLD_PX } from "../../domain/constants";
import { isComingSoonLocked, needsPlusShelf, purchaseMode } from "../../domain/deal-state";
import { PRESS_B_TO_BUY } from "../../domain/messages";
import { onDebouncedScroll } from "../ui/debounced-scroll";
import { cx } from "../ui/format";
import type { ProductPageDeal } from "./page-view";
import { BuyButton, BuyForm, useMounted, usePlanPriceLabel } from "./plan-bits";
import { PlusOnlyNote } from "./plus-only-note";
import { activePlans, selectedPlan, usePurchase } from "./purchase-context";
import { useAddToCart } from "./use-add-to-cart";
import type { ProductViewer } from "./viewer";

export type BuyBarsProps = { deal: ProductPageDeal; viewer: ProductViewer };

/** The plan chooser sheet (and its dialog code) loads when a shopper first opens it. */
const PlanSheet = lazy(() => import("./plan-sheet"));

/** The pricing card block and the purchase panel: while either is on screen the phone bar hides. */
const PRICING_CARD_SELECTOR = '[data-testid="pricing-card"], [data-testid="purchase-panel"]';
/** Where the dismissed keyboard hint is remembered (per browser, all deals). */
const HINT_DISMISSED_KEY = "payonce:buy-hint-dismissed";
/** Where "turn the B shortcut off" is remembered (per browser, all deals; WCAG 2.1.4). */
const BUY_KEY_OFF_KEY = "payonce:buy-key-off";

const readFlag = (key: string): boolean => {
  try {
    return window.localStorage.getItem(key) === "1";
  } catch {
    return false;
  }
};
const writeFlag = (key: string) => {
  try {
    window.localStorage.setItem(key, "1");
  } catch {
    // Private mode: the choice holds for this page only.
  }
};

/** Whether the B shortcut is on: it is unless the shopper turned it off (read after hydration). */
/**
 * The B key's setting. Local storage is read only when first needed (the buy-now bar shows, or B
 * is pressed), not in the hydration's effects: a page's first read of local storage is a
 * synchronous load that took ~70 ms of main thread on a phone profile (issue 15, TBT).
 */
function useBuyKeySetting(needed: boolean): {
  /** Not known to be off (the key listens; the hint waits until known). */
  listening: boolean;
  /** Known to be on. */
  on: boolean;
  /** Whether the key is on, reading the setting if it was not read yet. */
  confirm: () => boolean;
  turnOff: () => void;
} {
  const [off, setOff] = useState<boolean | null>(null);
  useEffect(() => {
    if (needed && off === null) setOff(readFlag(BUY_KEY_OFF_KEY));
  }, [needed, off]);
  return {
    listening: off !== true,
    on: off === false,
    confirm: () => {
      if (off !== null) return !off;
      const stored = readFlag(BUY_KEY_OFF_KEY);
      setOff(stored);
      return !stored;
    },
    turnOff: () => {
      setOff(true);
      writeFlag(BUY_KEY_OFF_KEY);
    },
  };
}

type Scroll = { past: boolean; down: boolean };

/**
 * Past 460 px the buy-now bar shows; scrolling down past it the bar covers the header (hiding
 * it), scrolling up it slides back under the header. Scroll handling is debounced 10 ms.
 */
function useBuyBarScroll(): Scroll {
  const [scroll, setScroll] = useState<Scroll>({ past: false, down: false });
  useEffect(() => {
    let lastY = window.scrollY;
    const update = () => {
      const y = window.scrollY;
      const past = y > BUY_BAR_THRESHOLD_PX;
      const down = y > lastY;
      // The same state object when nothing changed: no re-render of both bars (after hydration
      // and on every scroll burst).
      setScroll((prev) => (prev.past === past && prev.down === down ? prev : { past, down }));
      lastY = y;
    };
    return onDebouncedScroll(update);
  }, []);
  return scroll;
}

/**
 * Whether a pricing card or the purchase panel is on screen (false when the page has neither).
 * Every one of them counts: the phone page shows the panel first and the pricing card block
 * further down, each with its own Buy now.
 */
function usePricingCardInView(): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const cards = document.querySelectorAll(PRICING_CARD_SELECTOR);
    if (cards.length === 0) return;
    const visible = new Set<Element>();
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) visible.add(entry.target);
        else visible.delete(entry.target);
      }
      setInView(visible.size > 0);
    });
    for (const card of cards) observer.observe(card);
    return () => observer.disconnect();
  }, []);
  return inView;
}

const isTyping = (target: EventTarget | null): boolean => {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) ||
    target.closest('[role="dialog"]') != null
  );
};

/**
 * The B key buys: only while focus is not in a text field or a dialog, without modifier keys,
 * and never once the shopper turned it off (WCAG 2.1.4 character key shortcuts).
 */
function useBuyKey(onBuy: () => void, enabled: boolean, confirm: () => boolean) {
  const latest = useRef(onBuy);
  latest.current = onBuy;
  const confirmLatest = useRef(confirm);
  confirmLatest.current = confirm;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "b" && e.key !== "B") return;
      if (e.ctrlKey || e.metaKey || e.altKey || e.repeat || isTyping(e.target)) return;
      if (!confirmLatest.current()) return;
      e.preventDefault();
      latest.current();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [enabled]);
}

/**
 * "Press B anytime to buy", until dismissed (remembered in local storage), with "Turn off" for
 * the shortcut itself. Shown only while the shortcut is on, inside the desktop buy-now bar: a
 * floating pill covered the gallery's controls on the left and the purchase panel's Buy now on
 * the right.
 */
function KeyboardHint({ onTurnOff }: { onTurnOff: () => void }) {
  const [show, setShow] = useState(false);
  useEffect(() => setShow(!readFlag(HINT_DISMISSED_KEY)), []);
  if (!show) return null;
  return (
    <div
      data-testid="buy-hint"
      className="ml-auto hidden shrink-0 items-center gap-2 rounded-full bg-ink py-1.5 pr-1.5 pl-3 text-sm font-semibold text-white md:flex"
    >
      <kbd className="rounded-md bg-white/15 px-2 py-0.5 font-mono text-xs font-black">B</kbd>
      {/* Tablets show the key and the switches; the full sentence needs a wide bar. */}
      <span className="mr-1 hidden lg:inline">{PRESS_B_TO_BUY}</span>
      <button
        type="button"
        onClick={onTurnOff}
        className="min-h-6 rounded-full px-2 py-0.5 text-xs text-white/80 underline hover:bg-white/10 hover:text-white"
      >
        Turn off
      </button>
      <button
        type="button"
        aria-label="Dismiss hint"
        onClick={() => {
          setShow(false);
          writeFlag(HINT_DISMISSED_KEY);
        }}
        className="min-h-6 min-w-6 rounded-full px-2 py-0.5 text-white/80 hover:bg-white/10 hover:text-white"
      >
        ×
      </button>
    </div>
  );
}

/**
 * The buy bars (spec 001 section 4 "Buy bars and timers"): the buy-now bar after 460 px on
 * larger screens, the sticky bottom bar on phones (hidden while the pricing card is in view,
 * opening a plan chooser sheet), the B key and its dismissible hint. Nothing for deals that
 * cannot be bought (sold out, waitlist).
 */
export function BuyBars({ deal, viewer }: BuyBarsProps) {
  const { state } = usePurchase(deal);
  const planPriceLabel = usePlanPriceLabel(viewer.hasPlus);
  const { buy } = useAddToCart(deal, viewer);
  const scroll = useBuyBarScroll();
  const cardInView = usePricingCardInView();
  const [sheetOpen, setSheetOpen] = useState(false);
  // Before (and without) JavaScript the plan chooser is a link to the purchase form.
  const hydrated = useMounted();
  const mode = purchaseMode({
    isEnded: deal.buy_button.is_ended,
    isInfo: deal.is_info,
    stage: { ...deal.stage_details, next_stage_start_date: null },
  });
  // A coming-soon deal shows its disabled button in the panel but no bars and no B key.
  const buying = mode === "buy" && !isComingSoonLocked(deal.buy_button);
  const buyKey = useBuyKeySetting(scroll.past);
  useBuyKey(() => buy(), buying && buyKey.listening, buyKey.confirm);
  if (!buying) return null;
  const plan = selectedPlan(deal, state);
  const several = activePlans(deal).length > 1;
  const name = deal.public_name || deal.name;
  // A Plus-gated plan says so beside the bars' Buy now too (issue 15).
  const plusHref = `/plus?ref=plus-page-${deal.slug}`;
  const plusOnly =
    plan && needsPlusShelf(deal.buy_button, plan, viewer.hasPlus) ? (
      <PlusOnlyNote plusHref={plusHref} variant="pill" />
    ) : null;
  // The phone bar's plan chooser: a sheet button once hydrated, a link to the plans before.
  const chooserLabel = (
    <>
      <span className="block truncate text-xs text-ink-soft">
        {plan ? plan.public_name : "Choose a plan"} ▾
      </span>
      <span className="flex items-center gap-2 font-black">
        <span className="truncate">{plan ? planPriceLabel(plan) : name}</span>
        {plusOnly}
      </span>
    </>
  );
  return (
    <>
      {/* Buy-now bar (md and up). */}
      <div
        data-testid="buy-now-bar"
        aria-hidden={!scroll.past}
        inert={!scroll.past}
        className={cx(
          "top-buy-bar",
          scroll.past && scroll.down ? "top-0 z-30" : "top-16 z-10",
          scroll.past
            ? "translate-y-0 opacity-100"
            : "pointer-events-none -translate-y-full opacity-0",
        )}
      >
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-6">
          {deal.product_logo ? (
            <img src={deal.product_logo} alt="" loading="lazy" className="h-9 w-9 rounded-lg" />
          ) : null}
          <p className="min-w-0 truncate font-black">{name}</p>
          {buyKey.on ? <KeyboardHint onTurnOff={buyKey.turnOff} /> : null}
          {plan ? (
            <p className="ml-auto truncate text-sm text-ink-soft">
              {plan.public_name} ·{" "}
              <span className="font-black text-ink">{planPriceLabel(plan)}</span>
            </p>
          ) : (
            <span className="ml-auto" />
          )}
          {plusOnly}
          <BuyButton deal={deal} viewer={viewer} size="md" />
        </div>
      </div>

      {/* Sticky bottom buy bar (phones). Its height is --phone-buy-bar-h, which the page keeps
          free below its content (app.css), so the bar never covers the page's end. Out of
          view it is also invisible (a full-page capture would show it below the fold). */}
      <div
        data-testid="bottom-buy-bar"
        aria-hidden={cardInView}
        inert={cardInView}
        className={cx(
          "bottom-buy-bar",
          cardInView ? "invisible translate-y-full" : "visible translate-y-0",
        )}
      >
        <div className="flex h-11 items-center gap-3">
          {several && hydrated ? (
            <button
              type="button"
              onClick={() => setSheetOpen(true)}
              className="min-w-0 flex-1 text-left"
              aria-haspopup="dialog"
            >
              {chooserLabel}
            </button>
          ) : several ? (
            <a href="#pricePlans" className="min-w-0 flex-1">
              {chooserLabel}
            </a>
          ) : (
            <p className="min-w-0 flex-1">
              <span className="block truncate text-xs text-ink-soft">{name}</span>
              <span className="flex items-center gap-2 font-black">
                <span className="truncate">{plan ? planPriceLabel(plan) : ""}</span>
                {plusOnly}
              </span>
            </p>
          )}
          {/* Without JavaScript it adds the chosen (default) plan, like the panel's form. */}
          <BuyForm deal={deal} planId={plan?.id}>
            <BuyButton deal={deal} viewer={viewer} size="md" submit />
          </BuyForm>
        </div>
      </div>
      {several && sheetOpen ? (
        <Suspense fallback={null}>
          <PlanSheet deal={deal} viewer={viewer} open onOpenChange={setSheetOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
