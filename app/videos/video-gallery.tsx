/**
 * A deal's video collection: the player and the list to choose from. The /products/{slug}/videos/
 * page renders them; the product page's video_collection block can render the same pieces in its
 * modal. Choosing a video is a plain link (?video={video_id}), so it works before hydration.
 */
import { Link } from "react-router";
import { cx, utcMediumDate } from "../ui/format";

export type GalleryVideo = {
  video_id: string | null;
  title: string;
  src: string;
  alt: string | null;
  thumbnail: string | null;
  published_at: string | null;
  username: string | null;
};

/** The key a video is chosen by in ?video=: its video_id, else its position. */
export const videoKey = (v: GalleryVideo, index: number) => v.video_id ?? String(index + 1);

/** The chosen video (by ?video=), else the first. */
export function selectedVideo(videos: readonly GalleryVideo[], key: string | null) {
  const index = key ? videos.findIndex((v, i) => videoKey(v, i) === key) : -1;
  return { video: videos[Math.max(0, index)], index: Math.max(0, index) };
}

// Hosted players (YouTube, Vimeo) embed as an iframe; anything else plays in <video>.
function embedUrl(src: string): string | null {
  const yt = /(?:youtube\.com\/(?:watch\?v=|embed\/)|youtu\.be\/)([\w-]{6,20})/.exec(src);
  if (yt) return `https://www.youtube-nocookie.com/embed/${yt[1]}`;
  const vimeo = /vimeo\.com\/(?:video\/)?(\d+)/.exec(src);
  if (vimeo) return `https://player.vimeo.com/video/${vimeo[1]}`;
  return null;
}

// "Nov 15, 2026" without Intl (app/ui/format).
const publishedLabel = (iso: string | null) => (iso ? utcMediumDate(new Date(iso)) : null);

export function VideoPlayer({ video }: { video: GalleryVideo }) {
  const embed = embedUrl(video.src);
  const published = publishedLabel(video.published_at);
  return (
    <figure className="space-y-3">
      <div className="overflow-hidden rounded-3xl bg-ink shadow-card">
        {embed ? (
          <iframe
            src={embed}
            title={video.title}
            className="aspect-video w-full"
            allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
          />
        ) : (
          // The key makes React swap the element, so a new choice loads its own source.
          // biome-ignore lint/a11y/useMediaCaption: the spec's Video has no caption track to offer
          <video
            key={video.src}
            src={video.src}
            poster={video.thumbnail ?? undefined}
            controls
            playsInline
            preload="metadata"
            aria-label={video.alt ?? video.title}
            className="aspect-video w-full bg-ink object-cover"
          />
        )}
      </div>
      <figcaption>
        <h2 className="text-xl font-bold leading-snug sm:text-2xl">{video.title}</h2>
        {video.username || published ? (
          <p className="mt-1 text-sm text-ink-soft">
            {[video.username, published].filter(Boolean).join(" · ")}
          </p>
        ) : null}
      </figcaption>
    </figure>
  );
}

export function VideoList({
  videos,
  selectedIndex,
  hrefOf,
}: {
  videos: readonly GalleryVideo[];
  selectedIndex: number;
  /** Where choosing a video goes (the page: ?video=...). */
  hrefOf: (video: GalleryVideo, index: number) => string;
}) {
  return (
    <ol className="space-y-2" aria-label="Videos">
      {videos.map((v, i) => {
        const current = i === selectedIndex;
        return (
          <li key={videoKey(v, i)}>
            <Link
              to={hrefOf(v, i)}
              preventScrollReset
              aria-current={current ? "true" : undefined}
              className={cx(
                "flex items-center gap-3 rounded-2xl border p-2 transition-colors",
                current
                  ? "border-brand-500 bg-brand-50 ring-2 ring-brand-400/40"
                  : "border-black/5 bg-white hover:border-black/15",
              )}
            >
              <span className="relative block w-32 shrink-0 overflow-hidden rounded-xl bg-brand-50">
                {v.thumbnail ? (
                  <img
                    src={v.thumbnail}
                    alt=""
                    width={128}
                    height={72}
                    loading="lazy"
                    className="aspect-video w-full object-cover"
                  />
                ) : (
                  <span className="block aspect-video w-full" />
                )}
                <span
                  aria-hidden="true"
                  className="absolute inset-0 m-auto flex h-8 w-8 items-center justify-center rounded-full bg-white/90 text-xs shadow"
                >
                  ▶
                </span>
              </span>
              <span className="min-w-0">
                <span className="line-clamp-2 text-sm font-semibold leading-snug">{v.title}</span>
                {v.username ? (
                  <span className="mt-0.5 block text-xs text-ink-soft">{v.username}</span>
                ) : null}
              </span>
            </Link>
          </li>
        );
      })}
    </ol>
  );
}
