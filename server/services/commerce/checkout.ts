import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { PLUS_DEAL_SLUG } from "../../../domain/constants";
import { DomainError } from "../../../domain/errors";
import {
  CART_EMPTY,
  COUPON_USED_UP,
  couponNotApplied,
  DEAL_SOLD_OUT,
  INVALID_PAYMENT_METHOD_ID,
  PAYMENT_METHOD_REQUIRED,
  PLUS_ALREADY_MEMBER,
} from "../../../domain/messages";
import type { Db } from "../../db/client";
import {
  cartItems,
  carts,
  couponRedemptions,
  coupons,
  credits,
  deals,
  orders,
  paymentMethods,
  plusSubscriptions,
} from "../../db/schema";
import type { Clock } from "../../providers/clock";
import type { PaymentGateway } from "../../providers/payments";
import { EMAIL_TOPIC } from "../accounts/accounts";
import type { PageEvents } from "../cache/page-events";
import type { Outbox } from "../jobs/outbox";
import type { CartActor, CartLine, CartService, CartView, Tx } from "./cart";
import { confirmationText, writeInvoiceItems } from "./order-fulfilment";
import { assertNotOwnGiveCode } from "./rewards";

export type CheckoutRequest = {
  /** A saved card's id (payment_methods.id) or a card token / test card. */
  paymentToken: string | null;
  /** From the Idempotency-Key header (or the cart form's hidden field). */
  idempotencyKey: string | null;
  /** The public origin, for links in the confirmation e-mail. */
  publicUrl: string;
};

/** A payment the gateway refused: nothing is written (the transaction rolls back). */
export class PaymentRefused extends DomainError {
  constructor(
    readonly reason: "declined" | "requires_action" | "invalid",
    message: string,
  ) {
    super("payment_refused", { payment_method: [message], code: reason });
  }
}

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Checkout (spec 001 sections 4 and 9; contract.md): one transaction holds the buyer's cart row
 * lock while it re-prices the cart from the database, reserves limited stock with a conditional
 * update, charges the card with an idempotency key and writes the paid order. A retry with the same
 * key finds the order; a concurrent second submit waits for the lock and finds the cart empty (or
 * the order, with the same key). A refused card throws, which rolls everything back: no order, no
 * stock taken, no coupon use.
 */
export function createCheckoutService(deps: {
  db: Db;
  clock: Clock;
  cart: CartService;
  gateway: PaymentGateway;
  outbox: Outbox;
  /** A sale of a limited deal changes its public page ("N remaining"): the page cache hears it. */
  pageEvents?: PageEvents;
}) {
  const { db, clock, gateway, outbox } = deps;

  async function findByKey(ex: Db | Tx, key: string, userId: number) {
    const [order] = await ex
      .select({ id: orders.id, userId: orders.userId, status: orders.status })
      .from(orders)
      .where(eq(orders.idempotencyKey, key))
      .limit(1);
    return order && order.userId === userId ? order : null;
  }

  async function resolvePaymentMethod(tx: Tx, userId: number, token: string | null) {
    if (!token)
      throw new DomainError("invalid", {
        payment_method: [PAYMENT_METHOD_REQUIRED],
      });
    if (/^\d{1,9}$/.test(token) && token.length < 10) {
      const [card] = await tx
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.id, Number(token)), eq(paymentMethods.userId, userId)))
        .limit(1);
      if (!card)
        throw new DomainError("invalid", {
          payment_method: [INVALID_PAYMENT_METHOD_ID],
        });
      return { token: card.providerId, savedId: card.id };
    }
    return { token, savedId: null as number | null };
  }

  function validate(v: CartView, actor: CartActor & { user: NonNullable<CartActor["user"]> }) {
    if (v.lines.length === 0) throw new DomainError("invalid", { non_field_errors: [CART_EMPTY] });
    const problems = v.lines
      .filter((l) => l.problem)
      .map((l) => `${l.deal.publicName} (${l.plan.publicName}): ${l.problem}`);
    if (problems.length) throw new DomainError("invalid", { non_field_errors: problems });
    if (v.couponProblem) {
      throw new DomainError("invalid", { code: [couponNotApplied(v.couponProblem)] });
    }
    if (v.hasPlusDeal && actor.user.hasPlus) {
      throw new DomainError("invalid", { non_field_errors: [PLUS_ALREADY_MEMBER] });
    }
  }

  /** Takes limited stock: a conditional update, so two buyers of the last unit cannot both win. */
  async function reserveStock(tx: Tx, lines: CartLine[]) {
    const perDeal = new Map<number, { units: number; name: string }>();
    for (const l of lines) {
      if (l.isAddon || l.deal.quantityTotal == null) continue;
      const entry = perDeal.get(l.deal.id) ?? { units: 0, name: l.deal.publicName };
      entry.units += l.units;
      perDeal.set(l.deal.id, entry);
    }
    for (const [dealId, { units, name }] of perDeal) {
      const taken = await tx
        .update(deals)
        .set({ quantitySold: sql`${deals.quantitySold} + ${units}` })
        .where(
          and(
            eq(deals.id, dealId),
            sql`(${deals.quantityTotal} is null or ${deals.quantitySold} + ${units} <= ${deals.quantityTotal})`,
          ),
        )
        .returning({ id: deals.id });
      if (taken.length === 0) {
        throw new DomainError("conflict", {
          non_field_errors: [`${name}: ${DEAL_SOLD_OUT}`],
        });
      }
    }
  }

  async function checkout(
    actor: CartActor,
    request: CheckoutRequest,
  ): Promise<{ orderId: number; replayed: boolean }> {
    const user = actor.user;
    if (!user)
      throw new DomainError("unauthenticated", {
        detail: "Authentication credentials were not provided.",
      });
    const buyer = { ...actor, user };
    const key = request.idempotencyKey ? `u${user.id}:${request.idempotencyKey}` : null;
    if (key) {
      const done = await findByKey(db, key, user.id);
      if (done) return { orderId: done.id, replayed: true };
    }
    const limited: number[] = [];
    const result = await db.transaction(async (tx) => {
      const cart = await deps.cart.findCart(tx, actor, true);
      // The lock is held now: a concurrent submit with the same key committed first.
      if (key) {
        const done = await findByKey(tx, key, user.id);
        if (done) return { orderId: done.id, replayed: true };
      }
      const v = await deps.cart.view(tx, cart, actor);
      validate(v, buyer);
      // A cart filled while signed out may carry the buyer's own "give" code.
      if (v.coupon) await assertNotOwnGiveCode(tx, v.coupon.id, user.id, "code");
      if (!cart) throw new DomainError("invalid", { non_field_errors: [CART_EMPTY] });
      await reserveStock(tx, v.lines);
      for (const l of v.lines) if (l.deal.quantityTotal != null) limited.push(l.deal.id);
      const now = clock.now();

      if (v.coupon) {
        const used = await tx
          .update(coupons)
          .set({ usedCount: sql`${coupons.usedCount} + 1` })
          .where(
            and(
              eq(coupons.id, v.coupon.id),
              sql`(${coupons.maxUses} is null or ${coupons.usedCount} < ${coupons.maxUses})`,
            ),
          )
          .returning({ id: coupons.id });
        if (used.length === 0)
          throw new DomainError("invalid", { code: [couponNotApplied(COUPON_USED_UP)] });
      }

      const [order] = await tx
        .insert(orders)
        .values({
          userId: user.id,
          status: "pending",
          subtotalCents: v.subtotalCents,
          discountCents: v.couponDiscountCents,
          creditCents: v.creditAppliedCents,
          totalCents: v.totalCents,
          currency: "USD",
          couponId: v.coupon?.id ?? null,
          paymentProvider: v.paymentKind === "card" ? gateway.name : v.paymentKind,
          idempotencyKey: key ?? `order:${randomBytes(16).toString("hex")}`,
          createdAt: now,
        })
        .returning({ id: orders.id, idempotencyKey: orders.idempotencyKey });
      if (!order) throw new Error("order insert returned nothing");

      let providerPaymentId: string | null = null;
      let paymentMethodId: number | null = null;
      if (v.paymentKind === "card") {
        const method = await resolvePaymentMethod(tx, user.id, request.paymentToken);
        const result = await gateway.charge({
          amountCents: v.totalCents,
          currency: "USD",
          paymentMethod: method.token,
          idempotencyKey: order.idempotencyKey ?? `order:${order.id}`,
          description: `Payonce order ${order.id}`,
          customerEmail: user.email,
        });
        if (result.status !== "succeeded") throw new PaymentRefused(result.status, result.message);
        providerPaymentId = result.providerPaymentId;
        paymentMethodId = method.savedId;
      }

      await tx
        .update(orders)
        .set({ status: "paid", paidAt: now, providerPaymentId, paymentMethodId })
        .where(eq(orders.id, order.id));

      await writeInvoiceItems(tx, v, order.id, user.id, now);

      if (v.coupon) {
        await tx.insert(couponRedemptions).values({
          couponId: v.coupon.id,
          orderId: order.id,
          userId: user.id,
          email: user.email,
          discountCents: v.couponDiscountCents,
          createdAt: now,
        });
      }
      if (v.creditAppliedCents > 0) {
        await tx.insert(credits).values({
          userId: user.id,
          amountCents: -v.creditAppliedCents,
          reason: "purchase",
          note: `Order ${order.id}`,
          orderId: order.id,
          createdAt: now,
        });
      }
      const plusLine = v.lines.find((l) => l.deal.slug === PLUS_DEAL_SLUG);
      if (plusLine) {
        await tx.insert(plusSubscriptions).values({
          userId: user.id,
          stripeSubscriptionId: `sub_${gateway.name}_${order.id}`,
          status: "active",
          priceCents: plusLine.unitCents,
          currentPeriodStart: now,
          currentPeriodEnd: new Date(now.getTime() + YEAR_MS),
          paymentMethodId,
          createdAt: now,
        });
      }

      await outbox.enqueue(tx, {
        kind: "email",
        topic: EMAIL_TOPIC,
        payload: {
          to: user.email,
          subject: `Your Payonce order #${order.id}`,
          text: confirmationText(v, order.id, request.publicUrl),
          template: "order_confirmation",
        },
      });

      await tx.delete(cartItems).where(eq(cartItems.cartId, cart.id));
      await tx
        .update(carts)
        .set({ couponId: null, useCredit: false, updatedAt: now })
        .where(eq(carts.id, cart.id));
      return { orderId: order.id, replayed: false };
    });
    for (const dealId of new Set(limited)) await deps.pageEvents?.dealChanged(dealId);
    return result;
  }

  return { checkout };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
