import type { BlockProps } from "../block-props";

export function HorizontalDividerBlock(props: BlockProps) {
  return (
    <div id={props.anchorId ?? undefined} data-block-type={props.block.type}>
      <hr className="border-black/10" />
    </div>
  );
}
