import { dataString } from "../../../domain/blocks";
import type { BlockProps } from "../block-props";
import { blockVideos } from "../parts/block-videos";
import { PosterVideo } from "../parts/poster-video";
import { BlockSection } from "../shell";

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
