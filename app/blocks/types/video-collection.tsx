import { Suspense, useState } from "react";
import { Link } from "react-router";
import { videoCollectionShown } from "../../../domain/blocks";
import type { VideoJson } from "../../../server/services/storefront/deal-json";
import { Carousel } from "../../ui/carousel";
import { Dialog } from "../../ui/lazy-dialog";
import { LazyImage } from "../../ui/lazy-image";
import type { BlockProps } from "../block-props";
import { blockVideos } from "../parts/block-videos";
import { VideoFrame } from "../parts/video-frame";
import { BlockSection, blockTitle } from "../shell";

/** The dialog's player: the chosen video, playing with controls. */
function Player({ video, className }: { video: VideoJson; className?: string }) {
  return (
    <VideoFrame
      videoKey={video.src}
      src={video.src}
      poster={video.thumbnail ?? undefined}
      controls
      autoPlay
      playsInline
      className={className}
      alertClassName="absolute inset-x-0 bottom-12 mx-auto w-fit rounded-full bg-black/80 px-4 py-2 text-sm text-white"
    />
  );
}

function VideoThumb({ video }: { video: VideoJson }) {
  return (
    <span className="relative block aspect-video overflow-hidden rounded-2xl bg-ink">
      <LazyImage src={video.thumbnail} className="h-full w-full object-cover" />
      <span className="absolute inset-0 flex items-center justify-center">
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-white/95 shadow-card-hover">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="ml-0.5 h-5 w-5 fill-ink">
            <path d="M8 5v14l11-7z" />
          </svg>
        </span>
      </span>
    </span>
  );
}

/**
 * Video collection: needs 3 or more videos; a carousel of 3 panels a view (4 at xl); a video
 * opens in a Radix dialog (its code loaded on the first open). Without JavaScript each card links
 * to the /videos page.
 */
export function VideoCollectionBlock(props: BlockProps) {
  const { label, videos } = blockVideos(props);
  const [open, setOpen] = useState<VideoJson | null>(null);
  if (!videoCollectionShown(videos.length)) return null;
  const videosPage = `/products/${props.deal.slug}/videos/`;
  return (
    <BlockSection props={props} title={blockTitle(props, label ?? "Videos")}>
      <Carousel
        items={videos}
        itemKey={(v) => v.video_id ?? v.src}
        // Not the section's own name: two regions named alike are one landmark too many.
        label={`${label ?? "Videos"} carousel`}
        // 3 panels a view, 4 on wide screens (spec 001 section 9); phones show one and a part.
        slideClassName="basis-[80%] sm:basis-1/2 md:basis-1/3 xl:basis-1/4"
        renderItem={(v) => (
          <a
            href={`${videosPage}?video=${encodeURIComponent(v.video_id ?? "")}`}
            onClick={(e) => {
              e.preventDefault();
              setOpen(v);
            }}
            className="group block w-full"
          >
            <VideoThumb video={v} />
            <span className="mt-2 block text-sm font-semibold group-hover:underline">
              {v.title}
            </span>
            {v.username ? <span className="block text-xs text-ink-soft">{v.username}</span> : null}
          </a>
        )}
      />
      {open ? (
        <Suspense fallback={null}>
          <Dialog.Root open={open != null} onOpenChange={(o) => !o && setOpen(null)}>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
              <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,960px)] -translate-x-1/2 -translate-y-1/2 overflow-hidden rounded-2xl bg-white shadow-2xl">
                <div className="flex items-center justify-between gap-4 px-4 py-3">
                  <Dialog.Title className="font-bold">{open?.title}</Dialog.Title>
                  <Dialog.Close
                    className="rounded-full px-3 py-1 text-sm font-semibold hover:bg-stone-100"
                    aria-label="Close"
                  >
                    ✕
                  </Dialog.Close>
                </div>
                <Dialog.Description className="sr-only">{label ?? "Video"}</Dialog.Description>
                {open ? <Player video={open} className="aspect-video w-full" /> : null}
                <p className="px-4 py-3 text-sm">
                  <Link to={videosPage} className="font-semibold underline">
                    All videos
                  </Link>
                </p>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        </Suspense>
      ) : null}
    </BlockSection>
  );
}
