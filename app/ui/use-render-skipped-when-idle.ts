import { type RefObject, useEffect } from "react";

/** Marks, in the server's markup, a container whose children this hook renders when idle. */
export const RENDER_WHEN_IDLE_ATTR = "data-render-when-idle";
/**
 * Set on the container once each of its children has been rendered once: the page has stopped
 * changing height (tests that measure positions wait for it).
 */
export const RENDERED_ONCE_ATTR = "data-rendered-once";

/**
 * Renders, one per idle moment after the page has loaded, each child of `container` that the
 * browser skips until it comes near the window (`render-lazy-children`: content-visibility auto,
 * held at a 600 px placeholder). Once rendered, a child keeps its real height while skipped again
 * (`contain-intrinsic-size: auto` remembers it), so positions measured from then on are the real
 * ones: a jump to a section far down the page lands on it at once, and the blocks passed on the
 * way no longer change height around the shopper (the browser's scroll anchoring moving the
 * window back up, which the phone reads as scrolling up).
 *
 * The first render still does only the first screen's work (issue 15, Lighthouse TBT); the rest
 * comes as one short task per block instead of one long task for the whole page.
 */
export function useRenderSkippedWhenIdle(
  container: RefObject<HTMLElement | null>,
  /** What the container shows (the deal's slug): a new one starts over with its new children. */
  contentKey: string,
) {
  useEffect(() => {
    const root = container.current;
    if (!root || !contentKey) return;
    root.removeAttribute(RENDERED_ONCE_ATTR);
    const idle =
      typeof window.requestIdleCallback === "function"
        ? (run: () => void) => window.requestIdleCallback(run, { timeout: 2000 })
        : (run: () => void) => window.setTimeout(run, 50);
    const cancelIdle =
      typeof window.cancelIdleCallback === "function"
        ? (id: number) => window.cancelIdleCallback(id)
        : (id: number) => window.clearTimeout(id);
    let pending: number | undefined;
    let frame: number | undefined;
    let shown: HTMLElement | null = null;
    const children = [...root.children].filter((c): c is HTMLElement => c instanceof HTMLElement);
    let next = 0;
    const step = () => {
      const child = children[next++];
      if (!child) {
        root.setAttribute(RENDERED_ONCE_ATTR, "");
        return;
      }
      // Rendered for two frames (its size is recorded at the first frame's resize-observer
      // step), then skipped again while away from the window.
      shown = child;
      child.style.contentVisibility = "visible";
      frame = requestAnimationFrame(() => {
        frame = requestAnimationFrame(() => {
          child.style.contentVisibility = "";
          shown = null;
          pending = idle(step);
        });
      });
    };
    const start = () => {
      pending = idle(step);
    };
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => {
      window.removeEventListener("load", start);
      if (pending !== undefined) cancelIdle(pending);
      if (frame !== undefined) cancelAnimationFrame(frame);
      if (shown) shown.style.contentVisibility = "";
    };
  }, [container, contentKey]);
}
