import { Suspense, useRef, useState } from "react";
import { dataString } from "../../../domain/blocks";
import {
  REEL_HOVER_PREVIEW_DELAY_MS,
  REEL_PREVIEW_END_S,
  REEL_PREVIEW_START_S,
} from "../../../domain/constants";
import { FOLLOW_US } from "../../../domain/messages";
import type { VideoJson } from "../../../server/services/storefront/deal-json";
import { cx } from "../../ui/format";
import { Dialog } from "../../ui/lazy-dialog";
import { LazyImage } from "../../ui/lazy-image";
import { useMediaQuery } from "../../ui/use-media-query";
import type { BlockProps } from "../block-props";
import { blockVideos } from "../parts/block-videos";
import { safeHref } from "../parts/links";
import { VideoFrame } from "../parts/video-frame";
import { BlockSection, blockTitle } from "../shell";

/** A reel card: hovering 250 ms previews seconds 0 to 5, muted. */
function ReelCard({ video, onOpen }: { video: VideoJson; onOpen: () => void }) {
  const ref = useRef<HTMLVideoElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [previewing, setPreviewing] = useState(false);
  const stop = () => {
    clearTimeout(timer.current);
    setPreviewing(false);
    ref.current?.pause();
  };
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={`Play reel: ${video.title}`}
      onPointerEnter={(e) => {
        if (e.pointerType !== "mouse") return;
        timer.current = setTimeout(() => {
          setPreviewing(true);
          const el = ref.current;
          if (!el) return;
          el.currentTime = REEL_PREVIEW_START_S;
          el.play().catch(() => {});
        }, REEL_HOVER_PREVIEW_DELAY_MS);
      }}
      onPointerLeave={stop}
      className="relative block aspect-[9/16] w-full overflow-hidden rounded-2xl bg-ink text-left"
    >
      <LazyImage src={video.thumbnail} className="absolute inset-0 h-full w-full object-cover" />
      {previewing ? (
        <video
          ref={ref}
          src={video.src}
          muted
          playsInline
          className="absolute inset-0 h-full w-full object-cover"
          onTimeUpdate={(e) => {
            if (e.currentTarget.currentTime >= REEL_PREVIEW_END_S)
              e.currentTarget.currentTime = REEL_PREVIEW_START_S;
          }}
        />
      ) : null}
      <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 p-3 text-sm font-semibold text-white">
        {video.title}
      </span>
    </button>
  );
}

/** Whether the viewport is a phone width (up to 768 px); false on the server. */
const usePhone = () => useMediaQuery("(max-width: 768px)");

/** One reel playing muted and looping off: a tap toggles pause, at the end a tap restarts. */
function ReelPlayer({ video, className }: { video: VideoJson; className?: string }) {
  return (
    <VideoFrame
      videoKey={video.src}
      src={video.src}
      poster={video.thumbnail ?? undefined}
      autoPlay
      muted
      playsInline
      preload="auto"
      className={className}
      alertClassName="absolute inset-x-4 top-1/2 rounded-xl bg-black/80 p-3 text-center text-sm text-white"
      onClick={(e) => {
        const el = e.currentTarget;
        if (el.ended) {
          el.currentTime = 0;
          el.play().catch(() => {});
        } else if (el.paused) el.play().catch(() => {});
        else el.pause();
      }}
    />
  );
}

/**
 * Reels: vertical video cards; a card opens the reel modal, full-screen with vertical swipe on
 * phones, an embedded player with previous, next and close on larger screens. The neighbours are
 * preloaded; a "Follow us" link goes to the video channel.
 */
export function VideoReelsBlock(props: BlockProps) {
  const { videos } = blockVideos(props);
  const [index, setIndex] = useState<number | null>(null);
  const phone = usePhone();
  const touchY = useRef<number | null>(null);
  if (videos.length === 0) return null;
  const follow = safeHref(dataString(props.block.data, "channel_url"));
  const current = index != null ? videos[index] : undefined;
  const go = (delta: number) =>
    setIndex((i) => (i == null ? i : Math.min(videos.length - 1, Math.max(0, i + delta))));
  return (
    <BlockSection props={props} title={blockTitle(props, "Reels")}>
      <ul className="-mx-4 flex gap-3 overflow-x-auto px-4 pb-2">
        {videos.map((v, i) => (
          <li key={v.video_id ?? v.src} className="w-40 shrink-0 sm:w-48">
            <ReelCard video={v} onOpen={() => setIndex(i)} />
          </li>
        ))}
      </ul>
      {follow ? (
        <a
          href={follow}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-3 inline-block font-semibold underline"
        >
          {FOLLOW_US}
        </a>
      ) : null}
      {current != null ? (
        <Suspense fallback={null}>
          <Dialog.Root open={current != null} onOpenChange={(o) => !o && setIndex(null)}>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-50 bg-black/85" />
              <Dialog.Content
                className={cx(
                  "fixed z-50 bg-black text-white",
                  phone
                    ? "inset-0"
                    : "top-1/2 left-1/2 h-[min(90vh,760px)] w-[min(92vw,430px)] -translate-x-1/2 -translate-y-1/2 overflow-hidden rounded-2xl",
                )}
                onTouchStart={(e) => {
                  touchY.current = e.touches[0]?.clientY ?? null;
                }}
                onTouchEnd={(e) => {
                  const start = touchY.current;
                  const end = e.changedTouches[0]?.clientY;
                  if (start == null || end == null || Math.abs(end - start) < 50) return;
                  go(end < start ? 1 : -1);
                }}
              >
                <Dialog.Title className="sr-only">{current?.title}</Dialog.Title>
                <Dialog.Description className="sr-only">
                  Reel {index != null ? index + 1 : 0} of {videos.length}
                </Dialog.Description>
                {current ? <ReelPlayer video={current} className="h-full w-full" /> : null}
                {/* Neighbours preloaded so swiping does not wait. */}
                {index != null
                  ? [videos[index - 1], videos[index + 1]].map((v) =>
                      v ? <link key={v.src} rel="preload" as="video" href={v.src} /> : null,
                    )
                  : null}
                <div className="absolute top-3 right-3 flex gap-2">
                  {!phone ? (
                    <>
                      <button
                        type="button"
                        onClick={() => go(-1)}
                        disabled={index === 0}
                        className="rounded-full bg-white/15 px-3 py-1 text-sm disabled:opacity-30"
                        aria-label="Previous reel"
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        onClick={() => go(1)}
                        disabled={index === videos.length - 1}
                        className="rounded-full bg-white/15 px-3 py-1 text-sm disabled:opacity-30"
                        aria-label="Next reel"
                      >
                        ↓
                      </button>
                    </>
                  ) : null}
                  <Dialog.Close
                    className="rounded-full bg-white/15 px-3 py-1 text-sm"
                    aria-label="Close"
                  >
                    ✕
                  </Dialog.Close>
                </div>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        </Suspense>
      ) : null}
    </BlockSection>
  );
}
