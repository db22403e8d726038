import { Carousel } from "../../ui/carousel";
import type { BlockProps } from "../block-props";
import { TestimonialCard, TestimonialsSection } from "../parts/testimonials";

/** Testimonial carousel: the testimonials in an Embla carousel. */
export function TestimonialCarouselBlock(props: BlockProps) {
  return (
    <TestimonialsSection props={props}>
      {(items) => (
        <Carousel
          items={items}
          itemKey={(t) => String(t.id)}
          renderItem={(t) => <TestimonialCard t={t} className="w-full" />}
          label="Testimonials"
          slideClassName="basis-[85%] sm:basis-1/2"
        />
      )}
    </TestimonialsSection>
  );
}
