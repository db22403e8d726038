/**
 * The one way purchased lines are refunded (issue 30; docs/decisions/002, 005, 011). The buyer's
 * refund (purchases.ts) and staff's (staff/operations.ts) decide which lines may go; this pays
 * them back and makes the licences follow:
 * - a line brings its add-ons (whatever their own refund days) and its whole upgrade chain, each
 *   line paid back from its own order's payment;
 * - each order gives back its lines' shares (domain/refunds.ts orderLineRefunds): credits to the
 *   payer's balance, the card part through the provider, asked first (a refusal rolls back);
 * - a refunded Plus line keeps back the member discounts its payer still keeps (decision 011);
 * - the lines are marked refunded, their orders' codes re-derived by syncLicences, Plus ended,
 *   the payers e-mailed, and a transfer recipient told their codes stopped working.
 *
 * Locks: every line first, in id order, in one statement; then the orders, in id order. Two
 * refunds that reach the same lines (a buyer and staff, or two clicks) therefore queue instead of
 * deadlocking, and the second finds the lines refunded.
 */
import { and, asc, eq, inArray, isNull, ne, notInArray, or, sql } from "drizzle-orm";
import { PLUS_DEAL_SLUG } from "../../../domain/constants";
import { invalid } from "../../../domain/errors";
import {
  afterPlusClawback,
  type LineRefund,
  orderLineRefunds,
  plusClawbackText,
  REFUND_FAILED,
  refundDestinationText,
} from "../../../domain/refunds";
import {
  credits,
  deals,
  invoiceItems,
  orders,
  paymentMethods,
  paymentRefunds,
  plusSubscriptions,
  users,
} from "../../db/schema";
import type { PaymentGateway } from "../../providers/payments";
import { EMAIL_TOPIC } from "../accounts/accounts";
import type { Outbox } from "../jobs/outbox";
import type { Tx } from "./cart";
import { syncLicences } from "./licences";

const asDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/** A line as a refund sees it, locked. */
export type LockedLine = Awaited<ReturnType<typeof lockLines>>[number];

/**
 * Locks every line a refund of `ids` reaches. The reach is read before the locks, so an upgrade
 * that committed in between (it locks the old line, then adds the new one) would be missed and
 * the new line left live with the codes; read it again under the locks until it stops growing.
 * Once the old line is locked no new upgrade of it can start, so this settles in one more round.
 */
export async function lockRelated(tx: Tx, ids: readonly number[]): Promise<LockedLine[]> {
  let reach = await relatedLines(tx, ids);
  for (let round = 0; ; round += 1) {
    const locked = await lockLines(tx, reach);
    const again = await relatedLines(tx, ids);
    if (again.every((id) => reach.includes(id)) || round >= MAX_HOPS) return locked;
    reach = again;
  }
}

/** Longest upgrade chain plus add-on depth a refund follows (a guard, not a rule). */
const MAX_HOPS = 50;

/**
 * The lines a refund of `ids` reaches: each line's add-ons, and every line of its upgrade chain
 * (back through upgraded_from_invoice_item_id and forward to the line that replaced it), with
 * their add-ons in turn. Read without locks; lockLines locks the answer.
 */
export async function relatedLines(tx: Tx, ids: readonly number[]): Promise<number[]> {
  let found = new Set(ids);
  for (let hop = 0; hop < MAX_HOPS; hop += 1) {
    const list = [...found];
    const rows = await tx
      .select({ id: invoiceItems.id, from: invoiceItems.upgradedFromInvoiceItemId })
      .from(invoiceItems)
      .where(
        or(
          inArray(invoiceItems.id, list),
          inArray(invoiceItems.upgradedFromInvoiceItemId, list),
          inArray(invoiceItems.parentInvoiceItemId, list),
        ),
      );
    const next = new Set(found);
    for (const r of rows) {
      next.add(r.id);
      if (r.from != null) next.add(r.from);
    }
    if (next.size === found.size) break;
    found = next;
  }
  return [...found].sort((a, b) => a - b);
}

/** Locks the lines (in id order) and reads what the refund rules need of each. */
export async function lockLines(tx: Tx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({
      id: invoiceItems.id,
      orderId: invoiceItems.orderId,
      dealId: invoiceItems.dealId,
      ownerId: invoiceItems.userId,
      parentId: invoiceItems.parentInvoiceItemId,
      upgradedFrom: invoiceItems.upgradedFromInvoiceItemId,
      upgradedAt: invoiceItems.upgradedAt,
      refundedAt: invoiceItems.refundedAt,
      payerId: orders.userId,
      orderStatus: orders.status,
      windowStartedAt:
        sql<Date>`coalesce(${invoiceItems.windowStartedAt}, ${invoiceItems.createdAt})`.mapWith(
          (v: Date | string) => asDate(v),
        ),
      refundableDays: deals.refundableDays,
      dealName: deals.publicName,
      dealSlug: deals.slug,
    })
    .from(invoiceItems)
    .innerJoin(orders, eq(orders.id, invoiceItems.orderId))
    .innerJoin(deals, eq(deals.id, invoiceItems.dealId))
    .where(inArray(invoiceItems.id, [...ids]))
    .orderBy(asc(invoiceItems.id))
    .for("update", { of: invoiceItems });
  return rows;
}

/** The upgrade chain of `line` among `lines`: itself and every line it replaced, newest first. */
export function chainOf(line: LockedLine, lines: readonly LockedLine[]): LockedLine[] {
  const chain = [line];
  let at: LockedLine | undefined = line;
  while (at?.upgradedFrom != null && chain.length < MAX_HOPS) {
    const from: number = at.upgradedFrom;
    at = lines.find((l) => l.id === from);
    if (at) chain.push(at);
  }
  return chain;
}

type Payer = {
  cardCents: number;
  creditCents: number;
  card: { brand: string | null; last4: string | null } | null;
  names: string[];
  deducted: { cents: number; keptNames: string[] } | null;
};

export type LineRefundResult = {
  refundedItems: number[];
  amountCents: number;
  /** What a Plus refund kept back for the member discounts still kept, and on which lines. */
  deduction: { amountCents: number; text: string; invoiceItems: number[] } | null;
};

export function createLineRefunds(deps: { gateway: PaymentGateway; outbox: Outbox }) {
  const { gateway, outbox } = deps;

  /**
   * The member discounts the payer of Plus line `plus` still keeps: lines they paid for since
   * that Plus purchase (its own order included), not refunded and not being refunded now.
   * Read, not locked: a line refunded at the same moment can only make this deduct too much
   * from the buyer's refund, never give back more than was paid.
   */
  async function keptPlusDiscounts(
    tx: Tx,
    plus: LockedLine,
    exclude: readonly number[],
    counted: Set<number>,
  ) {
    if (plus.payerId == null) return { cents: 0, lines: [] as { id: number; name: string }[] };
    const [since] = await tx
      .select({ at: sql<string>`coalesce(${orders.paidAt}, ${orders.createdAt})::text` })
      .from(orders)
      .where(eq(orders.id, plus.orderId));
    const kept = await tx
      .select({
        id: invoiceItems.id,
        cents: invoiceItems.plusDiscountCents,
        name: deals.publicName,
      })
      .from(invoiceItems)
      .innerJoin(orders, eq(orders.id, invoiceItems.orderId))
      .innerJoin(deals, eq(deals.id, invoiceItems.dealId))
      .where(
        and(
          eq(orders.userId, plus.payerId),
          inArray(orders.status, ["paid", "refunded"]),
          isNull(invoiceItems.refundedAt),
          sql`${invoiceItems.plusDiscountCents} > 0`,
          ne(deals.slug, PLUS_DEAL_SLUG),
          sql`coalesce(${orders.paidAt}, ${orders.createdAt}) >= ${since?.at ?? "infinity"}::timestamptz`,
          exclude.length ? notInArray(invoiceItems.id, [...exclude]) : undefined,
        ),
      )
      .orderBy(asc(invoiceItems.id));
    const lines = kept.filter((k) => !counted.has(k.id));
    for (const l of lines) counted.add(l.id);
    return { cents: lines.reduce((s, l) => s + Number(l.cents), 0), lines };
  }

  /** Pays back `targets` (locked by lockLines, not refunded) and marks them refunded at `now`. */
  async function payBack(
    tx: Tx,
    targets: readonly LockedLine[],
    now: Date,
  ): Promise<LineRefundResult> {
    if (targets.length === 0) return { refundedItems: [], amountCents: 0, deduction: null };
    const ids = targets.map((t) => t.id);
    const orderIds = [...new Set(targets.map((t) => t.orderId))].sort((a, b) => a - b);
    const orderRows = await tx
      .select({
        id: orders.id,
        payerId: orders.userId,
        creditCents: orders.creditCents,
        totalCents: orders.totalCents,
        providerPaymentId: orders.providerPaymentId,
        paymentMethodId: orders.paymentMethodId,
      })
      .from(orders)
      .where(inArray(orders.id, orderIds))
      .orderBy(asc(orders.id))
      .for("update");
    const allLines = await tx
      .select({
        id: invoiceItems.id,
        orderId: invoiceItems.orderId,
        priceCents: invoiceItems.priceCents,
        discountCents: invoiceItems.discountCents,
      })
      .from(invoiceItems)
      .where(inArray(invoiceItems.orderId, orderIds));
    const shares = new Map<number, LineRefund>();
    for (const o of orderRows) {
      const lines = allLines.filter((l) => l.orderId === o.id);
      for (const share of orderLineRefunds(lines, o)) shares.set(share.id, share);
    }

    // Plus refunded: keep back the member discounts still kept (newest Plus first, so a line
    // is counted against the membership that priced it, once).
    const counted = new Set<number>();
    const deductions = new Map<number, { cents: number; lines: { id: number; name: string }[] }>();
    const plusLines = targets
      .filter((t) => t.dealSlug === PLUS_DEAL_SLUG)
      .sort((a, b) => b.orderId - a.orderId);
    for (const plus of plusLines) {
      const kept = await keptPlusDiscounts(tx, plus, ids, counted);
      if (kept.cents > 0) deductions.set(plus.id, kept);
    }

    const payers = new Map<number | null, Payer>();
    const payerOf = (id: number | null): Payer => {
      let p = payers.get(id);
      if (!p) {
        p = { cardCents: 0, creditCents: 0, card: null, names: [], deducted: null };
        payers.set(id, p);
      }
      return p;
    };
    let deductedTotal = 0;
    const deductedLines: number[] = [];
    const deductedNames: string[] = [];
    for (const o of orderRows) {
      const mine = targets.filter((t) => t.orderId === o.id);
      let cardCents = 0;
      let creditCents = 0;
      for (const line of mine) {
        const share = shares.get(line.id) ?? { cardCents: 0, creditCents: 0 };
        const kept = deductions.get(line.id);
        const back = kept ? afterPlusClawback(share, kept.cents) : { ...share, deductedCents: 0 };
        cardCents += back.cardCents;
        creditCents += back.creditCents;
        if (kept && back.deductedCents > 0) {
          deductedTotal += back.deductedCents;
          deductedLines.push(...kept.lines.map((l) => l.id));
          deductedNames.push(...kept.lines.map((l) => l.name));
          const payer = payerOf(o.payerId);
          payer.deducted = {
            cents: (payer.deducted?.cents ?? 0) + back.deductedCents,
            keptNames: [...(payer.deducted?.keptNames ?? []), ...kept.lines.map((l) => l.name)],
          };
        }
      }
      const lineIds = mine.map((l) => l.id);
      const payer = payerOf(o.payerId);
      payer.names.push(...mine.map((l) => l.dealName));
      if (cardCents > 0) {
        if (!o.providerPaymentId) throw invalid({ non_field_errors: [REFUND_FAILED] });
        const back = await gateway.refund(
          o.providerPaymentId,
          cardCents,
          `refund:order${o.id}:items${lineIds.join(",")}`,
          // The webhook that reports this refund knows it is ours, and which lines it paid back.
          { payonce: "1", order_id: String(o.id), items: lineIds.join(",") },
        );
        if (back.status === "failed") throw invalid({ non_field_errors: [back.message] });
        // Kept with its lines: a refund that fails later at the provider gives them back.
        await tx
          .insert(paymentRefunds)
          .values({
            providerRefundId: back.providerRefundId,
            providerPaymentId: o.providerPaymentId,
            orderId: o.id,
            amountCents: cardCents,
            status: back.status,
            source: "payonce",
            invoiceItemIds: lineIds,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing();
        if (o.paymentMethodId && !payer.card) {
          const [method] = await tx
            .select({ brand: paymentMethods.brand, last4: paymentMethods.last4 })
            .from(paymentMethods)
            .where(eq(paymentMethods.id, o.paymentMethodId));
          payer.card = method ?? null;
        }
      }
      // Credits go back to whoever spent them: the order's payer, not a transfer's recipient.
      const creditTo = o.payerId ?? mine[0]?.ownerId ?? null;
      if (creditCents > 0 && creditTo != null) {
        await tx.insert(credits).values({
          userId: creditTo,
          amountCents: creditCents,
          reason: "refund",
          note: `Refund of order ${o.id}`,
          orderId: o.id,
          createdAt: now,
        });
      }
      payer.cardCents += cardCents;
      payer.creditCents += creditCents;
    }

    await tx
      .update(invoiceItems)
      .set({ refundedAt: now })
      .where(and(isNull(invoiceItems.refundedAt), inArray(invoiceItems.id, ids)));
    for (const orderId of orderIds) {
      const [left] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(invoiceItems)
        .where(and(eq(invoiceItems.orderId, orderId), isNull(invoiceItems.refundedAt)));
      if (Number(left?.n ?? 0) === 0) {
        await tx.update(orders).set({ status: "refunded" }).where(eq(orders.id, orderId));
      }
    }
    await syncLicences(tx, orderIds, now);
    for (const plus of plusLines) {
      if (plus.payerId != null) await endRunningPlus(tx, plus.payerId, now);
    }
    await tell(tx, targets, payers);

    let amountCents = 0;
    for (const p of payers.values()) amountCents += p.cardCents + p.creditCents;
    return {
      refundedItems: ids,
      amountCents,
      deduction:
        deductedTotal > 0
          ? {
              amountCents: deductedTotal,
              text: plusClawbackText(deductedTotal, deductedNames),
              invoiceItems: [...new Set(deductedLines)].sort((a, b) => a - b),
            }
          : null,
    };
  }

  /** A refunded Plus purchase ends the membership it started, at once (no member prices left). */
  async function endRunningPlus(tx: Tx, userId: number, now: Date) {
    await tx
      .update(plusSubscriptions)
      .set({ status: "canceled", cancelAtPeriodEnd: true, canceledAt: now, currentPeriodEnd: now })
      .where(
        and(
          eq(plusSubscriptions.userId, userId),
          eq(plusSubscriptions.status, "active"),
          sql`${plusSubscriptions.currentPeriodEnd} > ${now.toISOString()}::timestamptz`,
        ),
      );
  }

  /** Each payer hears where their money went; a transfer recipient, that the codes stopped. */
  async function tell(tx: Tx, targets: readonly LockedLine[], payers: Map<number | null, Payer>) {
    const payerIds = [...payers.keys()].filter((id): id is number => id != null);
    const recipients = targets.filter(
      (t) => t.ownerId != null && t.ownerId !== t.payerId && !payerIds.includes(t.ownerId),
    );
    const ids = [...new Set([...payerIds, ...recipients.map((r) => r.ownerId as number)])];
    if (ids.length === 0) return;
    const found = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.id, ids));
    const emailOf = new Map(found.map((u) => [u.id, u.email]));
    for (const [id, p] of payers) {
      const to = id != null ? emailOf.get(id) : undefined;
      if (!to) continue;
      const names = [...new Set(p.names)].join(", ");
      const amount = p.cardCents + p.creditCents;
      await outbox.enqueue(tx, {
        kind: "email",
        topic: EMAIL_TOPIC,
        payload: {
          to,
          subject: `Your refund for ${names}`,
          text: [
            "Hi,",
            "",
            `We refunded your purchase of ${names} (${(amount / 100).toFixed(2)} USD).`,
            ...(p.deducted ? [plusClawbackText(p.deducted.cents, p.deducted.keptNames)] : []),
            ...refundDestinationText(p, p.card),
          ].join("\n"),
          template: "product_refunded",
        },
      });
    }
    const byOwner = new Map<number, string[]>();
    for (const r of recipients) {
      const owner = r.ownerId as number;
      byOwner.set(owner, [...(byOwner.get(owner) ?? []), r.dealName]);
    }
    for (const [owner, names] of byOwner) {
      const to = emailOf.get(owner);
      if (!to) continue;
      const list = [...new Set(names)].join(", ");
      await outbox.enqueue(tx, {
        kind: "email",
        topic: EMAIL_TOPIC,
        payload: {
          to,
          subject: `${list} was refunded`,
          text: [
            "Hi,",
            "",
            `${list}, transferred to your Payonce account, was refunded to the person who paid for it.`,
            "Its licence codes no longer work, and it stays in your products as history.",
          ].join("\n"),
          template: "transferred_product_refunded",
        },
      });
    }
  }

  return { payBack };
}

export type LineRefunds = ReturnType<typeof createLineRefunds>;
