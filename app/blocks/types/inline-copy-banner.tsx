import { dataString } from "../../../domain/blocks";
import { readableTextColor } from "../../../domain/contrast";
import type { BlockProps } from "../block-props";
import { SmartLink, safeHref } from "../parts/links";
import { BlockSection } from "../shell";

/** Inline copy banner: a short line of copy with an optional link. */
export function InlineCopyBannerBlock(props: BlockProps) {
  const text = dataString(props.block.data, "text");
  if (!text) return null;
  const href = safeHref(dataString(props.block.data, "link"));
  const linkText = dataString(props.block.data, "link_text");
  const bg = dataString(props.block.data, "background_color");
  const fg = dataString(props.block.data, "text_color");
  return (
    <BlockSection props={props}>
      <p
        className="rounded-2xl bg-ink px-5 py-3 text-center text-sm font-semibold text-white"
        style={{
          ...(bg ? { backgroundColor: bg } : {}),
          // The data's text colour only where it reads on the background (WCAG AA).
          color: readableTextColor(bg ?? "#1d1d2c", fg ?? "#ffffff"),
        }}
      >
        {text}
        {href && linkText ? (
          <>
            {" "}
            <SmartLink href={href} className="underline">
              {linkText}
            </SmartLink>
          </>
        ) : null}
      </p>
    </BlockSection>
  );
}
