import type { VideoJson } from "../../../server/services/storefront/deal-json";
import type { BlockProps } from "../block-props";

/** The block's own video collection, else the deal's. */
export function blockVideos(props: BlockProps): { label: string | null; videos: VideoJson[] } {
  const own = props.block.video_collection;
  if (own && own.videos.length > 0) return own;
  return props.deal.video_collection ?? { label: null, videos: [] };
}
