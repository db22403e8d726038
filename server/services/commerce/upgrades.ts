/**
 * Tier upgrades (issue 30): the owner of a purchased line moves it to a higher plan of the same
 * deal and pays only the difference (domain/upgrades.ts). The upgrade is an order of its own
 * (orders.kind 'upgrade') with one line for the new plan that points at the line it replaced;
 * the licence codes move to the new line (the same codes, plus any the new plan adds), and so do
 * the line's add-ons.
 *
 * Money is moved as checkout moves it: the old line is locked FOR UPDATE first, every check runs
 * under that lock, and only then is the card charged, with a key made of the request's
 * Idempotency-Key; the order is written in the same transaction. A retry with the same key finds
 * the order; a second key racing for the same line waits for the lock, finds the line upgraded
 * and is refused before any charge. A card that asks for 3-D Secure rolls everything back and
 * leaves a `payments` row (purpose 'upgrade'); whoever completes that payment (the browser, the
 * webhook, the sweep) goes through payments.ts `settle`, which makes the upgrade here
 * (`upgradeForPayment`) or gives the money back when the line changed meanwhile.
 */
import { createHash } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { conflict, DomainError, invalid, notFound } from "../../../domain/errors";
import {
  CARD_AUTHENTICATION_FAILED,
  CARD_NEEDS_AUTHENTICATION,
  PAYMENT_METHOD_REQUIRED,
  PAYMENT_NOT_FOUND,
  UPGRADE_CHANGED_AFTER_PAYMENT,
  UPGRADE_KEY_REQUIRED,
  UPGRADE_KEY_REUSED,
  UPGRADE_PLAN_UNKNOWN,
} from "../../../domain/messages";
import { formatMoney } from "../../../domain/money";
import { type Campaign, liveDealCampaign } from "../../../domain/pricing";
import {
  lineUpgradeProblem,
  type OwnedLine,
  paidForChain,
  planUpgradeProblem,
  type UpgradeQuote,
  upgradeQuote,
} from "../../../domain/upgrades";
import type { Db } from "../../db/client";
import {
  deals,
  invoiceItems,
  licences,
  orders,
  paymentDisputes,
  payments,
  plans,
  productTransfers,
} from "../../db/schema";
import type { Clock } from "../../providers/clock";
import type { ChargeResult, PaymentIntentView, Payments } from "../../providers/payments";
import { EMAIL_TOPIC } from "../accounts/accounts";
import type { Outbox } from "../jobs/outbox";
import { recordLicenceEvents } from "../partners/licence-events";
import { linkedCampaigns } from "../storefront/deal-columns";
import { checkoutBilling } from "./billing";
import type { CartActor, Tx } from "./cart";
import type { Executor } from "./cart-types";
import { type OrderPayment, PaymentRefused, resolvePaymentMethod } from "./checkout";
import { licenceCode, licencePrefix } from "./order-fulfilment";
import type { Settlement } from "./payments";
import type { ProductService, Purchase } from "./purchases";

type Buyer = NonNullable<CartActor["user"]>;

export type UpgradeRequest = {
  planId: number | null;
  /** A saved card's id (or a card token, as checkout takes). */
  paymentToken: string | null;
  /** The browser is back from 3-D Secure: complete the upgrade this PaymentIntent paid for. */
  paymentIntent?: string | null;
  /** The Idempotency-Key header (or the page form's hidden field). */
  idempotencyKey: string | null;
};

export type UpgradeResult =
  | { orderId: number; invoiceItemId: number; replayed: boolean }
  | { processing: true; paymentIntent: string };

/** One plan the line may move to, priced for this buyer now. */
export type UpgradeOption = {
  plan: { id: number; publicName: string; tier: number; isPlusTier: boolean };
  newPriceCents: number;
  amountCents: number;
  /** Why this buyer may not take it now (Plus only, sold out...), or null. */
  problem: string | null;
};

/** What the payment row and the provider's metadata say an upgrade payment is for. */
export type UpgradeTerms = { invoice_item_id: number; plan_id: number; amount_cents: number };

/** Rolls the upgrade back when the card needs the buyer (3-D Secure) or is still processing. */
class UpgradePending extends Error {
  constructor(
    readonly result: Extract<ChargeResult, { status: "requires_action" | "processing" }>,
    readonly terms: UpgradeTerms,
    readonly orderKey: string,
  ) {
    super("upgrade payment pending");
  }
}

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);

const hashOf = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 16);

export function createUpgradeService(deps: {
  db: Db;
  clock: Clock;
  gateway: Payments;
  outbox: Outbox;
  /** Campaign prices apply only while the pricing experiment is on (as in the cart). */
  campaignExperimentEnabled: boolean;
  publicUrl: string;
  /** payments.ts settle: the one way a payment the provider reports is completed. */
  settle: (tx: Tx, intent: PaymentIntentView) => Promise<Settlement>;
  /** The products list (purchases.ts): the one home of how a product is shown. */
  products: Pick<ProductService, "list">;
}) {
  const { db, clock, gateway, outbox } = deps;

  // ------------------------------------------------------------------------------------------
  // Reading the line and its choices
  // ------------------------------------------------------------------------------------------

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
          dealStatus: deals.dealStatus,
          browseDealStatus: deals.browseDealStatus,
          isInfo: deals.isInfo,
          isDraft: deals.isDraft,
          isComingSoon: deals.isComingSoon,
          isEarlyAccess: deals.isEarlyAccess,
          isLastCall: deals.isLastCall,
          startDate: deals.startDate,
          endDate: deals.endDate,
          currentStage: deals.currentStage,
          nextStage: deals.nextStage,
          quantityTotal: deals.quantityTotal,
          quantitySold: deals.quantitySold,
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

  /** GET .../upgrade/: the line, what was paid for it, and the plans it may move to. */
  async function options(user: Buyer, invoiceItemId: number) {
    const line = await readLine(db, user.id, invoiceItemId, false);
    if (!line) throw notFound();
    const refusal = lineRefusal(line);
    if (refusal) throw refusal;
    return {
      invoiceItemId: line.id,
      deal: { id: line.dealId, slug: line.deal.slug, publicName: line.deal.publicName },
      plan: line.planId
        ? { id: line.planId, publicName: line.planName, tier: line.planTier }
        : null,
      paidCents: line.paidCents,
      options: await choices(db, user, line),
    };
  }

  /**
   * The products page: each listed line's upgrade choices (lines that cannot be upgraded, and
   * lines with no plan above, are left out).
   */
  async function offers(user: Buyer, invoiceItemIds: readonly number[]) {
    const out = new Map<number, UpgradeOption[]>();
    for (const id of invoiceItemIds) {
      const line = await readLine(db, user.id, id, false);
      if (!line || lineUpgradeProblem(line.owned)) continue;
      const found = await choices(db, user, line);
      if (found.length) out.set(id, found);
    }
    return out;
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

  // ------------------------------------------------------------------------------------------
  // Writing the upgrade
  // ------------------------------------------------------------------------------------------

  /**
   * Everything an upgrade leaves behind, in the caller's transaction (the old line locked): the
   * paid order, the new line, the codes moved (and added), the add-ons moved, the payment
   * mirror, the partners' events and the buyer's e-mail.
   */
  async function writeUpgrade(
    tx: Tx,
    input: {
      user: Buyer;
      line: Line;
      plan: typeof plans.$inferSelect;
      quote: UpgradeQuote;
      payment: OrderPayment;
      orderKey: string;
    },
  ) {
    const { user, line, plan, quote, payment } = input;
    const now = clock.now();
    const [order] = await tx
      .insert(orders)
      .values({
        userId: user.id,
        status: "paid",
        kind: "upgrade",
        subtotalCents: quote.amountCents,
        totalCents: quote.amountCents,
        currency: "USD",
        paymentProvider: payment.provider,
        providerPaymentId: payment.providerPaymentId,
        paymentMethodId: payment.paymentMethodId,
        idempotencyKey: input.orderKey,
        // Billed as a purchase is: the details the buyer saved last (the receipt reads them).
        billing: { email: user.email, ...(await checkoutBilling(tx, user.id)) },
        createdAt: now,
        paidAt: now,
      })
      .returning({ id: orders.id });
    if (!order) throw new Error("upgrade order insert returned nothing");
    const [item] = await tx
      .insert(invoiceItems)
      .values({
        orderId: order.id,
        userId: user.id,
        dealId: line.dealId,
        planId: plan.id,
        dealGroupId: line.dealGroupId,
        priceCents: quote.amountCents,
        // The new plan's price for this buyer now: less what was paid, it is price_cents.
        originalPriceCents: quote.newPriceCents,
        campaignDiscountCents: quote.campaignDiscountCents,
        plusDiscountCents: quote.plusDiscountCents,
        quantity: quote.quantity,
        upgradedFromInvoiceItemId: line.id,
        // The refund window runs from the first purchase of the chain, not from the upgrade.
        windowStartedAt: line.windowStartedAt ?? line.createdAt,
        // A line received by transfer stays one: its refund rules do not change by upgrading.
        transferredToUserId: line.transferredToUserId,
        transferredAt: line.transferredAt,
        createdAt: now,
      })
      .returning({ id: invoiceItems.id });
    if (!item) throw new Error("upgrade line insert returned nothing");
    await tx.update(invoiceItems).set({ upgradedAt: now }).where(eq(invoiceItems.id, line.id));
    await tx
      .update(invoiceItems)
      .set({ parentInvoiceItemId: item.id })
      .where(eq(invoiceItems.parentInvoiceItemId, line.id));

    // The same codes follow the licence (a partner's app keeps recognising them)...
    const moved = await tx
      .update(licences)
      .set({ invoiceItemId: item.id })
      .where(eq(licences.invoiceItemId, line.id))
      .returning({ id: licences.id });
    // ...and a plan that gives more codes per unit adds the rest.
    const extra = Math.max(0, quote.codes - moved.length);
    const added = extra
      ? await tx
          .insert(licences)
          .values(
            Array.from({ length: extra }, () => ({
              invoiceItemId: item.id,
              code: licenceCode(licencePrefix(line.deal.slug)),
              createdAt: now,
            })),
          )
          .returning({ id: licences.id })
      : [];
    await recordLicenceEvents(tx, {
      type: "licence.upgraded",
      licenceIds: moved.map((m) => m.id),
      now,
      extra: { previous_plan: { id: line.planId, public_name: line.planName } },
    });
    await recordLicenceEvents(tx, {
      type: "licence.activated",
      licenceIds: added.map((a) => a.id),
      now,
    });

    if (payment.providerPaymentId) {
      const terms: UpgradeTerms = {
        invoice_item_id: line.id,
        plan_id: plan.id,
        amount_cents: quote.amountCents,
      };
      // The payments mirror: the webhook and the sweep find this payment's order here.
      await tx
        .insert(payments)
        .values({
          provider: payment.provider,
          providerPaymentId: payment.providerPaymentId,
          userId: user.id,
          idempotencyKey: input.orderKey,
          amountCents: quote.amountCents,
          status: "succeeded",
          orderId: order.id,
          purpose: "upgrade",
          upgrade: terms,
          providerChargeId: payment.chargeId ?? null,
          feeCents: payment.feeCents ?? null,
          netCents: payment.netCents ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: payments.providerPaymentId,
          set: {
            status: "succeeded",
            orderId: order.id,
            providerChargeId: payment.chargeId ?? null,
            feeCents: payment.feeCents ?? null,
            netCents: payment.netCents ?? null,
            updatedAt: now,
          },
        });
    }

    const codes = await tx
      .select({ code: licences.code })
      .from(licences)
      .where(eq(licences.invoiceItemId, item.id))
      .orderBy(asc(licences.id));
    await outbox.enqueue(tx, {
      kind: "email",
      topic: EMAIL_TOPIC,
      payload: {
        to: user.email,
        subject: `Your ${line.deal.publicName} upgrade to ${plan.publicName}`,
        text: [
          "Hi,",
          "",
          `${line.deal.publicName} moved from ${line.planName ?? "your plan"} to ${plan.publicName} (order #${order.id}).`,
          `Paid: ${formatMoney(quote.amountCents)}`,
          ...(codes.length ? ["", "Your licence codes:", ...codes.map((c) => `  ${c.code}`)] : []),
          "",
          `Your products: ${deps.publicUrl.replace(/\/$/, "")}/account/products/`,
        ].join("\n"),
        template: "product_upgraded",
      },
    });
    return { orderId: order.id, invoiceItemId: item.id };
  }

  /** The upgrade an order made: its one line. */
  async function lineOfOrder(ex: Executor, orderId: number) {
    const [row] = await ex
      .select({ id: invoiceItems.id })
      .from(invoiceItems)
      .where(eq(invoiceItems.orderId, orderId))
      .limit(1);
    if (!row) throw new Error(`upgrade order ${orderId} has no line`);
    return row.id;
  }

  /** A key already used: the upgrade it made, or a conflict when it paid for something else. */
  async function byKey(ex: Executor, key: string, userId: number, invoiceItemId: number | null) {
    const [order] = await ex
      .select({ id: orders.id, userId: orders.userId, kind: orders.kind })
      .from(orders)
      .where(eq(orders.idempotencyKey, key))
      .limit(1);
    if (!order || order.userId !== userId) return null;
    const [item] = await ex
      .select({ id: invoiceItems.id, from: invoiceItems.upgradedFromInvoiceItemId })
      .from(invoiceItems)
      .where(eq(invoiceItems.orderId, order.id))
      .limit(1);
    if (
      order.kind !== "upgrade" ||
      !item ||
      (invoiceItemId != null && item.from !== invoiceItemId)
    ) {
      throw conflict(UPGRADE_KEY_REUSED);
    }
    return { orderId: order.id, invoiceItemId: item.id };
  }

  // ------------------------------------------------------------------------------------------
  // The use cases
  // ------------------------------------------------------------------------------------------

  /** POST /api/users/products/{invoice_item}/upgrade/ and the products page's Upgrade button. */
  async function upgrade(
    user: Buyer,
    invoiceItemId: number,
    request: UpgradeRequest,
  ): Promise<UpgradeResult> {
    if (!request.idempotencyKey) throw invalid({ idempotency_key: [UPGRADE_KEY_REQUIRED] });
    const key = `u${user.id}:${request.idempotencyKey}`;
    const done = await byKey(db, key, user.id, invoiceItemId);
    if (done) return { ...done, replayed: true };
    if (request.paymentIntent) return complete(user, request.paymentIntent, invoiceItemId);
    try {
      return await db.transaction(async (tx) => {
        const line = await readLine(tx, user.id, invoiceItemId, true);
        if (!line) throw notFound();
        // The lock is held now: a concurrent request with the same key committed first.
        const again = await byKey(tx, key, user.id, invoiceItemId);
        if (again) return { ...again, replayed: true };
        const { plan, quote } = await quoteFor(tx, user, line, request.planId);
        const payment: OrderPayment = {
          provider: "free",
          providerPaymentId: null,
          paymentMethodId: null,
        };
        if (quote.amountCents > 0) {
          if (!request.paymentToken) {
            throw invalid({ payment_method: [PAYMENT_METHOD_REQUIRED] });
          }
          const method = await resolvePaymentMethod(tx, user.id, request.paymentToken);
          const terms: UpgradeTerms = {
            invoice_item_id: line.id,
            plan_id: plan.id,
            amount_cents: quote.amountCents,
          };
          const charged = await gateway.charge({
            amountCents: quote.amountCents,
            currency: "USD",
            paymentMethod: method.token,
            customerId: method.customerId,
            // Another card or another price is another payment; a double click is the same one.
            idempotencyKey: `${key}:${hashOf(`${method.token}|${line.id}|${plan.id}|${quote.amountCents}`)}`,
            description: `Payonce upgrade of ${line.deal.publicName} to ${plan.publicName} for ${user.email}`,
            customerEmail: user.email,
            metadata: {
              user_id: String(user.id),
              idempotency_key: key,
              purpose: "upgrade",
              invoice_item_id: String(line.id),
              plan_id: String(plan.id),
              ...(method.savedId ? { payment_method_id: String(method.savedId) } : {}),
            },
          });
          if (charged.status === "requires_action" || charged.status === "processing") {
            throw new UpgradePending(charged, terms, key);
          }
          if (charged.status !== "succeeded") {
            throw new PaymentRefused(charged.status, charged.message);
          }
          payment.provider = gateway.name;
          payment.providerPaymentId = charged.providerPaymentId;
          payment.paymentMethodId = method.savedId;
          payment.chargeId = charged.chargeId ?? null;
          payment.feeCents = charged.feeCents ?? null;
          payment.netCents = charged.netCents ?? null;
        }
        const made = await writeUpgrade(tx, { user, line, plan, quote, payment, orderKey: key });
        return { ...made, replayed: false };
      });
    } catch (err) {
      if (!(err instanceof UpgradePending)) throw err;
      // Nothing of the upgrade was kept: the payment waits for the buyer (3-D Secure) or the
      // bank, and what completes it finds this row.
      const now = clock.now();
      await db
        .insert(payments)
        .values({
          provider: gateway.name,
          providerPaymentId: err.result.providerPaymentId,
          userId: user.id,
          idempotencyKey: err.orderKey,
          amountCents: err.terms.amount_cents,
          status: err.result.status,
          purpose: "upgrade",
          upgrade: err.terms,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing();
      if (err.result.status === "processing") {
        return { processing: true, paymentIntent: err.result.providerPaymentId };
      }
      throw new PaymentRefused("requires_action", err.result.message, {
        client_secret: err.result.clientSecret,
        payment_intent: err.result.providerPaymentId,
      });
    }
  }

  /**
   * The browser is back from 3-D Secure with its PaymentIntent: the upgrade it paid for, made
   * now unless the webhook made it first (or its money given back when the line changed).
   */
  async function complete(
    user: Buyer,
    paymentIntent: string,
    invoiceItemId: number | null,
  ): Promise<UpgradeResult> {
    const intent = await gateway.retrieveIntent(paymentIntent);
    // Someone else's payment, or one that is not this line's upgrade, is as unknown as a made-up one.
    if (
      !intent ||
      intent.metadata.user_id !== String(user.id) ||
      intent.metadata.purpose !== "upgrade" ||
      (invoiceItemId != null && intent.metadata.invoice_item_id !== String(invoiceItemId))
    ) {
      throw notFound(PAYMENT_NOT_FOUND);
    }
    const settled = await db.transaction((tx) => deps.settle(tx, intent));
    if (settled.kind === "order") {
      return {
        orderId: settled.orderId,
        invoiceItemId: await lineOfOrder(db, settled.orderId),
        replayed: !settled.created,
      };
    }
    if (settled.kind === "refunded") {
      throw new DomainError("conflict", { non_field_errors: [settled.reason] });
    }
    if (settled.kind === "pending" && settled.status === "processing") {
      return { processing: true, paymentIntent: intent.id };
    }
    if (settled.kind === "pending" && settled.status === "requires_action") {
      throw new PaymentRefused("requires_action", CARD_NEEDS_AUTHENTICATION, {
        payment_intent: intent.id,
      });
    }
    throw new PaymentRefused("declined", intent.failureMessage ?? CARD_AUTHENTICATION_FAILED);
  }

  /**
   * Makes the upgrade a payment already made pays for (3-D Secure completed, a webhook, the
   * sweep), in the caller's transaction (settle's): only when the line is still the buyer's to
   * upgrade and the move still costs what was charged. Otherwise the problem, and the caller
   * gives the money back.
   */
  async function upgradeForPayment(
    tx: Tx,
    input: {
      user: Buyer;
      orderKey: string;
      terms: UpgradeTerms;
      amountCents: number;
      payment: OrderPayment;
    },
  ): Promise<{ orderId: number } | { problem: string }> {
    const line = await readLine(tx, input.user.id, input.terms.invoice_item_id, true);
    // Refunded with its order, or transferred away meanwhile: no longer this buyer's to upgrade.
    if (!line) return { problem: UPGRADE_CHANGED_AFTER_PAYMENT };
    try {
      // A savepoint: a refusal below undoes only this attempt.
      const made = await tx.transaction(async (sp) => {
        const { plan, quote } = await quoteFor(sp, input.user, line, input.terms.plan_id);
        if (quote.amountCents !== input.amountCents) {
          throw conflict(UPGRADE_CHANGED_AFTER_PAYMENT);
        }
        return writeUpgrade(sp, {
          user: input.user,
          line,
          plan,
          quote,
          payment: input.payment,
          orderKey: input.orderKey,
        });
      });
      return { orderId: made.orderId };
    } catch (err) {
      if (err instanceof DomainError) return { problem: err.message };
      throw err;
    }
  }

  /**
   * The upgraded line as the products list shows it (refund state and all), found by its deal's
   * name among the buyer's products, newest first; null if it is not listed.
   */
  async function product(user: Buyer, invoiceItemId: number): Promise<Purchase | null> {
    const [row] = await db
      .select({ name: deals.publicName })
      .from(invoiceItems)
      .innerJoin(deals, eq(deals.id, invoiceItems.dealId))
      .where(and(eq(invoiceItems.id, invoiceItemId), eq(invoiceItems.userId, user.id)));
    if (!row) return null;
    const list = await deps.products.list(user.id, { page: 1, f: "all", q: row.name });
    return list.results.find((p) => p.id === invoiceItemId) ?? null;
  }

  return { options, offers, upgrade, complete, upgradeForPayment, product };
}

export type UpgradeService = ReturnType<typeof createUpgradeService>;
