import { dataString } from "../../../domain/blocks";
import type { BlockProps } from "../block-props";
import { BlockSection } from "../shell";

/** Block header: a heading and subheading separating groups of blocks. */
export function BlockHeaderBlock(props: BlockProps) {
  const title = dataString(props.block.data, "title");
  if (!title) return null;
  return (
    <BlockSection props={props}>
      <div className="text-center">
        <h2 className="text-3xl font-black tracking-tight">{title}</h2>
        {dataString(props.block.data, "subtitle") ? (
          <p className="mt-2 text-ink-soft">{dataString(props.block.data, "subtitle")}</p>
        ) : null}
      </div>
    </BlockSection>
  );
}
