import type { ReactNode } from "react";
import { dataString } from "../../domain/blocks";
import { cx } from "../ui/format";
import type { BlockProps } from "./block-props";

/**
 * The box every block renders in: its anchor id (scroll target, 68 px below the top for the
 * sticky header), the staff-given css_class and the block type as a data attribute.
 */
export function BlockSection({
  props,
  title,
  subtitle,
  children,
  className,
}: {
  props: BlockProps;
  title?: string | null;
  subtitle?: string | null;
  children: ReactNode;
  className?: string;
}) {
  const { block, anchorId } = props;
  const cssClass = dataString(block.data, "css_class");
  const headingId = title ? `block-${block.id}-title` : undefined;
  return (
    <section
      id={anchorId ?? undefined}
      data-block-type={block.type}
      aria-labelledby={headingId}
      className={cx("scroll-mt-[68px]", cssClass, className)}
    >
      {title ? (
        <h2 id={headingId} className="block-title">
          {title}
        </h2>
      ) : null}
      {subtitle ? <p className="mt-1 text-ink-soft">{subtitle}</p> : null}
      <div className={title || subtitle ? "mt-4" : undefined}>{children}</div>
    </section>
  );
}

/** The block's own title (json_data.title), else the default. */
export const blockTitle = (props: BlockProps, fallback: string | null = null) =>
  dataString(props.block.data, "title") ?? fallback;
