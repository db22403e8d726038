// useEmblaCarousel with Embla itself loaded on demand: the same [viewportRef, api] contract as
// embla-carousel-react's hook, but the Embla engine (~6 KB gz) is fetched after hydration instead
// of riding in every page's first load. The slides are plain server-rendered markup either way
// (a scrollable row until Embla takes over), so reading never waits for it.
import type { EmblaCarouselType, EmblaOptionsType } from "embla-carousel";
import { useEffect, useRef, useState } from "react";

let engine: Promise<typeof import("embla-carousel").default> | null = null;
const loadEmbla = () => {
  engine ??= import("embla-carousel").then((m) => m.default);
  return engine;
};
// In the browser the engine starts loading as soon as a carousel module is evaluated, in parallel
// with hydration (not in the page's blocking preloads), so it is normally there by the first effect.
if (typeof window !== "undefined") void loadEmbla();

export default function useEmblaCarousel(
  options: EmblaOptionsType = {},
): [(node: HTMLElement | null) => void, EmblaCarouselType | undefined] {
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [api, setApi] = useState<EmblaCarouselType>();
  const stored = useRef(options);
  const optionsKey = JSON.stringify(options);

  useEffect(() => {
    if (!viewport) {
      setApi(undefined);
      return;
    }
    let live = true;
    let created: EmblaCarouselType | undefined;
    void loadEmbla().then((EmblaCarousel) => {
      if (!live) return;
      created = EmblaCarousel(viewport, stored.current);
      setApi(created);
    });
    return () => {
      live = false;
      created?.destroy();
    };
  }, [viewport]);

  // New options (compared by value, as embla-carousel-react does) re-initialise the carousel.
  useEffect(() => {
    const next = JSON.parse(optionsKey) as EmblaOptionsType;
    if (JSON.stringify(stored.current) === optionsKey) return;
    stored.current = next;
    api?.reInit(next);
  }, [optionsKey, api]);

  return [setViewport, api];
}
