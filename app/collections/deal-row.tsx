import { repeatToMinimum } from "../../domain/carousel";
import { Carousel } from "../ui/carousel";
import { DealCard } from "../ui/deal-card";
import type { DealCardView } from "./card-view";

/** Deal card slide widths: most of a phone, 2 from 480 px, 3 from md, 4 on desktop. */
/** row-slide (app.css): 80% of a phone, then 2, 3 and 4 to a row. */
const ROW_SLIDES = "row-slide";

/**
 * Deal cards as a carousel (server-rendered row, enhanced by Embla with arrows on desktop) or a
 * responsive grid: 1-2 columns on phones, 4 on desktop. A spotlight row repeats its deals to a
 * minimum and autoplays (`repeatTo`, `autoplayMs`), looping.
 */
export function DealRow({
  deals,
  now,
  label,
  layout = "carousel",
  slideClassName = ROW_SLIDES,
  repeatTo,
  autoplayMs,
}: {
  deals: DealCardView[];
  now: Date;
  /** The carousel's accessible name, usually the collection title. */
  label: string;
  layout?: "carousel" | "grid";
  slideClassName?: string;
  repeatTo?: number;
  autoplayMs?: number;
}) {
  if (layout === "grid") {
    return (
      <div className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-4">
        {deals.map((deal) => (
          <DealCard key={deal.id} deal={deal} now={now} />
        ))}
      </div>
    );
  }
  const spotlight = repeatTo != null;
  const items = spotlight ? repeatToMinimum(deals, repeatTo) : deals;
  return (
    <Carousel
      items={items}
      itemKey={(deal, index) => `${deal.id}-${index}`}
      renderItem={(deal) => <DealCard deal={deal} now={now} className="w-full" />}
      label={label}
      slideClassName={slideClassName}
      autoplayMs={autoplayMs}
      loop={spotlight}
      arrowPlacement={spotlight ? "inside" : "edge"}
      arrowVisibility={spotlight ? "always" : "desktop"}
    />
  );
}
