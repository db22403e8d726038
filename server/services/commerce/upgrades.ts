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
 *
 * What a line may move to and at what price: upgrade-lines.ts; what an upgrade writes:
 * upgrade-record.ts.
 */
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { conflict, DomainError, invalid, notFound } from "../../../domain/errors";
import {
  CARD_AUTHENTICATION_FAILED,
  CARD_NEEDS_AUTHENTICATION,
  PAYMENT_METHOD_REQUIRED,
  PAYMENT_NOT_FOUND,
  UPGRADE_CHANGED_AFTER_PAYMENT,
  UPGRADE_KEY_REQUIRED,
  UPGRADE_KEY_REUSED,
} from "../../../domain/messages";
import { lineUpgradeProblem } from "../../../domain/upgrades";
import type { Db } from "../../db/client";
import { deals, invoiceItems, orders, payments } from "../../db/schema";
import type { Clock } from "../../providers/clock";
import type { ChargeResult, PaymentIntentView, Payments } from "../../providers/payments";
import type { Outbox } from "../jobs/outbox";
import type { Tx } from "./cart";
import type { Executor } from "./cart-types";
import { type OrderPayment, PaymentRefused, resolvePaymentMethod } from "./checkout";
import type { Settlement } from "./payments";
import type { ProductService, Purchase } from "./purchases";
import { type Buyer, createUpgradeLines, type UpgradeOption } from "./upgrade-lines";
import { type UpgradeTerms, writeUpgrade } from "./upgrade-record";

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

export type { UpgradeOption } from "./upgrade-lines";
export type { UpgradeTerms } from "./upgrade-record";

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
  const { db, clock, gateway } = deps;
  const { readLine, lineRefusal, choices, quoteFor } = createUpgradeLines(deps);

  // ------------------------------------------------------------------------------------------
  // Reading the line and its choices (upgrade-lines.ts)
  // ------------------------------------------------------------------------------------------

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

  // ------------------------------------------------------------------------------------------
  // The use cases (what they write: upgrade-record.ts)
  // ------------------------------------------------------------------------------------------

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
        const made = await writeUpgrade(tx, deps, {
          user,
          line,
          plan,
          quote,
          payment,
          orderKey: key,
        });
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
        return writeUpgrade(sp, deps, {
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
