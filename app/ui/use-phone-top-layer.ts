import { useEffect } from "react";
import { phoneTopLayer } from "../../domain/blocks";
import { onDebouncedScroll } from "./debounced-scroll";
import { sectionScrollDirection } from "./scroll-to-section";

/** The <html> attribute the phone's sticky layers read in CSS (site header, section tabs). */
export const PHONE_TOP_LAYER_ATTR = "data-phone-top";

/**
 * Keeps <html data-phone-top="header|sections"> in step with the scroll (domain/blocks
 * phoneTopLayer): below md the site header hides while the section tabs show, never both, so no
 * two sticky layers overlap. CSS does the rest, so the header and the tabs need no shared state.
 */
export function usePhoneTopLayer() {
  useEffect(() => {
    const root = document.documentElement;
    let lastY = window.scrollY;
    let layer: "header" | "sections" = "header";
    const cleanup = onDebouncedScroll(() => {
      const y = window.scrollY;
      layer = phoneTopLayer(y, lastY, layer, sectionScrollDirection());
      lastY = y;
      root.setAttribute(PHONE_TOP_LAYER_ATTR, layer);
      // At the top the header shows, as with no attribute: nothing is set after hydration (an
      // attribute on <html> makes the browser restyle the whole page).
    }, window.scrollY > 0);
    return () => {
      cleanup();
      root.removeAttribute(PHONE_TOP_LAYER_ATTR);
    };
  }, []);
}
