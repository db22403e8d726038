import type { ProductPageDeal } from "./page-view";
import type { Plan } from "./purchase-context";

export type FeatureCell = boolean | string;
export type FeatureRow = {
  id: number | string;
  feature: string;
  tooltip: string | null;
  cells: Map<number, FeatureCell>;
};

/**
 * The comparison rows: the plan features (dealfeatures, one entry per plan); a deal without them
 * lists its core features as included in every plan.
 */
export function featureRows(deal: ProductPageDeal, plans: readonly Plan[]): FeatureRow[] {
  if (deal.dealfeatures.length > 0) {
    return deal.dealfeatures.map((f) => ({
      id: f.id,
      feature: f.feature,
      tooltip: f.tooltip,
      // An entry is a tick or a text; a numeric text may come back from jsonb as a number.
      cells: new Map(
        f.entries.map((e) => [
          e.plan_id,
          typeof e.entry === "boolean" ? e.entry : String(e.entry as unknown),
        ]),
      ),
    }));
  }
  return deal.core_features.map((f) => ({
    id: f.id,
    feature: f.feature,
    tooltip: f.tooltip,
    cells: new Map(plans.map((p) => [p.id, true as FeatureCell])),
  }));
}

/** A plan card's list: the features the plan includes, values first ("15 Team members"). */
export function planFeatureTexts(rows: readonly FeatureRow[], plan: Plan): string[] {
  return rows.flatMap((row) => {
    const cell = row.cells.get(plan.id);
    if (cell === true) return [row.feature];
    if (typeof cell === "string" && cell !== "" && cell !== "false") {
      return [cell === "true" ? row.feature : `${row.feature}: ${cell}`];
    }
    return [];
  });
}
