import { and, desc, eq, gt, ne, sql } from "drizzle-orm";
import {
  CARD_ADDED,
  CARD_ALREADY_SAVED,
  CARD_DEFAULT_SET,
  CARD_EXPIRED,
  CARD_PAYS_PLUS,
  CARD_REMOVED,
  isCardExpired,
  sortCards,
} from "../../../domain/account";
import { cardAddressError, normalizePostalCode } from "../../../domain/billing";
import { conflict, invalid, notFound } from "../../../domain/errors";
import { INVALID_PAYMENT_METHOD_ID, MISSING_CARD_ID } from "../../../domain/messages";
import type { Db } from "../../db/client";
import {
  billingDetails,
  type PaymentMethod,
  paymentCustomers,
  paymentMethods,
  plusSubscriptions,
  users,
} from "../../db/schema";
import type { Clock } from "../../providers/clock";
import type { PaymentGateway } from "../../providers/payments";
import { resolveCardToken } from "./card-tokens";
import { paymentCustomer } from "./payment-customer";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A saved card as the API and the cards page show it (spec 000: payment card display). */
export const cardJson = (card: PaymentMethod, now: Date, plusCardIds: ReadonlySet<number>) => ({
  id: card.id,
  fingerprint_id: card.fingerprint,
  brand: card.brand,
  last4: card.last4,
  exp_month: card.expMonth,
  exp_year: card.expYear,
  country: card.country,
  is_default: card.isDefault,
  is_expired: isCardExpired(card, now),
  is_plus: plusCardIds.has(card.id),
});
export type CardJson = ReturnType<typeof cardJson>;

/**
 * Saved cards (spec 001 sections 4, 5, 7, 8): add by the gateway's payment method id, remove by
 * fingerprint, choose the default. The first card becomes the default; removing the default
 * promotes the newest remaining card; a card that pays an active Plus membership stays until Plus
 * is moved to another card.
 */
export function createCardService(deps: { db: Db; clock: Clock; gateway?: PaymentGateway }) {
  const { db, clock } = deps;

  /**
   * The card behind a payment method id: with Stripe it is attached to the user's customer there
   * (created on first use, kept in payment_customers), so checkout can charge it later; the test
   * gateway knows its test tokens.
   */
  async function providerCard(userId: number, paymentMethodId: string, now: Date) {
    const gateway = deps.gateway;
    if (!gateway || gateway.name === "test") {
      const card = resolveCardToken(paymentMethodId, now);
      return card ? { ...card, provider: "test", country: null as string | null } : null;
    }
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) return null;
    const customerId = await paymentCustomer(db, userId, gateway.name);
    const saved = await gateway.saveCard(
      { id: userId, email: user.email, customerId },
      paymentMethodId,
    );
    if (!saved) return null;
    if (saved.customerId && saved.customerId !== customerId) {
      await db
        .insert(paymentCustomers)
        .values({ userId, provider: gateway.name, customerId: saved.customerId })
        .onConflictDoNothing();
    }
    return {
      provider: gateway.name,
      providerId: saved.paymentMethodId,
      brand: saved.brand,
      last4: saved.last4,
      expMonth: saved.expMonth,
      expYear: saved.expYear,
      fingerprint: saved.fingerprint,
      declines: false,
      country: saved.country,
    };
  }

  const lockUser = (tx: Tx, userId: number) =>
    tx.execute(sql`select pg_advisory_xact_lock(hashtext('cards'), ${userId})`);

  /** Cards paying a Plus membership that is still running (it renews on them). */
  async function plusCardIds(executor: Db | Tx, userId: number): Promise<Set<number>> {
    const rows = await executor
      .select({ id: plusSubscriptions.paymentMethodId })
      .from(plusSubscriptions)
      .where(
        and(
          eq(plusSubscriptions.userId, userId),
          eq(plusSubscriptions.status, "active"),
          gt(plusSubscriptions.currentPeriodEnd, clock.now()),
        ),
      );
    return new Set(rows.map((r) => r.id).filter((id): id is number => id !== null));
  }

  async function list(userId: number, executor: Db | Tx = db) {
    const [rows, plusIds] = await Promise.all([
      executor.select().from(paymentMethods).where(eq(paymentMethods.userId, userId)),
      plusCardIds(executor, userId),
    ]);
    const now = clock.now();
    return sortCards(rows).map((c) => cardJson(c, now, plusIds));
  }

  async function defaultBillingAddress(tx: Tx, userId: number) {
    const [row] = await tx
      .select({ country: billingDetails.country, postalCode: billingDetails.postalCode })
      .from(billingDetails)
      .where(and(eq(billingDetails.userId, userId), eq(billingDetails.isDefault, true)))
      .limit(1);
    return row ?? null;
  }

  /**
   * Saves a card. The card needs a country, and a postal code where the country requires one
   * (spec 001 section 5): taken from the body, else from the default billing address, else the
   * visitor's country by IP.
   */
  async function create(
    userId: number,
    input: {
      payment_method_id: string;
      country: string;
      postal_code: string;
      set_default?: boolean;
    },
    fallbackCountry: string | null,
  ) {
    const now = clock.now();
    const card = await providerCard(userId, input.payment_method_id, now);
    if (!card) throw invalid({ payment_method_id: [INVALID_PAYMENT_METHOD_ID] });
    return db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const billing = await defaultBillingAddress(tx, userId);
      const country = (
        input.country ||
        billing?.country ||
        card.country ||
        fallbackCountry ||
        ""
      ).toUpperCase();
      const postal =
        input.postal_code || (billing?.country === country ? (billing.postalCode ?? "") : "");
      // The same rule checkout applies to the card it charges (domain/billing.ts).
      const problem = cardAddressError(country, postal);
      if (problem) throw invalid({ [problem.field]: [problem.message] });

      const existing = await tx
        .select()
        .from(paymentMethods)
        .where(eq(paymentMethods.userId, userId));
      const same = existing.find((c) => c.fingerprint === card.fingerprint);
      if (same) {
        if (input.set_default && !same.isDefault) await makeDefault(tx, userId, same.id);
        return {
          created: false,
          detail: CARD_ALREADY_SAVED,
          card_id: same.id,
          cards: await list(userId, tx),
        };
      }
      const isDefault = input.set_default === true || !existing.some((c) => c.isDefault);
      if (isDefault) {
        await tx
          .update(paymentMethods)
          .set({ isDefault: false })
          .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.isDefault, true)));
      }
      const [row] = await tx
        .insert(paymentMethods)
        .values({
          userId,
          provider: card.provider,
          providerId: card.providerId,
          fingerprint: card.fingerprint,
          brand: card.brand,
          last4: card.last4,
          expMonth: card.expMonth,
          expYear: card.expYear,
          isDefault,
          country,
          postalCode: postal ? normalizePostalCode(postal) : null,
          createdAt: now,
        })
        .returning({ id: paymentMethods.id });
      return {
        created: true,
        detail: CARD_ADDED,
        card_id: row?.id as number,
        cards: await list(userId, tx),
      };
    });
  }

  async function makeDefault(tx: Tx, userId: number, id: number) {
    await tx
      .update(paymentMethods)
      .set({ isDefault: false })
      .where(and(eq(paymentMethods.userId, userId), ne(paymentMethods.id, id)));
    await tx
      .update(paymentMethods)
      .set({ isDefault: true })
      .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.id, id)));
  }

  async function remove(userId: number, fingerprintId: string) {
    return db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const [card] = await tx
        .select()
        .from(paymentMethods)
        .where(
          and(eq(paymentMethods.userId, userId), eq(paymentMethods.fingerprint, fingerprintId)),
        );
      if (!card) throw notFound(MISSING_CARD_ID);
      if ((await plusCardIds(tx, userId)).has(card.id)) throw conflict(CARD_PAYS_PLUS);
      await tx.delete(paymentMethods).where(eq(paymentMethods.id, card.id));
      if (card.isDefault) {
        const [next] = await tx
          .select({ id: paymentMethods.id })
          .from(paymentMethods)
          .where(eq(paymentMethods.userId, userId))
          .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id))
          .limit(1);
        if (next) await makeDefault(tx, userId, next.id);
      }
      return { detail: CARD_REMOVED, cards: await list(userId, tx) };
    });
  }

  async function setDefault(userId: number, cardId: number) {
    return db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const [card] = await tx
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.id, cardId)));
      if (!card) throw notFound(MISSING_CARD_ID);
      if (isCardExpired(card, clock.now())) throw invalid({ card: [CARD_EXPIRED] });
      await makeDefault(tx, userId, card.id);
      return { detail: CARD_DEFAULT_SET, cards: await list(userId, tx) };
    });
  }

  /** One of the user's cards by our id or the provider's id (Plus's update_payment_method). */
  async function findOwn(userId: number, key: string): Promise<PaymentMethod | null> {
    const id = /^\d+$/.test(key) ? Number(key) : null;
    const [row] = await db
      .select()
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.userId, userId),
          id !== null ? eq(paymentMethods.id, id) : eq(paymentMethods.providerId, key),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  async function defaultCard(userId: number): Promise<PaymentMethod | null> {
    const [row] = await db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.isDefault, true)))
      .limit(1);
    return row ?? null;
  }

  return { list, create, remove, setDefault, findOwn, defaultCard };
}

export type CardService = ReturnType<typeof createCardService>;
