import { type ReactNode, useCallback, useEffect, useId, useState } from "react";
import { itemsBeforeLoad, slideLabel } from "../../domain/carousel";
import { cx } from "./format";
import { ChevronIcon } from "./icons";
import useEmblaCarousel from "./use-lazy-embla";
import { useMediaQuery } from "./use-media-query";
import { useNearViewport } from "./use-near-viewport";

/** Whether the visitor asked for less motion; false on the server and until hydrated. */
const usePrefersReducedMotion = () => useMediaQuery("(prefers-reduced-motion: reduce)");

/** Whether the tab is hidden (autoplay stops there). */
function usePageHidden(): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    const update = () => setHidden(document.visibilityState === "hidden");
    update();
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, []);
  return hidden;
}

function Arrow({
  direction,
  onClick,
  disabled,
  controls,
  placement,
  visibility,
}: {
  direction: "prev" | "next";
  onClick: () => void;
  disabled: boolean;
  controls: string;
  placement: "inside" | "edge";
  visibility: "always" | "desktop";
}) {
  const prev = direction === "prev";
  return (
    <button
      type="button"
      aria-label={prev ? "Previous slide" : "Next slide"}
      aria-controls={controls}
      onClick={onClick}
      disabled={disabled}
      className={cx(
        "absolute top-1/2 z-10 h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white text-ink shadow-card-hover ring-1 ring-black/10 transition hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:pointer-events-none disabled:opacity-0",
        visibility === "always" ? "flex" : "hidden md:flex",
        placement === "inside"
          ? prev
            ? "left-2"
            : "right-2"
          : prev
            ? "left-0 -translate-x-1/2"
            : "right-0 translate-x-1/2",
      )}
    >
      <ChevronIcon prev={prev} className="h-5 w-5" />
    </button>
  );
}

export type CarouselProps<T> = {
  items: readonly T[];
  itemKey: (item: T, index: number) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** The carousel's accessible name (the collection title). */
  label: string;
  /** Slide widths, as flex-basis classes ("basis-[78%] md:basis-1/3"). */
  slideClassName: string;
  /** Advance forward every this many milliseconds; off when absent or with reduced motion. */
  autoplayMs?: number;
  loop?: boolean;
  /** Arrows inside the slides' box, or centred on its edges (needs room beside the carousel). */
  arrowPlacement?: "inside" | "edge";
  /** Arrows on every width, or from md up (phones swipe). */
  arrowVisibility?: "always" | "desktop";
  className?: string;
};

/**
 * An accessible horizontal carousel. The server renders the first slides as a plain, natively
 * scrollable row (so it works without JavaScript); once hydrated and near the window (or touched,
 * hovered or focused), every slide renders and Embla takes over, adding previous/next arrows and,
 * if asked, autoplay that pauses while hovered or focused, stops while the tab is hidden and never
 * runs with prefers-reduced-motion.
 */
export function Carousel<T>({
  items,
  itemKey,
  renderItem,
  label,
  slideClassName,
  autoplayMs,
  loop = false,
  arrowPlacement = "inside",
  arrowVisibility = "always",
  className,
}: CarouselProps<T>) {
  const viewportId = useId();
  // Before hydration the carousel shows its first 5 items (spec 001 section 4); then all of them,
  // once it is near the window (app/ui/use-near-viewport: one short task per carousel, none for
  // those never scrolled to).
  const { ref: sectionRef, near: mounted, wake } = useNearViewport<HTMLElement>();
  const [emblaRef, emblaApi] = useEmblaCarousel({
    loop,
    align: "start",
    containScroll: "trimSnaps",
    skipSnaps: false,
  });
  const reducedMotion = usePrefersReducedMotion();
  const pageHidden = usePageHidden();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);

  const syncButtons = useCallback((api: NonNullable<typeof emblaApi>) => {
    setCanPrev(api.canScrollPrev());
    setCanNext(api.canScrollNext());
  }, []);

  useEffect(() => {
    if (!emblaApi) return;
    // A visitor may have scrolled the plain row before Embla took over; Embla moves by transform.
    emblaApi.rootNode().scrollLeft = 0;
    syncButtons(emblaApi);
    emblaApi.on("select", syncButtons).on("reInit", syncButtons);
    return () => {
      emblaApi.off("select", syncButtons).off("reInit", syncButtons);
    };
  }, [emblaApi, syncButtons]);

  const autoplaying = Boolean(
    emblaApi && autoplayMs && !reducedMotion && !pageHidden && !hovered && !focused,
  );

  useEffect(() => {
    if (!emblaApi || !autoplayMs || !autoplaying) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => clearTimeout(timer);
    const advance = () => {
      if (emblaApi.canScrollNext()) emblaApi.scrollNext();
      else emblaApi.scrollTo(0);
    };
    // Every change of slide (autoplay, arrows, a drag) restarts the wait.
    const arm = () => {
      stop();
      timer = setTimeout(advance, autoplayMs);
    };
    arm();
    emblaApi.on("select", arm).on("pointerDown", stop).on("pointerUp", arm);
    return () => {
      stop();
      emblaApi.off("select", arm).off("pointerDown", stop).off("pointerUp", arm);
    };
  }, [emblaApi, autoplayMs, autoplaying]);

  const shown = mounted ? items : itemsBeforeLoad(items);
  const ready = Boolean(emblaApi);
  const showArrows = ready && (canPrev || canNext);

  return (
    <section
      ref={sectionRef}
      aria-roledescription="carousel"
      aria-label={label}
      className={cx("relative", className)}
      onPointerEnter={(e) => {
        wake();
        if (e.pointerType === "mouse") setHovered(true);
      }}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => {
        wake();
        setFocused(true);
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        ref={mounted ? emblaRef : undefined}
        id={viewportId}
        // relative: absolutely positioned bits inside the slides (sr-only text) are clipped by
        // the viewport too, so slides past the edge never widen the page (before hydration and
        // without JavaScript the viewport is a native scroller).
        className={cx("relative pt-1 pb-3", ready ? "overflow-hidden" : "carousel-native")}
      >
        <div
          className="-ml-4 flex touch-pan-y touch-pinch-zoom"
          aria-live={autoplaying ? "off" : "polite"}
        >
          {shown.map((item, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern's slide is a group
            <div
              key={itemKey(item, index)}
              role="group"
              aria-roledescription="slide"
              aria-label={slideLabel(index, items.length)}
              className={cx("carousel-slide", slideClassName)}
            >
              {renderItem(item, index)}
            </div>
          ))}
        </div>
      </div>
      {showArrows && emblaApi ? (
        <>
          <Arrow
            direction="prev"
            onClick={() => emblaApi.scrollPrev(reducedMotion)}
            disabled={!canPrev}
            controls={viewportId}
            placement={arrowPlacement}
            visibility={arrowVisibility}
          />
          <Arrow
            direction="next"
            onClick={() => emblaApi.scrollNext(reducedMotion)}
            disabled={!canNext}
            controls={viewportId}
            placement={arrowPlacement}
            visibility={arrowVisibility}
          />
        </>
      ) : null}
    </section>
  );
}
