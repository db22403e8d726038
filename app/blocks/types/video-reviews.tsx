import { useEffect, useState } from "react";
import { LOADING_VIDEO_REVIEWS } from "../../../domain/messages";
import type { BlockProps } from "../block-props";
import { blockVideos } from "../parts/block-videos";
import { PosterVideo } from "../parts/poster-video";
import { BlockSection, blockTitle } from "../shell";

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
