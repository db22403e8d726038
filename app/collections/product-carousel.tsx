import { DealRow } from "./deal-row";
import { Section, SectionHeading } from "./section";
import type { CollectionProps } from "./types";

export function ProductCarousel({ data, now }: CollectionProps) {
  if (data.deals.length === 0) return null;
  return (
    <Section>
      <SectionHeading data={data} />
      <DealRow
        deals={data.deals}
        now={now}
        label={data.title}
        layout={data.component_type === "grid" ? "grid" : "carousel"}
      />
    </Section>
  );
}
