/**
 * What a purchased line may be upgraded to, and at what price (issue 30; the rules are
 * domain/upgrades.ts): the line read with its chain (what was paid for it and the lines it
 * replaced), its disputes and transfers, and the deal's plans and live campaign, as the cart
 * prices them. The upgrade use cases (upgrades.ts) call it under the line's lock.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { conflict, type DomainError, invalid } from "../../../domain/errors";
import { UPGRADE_PLAN_UNKNOWN } from "../../../domain/messages";
import { type Campaign, liveDealCampaign } from "../../../domain/pricing";
import {
  lineUpgradeProblem,
  type OwnedLine,
  paidForChain,
  planUpgradeProblem,
  upgradeQuote,
} from "../../../domain/upgrades";
import {
  deals,
  invoiceItems,
  orders,
  paymentDisputes,
  plans,
  productTransfers,
} from "../../db/schema";
import type { Clock } from "../../providers/clock";
import { linkedCampaigns } from "../storefront/deal-columns";
import type { CartActor, Tx } from "./cart";
import type { Executor } from "./cart-types";
import { saleFactsColumns } from "./sale-facts-columns";

export type Buyer = NonNullable<CartActor["user"]>;

/** One plan the line may move to, priced for this buyer now. */
export type UpgradeOption = {
  plan: { id: number; publicName: string; tier: number; isPlusTier: boolean };
  newPriceCents: number;
  amountCents: number;
  /** Why this buyer may not take it now (Plus only, sold out...), or null. */
  problem: string | null;
};

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);

export function createUpgradeLines(deps: {
  clock: Clock;
  /** Campaign prices apply only while the pricing experiment is on (as in the cart). */
  campaignExperimentEnabled: boolean;
}) {
  const { clock } = deps;

  /** The caller's line with what the rules need; null when it is not theirs (or not paid). */
  async function readLine(ex: Executor, userId: number, invoiceItemId: number, lock: boolean) {
    const query = ex
      .select({
        id: invoiceItems.id,
        orderId: invoiceItems.orderId,
        dealId: invoiceItems.dealId,
        planId: invoiceItems.planId,
        dealGroupId: invoiceItems.dealGroupId,
        quantity: invoiceItems.quantity,
        parent: invoiceItems.parentInvoiceItemId,
        refundedAt: invoiceItems.refundedAt,
        upgradedAt: invoiceItems.upgradedAt,
        windowStartedAt: invoiceItems.windowStartedAt,
        createdAt: invoiceItems.createdAt,
        transferredToUserId: invoiceItems.transferredToUserId,
        transferredAt: invoiceItems.transferredAt,
        orderStatus: orders.status,
        deal: {
          slug: deals.slug,
          publicName: deals.publicName,
          useLicensing: deals.useLicensing,
          ...saleFactsColumns,
        },
        planTier: plans.tier,
        planName: plans.publicName,
      })
      .from(invoiceItems)
      .innerJoin(orders, eq(orders.id, invoiceItems.orderId))
      .innerJoin(deals, eq(deals.id, invoiceItems.dealId))
      .leftJoin(plans, eq(plans.id, invoiceItems.planId))
      .where(and(eq(invoiceItems.id, invoiceItemId), eq(invoiceItems.userId, userId)));
    const [row] = lock ? await query.for("update", { of: invoiceItems }) : await query;
    // Only the current owner's line on a paid order exists for them (as refunds and transfers).
    if (!row || !["paid", "refunded"].includes(row.orderStatus)) return null;

    // The line and the lines it replaced, newest first: what was paid, and their orders.
    const chain = rowsOf<{ price_cents: number; discount_cents: number; order_id: number }>(
      await ex.execute(sql`with recursive chain(id, prev, price_cents, discount_cents, order_id) as (
          select id, upgraded_from_invoice_item_id, price_cents, discount_cents, order_id
          from invoice_items where id = ${row.id}
          union all
          select ii.id, ii.upgraded_from_invoice_item_id, ii.price_cents, ii.discount_cents, ii.order_id
          from invoice_items ii join chain c on ii.id = c.prev)
        select price_cents, discount_cents, order_id from chain`),
    );
    const orderIds = [...new Set(chain.map((c) => Number(c.order_id)))];
    const [disputed] = await ex
      .select({ id: paymentDisputes.id })
      .from(paymentDisputes)
      .where(
        and(
          inArray(paymentDisputes.orderId, orderIds),
          sql`(${paymentDisputes.outcome} is null or ${paymentDisputes.outcome} = 'lost')`,
        ),
      )
      .limit(1);
    const [pending] = await ex
      .select({ id: productTransfers.id })
      .from(productTransfers)
      .where(
        and(eq(productTransfers.invoiceItemId, row.id), eq(productTransfers.status, "initiated")),
      )
      .limit(1);
    const owned: OwnedLine = {
      dealId: row.dealId,
      planTier: row.planTier ?? 0,
      isAddon: row.parent != null,
      refunded: row.refundedAt != null,
      upgraded: row.upgradedAt != null,
      transferPending: Boolean(pending),
      disputed: Boolean(disputed),
      useLicensing: row.deal.useLicensing,
      quantity: row.quantity,
    };
    const paidCents = paidForChain(
      chain.map((c) => ({
        priceCents: Number(c.price_cents),
        discountCents: Number(c.discount_cents),
      })),
    );
    return { ...row, owned, paidCents };
  }
  type Line = NonNullable<Awaited<ReturnType<typeof readLine>>>;

  /** The deal's live campaign, picked as the cart and every page pick it (liveDealCampaign). */
  async function liveCampaign(ex: Executor, dealId: number, now: Date): Promise<Campaign | null> {
    if (!deps.campaignExperimentEnabled) return null;
    const [row] = await ex
      .select({ campaigns: linkedCampaigns })
      .from(deals)
      .where(eq(deals.id, dealId));
    return liveDealCampaign(row?.campaigns, now);
  }

  const dealPlans = (ex: Executor, dealId: number) =>
    ex
      .select()
      .from(plans)
      .where(eq(plans.dealId, dealId))
      .orderBy(asc(plans.tier), asc(plans.position));

  function lineRefusal(line: Line): DomainError | null {
    const problem = lineUpgradeProblem(line.owned);
    if (!problem) return null;
    return problem.conflict
      ? conflict(problem.message)
      : invalid({ [problem.field]: [problem.message] });
  }

  /** Every plan above the owned one, priced for this buyer now, with why it may not be taken. */
  async function choices(ex: Executor, user: Buyer, line: Line): Promise<UpgradeOption[]> {
    const now = clock.now();
    const campaign = await liveCampaign(ex, line.dealId, now);
    const all = await dealPlans(ex, line.dealId);
    return all
      .filter((p) => p.tier > line.owned.planTier && p.isActive)
      .map((p) => {
        const quote = upgradeQuote({
          line: line.owned,
          plan: p,
          paidCents: line.paidCents,
          campaign,
          campaignExperimentEnabled: deps.campaignExperimentEnabled,
          plusMember: user.hasPlus,
        });
        return {
          plan: { id: p.id, publicName: p.publicName, tier: p.tier, isPlusTier: p.isPlusTier },
          newPriceCents: quote.newPriceCents,
          amountCents: quote.amountCents,
          problem: planUpgradeProblem(line.owned, p, line.deal, {
            now,
            plusMember: user.hasPlus,
            isStaff: user.isStaff,
          }),
        };
      });
  }

  /** Checks the move under the line's lock and prices it; throws what the buyer is told. */
  async function quoteFor(tx: Tx, user: Buyer, line: Line, planId: number | null) {
    const refusal = lineRefusal(line);
    if (refusal) throw refusal;
    if (planId == null) throw invalid({ plan: [UPGRADE_PLAN_UNKNOWN] });
    const [plan] = await tx.select().from(plans).where(eq(plans.id, planId));
    const now = clock.now();
    const problem = planUpgradeProblem(line.owned, plan ?? null, line.deal, {
      now,
      plusMember: user.hasPlus,
      isStaff: user.isStaff,
    });
    if (problem || !plan) throw invalid({ plan: [problem ?? UPGRADE_PLAN_UNKNOWN] });
    const quote = upgradeQuote({
      line: line.owned,
      plan,
      paidCents: line.paidCents,
      campaign: await liveCampaign(tx, line.dealId, now),
      campaignExperimentEnabled: deps.campaignExperimentEnabled,
      plusMember: user.hasPlus,
    });
    return { plan, quote };
  }

  return { readLine, lineRefusal, choices, quoteFor };
}

export type UpgradeLines = ReturnType<typeof createUpgradeLines>;
export type UpgradeLine = NonNullable<Awaited<ReturnType<UpgradeLines["readLine"]>>>;
