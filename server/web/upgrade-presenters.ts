/**
 * The JSON of tier upgrades (issue 30), written once for the API and the products page: a line's
 * upgrade choices with the difference each costs this buyer now, money in major units.
 */
import { toMajor } from "../../domain/money";
import type { UpgradeOption, UpgradeService } from "../services/commerce/upgrades";

export function upgradeOptionJson(o: UpgradeOption) {
  return {
    id: o.plan.id,
    public_name: o.plan.publicName,
    tier: o.plan.tier,
    is_plus_tier: o.plan.isPlusTier,
    /** The plan's price for this buyer now (campaign and Plus included), all units. */
    price: toMajor(o.newPriceCents),
    /** What the upgrade charges: the price less what was paid, never below 0. */
    difference: toMajor(o.amountCents),
    available: o.problem === null,
    reason: o.problem,
  };
}

export type UpgradeOptionJson = ReturnType<typeof upgradeOptionJson>;

/** GET /api/users/products/{invoice_item}/upgrade/ */
export function upgradeOptionsJson(o: Awaited<ReturnType<UpgradeService["options"]>>) {
  return {
    invoice_item: o.invoiceItemId,
    deal: { id: o.deal.id, slug: o.deal.slug, name: o.deal.publicName },
    plan: o.plan ? { id: o.plan.id, public_name: o.plan.publicName, tier: o.plan.tier } : null,
    /** What was paid for the line and the lines it replaced. */
    paid: toMajor(o.paidCents),
    plans: o.options.map(upgradeOptionJson),
  };
}
