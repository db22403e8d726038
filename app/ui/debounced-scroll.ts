import { SCROLL_DEBOUNCE_MS } from "../../domain/constants";

/**
 * Runs `update` now (unless `now` is false) and then after each burst of scrolling (debounced
 * 10 ms, spec 001), so the sticky bars read the scroll position once per burst, not on every
 * frame. Returns the effect's cleanup.
 */
export function onDebouncedScroll(update: () => void, now = true): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onScroll = () => {
    clearTimeout(timer);
    timer = setTimeout(update, SCROLL_DEBOUNCE_MS);
  };
  if (now) update();
  window.addEventListener("scroll", onScroll, { passive: true });
  return () => {
    clearTimeout(timer);
    window.removeEventListener("scroll", onScroll);
  };
}
