import { DealRow } from "./deal-row";
import { Section, SectionHeading } from "./section";
import { type CollectionProps, displayString, isDark } from "./types";

/** A product carousel on the brand's own panel (background colour, logo, header). */
export function BrandedProductCarousel({ data, now }: CollectionProps) {
  if (data.deals.length === 0) return null;
  const background = displayString(data, "background_color") ?? "#1d1d2c";
  const logo = displayString(data, "logo_image");
  // Text colour follows the panel: light on dark brand colours, ink on light ones.
  const inverted = isDark(background);
  const title = displayString(data, "header") ?? data.title;
  return (
    <Section>
      <div
        className="rounded-3xl p-5 sm:p-8"
        // The generated demo backgrounds carry big initials that fight the cards; colour only.
        style={{ backgroundColor: background }}
      >
        {logo ? <img src={logo} alt="" className="mb-3 h-8 w-auto" /> : null}
        <SectionHeading
          data={{
            ...data,
            title,
            url: displayString(data, "cta_link") ?? data.url,
          }}
          inverted={inverted}
        />
        <DealRow deals={data.deals} now={now} label={title} />
      </div>
    </Section>
  );
}
