/**
 * Payments reconciled with the provider (issue 29; DESIGN.md "Money with the provider"). Every
 * path that completes a payment (the checkout, the browser back from 3-D Secure, the webhook, the
 * orphan sweep, the replay) goes through `settle`, which locks the payment's row in our mirror
 * first: one order per payment, whatever arrives first and however often. Events are stored by
 * their id in the transaction that applies them, so a second delivery changes nothing, and a
 * failed one leaves no trace for the provider's retry to trip on.
 */
import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { DomainError, notFound } from "../../../domain/errors";
import {
  CARD_AUTHENTICATION_FAILED,
  CARD_NEEDS_AUTHENTICATION,
  PAYMENT_NOT_FOUND,
} from "../../../domain/messages";
import { formatMoney } from "../../../domain/money";
import { ORPHAN_AFTER_MS, type PaymentStatus } from "../../../domain/payments";
import type { Db } from "../../db/client";
import {
  carts,
  invoiceItems,
  orders,
  paymentEvents,
  paymentRefunds,
  payments,
  userEmails,
  users,
} from "../../db/schema";
import type { Clock } from "../../providers/clock";
import type { PaymentIntentView, Payments, ProviderEvent } from "../../providers/payments";
import { EMAIL_TOPIC } from "../accounts/accounts";
import type { Outbox } from "../jobs/outbox";
import type { CartActor, Tx } from "./cart";
import { type CheckoutResult, type CheckoutService, PaymentRefused } from "./checkout";
import { hasActivePlus } from "./ownership-sql";
import { createPaymentAdjustments } from "./payment-adjustments";
import { createPaymentReconciliation } from "./payment-reconciliation";
import type { UpgradeService, UpgradeTerms } from "./upgrades";

type Buyer = NonNullable<CartActor["user"]>;

/** What settling a payment did. */
export type Settlement =
  | { kind: "order"; orderId: number; created: boolean }
  | { kind: "refunded"; reason: string }
  | { kind: "pending"; status: PaymentStatus }
  | { kind: "unknown" };

const PAYMENT_STATUS: Record<PaymentIntentView["status"], PaymentStatus> = {
  requires_action: "requires_action",
  requires_confirmation: "requires_action",
  requires_payment_method: "failed",
  processing: "processing",
  succeeded: "succeeded",
  canceled: "canceled",
};

const str = (v: unknown): string | null => (typeof v === "string" && v ? v : null);
const _num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);
const positiveId = (v: unknown): number | null => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 && n <= 2147483647 ? n : null;
};

/** An upgrade payment's line and plan, from the intent's metadata (null: a checkout payment). */
function upgradeTermsOf(intent: PaymentIntentView): UpgradeTerms | null {
  if (intent.metadata.purpose !== "upgrade") return null;
  const invoiceItemId = positiveId(intent.metadata.invoice_item_id);
  const planId = positiveId(intent.metadata.plan_id);
  if (!invoiceItemId || !planId) return null;
  return { invoice_item_id: invoiceItemId, plan_id: planId, amount_cents: intent.amountCents };
}

export function createPaymentService(deps: {
  db: Db;
  clock: Clock;
  gateway: Payments;
  checkout: CheckoutService;
  outbox: Outbox;
  publicUrl: string;
  /** Tier upgrades (upgrades.ts): a payment with purpose 'upgrade' makes its upgrade there. */
  upgrades?: () => Pick<UpgradeService, "upgradeForPayment">;
  log?: (message: string, fields?: Record<string, unknown>) => void;
}) {
  const { db, clock, gateway, outbox } = deps;
  const log = deps.log ?? (() => {});

  async function buyerOf(tx: Tx, userId: number): Promise<Buyer | null> {
    const now = clock.now();
    const [row] = await tx
      .select({
        id: users.id,
        email: users.email,
        isStaff: users.isStaff,
        emailVerified: sql<boolean>`coalesce((select ${userEmails.verified} from ${userEmails}
          where ${userEmails.userId} = ${users.id} and ${userEmails.primary} limit 1), false)`,
        hasPlus: hasActivePlus(sql`${users.id}`, now),
      })
      .from(users)
      .where(eq(users.id, userId));
    return row ?? null;
  }

  async function email(tx: Tx, to: string, subject: string, text: string, template: string) {
    await outbox.enqueue(tx, {
      kind: "email",
      topic: EMAIL_TOPIC,
      payload: { to, subject, text, template },
    });
  }

  /** Our mirror row of a payment, created from what the provider says when we have none. */
  async function lockPayment(tx: Tx, intent: PaymentIntentView) {
    const userId = Number(intent.metadata.user_id);
    const upgrade = upgradeTermsOf(intent);
    await tx
      .insert(payments)
      .values({
        provider: gateway.name,
        providerPaymentId: intent.id,
        userId: Number.isInteger(userId) && userId > 0 ? userId : null,
        idempotencyKey: intent.metadata.idempotency_key ?? null,
        cartSignature: intent.metadata.cart_signature ?? null,
        amountCents: intent.amountCents,
        currency: intent.currency,
        status: PAYMENT_STATUS[intent.status],
        ...(upgrade ? { purpose: "upgrade" as const, upgrade } : {}),
        createdAt: clock.now(),
        updatedAt: clock.now(),
      })
      .onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, intent.id))
      .for("update");
    if (!row) throw new Error("payment row missing after insert");
    return row;
  }

  /** Gives back a payment that made no order, once (the key is the payment's). */
  async function refundUnplaced(
    tx: Tx,
    row: typeof payments.$inferSelect,
    intent: PaymentIntentView,
    reason: string,
  ): Promise<Settlement> {
    const back = await gateway.refund(intent.id, intent.amountCents, `orphan:${intent.id}`, {
      payonce: "orphan",
    });
    if (back.status === "failed") {
      // Stripe refuses a refund of a charge already given back (a dashboard refund came first).
      log("refund of a payment without an order refused", { payment: intent.id });
      await tx
        .update(payments)
        .set({ status: "refunded", failureMessage: reason, updatedAt: clock.now() })
        .where(eq(payments.id, row.id));
      return { kind: "refunded", reason };
    }
    await tx
      .insert(paymentRefunds)
      .values({
        providerRefundId: back.providerRefundId,
        providerPaymentId: intent.id,
        amountCents: intent.amountCents,
        status: back.status,
        source: "orphan",
        createdAt: clock.now(),
        updatedAt: clock.now(),
      })
      .onConflictDoNothing();
    await tx
      .update(payments)
      .set({ status: "refunded", failureMessage: reason, updatedAt: clock.now() })
      .where(eq(payments.id, row.id));
    const buyer = row.userId ? await buyerOf(tx, row.userId) : null;
    if (buyer) {
      const origin = deps.publicUrl.replace(/\/$/, "");
      await email(
        tx,
        buyer.email,
        "Your Payonce payment was refunded",
        [
          "Hi,",
          "",
          `We refunded your payment of ${formatMoney(intent.amountCents)}: ${reason}`,
          "",
          row.purpose === "upgrade"
            ? `Your products: ${origin}/account/products/`
            : `Your cart: ${origin}/cart`,
        ].join("\n"),
        "payment_refunded",
      );
    }
    log("payment refunded without an order", { payment: intent.id, reason });
    return { kind: "refunded", reason };
  }

  /**
   * Completes a payment the provider reports, in the caller's transaction: its order once it has
   * succeeded (made now if none exists yet), or its state while it waits or after it failed.
   */
  async function settle(tx: Tx, intent: PaymentIntentView): Promise<Settlement> {
    const buyerId = Number(intent.metadata.user_id);
    const upgrade = upgradeTermsOf(intent);
    if (upgrade) {
      // The upgrade's lock order: the line being upgraded, then the payment's row. A webhook
      // that arrives while the upgrade that charged is still committing waits for it.
      await tx
        .select({ id: invoiceItems.id })
        .from(invoiceItems)
        .where(eq(invoiceItems.id, upgrade.invoice_item_id))
        .for("update");
    } else if (Number.isInteger(buyerId) && buyerId > 0) {
      // Checkout's lock order: the buyer's cart, then the payment's row. A webhook that arrives
      // while the checkout that charged is still committing waits for it (and then finds its
      // order) instead of deadlocking with it.
      await tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, buyerId)).for("update");
    }
    const row = await lockPayment(tx, intent);
    const status = PAYMENT_STATUS[intent.status];
    const paid = {
      providerChargeId: intent.chargeId ?? row.providerChargeId,
      feeCents: intent.feeCents ?? row.feeCents,
      netCents: intent.netCents ?? row.netCents,
      updatedAt: clock.now(),
    };
    if (row.orderId) {
      await tx.update(payments).set(paid).where(eq(payments.id, row.id));
      return { kind: "order", orderId: row.orderId, created: false };
    }
    if (row.status === "refunded") {
      return { kind: "refunded", reason: row.failureMessage ?? "" };
    }
    if (status !== "succeeded") {
      await tx
        .update(payments)
        .set({ status, failureMessage: intent.failureMessage, updatedAt: clock.now() })
        .where(eq(payments.id, row.id));
      return { kind: "pending", status };
    }
    await tx
      .update(payments)
      .set({ ...paid, status: "succeeded" })
      .where(eq(payments.id, row.id));
    // An order this payment already made (written by the checkout before this row existed).
    const [byPayment] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.providerPaymentId, intent.id))
      .limit(1);
    if (byPayment) {
      await tx.update(payments).set({ orderId: byPayment.id }).where(eq(payments.id, row.id));
      return { kind: "order", orderId: byPayment.id, created: false };
    }
    const buyer = row.userId ? await buyerOf(tx, row.userId) : null;
    if (!buyer || !row.idempotencyKey) {
      if (!intent.metadata.user_id) return { kind: "unknown" };
      return refundUnplaced(tx, row, intent, "the account that paid no longer exists.");
    }
    // The key's order paid by another payment: this one is a second charge for one cart.
    const [byKey] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.idempotencyKey, row.idempotencyKey))
      .limit(1);
    if (byKey) return refundUnplaced(tx, row, intent, "this order was already paid.");
    const savedId = Number(intent.metadata.payment_method_id);
    if (row.purpose === "upgrade") {
      const terms = row.upgrade ?? upgrade;
      const upgrades = deps.upgrades?.();
      if (!terms || !upgrades) {
        return refundUnplaced(tx, row, intent, "the upgrade it paid for is unknown.");
      }
      const made = await upgrades.upgradeForPayment(tx, {
        user: buyer,
        orderKey: row.idempotencyKey,
        terms,
        amountCents: intent.amountCents,
        payment: {
          provider: gateway.name,
          providerPaymentId: intent.id,
          paymentMethodId: Number.isInteger(savedId) && savedId > 0 ? savedId : null,
          chargeId: paid.providerChargeId,
          feeCents: paid.feeCents,
          netCents: paid.netCents,
        },
      });
      if ("problem" in made) return refundUnplaced(tx, row, intent, made.problem);
      return { kind: "order", orderId: made.orderId, created: true };
    }
    const placed = await deps.checkout.orderForPayment(tx, {
      user: buyer,
      orderKey: row.idempotencyKey,
      signature: row.cartSignature,
      amountCents: intent.amountCents,
      payment: {
        provider: gateway.name,
        providerPaymentId: intent.id,
        paymentMethodId: Number.isInteger(savedId) && savedId > 0 ? savedId : null,
        chargeId: paid.providerChargeId,
        feeCents: paid.feeCents,
        netCents: paid.netCents,
      },
      publicUrl: deps.publicUrl,
    });
    if ("problem" in placed) return refundUnplaced(tx, row, intent, placed.problem);
    return { kind: "order", orderId: placed.orderId, created: true };
  }

  /**
   * The browser is back from 3-D Secure with its PaymentIntent (POST /checkout/ payment_intent):
   * the order it paid for, made now unless the webhook made it first.
   */
  async function completeFromBrowser(user: Buyer, paymentIntent: string): Promise<CheckoutResult> {
    const intent = await gateway.retrieveIntent(paymentIntent);
    // Someone else's payment is as unknown as a made-up one.
    if (!intent || intent.metadata.user_id !== String(user.id)) {
      throw notFound(PAYMENT_NOT_FOUND);
    }
    const settled = await db.transaction((tx) => settle(tx, intent));
    if (settled.kind === "order") return { orderId: settled.orderId, replayed: !settled.created };
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

  // ------------------------------------------------------------------------------------------
  // Events
  // ------------------------------------------------------------------------------------------

  // Refunds and disputes, as the provider reports them (payment-adjustments.ts).
  const { applyRefund, applyDispute } = createPaymentAdjustments({
    db,
    clock,
    gateway,
    outbox,
    settle,
  });

  async function apply(tx: Tx, event: ProviderEvent): Promise<string> {
    const object = event.object;
    if (event.type.startsWith("payment_intent.")) {
      const id = str(object.id);
      if (!id) return "unknown";
      // The event is a nudge; the provider's current state is what we settle to, so events
      // that arrive late, twice or out of order all end in the same place.
      const intent = await gateway.retrieveIntent(id);
      if (!intent) return "unknown";
      const [ours] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.providerPaymentId, id));
      if (!ours && !intent.metadata.user_id) return "unknown";
      const settled = await settle(tx, intent);
      return settled.kind === "unknown" ? "unknown" : "applied";
    }
    if (event.type.startsWith("refund.")) return applyRefund(tx, object);
    if (event.type === "charge.refunded") {
      const refunds = (object.refunds as { data?: Record<string, unknown>[] } | undefined)?.data;
      if (!refunds?.length) return "ignored";
      let outcome = "unchanged";
      for (const refund of refunds) {
        const one = await applyRefund(tx, {
          ...refund,
          payment_intent: refund.payment_intent ?? object.payment_intent,
        });
        if (one === "applied") outcome = "applied";
      }
      return outcome;
    }
    if (event.type.startsWith("charge.dispute.")) return applyDispute(tx, object);
    return "ignored";
  }

  /**
   * One provider event, applied once: stored by its id in the transaction that applies it. The
   * caller answers the provider only after this resolves (2xx after the commit).
   */
  async function handleEvent(
    event: ProviderEvent,
  ): Promise<{ outcome: string; duplicate: boolean }> {
    return db.transaction(async (tx) => {
      const stored = await tx
        .insert(paymentEvents)
        .values({
          id: event.id,
          provider: gateway.name,
          type: event.type,
          objectId: str(event.object.id),
          outcome: "received",
          payload: event.object,
          occurredAt: event.created,
          receivedAt: clock.now(),
        })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (stored.length === 0) return { outcome: "duplicate", duplicate: true };
      const outcome = await apply(tx, event);
      await tx.update(paymentEvents).set({ outcome }).where(eq(paymentEvents.id, event.id));
      // Types we do not handle stay recorded in payment_events; an object we do not know is
      // worth a line in the log (a payment of another system on the same Stripe account?).
      if (outcome === "unknown") {
        log("payment event for an unknown object", { event: event.id, type: event.type });
      }
      return { outcome, duplicate: false };
    });
  }

  // ------------------------------------------------------------------------------------------
  // Nothing lost: the sweep and the replay
  // ------------------------------------------------------------------------------------------

  /**
   * Payments that succeeded at the provider without an order here (a crash between the charge
   * and the commit, a webhook never delivered): each gets its order, or its money back when the
   * cart is gone or changed. Recent ones are left to the checkout still running.
   */
  async function sweepOrphans(lookbackDays = 7) {
    const now = clock.now();
    const since = new Date(now.getTime() - lookbackDays * 24 * 60 * 60 * 1000);
    const candidates = (await gateway.listIntents(since)).filter(
      (intent) =>
        intent.status === "succeeded" &&
        intent.metadata.user_id &&
        now.getTime() - intent.created.getTime() >= ORPHAN_AFTER_MS,
    );
    const summary = { checked: candidates.length, ordered: 0, refunded: 0 };
    if (candidates.length === 0) return summary;
    // One read for the whole batch: which of them already have their order or their refund.
    const done = await db
      .select({ id: payments.providerPaymentId })
      .from(payments)
      .where(
        and(
          inArray(
            payments.providerPaymentId,
            candidates.map((i) => i.id),
          ),
          or(isNotNull(payments.orderId), eq(payments.status, "refunded")),
        ),
      );
    const settledAlready = new Set(done.map((d) => d.id));
    for (const intent of candidates) {
      if (settledAlready.has(intent.id)) continue;
      const settled = await db.transaction((tx) => settle(tx, intent));
      if (settled.kind === "order" && settled.created) summary.ordered += 1;
      if (settled.kind === "refunded") summary.refunded += 1;
    }
    return summary;
  }

  /** Feeds the provider's events since `since` through the same handler (missed deliveries). */
  async function replay(since: Date) {
    if (!gateway.events) throw new Error("replay needs a provider with events (Stripe)");
    const events = await gateway.events.list(since);
    const summary = { events: events.length, applied: 0, duplicates: 0 };
    for (const event of events) {
      const result = await handleEvent(event);
      if (result.duplicate) summary.duplicates += 1;
      else if (result.outcome === "applied") summary.applied += 1;
    }
    return summary;
  }

  // ------------------------------------------------------------------------------------------
  // The test gateway's 3-D Secure page
  // ------------------------------------------------------------------------------------------

  /** Only the buyer who started a payment answers its challenge, as only they see their bank's. */
  async function testIntent(id: string, viewerId: number | null) {
    if (!gateway.authenticate) return null;
    const intent = await gateway.retrieveIntent(id);
    if (!intent || !viewerId || intent.metadata.user_id !== String(viewerId)) return null;
    return {
      id: intent.id,
      amountCents: intent.amountCents,
      currency: intent.currency,
      status: intent.status,
      last4: intent.last4,
    };
  }

  /**
   * The test bank's answer. Like Stripe, the gateway then tells us the payment succeeded (as its
   * webhook would), so the order exists even if the browser never comes back.
   */
  async function authenticateTestIntent(
    id: string,
    outcome: "approve" | "fail",
    viewerId: number | null,
  ) {
    if (!gateway.authenticate || !(await testIntent(id, viewerId))) throw notFound();
    const intent = await gateway.authenticate(id, outcome);
    if (!intent) throw notFound();
    const settled = await db.transaction((tx) => settle(tx, intent));
    return {
      status: intent.status === "succeeded" ? ("succeeded" as const) : ("failed" as const),
      orderId: settled.kind === "order" ? settled.orderId : null,
    };
  }

  return {
    gateway,
    settle,
    completeFromBrowser,
    handleEvent,
    sweepOrphans,
    replay,
    testIntent,
    authenticateTestIntent,
    // Staff: orders against the provider (payment-reconciliation.ts).
    ...createPaymentReconciliation({ db, clock, gateway }),
    /** Webhook signature check (Stripe only): throws on a bad signature. */
    verifyEvent: gateway.events?.verify.bind(gateway.events),
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
