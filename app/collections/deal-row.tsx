import type { DealCardJson } from "../../server/services/deal-json";
import { DealCard } from "../ui/deal-card";

/**
 * Deal cards as a horizontal, snapping scroll row (carousel) or a responsive grid: 1-2 columns on
 * phones, 4 on desktop.
 */
export function DealRow({
  deals,
  now,
  layout = "carousel",
}: {
  deals: DealCardJson[];
  now: Date;
  layout?: "carousel" | "grid";
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
  return (
    <div className="-mx-4 overflow-x-auto px-4 pb-3 [scrollbar-width:thin] sm:-mx-6 sm:px-6">
      <ul className="flex snap-x snap-mandatory gap-4">
        {deals.map((deal) => (
          <li
            key={deal.id}
            className="flex w-[78%] shrink-0 snap-start min-[480px]:w-[46%] md:w-[31%] lg:w-[calc(25%-12px)]"
          >
            <DealCard deal={deal} now={now} className="w-full" />
          </li>
        ))}
      </ul>
    </div>
  );
}
