import { dataString, heroDescription, heroTitle } from "../../../domain/blocks";
import type { BlockProps } from "../block-props";
import { PosterVideo } from "../parts/poster-video";
import { BlockSection } from "../shell";

/**
 * The hero block: title (65 characters) and description (200), with an optional poster that
 * becomes the player on click. Falls back to the deal's value proposition and description.
 */
export function HeroBlock(props: BlockProps) {
  const { block, deal } = props;
  const story = deal.story;
  const title = dataString(block.data, "title") ?? story?.value_prop ?? null;
  const description = dataString(block.data, "description") ?? deal.card_description ?? null;
  if (!title && !description) return null;
  const poster = dataString(block.data, "poster") ?? dataString(block.data, "image");
  const video = dataString(block.data, "video_url");
  return (
    <BlockSection props={props}>
      <div className="grid items-center gap-6 rounded-3xl bg-brand-50 p-6 sm:p-8 md:grid-cols-2">
        <div>
          {title ? <p className="text-2xl font-black tracking-tight">{heroTitle(title)}</p> : null}
          {description ? (
            <p className="mt-2 text-ink-soft">{heroDescription(description)}</p>
          ) : null}
        </div>
        {video ? (
          <PosterVideo
            src={video}
            poster={poster}
            title={title ?? deal.name}
            className="aspect-video w-full rounded-2xl"
          />
        ) : poster ? (
          <img src={poster} alt="" className="aspect-video w-full rounded-2xl object-cover" />
        ) : null}
      </div>
    </BlockSection>
  );
}
