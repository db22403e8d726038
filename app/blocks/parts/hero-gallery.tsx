import { useCallback, useEffect, useState } from "react";
import { galleryNeedsThumbnailArrows } from "../../../domain/blocks";
import { HERO_GALLERY_IMAGE_HEIGHT, HERO_GALLERY_IMAGE_WIDTH } from "../../../domain/constants";
import type { ProductPageDeal } from "../../product/page-view";
import { cx } from "../../ui/format";
import { ChevronIcon } from "../../ui/icons";
import useEmblaCarousel from "../../ui/use-lazy-embla";
import { useNearViewport } from "../../ui/use-near-viewport";
import { PosterVideo } from "./poster-video";

export type GalleryItem =
  | { kind: "image"; src: string; alt: string }
  | { kind: "video"; src: string; poster: string | null; title: string };

/** The deal's story images and videos; a video goes second, after the cover image. */
export function galleryItems(deal: ProductPageDeal): GalleryItem[] {
  const story = deal.story;
  const images: GalleryItem[] = (story?.images ?? []).map((i) => ({
    kind: "image",
    src: i.image,
    alt: i.alt_text || deal.name,
  }));
  const videos: GalleryItem[] = (story?.videos ?? []).map((v) => ({
    kind: "video",
    src: v.src,
    poster: v.thumbnail,
    title: v.title,
  }));
  if (images.length === 0 && deal.media_url) {
    images.push({ kind: "image", src: deal.media_url, alt: deal.public_name || deal.name });
  }
  return images.length > 0 ? [images[0] as GalleryItem, ...videos, ...images.slice(1)] : videos;
}

export function Slide({ item, eager }: { item: GalleryItem; eager: boolean }) {
  if (item.kind === "video") {
    return (
      <PosterVideo
        src={item.src}
        poster={item.poster}
        title={item.title}
        className="aspect-video w-full"
      />
    );
  }
  return (
    <img
      src={item.src}
      alt={item.alt}
      width={HERO_GALLERY_IMAGE_WIDTH}
      height={HERO_GALLERY_IMAGE_HEIGHT}
      loading={eager ? "eager" : "lazy"}
      // The first image is the page's largest paint on phones: fetched first.
      fetchPriority={eager ? "high" : undefined}
      className="aspect-video w-full bg-brand-50 object-cover"
    />
  );
}

/**
 * The hero gallery: a main Embla carousel (832x468, 16:9) with dots on phones and a thumbnail
 * strip on large screens, which gets its own arrows above 6 items. Before hydration the first
 * item shows alone, so the page reads without JavaScript; the rest and Embla come once hydrated
 * and in view (app/ui/use-near-viewport: its own short task, not the hydration's).
 */
export function HeroGallery({ items, label }: { items: GalleryItem[]; label: string }) {
  const { ref: sectionRef, near: mounted, wake } = useNearViewport<HTMLElement>();
  const [mainRef, mainApi] = useEmblaCarousel({ loop: false });
  const [thumbRef, thumbApi] = useEmblaCarousel({
    containScroll: "keepSnaps",
    dragFree: true,
    align: "start",
  });
  const [selected, setSelected] = useState(0);

  const onSelect = useCallback(() => {
    if (!mainApi) return;
    const index = mainApi.selectedScrollSnap();
    setSelected(index);
    thumbApi?.scrollTo(index);
  }, [mainApi, thumbApi]);

  useEffect(() => {
    if (!mainApi) return;
    onSelect();
    mainApi.on("select", onSelect).on("reInit", onSelect);
    return () => {
      mainApi.off("select", onSelect).off("reInit", onSelect);
    };
  }, [mainApi, onSelect]);

  if (items.length === 0) return null;
  const shown = mounted ? items : items.slice(0, 1);
  const thumbArrows = galleryNeedsThumbnailArrows(items.length);

  return (
    <section
      ref={sectionRef}
      aria-roledescription="carousel"
      aria-label={label}
      className="space-y-3"
      onPointerEnter={wake}
      onFocus={wake}
    >
      <div className="relative overflow-hidden rounded-3xl bg-brand-50 shadow-card">
        <div ref={mounted ? mainRef : undefined} className="overflow-hidden">
          <div className="flex touch-pan-y">
            {shown.map((item, i) => (
              // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern's slide is a group
              <div
                key={`${item.kind}-${item.src}`}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${items.length}`}
                className="min-w-0 shrink-0 grow-0 basis-full"
              >
                <Slide item={item} eager={i === 0} />
              </div>
            ))}
          </div>
        </div>
        {mounted && items.length > 1 ? (
          <>
            <button
              type="button"
              aria-label="Previous image"
              onClick={() => mainApi?.scrollPrev()}
              disabled={selected === 0}
              className="absolute top-1/2 left-3 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/95 shadow-card-hover disabled:opacity-0"
            >
              <ChevronIcon prev className="h-4 w-4" />
            </button>
            <button
              type="button"
              aria-label="Next image"
              onClick={() => mainApi?.scrollNext()}
              disabled={selected === items.length - 1}
              className="absolute top-1/2 right-3 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/95 shadow-card-hover disabled:opacity-0"
            >
              <ChevronIcon prev={false} className="h-4 w-4" />
            </button>
            <ol className="absolute inset-x-0 bottom-3 flex justify-center gap-1.5 lg:hidden">
              {items.map((item, i) => (
                <li
                  key={`dot-${item.src}`}
                  className={cx(
                    "h-2 w-2 rounded-full",
                    i === selected ? "bg-ink" : "bg-white/80 ring-1 ring-black/10",
                  )}
                />
              ))}
            </ol>
          </>
        ) : null}
      </div>
      {items.length > 1 ? (
        <div className="relative hidden lg:block" data-testid="gallery-thumbnails">
          <div ref={mounted ? thumbRef : undefined} className="overflow-hidden">
            <div className="flex gap-3">
              {items.map((item, i) => (
                <button
                  key={`thumb-${item.kind}-${item.src}`}
                  type="button"
                  aria-label={`Show ${item.kind === "video" ? "video" : "image"} ${i + 1}`}
                  aria-current={i === selected ? "true" : undefined}
                  onClick={() => mainApi?.scrollTo(i)}
                  className={i === selected ? "thumb-on" : "thumb"}
                >
                  {item.kind === "image" ? (
                    <img src={item.src} alt="" loading="lazy" className="cover" />
                  ) : (
                    <>
                      {item.poster ? (
                        <img src={item.poster} alt="" loading="lazy" className="cover" />
                      ) : (
                        <span className="block h-full w-full bg-ink" />
                      )}
                      <span className="absolute inset-0 flex items-center justify-center bg-black/25 text-white">
                        ▶
                      </span>
                    </>
                  )}
                </button>
              ))}
            </div>
          </div>
          {thumbArrows && mounted ? (
            <>
              <button
                type="button"
                aria-label="Previous thumbnails"
                onClick={() => thumbApi?.scrollPrev()}
                className="absolute top-1/2 -left-3 flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded-full bg-white shadow-card-hover"
              >
                <ChevronIcon prev className="h-4 w-4" />
              </button>
              <button
                type="button"
                aria-label="Next thumbnails"
                onClick={() => thumbApi?.scrollNext()}
                className="absolute top-1/2 -right-3 flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded-full bg-white shadow-card-hover"
              >
                <ChevronIcon prev={false} className="h-4 w-4" />
              </button>
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
