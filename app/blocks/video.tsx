import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { dataString, videoCollectionShown } from "../../domain/blocks";
import {
  REEL_HOVER_PREVIEW_DELAY_MS,
  REEL_PREVIEW_END_S,
  REEL_PREVIEW_START_S,
} from "../../domain/constants";
import { FOLLOW_US, LOADING_VIDEO_REVIEWS, VIDEO_LOAD_FAILED } from "../../domain/messages";
import type { VideoJson } from "../../server/services/storefront/deal-json";
import { cx } from "../ui/format";
import { safeHref } from "./content";
import { PosterVideo } from "./hero";
import { BlockSection, blockTitle } from "./shell";
import type { BlockProps } from "./types";

/** The block's own video collection, else the deal's. */
function blockVideos(props: BlockProps): { label: string | null; videos: VideoJson[] } {
  const own = props.block.video_collection;
  if (own && own.videos.length > 0) return own;
  return props.deal.video_collection ?? { label: null, videos: [] };
}

function Player({
  video,
  autoPlay = true,
  muted = false,
  loop = false,
  className,
}: {
  video: VideoJson;
  autoPlay?: boolean;
  muted?: boolean;
  loop?: boolean;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <div className={cx("relative bg-black", className)}>
      <video
        key={video.src}
        src={video.src}
        poster={video.thumbnail ?? undefined}
        controls
        autoPlay={autoPlay}
        muted={muted}
        loop={loop}
        playsInline
        className="h-full w-full object-contain"
        onError={() => setFailed(true)}
      />
      {failed ? (
        <p
          role="alert"
          className="absolute inset-x-0 bottom-12 mx-auto w-fit rounded-full bg-black/80 px-4 py-2 text-sm text-white"
        >
          {VIDEO_LOAD_FAILED}
        </p>
      ) : null}
    </div>
  );
}

function VideoThumb({ video }: { video: VideoJson }) {
  return (
    <span className="relative block aspect-video overflow-hidden rounded-2xl bg-ink">
      {video.thumbnail ? (
        <img src={video.thumbnail} alt="" loading="lazy" className="h-full w-full object-cover" />
      ) : null}
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
 * Video collection: needs 3 or more videos; 3 panels a row (4 at xl); a video opens in a Radix
 * dialog. Without JavaScript each card links to the /videos page.
 */
export function VideoCollectionBlock(props: BlockProps) {
  const { label, videos } = blockVideos(props);
  const [open, setOpen] = useState<VideoJson | null>(null);
  if (!videoCollectionShown(videos.length)) return null;
  const videosPage = `/products/${props.deal.slug}/videos/`;
  return (
    <BlockSection props={props} title={blockTitle(props, label ?? "Videos")}>
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-4">
        {videos.map((v) => (
          <li key={v.video_id ?? v.src}>
            <a
              href={`${videosPage}?video=${encodeURIComponent(v.video_id ?? "")}`}
              onClick={(e) => {
                e.preventDefault();
                setOpen(v);
              }}
              className="group block"
            >
              <VideoThumb video={v} />
              <span className="mt-2 block text-sm font-semibold group-hover:underline">
                {v.title}
              </span>
              {v.username ? (
                <span className="block text-xs text-ink-soft">{v.username}</span>
              ) : null}
            </a>
          </li>
        ))}
      </ul>
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
    </BlockSection>
  );
}

/** Video embed spotlight: one featured video, poster first, beside its copy. */
export function VideoEmbedSpotlightBlock(props: BlockProps) {
  const src =
    dataString(props.block.data, "video_url") ?? blockVideos(props).videos[0]?.src ?? null;
  if (!src) return null;
  const first = blockVideos(props).videos[0];
  const title = dataString(props.block.data, "title") ?? first?.title ?? props.deal.name;
  return (
    <BlockSection props={props}>
      <div className="grid items-center gap-6 rounded-3xl bg-ink p-6 text-white md:grid-cols-[2fr_3fr]">
        <div>
          <h2 className="text-2xl font-black tracking-tight">{title}</h2>
          {dataString(props.block.data, "text") ? (
            <p className="mt-2 text-white/80">{dataString(props.block.data, "text")}</p>
          ) : null}
        </div>
        <PosterVideo
          src={src}
          poster={dataString(props.block.data, "poster") ?? first?.thumbnail ?? null}
          title={title}
          className="aspect-video w-full rounded-2xl"
        />
      </div>
    </BlockSection>
  );
}

/**
 * Video reviews: the deal's videos made by buyers. They load with the page here, so "Loading
 * video reviews..." only shows until the browser has the list (before hydration).
 */
export function VideoReviewsBlock(props: BlockProps) {
  const { videos } = blockVideos(props);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (videos.length === 0) return null;
  return (
    <BlockSection props={props} title={blockTitle(props, "Video reviews")}>
      {ready ? (
        <ul className="grid grid-cols-2 gap-4 md:grid-cols-3">
          {videos.map((v) => (
            <li key={v.video_id ?? v.src}>
              <PosterVideo
                src={v.src}
                poster={v.thumbnail}
                title={v.title}
                className="aspect-video w-full rounded-2xl"
              />
              <p className="mt-2 text-sm font-semibold">{v.title}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-ink-soft">{LOADING_VIDEO_REVIEWS}</p>
      )}
    </BlockSection>
  );
}

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
      {video.thumbnail ? (
        <img
          src={video.thumbnail}
          alt=""
          loading="lazy"
          className="absolute inset-0 h-full w-full object-cover"
        />
      ) : null}
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
function usePhone() {
  const [phone, setPhone] = useState(false);
  useEffect(() => {
    const q = window.matchMedia("(max-width: 768px)");
    const update = () => setPhone(q.matches);
    update();
    q.addEventListener("change", update);
    return () => q.removeEventListener("change", update);
  }, []);
  return phone;
}

/** One reel playing muted and looping off: a tap toggles pause, at the end a tap restarts. */
function ReelPlayer({ video, className }: { video: VideoJson; className?: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  return (
    <div className={cx("relative bg-black", className)}>
      <video
        ref={ref}
        key={video.src}
        src={video.src}
        poster={video.thumbnail ?? undefined}
        autoPlay
        muted
        playsInline
        preload="auto"
        className="h-full w-full object-contain"
        onClick={(e) => {
          const el = e.currentTarget;
          if (el.ended) {
            el.currentTime = 0;
            el.play().catch(() => {});
          } else if (el.paused) el.play().catch(() => {});
          else el.pause();
        }}
        onError={() => setFailed(true)}
      />
      {failed ? (
        <p
          role="alert"
          className="absolute inset-x-4 top-1/2 rounded-xl bg-black/80 p-3 text-center text-sm text-white"
        >
          {VIDEO_LOAD_FAILED}
        </p>
      ) : null}
    </div>
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
    </BlockSection>
  );
}
