import { and, asc, desc, eq, gt, isNull, lte } from "drizzle-orm";
import {
  CANCEL_REASON_SAVED,
  CARD_DECLINED,
  CARD_EXPIRED,
  isCardExpired,
  PLUS_CANCEL_REASONS,
  type PlusCancelReason,
  SUBSCRIPTION_ALREADY_CANCELING,
} from "../../../domain/account";
import {
  PLUS_DEAL_SLUG,
  PLUS_PRICE_CENTS,
  PLUS_RENEWAL_GRACE_DAYS,
  PLUS_RENEWAL_REMINDER_DAYS,
} from "../../../domain/constants";
import { DomainError, type ErrorKind, notFound } from "../../../domain/errors";
import {
  CARD_NEEDS_AUTHENTICATION,
  NO_ACTIVE_SUBSCRIPTION,
  NO_PAYMENT_METHOD,
  NO_PREVIOUS_SUBSCRIPTION,
  NO_SUBSCRIPTION_OR_REASON,
  SUBSCRIPTION_UPDATED,
} from "../../../domain/messages";
import { formatMoney } from "../../../domain/money";
import type { Db } from "../../db/client";
import {
  deals,
  invoiceItems,
  orders,
  type PaymentMethod,
  type PlusSubscription,
  paymentMethods,
  payments,
  plans,
  plusCancelReasons,
  plusSubscriptions,
  users,
} from "../../db/schema";
import type { Clock } from "../../providers/clock";
import type { PaymentGateway } from "../../providers/payments";
import { EMAIL_TOPIC } from "../accounts/accounts";
import type { Outbox } from "../jobs/outbox";
import { cardDeclines } from "./card-tokens";
import type { CardService } from "./cards";
import type { Tx } from "./cart";
import { paymentCustomer } from "./payment-customer";

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** A Plus answer the client shows as is ({detail}); the spec's Plus messages travel this way. */
const plusError = (kind: ErrorKind, detail: string) => new DomainError(kind, { detail });

export type PlusAction =
  | { action: "cancel"; stripe_subscription_id?: string }
  | { action: "reactivate"; stripe_subscription_id?: string; payment_method_id?: string }
  | {
      action: "update_payment_method";
      stripe_subscription_id?: string;
      payment_method_id?: string;
    };

/**
 * Plus membership management (spec 001 sections 3, 4, 7, 8). Buying Plus goes through the cart
 * (PLUS_DEAL_SLUG); this is what a member does afterwards. Cancelling keeps Plus to the end of the
 * paid period (has_plus stays true until current_period_end) and stops the renewal; reactivating
 * before then resumes it at no charge; after it, it is a new purchase: a new year charged to the
 * card on file through the payment gateway and recorded as a paid order.
 */
export function createPlusService(deps: {
  db: Db;
  clock: Clock;
  cards: CardService;
  gateway: PaymentGateway;
  /** Renewal reminders and failures are e-mailed through it. */
  outbox?: Outbox;
}) {
  const { db, clock, cards, gateway } = deps;

  const isRunning = (s: PlusSubscription, now: Date) =>
    s.status === "active" && s.currentPeriodEnd.getTime() > now.getTime();

  function subscriptionJson(s: PlusSubscription, card: PaymentMethod | null, now: Date) {
    const running = isRunning(s, now);
    return {
      id: s.id,
      stripe_subscription_id: s.stripeSubscriptionId,
      status: running ? (s.cancelAtPeriodEnd ? "canceling" : "active") : "canceled",
      is_active: running,
      cancel_at_period_end: s.cancelAtPeriodEnd,
      current_period_start: s.currentPeriodStart.toISOString(),
      current_period_end: s.currentPeriodEnd.toISOString(),
      canceled_at: s.canceledAt?.toISOString() ?? null,
      price: s.priceCents / 100,
      payment_method: card
        ? {
            id: card.id,
            brand: card.brand,
            last4: card.last4,
            exp_month: card.expMonth,
            exp_year: card.expYear,
            is_expired: isCardExpired(card, now),
          }
        : null,
    };
  }

  /** The user's latest subscription (the running one when there is one). */
  async function latest(userId: number): Promise<PlusSubscription | null> {
    const [row] = await db
      .select()
      .from(plusSubscriptions)
      .where(eq(plusSubscriptions.userId, userId))
      .orderBy(desc(plusSubscriptions.currentPeriodEnd), desc(plusSubscriptions.id))
      .limit(1);
    return row ?? null;
  }

  async function cardOf(s: PlusSubscription | null): Promise<PaymentMethod | null> {
    if (!s?.paymentMethodId) return null;
    const [row] = await db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.id, s.paymentMethodId));
    return row ?? null;
  }

  async function get(userId: number) {
    const now = clock.now();
    const s = await latest(userId);
    return {
      has_plus: s ? isRunning(s, now) : false,
      subscription: s ? subscriptionJson(s, await cardOf(s), now) : null,
    };
  }

  /** The stripe_subscription_id, when sent, must name the caller's own subscription. */
  function checkNamed(s: PlusSubscription | null, named: string | undefined, missing: string) {
    if (!s || (named && named !== s.stripeSubscriptionId)) throw plusError("not_found", missing);
    return s;
  }

  /** A card the member chose (our id or the provider's id), or a new test token saved first. */
  async function chosenCard(userId: number, key: string | undefined): Promise<PaymentMethod> {
    if (!key) throw plusError("invalid", NO_PAYMENT_METHOD);
    let card = await cards.findOwn(userId, key);
    if (!card && key.startsWith("pm_")) {
      try {
        const saved = await cards.create(
          userId,
          { payment_method_id: key, country: "", postal_code: "" },
          null,
        );
        card = await cards.findOwn(userId, String(saved.card_id));
      } catch {
        card = null;
      }
    }
    if (!card) throw plusError("invalid", NO_PAYMENT_METHOD);
    if (isCardExpired(card, clock.now())) throw plusError("invalid", CARD_EXPIRED);
    return card;
  }

  async function update(userId: number, input: PlusAction) {
    const now = clock.now();
    const s = await latest(userId);
    if (input.action === "cancel") {
      const sub = checkNamed(s, input.stripe_subscription_id, NO_ACTIVE_SUBSCRIPTION);
      if (!isRunning(sub, now)) throw plusError("not_found", NO_ACTIVE_SUBSCRIPTION);
      if (sub.cancelAtPeriodEnd) throw plusError("conflict", SUBSCRIPTION_ALREADY_CANCELING);
      await db
        .update(plusSubscriptions)
        .set({ cancelAtPeriodEnd: true, canceledAt: now })
        .where(eq(plusSubscriptions.id, sub.id));
    } else if (input.action === "reactivate") {
      const sub = checkNamed(s, input.stripe_subscription_id, NO_PREVIOUS_SUBSCRIPTION);
      if (isRunning(sub, now)) {
        // Still paid up: resuming only turns the renewal back on.
        await db
          .update(plusSubscriptions)
          .set({ cancelAtPeriodEnd: false, canceledAt: null })
          .where(eq(plusSubscriptions.id, sub.id));
      } else {
        // Lapsed: a new year starts now, charged to the chosen card, else the card on file.
        const card = input.payment_method_id
          ? await chosenCard(userId, input.payment_method_id)
          : ((await cardOf(sub)) ?? (await cards.defaultCard(userId)));
        if (!card) throw plusError("invalid", NO_PAYMENT_METHOD);
        if (isCardExpired(card, now)) throw plusError("invalid", CARD_EXPIRED);
        if (cardDeclines(card.providerId)) throw plusError("payment_refused", CARD_DECLINED);
        await renewLapsed(userId, sub.id, card);
      }
    } else {
      const sub = checkNamed(s, input.stripe_subscription_id, NO_ACTIVE_SUBSCRIPTION);
      if (!isRunning(sub, now)) throw plusError("not_found", NO_ACTIVE_SUBSCRIPTION);
      const card = await chosenCard(userId, input.payment_method_id);
      await db
        .update(plusSubscriptions)
        // A renewal that failed is tried again on the new card by the next run.
        .set({ paymentMethodId: card.id, renewalFailedAt: null })
        .where(eq(plusSubscriptions.id, sub.id));
    }
    return { detail: SUBSCRIPTION_UPDATED, ...(await get(userId)) };
  }

  /**
   * A lapsed membership comes back as a new purchase: the year is charged to the card (the
   * gateway, with a key fixed by the lapsed subscription, so a retry or a second click charges
   * once) and recorded as a paid order of the Plus deal, which the products page lists and a
   * refund can reverse. The lapsed row is locked: of two concurrent reactivations one renews and
   * the other finds it already replaced.
   */
  async function renewLapsed(userId: number, lapsedId: number, card: PaymentMethod) {
    await db.transaction(async (tx) => {
      const now = clock.now();
      const [lapsed] = await tx
        .select()
        .from(plusSubscriptions)
        .where(and(eq(plusSubscriptions.id, lapsedId), eq(plusSubscriptions.userId, userId)))
        .for("update");
      if (!lapsed || isRunning(lapsed, now)) return;
      if (lapsed.status !== "active") {
        // Replaced by a concurrent reactivation (fine), or ended by a refund: buy Plus again.
        const [running] = await tx
          .select({ id: plusSubscriptions.id })
          .from(plusSubscriptions)
          .where(
            and(
              eq(plusSubscriptions.userId, userId),
              eq(plusSubscriptions.status, "active"),
              gt(plusSubscriptions.currentPeriodEnd, now),
            ),
          )
          .limit(1);
        if (running) return;
        throw plusError("not_found", NO_PREVIOUS_SUBSCRIPTION);
      }
      const plan = await plusPlan(tx);
      if (!plan) throw plusError("not_found", NO_PREVIOUS_SUBSCRIPTION);
      const key = `plus-renewal:${lapsed.id}`;
      const [order] = await tx
        .insert(orders)
        .values({
          userId,
          status: "pending",
          subtotalCents: PLUS_PRICE_CENTS,
          totalCents: PLUS_PRICE_CENTS,
          currency: "USD",
          paymentProvider: gateway.name,
          idempotencyKey: key,
          createdAt: now,
        })
        .returning({ id: orders.id });
      if (!order) throw new Error("order insert returned nothing");
      const paid = await gateway.charge({
        amountCents: PLUS_PRICE_CENTS,
        currency: "USD",
        paymentMethod: card.providerId,
        idempotencyKey: key,
        description: `Payonce Plus renewal, order ${order.id}`,
      });
      if (paid.status !== "succeeded") {
        throw plusError(
          "payment_refused",
          paid.status === "declined"
            ? CARD_DECLINED
            : paid.status === "processing"
              ? CARD_NEEDS_AUTHENTICATION
              : paid.message,
        );
      }
      await tx
        .update(orders)
        .set({
          status: "paid",
          paidAt: now,
          providerPaymentId: paid.providerPaymentId,
          paymentMethodId: card.id,
        })
        .where(eq(orders.id, order.id));
      await tx.insert(invoiceItems).values({
        orderId: order.id,
        userId,
        dealId: plan.dealId,
        planId: plan.planId,
        priceCents: PLUS_PRICE_CENTS,
        originalPriceCents: plan.originalCents,
        quantity: 1,
        createdAt: now,
      });
      await tx.insert(plusSubscriptions).values({
        userId,
        stripeSubscriptionId: `sub_${gateway.name}_${order.id}`,
        status: "active",
        priceCents: PLUS_PRICE_CENTS,
        currentPeriodStart: now,
        currentPeriodEnd: new Date(now.getTime() + YEAR_MS),
        paymentMethodId: card.id,
        createdAt: now,
      });
      await tx
        .update(plusSubscriptions)
        .set({ status: "canceled" })
        .where(eq(plusSubscriptions.id, lapsed.id));
    });
  }

  /** The Plus deal's plan: what a renewal's order line is. */
  async function plusPlan(tx: Tx) {
    const [plan] = await tx
      .select({ dealId: plans.dealId, planId: plans.id, originalCents: plans.originalPriceCents })
      .from(plans)
      .innerJoin(deals, eq(deals.id, plans.dealId))
      .where(eq(deals.slug, PLUS_DEAL_SLUG))
      .orderBy(desc(plans.isActive), asc(plans.position), asc(plans.id))
      .limit(1);
    return plan ?? null;
  }

  async function emailMember(tx: Tx | Db, userId: number, subject: string, text: string[]) {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user || !deps.outbox) return;
    await deps.outbox.enqueue(tx, {
      kind: "email",
      topic: EMAIL_TOPIC,
      payload: {
        to: user.email,
        subject,
        text: ["Hi,", "", ...text].join("\n"),
        template: "plus_renewal",
      },
    });
  }

  /**
   * Plus renews itself (issue 29; docs/decisions): a reminder goes out PLUS_RENEWAL_REMINDER_DAYS
   * before the period ends; at its end the year is charged off-session to the membership's card
   * (a PaymentIntent with a key fixed by the period, so a second run charges once) and the same
   * membership runs a year longer, with a paid order of the Plus deal. A renewal that fails (a
   * decline, a bank asking for 3-D Secure) e-mails the member a link to fix it; fixing the card
   * (update_payment_method) lets the next run try again, for PLUS_RENEWAL_GRACE_DAYS.
   */
  async function renewDue(publicUrl: string) {
    const now = clock.now();
    const day = 24 * 60 * 60 * 1000;
    const summary = { reminded: 0, renewed: 0, failed: 0 };
    const renewing = and(
      eq(plusSubscriptions.status, "active"),
      eq(plusSubscriptions.cancelAtPeriodEnd, false),
    );
    const soon = await db
      .select()
      .from(plusSubscriptions)
      .where(
        and(
          renewing,
          gt(plusSubscriptions.currentPeriodEnd, now),
          lte(
            plusSubscriptions.currentPeriodEnd,
            new Date(now.getTime() + PLUS_RENEWAL_REMINDER_DAYS * day),
          ),
          isNull(plusSubscriptions.remindedAt),
        ),
      );
    for (const sub of soon) {
      const card = await cardOf(sub);
      await db.transaction(async (tx) => {
        const marked = await tx
          .update(plusSubscriptions)
          .set({ remindedAt: now })
          .where(and(eq(plusSubscriptions.id, sub.id), isNull(plusSubscriptions.remindedAt)))
          .returning({ id: plusSubscriptions.id });
        if (marked.length === 0) return;
        await emailMember(tx, sub.userId, "Your Payonce Plus renews soon", [
          `Your Plus membership renews on ${sub.currentPeriodEnd.toISOString().slice(0, 10)} for ${formatMoney(sub.priceCents)}${card ? ` on your ${card.brand} ending ${card.last4}` : ""}.`,
          `Change the card or cancel: ${publicUrl.replace(/\/$/, "")}/account/plus/`,
        ]);
        summary.reminded += 1;
      });
    }
    const due = await db
      .select()
      .from(plusSubscriptions)
      .where(
        and(
          renewing,
          lte(plusSubscriptions.currentPeriodEnd, now),
          gt(
            plusSubscriptions.currentPeriodEnd,
            new Date(now.getTime() - PLUS_RENEWAL_GRACE_DAYS * day),
          ),
          isNull(plusSubscriptions.renewalFailedAt),
        ),
      );
    for (const sub of due) {
      const result = await renewOne(sub, publicUrl);
      if (result === "renewed") summary.renewed += 1;
      if (result === "failed") summary.failed += 1;
    }
    return summary;
  }

  async function renewOne(sub: PlusSubscription, publicUrl: string) {
    const card = (await cardOf(sub)) ?? (await cards.defaultCard(sub.userId));
    const now = clock.now();
    const fail = async (reason: string) => {
      await db.transaction(async (tx) => {
        await tx
          .update(plusSubscriptions)
          .set({ renewalFailedAt: now })
          .where(eq(plusSubscriptions.id, sub.id));
        await emailMember(tx, sub.userId, "Your Payonce Plus renewal did not go through", [
          `We could not renew your Plus membership: ${reason}`,
          `Your member prices stop until it is renewed. Update your card here: ${publicUrl.replace(/\/$/, "")}/account/plus/`,
        ]);
      });
      return "failed" as const;
    };
    if (!card || isCardExpired(card, now)) return fail(NO_PAYMENT_METHOD);
    const key = `plus-renewal:${sub.id}:${sub.currentPeriodEnd.toISOString()}`;
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(plusSubscriptions)
          .where(eq(plusSubscriptions.id, sub.id))
          .for("update");
        // Renewed by another process since it was read.
        if (!row || row.currentPeriodEnd.getTime() !== sub.currentPeriodEnd.getTime()) {
          return "skipped" as const;
        }
        const plan = await plusPlan(tx);
        if (!plan) return "skipped" as const;
        const customerId =
          card.provider === "stripe" ? await paymentCustomer(tx, sub.userId, "stripe") : null;
        const paid = await gateway.charge({
          amountCents: sub.priceCents,
          currency: "USD",
          paymentMethod: card.providerId,
          customerId,
          idempotencyKey: key,
          description: "Payonce Plus, one more year",
          offSession: true,
          // No user_id: the webhook's settle makes orders from carts, not renewals.
          metadata: { payonce_kind: "plus_renewal", plus_subscription_id: String(sub.id) },
        });
        if (paid.status !== "succeeded") {
          throw plusError(
            "payment_refused",
            paid.status === "requires_action" || paid.status === "processing"
              ? CARD_NEEDS_AUTHENTICATION
              : paid.message,
          );
        }
        const [order] = await tx
          .insert(orders)
          .values({
            userId: sub.userId,
            status: "paid",
            subtotalCents: sub.priceCents,
            totalCents: sub.priceCents,
            currency: "USD",
            paymentProvider: gateway.name,
            providerPaymentId: paid.providerPaymentId,
            paymentMethodId: card.id,
            idempotencyKey: key,
            createdAt: now,
            paidAt: now,
          })
          .returning({ id: orders.id });
        if (!order) throw new Error("order insert returned nothing");
        await tx.insert(invoiceItems).values({
          orderId: order.id,
          userId: sub.userId,
          dealId: plan.dealId,
          planId: plan.planId,
          priceCents: sub.priceCents,
          originalPriceCents: plan.originalCents,
          quantity: 1,
          createdAt: now,
        });
        await tx
          .insert(payments)
          .values({
            provider: gateway.name,
            providerPaymentId: paid.providerPaymentId,
            userId: sub.userId,
            idempotencyKey: key,
            amountCents: sub.priceCents,
            status: "succeeded",
            orderId: order.id,
            providerChargeId: paid.chargeId ?? null,
            feeCents: paid.feeCents ?? null,
            netCents: paid.netCents ?? null,
          })
          .onConflictDoNothing();
        const end = new Date(sub.currentPeriodEnd.getTime() + YEAR_MS);
        await tx
          .update(plusSubscriptions)
          .set({
            currentPeriodStart: sub.currentPeriodEnd,
            currentPeriodEnd: end,
            remindedAt: null,
            renewalFailedAt: null,
            paymentMethodId: card.id,
          })
          .where(eq(plusSubscriptions.id, sub.id));
        await emailMember(tx, sub.userId, "Your Payonce Plus is renewed", [
          `We charged ${formatMoney(sub.priceCents)} to your ${card.brand} ending ${card.last4}: Plus runs until ${end.toISOString().slice(0, 10)}.`,
          `Your order: ${publicUrl.replace(/\/$/, "")}/orders/${order.id}/`,
        ]);
        return "renewed" as const;
      });
    } catch (err) {
      if (err instanceof DomainError) return fail(err.message);
      throw err;
    }
  }

  /** The cancel form's reasons, for one of the caller's subscriptions (or their latest). */
  async function cancelReasons(userId: number, subscriptionId: number | undefined) {
    const s = subscriptionId ? await own(userId, subscriptionId) : await latest(userId);
    if (!s) throw notFound(NO_SUBSCRIPTION_OR_REASON);
    const given = await db
      .select({ reason: plusCancelReasons.reason, feedback: plusCancelReasons.feedback })
      .from(plusCancelReasons)
      .where(eq(plusCancelReasons.subscriptionId, s.id))
      .orderBy(desc(plusCancelReasons.id));
    return {
      subscription_id: s.id,
      reasons: PLUS_CANCEL_REASONS.map((r) => ({ value: r.value, label: r.label })),
      submitted: given,
    };
  }

  async function own(userId: number, id: number): Promise<PlusSubscription | null> {
    const [row] = await db
      .select()
      .from(plusSubscriptions)
      .where(and(eq(plusSubscriptions.id, id), eq(plusSubscriptions.userId, userId)));
    return row ?? null;
  }

  async function addCancelReason(
    userId: number,
    input: { subscription: number; reason: PlusCancelReason; feedback: string },
  ) {
    const s = await own(userId, input.subscription);
    if (!s) throw notFound(NO_SUBSCRIPTION_OR_REASON);
    const [row] = await db
      .insert(plusCancelReasons)
      .values({
        subscriptionId: s.id,
        reason: input.reason,
        feedback: input.feedback || null,
        createdAt: clock.now(),
      })
      .returning({ id: plusCancelReasons.id });
    return { id: row?.id as number, detail: CANCEL_REASON_SAVED };
  }

  return { get, update, cancelReasons, addCancelReason, renewDue };
}

export type PlusService = ReturnType<typeof createPlusService>;
