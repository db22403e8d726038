import { Carousel } from "../../ui/carousel";
import { Marquee } from "../../ui/marquee";
import type { BlockProps } from "../block-props";
import { TestimonialCard, TestimonialsSection } from "../parts/testimonials";

/**
 * Testimonial carousel: the testimonials in an Embla carousel, or with json_data.variant
 * "marquee" in a testimonial marquee (4 copies, 60 s a loop).
 */
export function TestimonialCarouselBlock(props: BlockProps) {
  const marquee = props.block.data.variant === "marquee";
  return (
    <TestimonialsSection props={props}>
      {(items) =>
        marquee ? (
          <Marquee
            items={items}
            itemKey={(t) => String(t.id)}
            renderItem={(t) => <TestimonialCard t={t} className="w-full" />}
            label="Testimonials"
            kind="testimonials"
            itemClassName="w-72 sm:w-80"
          />
        ) : (
          <Carousel
            items={items}
            itemKey={(t) => String(t.id)}
            renderItem={(t) => <TestimonialCard t={t} className="w-full" />}
            label="Testimonials"
            slideClassName="basis-[85%] sm:basis-1/2"
          />
        )
      }
    </TestimonialsSection>
  );
}
