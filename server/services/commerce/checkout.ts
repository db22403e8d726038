import { createHash, randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { PLUS_DEAL_SLUG } from "../../../domain/constants";
import { DomainError } from "../../../domain/errors";
import {
  CART_CHANGED_AFTER_PAYMENT,
  CART_EMPTY,
  COUPON_USED_UP,
  couponNotApplied,
  DEAL_SOLD_OUT,
  INVALID_PAYMENT_METHOD_ID,
  PAYMENT_METHOD_REQUIRED,
  PLUS_ALREADY_MEMBER,
} from "../../../domain/messages";
import { cartSignature } from "../../../domain/payments";
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
  payments,
  plusSubscriptions,
} from "../../db/schema";
import type { Clock } from "../../providers/clock";
import type { ChargeResult, Payments } from "../../providers/payments";
import { EMAIL_TOPIC } from "../accounts/accounts";
import type { PageEvents } from "../cache/page-events";
import type { Outbox } from "../jobs/outbox";
import { checkoutBilling } from "./billing";
import { cardAddress } from "./card-address";
import type { CartActor, CartLine, CartService, CartView, Tx } from "./cart";
import { orderEmail } from "./order-email";
import { writeInvoiceItems } from "./order-fulfilment";
import { recordPaidPayment } from "./paid-payment";
import { paymentCustomer } from "./payment-customer";
import { assertNotOwnGiveCode } from "./rewards";

export type CheckoutRequest = {
  /** A saved card's id (payment_methods.id) or a card token / test card. */
  paymentToken: string | null;
  /** The browser is back from 3-D Secure: complete the order this PaymentIntent paid for. */
  paymentIntent?: string | null;
  /** From the Idempotency-Key header (or the cart form's hidden field). */
  idempotencyKey: string | null;
  /** The public origin, for links in the confirmation e-mail. */
  publicUrl: string;
  /** The visitor's country by IP (geoip): a new card's country when no billing is saved. */
  ipCountry?: string | null;
  /** The currency the buyer's pages showed prices in (the session's), named in the e-mail. */
  displayCurrency?: string | null;
};

/** A payment the gateway refused: nothing is written (the transaction rolls back). */
export class PaymentRefused extends DomainError {
  constructor(
    readonly reason: "declined" | "requires_action" | "invalid",
    message: string,
    /** requires_action: what the browser needs for the challenge (client_secret, payment_intent). */
    extra: Record<string, string> = {},
  ) {
    super("payment_refused", { payment_method: [message], code: reason, ...extra });
  }
}

/** Rolls the checkout back when the card needs the buyer (3-D Secure) or is still processing. */
class PaymentPending extends Error {
  constructor(
    readonly result: Extract<ChargeResult, { status: "requires_action" | "processing" }>,
    readonly amountCents: number,
    readonly signature: string,
    readonly orderKey: string,
  ) {
    super("payment pending");
  }
}

/** How an order was paid: written on the order and, for a card, in the payments mirror. */
export type OrderPayment = {
  provider: string;
  providerPaymentId: string | null;
  paymentMethodId: number | null;
  chargeId?: string | null;
  feeCents?: number | null;
  netCents?: number | null;
};

export type CheckoutResult =
  | { orderId: number; replayed: boolean }
  | { processing: true; paymentIntent: string };

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * The card a payment uses: a saved card's id (the caller's own; with Stripe, with its customer)
 * or a card token / test card as given. Upgrades pay the same way.
 */
export async function resolvePaymentMethod(tx: Tx, userId: number, token: string | null) {
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
    const customerId =
      card.provider === "stripe" ? await paymentCustomer(tx, userId, "stripe") : null;
    return {
      token: card.providerId,
      savedId: card.id,
      customerId,
      address: { country: card.country, postalCode: card.postalCode },
    };
  }
  return {
    token,
    savedId: null as number | null,
    customerId: null as string | null,
    address: null as { country: string | null; postalCode: string | null } | null,
  };
}

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
  gateway: Payments;
  outbox: Outbox;
  /** A sale of a limited deal changes its public page ("N remaining"): the page cache hears it. */
  pageEvents: PageEvents;
  /** The browser's return from 3-D Secure (commerce/payments.ts completes the payment). */
  completePayment?: (
    user: NonNullable<CartActor["user"]>,
    paymentIntent: string,
  ) => Promise<CheckoutResult>;
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

  /** Takes the coupon's use: a conditional update, so a coupon's last use is spent once. */
  async function spendCoupon(tx: Tx, couponId: number) {
    const used = await tx
      .update(coupons)
      .set({ usedCount: sql`${coupons.usedCount} + 1` })
      .where(
        and(
          eq(coupons.id, couponId),
          sql`(${coupons.maxUses} is null or ${coupons.usedCount} < ${coupons.maxUses})`,
        ),
      )
      .returning({ id: coupons.id });
    if (used.length === 0)
      throw new DomainError("invalid", { code: [couponNotApplied(COUPON_USED_UP)] });
  }

  /**
   * Everything a paid cart leaves behind, in the caller's transaction (stock and coupon already
   * taken): the paid order, its invoice items and licence codes, the coupon redemption, the
   * credits spent, Plus, the confirmation e-mail, and an empty cart.
   */
  async function writeOrder(
    tx: Tx,
    input: {
      cartId: number;
      v: CartView;
      user: NonNullable<CartActor["user"]>;
      payment: OrderPayment;
      orderKey: string;
      publicUrl: string;
      displayCurrency?: string | null;
    },
  ): Promise<number> {
    const { v, user, payment } = input;
    const now = clock.now();
    // What the receipt will say, as it stands at the moment of purchase.
    const billing = { email: user.email, ...(await checkoutBilling(tx, user.id)) };
    const [order] = await tx
      .insert(orders)
      .values({
        userId: user.id,
        status: "paid",
        subtotalCents: v.subtotalCents,
        discountCents: v.couponDiscountCents,
        creditCents: v.creditAppliedCents,
        totalCents: v.totalCents,
        currency: "USD",
        couponId: v.coupon?.id ?? null,
        paymentProvider: payment.provider,
        providerPaymentId: payment.providerPaymentId,
        paymentMethodId: payment.paymentMethodId,
        idempotencyKey: input.orderKey,
        billing,
        createdAt: now,
        paidAt: now,
      })
      .returning({ id: orders.id });
    if (!order) throw new Error("order insert returned nothing");

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
        paymentMethodId: payment.paymentMethodId,
        createdAt: now,
      });
    }
    if (payment.providerPaymentId) {
      // The payments mirror: the webhook and the sweep find this payment's order here.
      await recordPaidPayment(tx, {
        provider: payment.provider,
        providerPaymentId: payment.providerPaymentId,
        userId: user.id,
        idempotencyKey: input.orderKey,
        purpose: "checkout",
        cartSignature: cartSignature(v),
        amountCents: v.totalCents,
        orderId: order.id,
        chargeId: payment.chargeId,
        feeCents: payment.feeCents,
        netCents: payment.netCents,
        now,
      });
    }

    await outbox.enqueue(tx, {
      kind: "email",
      topic: EMAIL_TOPIC,
      payload: {
        to: user.email,
        subject: `Your Payonce order #${order.id}`,
        text: await orderEmail(tx, {
          v,
          orderId: order.id,
          userId: user.id,
          publicUrl: input.publicUrl,
          displayCurrency: input.displayCurrency ?? null,
        }),
        template: "order_confirmation",
      },
    });

    await tx.delete(cartItems).where(eq(cartItems.cartId, input.cartId));
    await tx
      .update(carts)
      .set({ couponId: null, useCredit: false, updatedAt: now })
      .where(eq(carts.id, input.cartId));
    return order.id;
  }

  /**
   * Makes the order a payment already made pays for (3-D Secure completed, a webhook, the
   * sweep), in the caller's transaction: only when the buyer's cart is still what was charged,
   * with stock and coupon still there. Null when it is not: the caller gives the money back.
   */
  async function orderForPayment(
    tx: Tx,
    input: {
      user: NonNullable<CartActor["user"]>;
      orderKey: string;
      signature: string | null;
      amountCents: number;
      payment: OrderPayment;
      publicUrl: string;
    },
  ): Promise<{ orderId: number } | { problem: string }> {
    const actor: CartActor = { sessionId: null, user: input.user };
    const cart = await deps.cart.findCart(tx, actor, true);
    if (!cart) return { problem: CART_EMPTY };
    const v = await deps.cart.view(tx, cart, actor);
    if (v.lines.length === 0) return { problem: CART_EMPTY };
    if (cartSignature(v) !== input.signature || v.totalCents !== input.amountCents) {
      return { problem: CART_CHANGED_AFTER_PAYMENT };
    }
    try {
      // A savepoint: a refusal below (sold out, coupon used up) undoes only this attempt.
      const orderId = await tx.transaction(async (sp) => {
        validate(v, { ...actor, user: input.user });
        if (v.coupon) await assertNotOwnGiveCode(sp, v.coupon.id, input.user.id, "code");
        await reserveStock(sp, v.lines);
        if (v.coupon) await spendCoupon(sp, v.coupon.id);
        return writeOrder(sp, {
          cartId: cart.id,
          v,
          user: input.user,
          payment: input.payment,
          orderKey: input.orderKey,
          publicUrl: input.publicUrl,
        });
      });
      const limited = new Set(
        v.lines.filter((l) => l.deal.quantityTotal != null).map((l) => l.deal.id),
      );
      for (const dealId of limited) await deps.pageEvents.dealChanged(dealId);
      return { orderId };
    } catch (err) {
      if (err instanceof DomainError) return { problem: err.message };
      throw err;
    }
  }

  async function checkout(actor: CartActor, request: CheckoutRequest): Promise<CheckoutResult> {
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
    if (request.paymentIntent) {
      if (!deps.completePayment) throw new Error("checkout: no payment completion wired");
      return deps.completePayment(user, request.paymentIntent);
    }
    const limited: number[] = [];
    let result: CheckoutResult;
    try {
      result = await db.transaction(async (tx) => {
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
        if (v.coupon) await spendCoupon(tx, v.coupon.id);
        const orderKey = key ?? `order:${randomBytes(16).toString("hex")}`;
        const payment: OrderPayment = {
          provider: v.paymentKind === "card" ? gateway.name : v.paymentKind,
          providerPaymentId: null,
          paymentMethodId: null,
        };
        if (v.paymentKind === "card") {
          const method = await resolvePaymentMethod(tx, user.id, request.paymentToken);
          await cardAddress(tx, user.id, method.address, request.ipCountry ?? null);
          const signature = cartSignature(v);
          const charged = await gateway.charge({
            amountCents: v.totalCents,
            currency: "USD",
            paymentMethod: method.token,
            customerId: method.customerId,
            // Another card, or another cart, is another payment; a double click is the same one.
            idempotencyKey: `${orderKey}:${createHash("sha256").update(`${method.token}|${signature}`).digest("hex").slice(0, 16)}`,
            description: `Payonce order for ${user.email}`,
            customerEmail: user.email,
            metadata: {
              user_id: String(user.id),
              cart_signature: signature,
              idempotency_key: orderKey,
              ...(method.savedId ? { payment_method_id: String(method.savedId) } : {}),
            },
          });
          if (charged.status === "requires_action" || charged.status === "processing") {
            throw new PaymentPending(charged, v.totalCents, signature, orderKey);
          }
          if (charged.status !== "succeeded") {
            throw new PaymentRefused(charged.status, charged.message);
          }
          payment.providerPaymentId = charged.providerPaymentId;
          payment.paymentMethodId = method.savedId;
          payment.chargeId = charged.chargeId ?? null;
          payment.feeCents = charged.feeCents ?? null;
          payment.netCents = charged.netCents ?? null;
        }
        const orderId = await writeOrder(tx, {
          cartId: cart.id,
          v,
          user,
          payment,
          orderKey,
          publicUrl: request.publicUrl,
          displayCurrency: request.displayCurrency ?? null,
        });
        return { orderId, replayed: false };
      });
    } catch (err) {
      if (!(err instanceof PaymentPending)) throw err;
      // Nothing of the checkout was kept (stock, coupon, order): the payment waits for the buyer
      // (3-D Secure) or the bank (processing); what completes it finds this row.
      await db
        .insert(payments)
        .values({
          provider: gateway.name,
          providerPaymentId: err.result.providerPaymentId,
          userId: user.id,
          idempotencyKey: err.orderKey,
          cartSignature: err.signature,
          amountCents: err.amountCents,
          status: err.result.status,
          createdAt: clock.now(),
          updatedAt: clock.now(),
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
    for (const dealId of new Set(limited)) await deps.pageEvents.dealChanged(dealId);
    return result;
  }

  return { checkout, orderForPayment };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
