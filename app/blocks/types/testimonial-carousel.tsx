import { AvatarStack, TestimonialCard } from "../parts/testimonials";
import type { BlockProps } from "../block-props";
import { BlockSection, blockTitle } from "../shell";
import { Carousel } from "../../ui/carousel";

/** Testimonial carousel: the testimonials in an Embla carousel. */
export function TestimonialCarouselBlock(props: BlockProps) {
  const items = props.page.testimonials;
  if (items.length === 0) return null;
  return (
    <BlockSection props={props} title={blockTitle(props, "What buyers are saying")}>
      <AvatarStack items={items} />
      <Carousel
        items={items}
        itemKey={(t) => String(t.id)}
        renderItem={(t) => <TestimonialCard t={t} className="w-full" />}
        label="Testimonials"
        slideClassName="basis-[85%] sm:basis-1/2"
      />
    </BlockSection>
  );
}
