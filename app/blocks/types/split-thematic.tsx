import { dataString } from "../../../domain/blocks";
import type { BlockProps } from "../block-props";
import { InputCta } from "../parts/input-cta";
import { SmartLink, safeHref } from "../parts/links";
import { BlockSection } from "../shell";

/**
 * Split thematic: copy on one side, an image on the other. The call to action is a link, or with
 * cta_type "input" a text box whose text is appended to cta_link (spec 001 section 2).
 */
export function SplitThematicBlock(props: BlockProps) {
  const title = dataString(props.block.data, "title");
  const text = dataString(props.block.data, "text");
  if (!title && !text) return null;
  const image = dataString(props.block.data, "image");
  const href = safeHref(dataString(props.block.data, "cta_link"));
  const ctaText = dataString(props.block.data, "cta_text");
  return (
    <BlockSection props={props}>
      <div className="grid items-center gap-6 overflow-hidden rounded-3xl bg-brand-50 p-6 md:grid-cols-2">
        <div>
          {title ? <h2 className="text-2xl font-black tracking-tight">{title}</h2> : null}
          {text ? <p className="mt-2 text-ink-soft">{text}</p> : null}
          {href && ctaText && props.block.data.cta_type === "input" ? (
            <InputCta
              link={href}
              buttonText={ctaText}
              placeholder={dataString(props.block.data, "input_placeholder")}
              label={title ?? ctaText}
            />
          ) : href && ctaText ? (
            <SmartLink
              href={href}
              className="mt-4 inline-block rounded-full bg-ink px-5 py-2 font-bold text-white"
            >
              {ctaText}
            </SmartLink>
          ) : null}
        </div>
        {image ? (
          <img src={image} alt="" className="aspect-video w-full rounded-2xl object-cover" />
        ) : null}
      </div>
    </BlockSection>
  );
}
