/**
 * How many times a section scroll is aimed at most: the first scroll, then corrections. Each
 * correction follows the blocks that rendered on the way, and those settle after one or two.
 */
const MAX_AIMS = 4;

/** A shopper's own scrolling or click ends the aiming: their scroll wins. */
const SHOPPER_INPUT = ["wheel", "touchstart", "pointerdown", "keydown"] as const;

/** The aiming in progress, so that a new section scroll replaces it. */
let stopCurrent: (() => void) | null = null;

/**
 * The way the last section scroll went, until the shopper next scrolls or taps themselves: the
 * phone's sticky layer follows it (domain/blocks phoneTopLayer), not the corrections on the way.
 */
let aimedDirection: "up" | "down" | null = null;
let forgetsOnInput = false;
export const sectionScrollDirection = () => aimedDirection;

/**
 * Frames without movement after which a scroll counts as over: a smooth scroll moves the window
 * every frame, so three still frames mean it ended or something stopped it.
 */
const SETTLE_FRAMES = 3;
/** Frames after which the aiming gives up whatever happens (about 5 s at 60 frames a second). */
const MAX_FRAMES = 300;

/**
 * Scrolls the window so `el`'s top sits `offset` px below the window's top (default: its own
 * scroll-margin-top), and keeps aiming until it does.
 *
 * The product page's blocks below the first screen are skipped by the browser until they come
 * near the window (`content-visibility: auto`, app.css `render-lazy-children`), held at a
 * placeholder height. A position measured before the scroll is therefore off once the blocks
 * passed on the way render at their real heights: when the scroll is over, the section is
 * measured again and the scroll corrected with a jump, a few times at most.
 *
 * "Over" is read from the frames, not from `scrollend`: React Router's scroll restoration answers
 * a hash change with `scrollTo(0, the position it saved)`, which stops a smooth scroll where it
 * stands, and a scroll stopped without moving fires no `scrollend` (the window stayed put).
 */
export function scrollToSection(
  el: Element,
  { offset, smooth }: { offset?: number; smooth: boolean },
): void {
  stopCurrent?.();
  if (!forgetsOnInput) {
    forgetsOnInput = true;
    const forget = () => {
      aimedDirection = null;
    };
    for (const type of SHOPPER_INPUT)
      window.addEventListener(type, forget, { capture: true, passive: true });
  }
  const margin = () => offset ?? (Number.parseFloat(getComputedStyle(el).scrollMarginTop) || 0);
  let aims = 0;
  /** Scrolls to the section; false when the window cannot move closer (page end, already there). */
  const aim = (behavior: ScrollBehavior) => {
    const root = document.documentElement;
    const wanted = el.getBoundingClientRect().top + window.scrollY - margin();
    const reachable = Math.max(0, Math.min(wanted, root.scrollHeight - window.innerHeight));
    if (Math.abs(reachable - window.scrollY) < 1) return false;
    if (aims === 0) aimedDirection = reachable > window.scrollY ? "down" : "up";
    aims += 1;
    window.scrollTo({ top: reachable, behavior });
    return true;
  };
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of SHOPPER_INPUT) window.removeEventListener(type, stop, true);
    if (stopCurrent === stop) stopCurrent = null;
  };
  let frames = 0;
  let still = 0;
  let lastY = window.scrollY;
  const watch = () => {
    frames += 1;
    if (window.scrollY === lastY) still += 1;
    else {
      lastY = window.scrollY;
      still = 0;
    }
    // Over (or stopped): measured again; done once on target, out of aims or out of time.
    if (still >= SETTLE_FRAMES) {
      if (aims >= MAX_AIMS || !aim("instant")) return stop();
      still = 0;
    }
    if (frames >= MAX_FRAMES) return stop();
    frame = requestAnimationFrame(watch);
  };
  stopCurrent = stop;
  for (const type of SHOPPER_INPUT)
    window.addEventListener(type, stop, { capture: true, passive: true });
  aim(smooth ? "smooth" : "instant");
  frame = requestAnimationFrame(watch);
}

/**
 * Whether the page scrolls smoothly now: the product page sets the root's scroll-behavior from
 * the shopper's reduced-motion preference (routes/product.tsx), and scrolls made here follow it.
 */
export function smoothScrolling(): boolean {
  return getComputedStyle(document.documentElement).scrollBehavior === "smooth";
}
