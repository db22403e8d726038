import { useState } from "react";
import { cx } from "../../ui/format";
import { VideoFrame } from "./video-frame";

/**
 * A poster with a play button that becomes the player on click: nothing heavy loads until asked,
 * and a file that fails to load says so.
 */
export function PosterVideo({
  src,
  poster,
  title,
  className,
}: {
  src: string;
  poster: string | null;
  title: string;
  className?: string;
}) {
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <VideoFrame
        src={src}
        poster={poster ?? undefined}
        controls
        autoPlay
        playsInline
        className={className}
        alertClassName="absolute inset-x-0 bottom-0 bg-black/75 px-4 py-3 text-center text-sm text-white"
      />
    );
  }
  return (
    <button
      type="button"
      onClick={() => setPlaying(true)}
      aria-label={`Play video: ${title}`}
      className={cx("group relative block overflow-hidden bg-ink", className)}
    >
      {poster ? (
        <img src={poster} alt="" className="h-full w-full object-cover opacity-90" />
      ) : null}
      <span className="absolute inset-0 flex items-center justify-center">
        <span className="flex h-16 w-16 items-center justify-center rounded-full bg-white/95 shadow-card-hover transition group-hover:scale-105">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="ml-1 h-7 w-7 fill-ink">
            <path d="M8 5v14l11-7z" />
          </svg>
        </span>
      </span>
    </button>
  );
}
