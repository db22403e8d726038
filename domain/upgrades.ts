/**
 * Tier upgrades (issue 30): a buyer moves a purchased line to a higher plan of the same deal and
 * pays only the difference between that plan's price for them now (domain/cart.ts linePrice,
 * campaign and Plus included) and what they already paid for the line and the lines it replaced.
 * Pure: the upgrade service feeds it rows read from the database.
 */
import { chargedUnits, linePrice, lineQuantity, type SaleFacts, saleProblem } from "./cart";
import {
  UPGRADE_ADDON,
  UPGRADE_ALREADY_UPGRADED,
  UPGRADE_DISPUTED,
  UPGRADE_NOT_HIGHER,
  UPGRADE_PLAN_UNKNOWN,
  UPGRADE_REFUNDED,
  UPGRADE_TRANSFER_PENDING,
} from "./messages";
import type { Cents } from "./money";
import type { Campaign } from "./pricing";

/** The owned line as the rules see it. */
export type OwnedLine = {
  dealId: number;
  planTier: number;
  isAddon: boolean;
  refunded: boolean;
  upgraded: boolean;
  transferPending: boolean;
  /** A dispute is open or was lost on a payment of the line's chain. */
  disputed: boolean;
  useLicensing: boolean;
  quantity: number;
};

/** Why a line cannot be upgraded at all, and how the answer is told (400, or 409 for a race). */
export type LineProblem = { message: string; field: "invoice_item"; conflict: boolean };

export function lineUpgradeProblem(line: OwnedLine): LineProblem | null {
  const problem = (message: string, conflict = false): LineProblem => ({
    message,
    field: "invoice_item",
    conflict,
  });
  if (line.isAddon) return problem(UPGRADE_ADDON);
  if (line.refunded) return problem(UPGRADE_REFUNDED);
  // Another request (another key) upgraded it first: a conflict, not bad input.
  if (line.upgraded) return problem(UPGRADE_ALREADY_UPGRADED, true);
  if (line.transferPending) return problem(UPGRADE_TRANSFER_PENDING);
  if (line.disputed) return problem(UPGRADE_DISPUTED);
  return null;
}

/** What was paid for a line and the lines it replaced: each one's price less its coupon share. */
export const paidForChain = (
  chain: readonly { priceCents: Cents; discountCents: Cents }[],
): Cents => chain.reduce((sum, l) => sum + Math.max(0, l.priceCents - l.discountCents), 0);

/** A plan the line might move to. */
export type TargetPlan = {
  id: number;
  dealId: number;
  tier: number;
  priceCents: Cents;
  codes: number;
  isActive: boolean;
  isPlusTier: boolean;
};

/** Why this plan is not an upgrade this buyer may buy now, or null. */
export function planUpgradeProblem(
  line: Pick<OwnedLine, "dealId" | "planTier">,
  plan: TargetPlan | null,
  sale: Omit<SaleFacts, "planIsActive" | "planIsPlusTier"> | null,
  ctx: { now: Date; plusMember: boolean; isStaff: boolean },
): string | null {
  if (!plan || !sale || plan.dealId !== line.dealId) return UPGRADE_PLAN_UNKNOWN;
  if (plan.tier <= line.planTier) return UPGRADE_NOT_HIGHER;
  return saleProblem(
    { ...sale, planIsActive: plan.isActive, planIsPlusTier: plan.isPlusTier },
    { ...ctx, isAddonOrPlus: false },
  );
}

/** The price of an upgrade and how the new line is written. */
export type UpgradeQuote = {
  /** Units of the new line (licensing deals charge per unit; the owned units carry over). */
  units: number;
  quantity: number;
  /** The new plan's price for this buyer now, all units (what the difference is taken from). */
  newPriceCents: Cents;
  paidCents: Cents;
  /** What is charged: never below 0 (a plan that costs less now than was paid is free). */
  amountCents: Cents;
  /** What the campaign and the Plus price saved on this upgrade (the line's discount columns). */
  campaignDiscountCents: Cents;
  plusDiscountCents: Cents;
  /** Licence codes the new line carries (0 for a deal without licensing). */
  codes: number;
};

export function upgradeQuote(input: {
  line: Pick<OwnedLine, "useLicensing" | "quantity">;
  plan: Pick<TargetPlan, "priceCents" | "tier" | "codes">;
  paidCents: Cents;
  campaign: Campaign | null;
  campaignExperimentEnabled: boolean;
  plusMember: boolean;
}): UpgradeQuote {
  const { line, plan, paidCents } = input;
  const units = chargedUnits(line.useLicensing, line.quantity);
  const quantity = line.useLicensing ? line.quantity : lineQuantity(false, plan.codes);
  const price = (campaign: Campaign | null, plusMember: boolean) =>
    linePrice({
      priceCents: plan.priceCents,
      tier: plan.tier,
      campaign,
      campaignExperimentEnabled: input.campaignExperimentEnabled,
      plusMember,
    }) * units;
  const owed = (total: Cents) => Math.max(0, total - paidCents);
  const full = plan.priceCents * units;
  const afterCampaign = price(input.campaign, false);
  const newPriceCents = price(input.campaign, input.plusMember);
  return {
    units,
    quantity,
    newPriceCents,
    paidCents,
    amountCents: owed(newPriceCents),
    // Only what a discount took off the charge itself: a free upgrade saved nothing by it.
    campaignDiscountCents: owed(full) - owed(afterCampaign),
    plusDiscountCents: owed(afterCampaign) - owed(newPriceCents),
    codes: line.useLicensing ? Math.max(1, plan.codes) * Math.max(1, units) : 0,
  };
}
