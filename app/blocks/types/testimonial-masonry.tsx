import { TESTIMONIAL_MASONRY_VISIBLE } from "../../../domain/constants";
import { cx } from "../../ui/format";
import type { BlockProps } from "../block-props";
import { TestimonialCard, TestimonialsSection } from "../parts/testimonials";

/**
 * Testimonial masonry: 1, 2 or 3 columns (at 320, 768 and 1024 px); 6 shown, the rest hidden on
 * phones; text cut at 350 characters.
 */
export function TestimonialMasonryBlock(props: BlockProps) {
  return (
    <TestimonialsSection props={props}>
      {(items) => (
        <div className="columns-1 gap-4 md:columns-2 lg:columns-3">
          {items.map((t, i) => (
            <div
              key={t.id}
              className={cx(
                "mb-4 break-inside-avoid",
                i >= TESTIMONIAL_MASONRY_VISIBLE && "hidden md:block",
              )}
            >
              <TestimonialCard t={t} />
            </div>
          ))}
        </div>
      )}
    </TestimonialsSection>
  );
}
