import { dataString } from "../../../domain/blocks";
import { ROADBLOCK_BUTTON_DEFAULT } from "../../../domain/messages";
import type { BlockProps } from "../block-props";
import { BundleButton, blockBundle } from "../parts/bundle";
import { safeHref } from "../parts/links";
import { BlockSection } from "../shell";

/**
 * Thematic roadblock: headline, text, images and a call to action ("Buy now!" by default). With a
 * coupon the call to action is the bundle button; without one it links (to the pricing by default).
 */
export function ThematicRoadblockBlock(props: BlockProps) {
  const headline = dataString(props.block.data, "headline");
  const text = dataString(props.block.data, "text");
  const images = (Array.isArray(props.block.data.images) ? props.block.data.images : []).filter(
    (i): i is string => typeof i === "string",
  );
  const bundle = blockBundle(props.block.data);
  const cta = dataString(props.block.data, "cta_text") ?? ROADBLOCK_BUTTON_DEFAULT;
  const link = safeHref(dataString(props.block.data, "cta_link")) ?? "#pricing";
  if (!headline && !text) return null;

  return (
    <BlockSection props={props}>
      <div className="overflow-hidden rounded-3xl bg-ink p-6 text-white sm:p-8">
        {headline ? (
          <h2 className="text-2xl font-black tracking-tight sm:text-3xl">{headline}</h2>
        ) : null}
        {text ? <p className="mt-2 max-w-prose text-white/80">{text}</p> : null}
        {images.length > 0 ? (
          // A row that may scroll sideways: focusable so a keyboard can scroll it (WCAG 2.1.1).
          <section
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs a tab stop.
            tabIndex={0}
            aria-label={headline ? `${headline}: images` : "Bundle images"}
            className="mt-5 flex gap-3 overflow-x-auto rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
          >
            {images.map((src) => (
              <img
                key={src}
                src={src}
                alt=""
                loading="lazy"
                className="h-24 w-40 shrink-0 rounded-xl object-cover"
              />
            ))}
          </section>
        ) : null}
        {bundle ? (
          <BundleButton bundle={bundle} label={cta} />
        ) : (
          <a
            href={link}
            className="mt-5 inline-block rounded-full bg-brand-400 px-6 py-2.5 font-bold text-ink"
          >
            {cta}
          </a>
        )}
      </div>
    </BlockSection>
  );
}
