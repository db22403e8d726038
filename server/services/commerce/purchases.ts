import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import {
  ALREADY_REFUNDED,
  PRODUCTS_CSV_MAX_ROWS,
  type ProductFilter,
  REFUND_REQUESTED,
  type RefundState,
  refundState,
} from "../../../domain/account";
import { PAGINATION_PAGE_SIZE, PLUS_DEAL_SLUG } from "../../../domain/constants";
import { conflict, invalid, notFound } from "../../../domain/errors";
import { toMajor } from "../../../domain/money";
import type { LicenceStatus } from "../../../domain/payments";
import { orderLineRefunds, REFUND_FAILED, refundDestinationText } from "../../../domain/refunds";
import type { ProductsQuery } from "../../../domain/schemas/account";
import type { Db } from "../../db/client";
import {
  credits,
  deals,
  invoiceItems,
  orders,
  paymentMethods,
  paymentRefunds,
  plusSubscriptions,
} from "../../db/schema";
import type { Clock } from "../../providers/clock";
import type { PaymentGateway } from "../../providers/payments";
import { EMAIL_TOPIC } from "../accounts/accounts";
import type { Outbox } from "../jobs/outbox";
import { syncLicences } from "./licences";

type Row = {
  id: number;
  order_id: number;
  deal_id: number;
  deal_slug: string;
  deal_name: string;
  deal_logo: string | null;
  refundable_days: number;
  plan_id: number | null;
  plan_name: string | null;
  plan_type: string | null;
  plan_codes: number | null;
  price_cents: number;
  quantity: number;
  parent_invoice_item_id: number | null;
  purchased_at: Date | string;
  refunded_at: Date | string | null;
  received_by_transfer: boolean;
  codes: { code: string; redeemed: boolean; status: LicenceStatus }[] | string;
};

/** One of the buyer's purchases (an invoice item they own); productJson in server/web shows it. */
export type Purchase = Omit<Row, "codes"> & {
  purchasedAt: Date;
  refundedAt: Date | null;
  codes: { code: string; redeemed: boolean; status: LicenceStatus }[];
  refund: RefundState;
};

/** Raw SQL answers: {rows} (PGlite and node-postgres) or an array of rows. */
const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as T[];

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const asDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/** What the filter `f` keeps (all = every purchase the user owns, refunded ones as history). */
function filterSql(f: ProductFilter) {
  const redeemed = sql`exists (select 1 from licences l where l.invoice_item_id = ii.id and l.redeemed_at is not null)`;
  switch (f) {
    case "active":
      return sql`ii.refunded_at is null`;
    case "redeemed":
      return sql`ii.refunded_at is null and ${redeemed}`;
    case "not_redeemed":
      return sql`ii.refunded_at is null and not ${redeemed}`;
    case "refunded":
      return sql`ii.refunded_at is not null`;
    default:
      return sql`true`;
  }
}

/** ILIKE needs its wildcards escaped, or "100%" would match everything. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The buyer's products (spec 001 section 7, "GET products list": page, f, q, and a download URL
 * with f and q): every plan they currently own (invoice_items.user_id; a transfer moves it) on a
 * paid order, with its licence codes and its refund state, newest first. Refunds are requested
 * here too, within the deal's refundable_days.
 */
export function createProductService(deps: {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  gateway: PaymentGateway;
}) {
  const { db, clock, outbox, gateway } = deps;

  async function rows(userId: number, query: ProductsQuery, limit: number, offset: number) {
    const search = query.q
      ? sql`and (d.name ilike ${likePattern(query.q)} or d.public_name ilike ${likePattern(query.q)}
          or p.public_name ilike ${likePattern(query.q)}
          or exists (select 1 from licences l where l.invoice_item_id = ii.id
            and l.code ilike ${likePattern(query.q)}))`
      : sql``;
    const where = sql`ii.user_id = ${userId} and o.status in ('paid', 'refunded')
      and ${filterSql(query.f)} ${search}`;
    // One statement: the page and, by a window count, the total (PGlite runs one query at a time).
    const list = rowsOf<Row & { total: number }>(
      await db.execute(sql`select ii.id, ii.order_id, d.id as deal_id, d.slug as deal_slug,
          d.public_name as deal_name, d.product_logo as deal_logo, d.refundable_days,
          p.id as plan_id, p.public_name as plan_name, p.plan_type, p.codes as plan_codes,
          ii.price_cents, ii.quantity, ii.parent_invoice_item_id,
          coalesce(o.paid_at, o.created_at) as purchased_at, ii.refunded_at,
          coalesce(ii.transferred_to_user_id = ${userId}, false) as received_by_transfer,
          coalesce((select json_agg(json_build_object('code', l.code, 'redeemed', l.redeemed_at is not null, 'status', l.status)
            order by l.id) from licences l where l.invoice_item_id = ii.id), '[]'::json) as codes,
          count(*) over ()::int as total
        from invoice_items ii
        join orders o on o.id = ii.order_id
        join deals d on d.id = ii.deal_id
        left join plans p on p.id = ii.plan_id
        where ${where}
        order by coalesce(o.paid_at, o.created_at) desc, ii.id desc
        limit ${limit} offset ${offset}`),
    );
    if (list.length > 0 || offset === 0) {
      return { rows: list, total: Number(list[0]?.total ?? 0) };
    }
    // A page past the end has no rows to carry the total: count separately.
    const [count] = rowsOf<{ total: number }>(
      await db.execute(sql`select count(*)::int as total from invoice_items ii
        join orders o on o.id = ii.order_id join deals d on d.id = ii.deal_id
        left join plans p on p.id = ii.plan_id where ${where}`),
    );
    return { rows: list, total: Number(count?.total ?? 0) };
  }

  /** A row with its dates read, its codes parsed and its refund state at `now`. */
  function purchaseOf(r: Row, now: Date): Purchase {
    const purchasedAt = asDate(r.purchased_at);
    const refundedAt = r.refunded_at ? asDate(r.refunded_at) : null;
    const refund = refundState(
      {
        refundableDays: r.refundable_days,
        purchasedAt,
        refundedAt,
        receivedByTransfer: r.received_by_transfer,
      },
      now,
    );
    const codes = typeof r.codes === "string" ? JSON.parse(r.codes) : r.codes;
    return { ...r, purchasedAt, refundedAt, codes, refund };
  }

  async function list(userId: number, query: ProductsQuery) {
    const size = PAGINATION_PAGE_SIZE;
    const { rows: found, total } = await rows(userId, query, size, (query.page - 1) * size);
    const now = clock.now();
    const pages = Math.max(1, Math.ceil(total / size));
    return {
      results: found.map((r) => purchaseOf(r, now)),
      meta: { total, page: query.page, page_size: size, pages, f: query.f, q: query.q },
    };
  }

  /** Rows for the CSV download (same filter and search, no paging, capped). */
  async function csvRows(userId: number, query: ProductsQuery) {
    const { rows: found } = await rows(userId, query, PRODUCTS_CSV_MAX_ROWS, 0);
    const now = clock.now();
    return found.map((r) => purchaseOf(r, now));
  }

  /**
   * A refund of one of the caller's purchases within the deal's refund window: the item and its
   * add-ons stop being owned at once (ownership SQL skips refunded items), the order is marked
   * refunded when nothing of it is left, and the buyer gets a confirmation e-mail saying where
   * the money went. Each line gives back what was paid for it (domain/refunds.ts): its credits
   * share to the credit balance, the rest through the payment provider, which is asked first;
   * a refused provider refund rolls everything back. Refunding Plus ends the membership.
   */
  async function refund(user: { id: number; email: string }, invoiceItemId: number) {
    return db.transaction((tx) => refundInTx(tx, user, invoiceItemId));
  }

  /**
   * The refund above inside a caller's transaction (staff refunds of a whole order run it for
   * each purchase, with the audit entry, in one transaction): the same rules, the same money.
   */
  async function refundInTx(tx: Tx, user: { id: number; email: string }, invoiceItemId: number) {
    const now = clock.now();
    {
      const [item] = await tx
        .select({
          id: invoiceItems.id,
          orderId: invoiceItems.orderId,
          refundedAt: invoiceItems.refundedAt,
          transferredTo: invoiceItems.transferredToUserId,
          parent: invoiceItems.parentInvoiceItemId,
          status: orders.status,
          purchasedAt: sql<Date>`coalesce(${orders.paidAt}, ${orders.createdAt})`.mapWith(
            (v: Date | string) => asDate(v),
          ),
          refundableDays: sql<number>`(select refundable_days from deals where deals.id = ${invoiceItems.dealId})`,
          dealName: sql<string>`(select public_name from deals where deals.id = ${invoiceItems.dealId})`,
        })
        .from(invoiceItems)
        .innerJoin(orders, eq(orders.id, invoiceItems.orderId))
        .where(and(eq(invoiceItems.id, invoiceItemId), eq(invoiceItems.userId, user.id)))
        .for("update", { of: invoiceItems });
      if (!item || !["paid", "refunded"].includes(item.status)) throw notFound();
      if (item.refundedAt) throw conflict(ALREADY_REFUNDED);
      const state = refundState(
        {
          refundableDays: Number(item.refundableDays),
          purchasedAt: item.purchasedAt,
          refundedAt: null,
          receivedByTransfer: item.transferredTo === user.id,
        },
        now,
      );
      if (!state.refundable) throw invalid({ non_field_errors: [state.reason] });
      const targets = await tx
        .select({ id: invoiceItems.id, orderId: invoiceItems.orderId })
        .from(invoiceItems)
        .where(
          and(
            isNull(invoiceItems.refundedAt),
            or(eq(invoiceItems.id, item.id), eq(invoiceItems.parentInvoiceItemId, item.id)),
          ),
        )
        .orderBy(asc(invoiceItems.id))
        .for("update");
      let cardCents = 0;
      let creditCents = 0;
      let card: { brand: string | null; last4: string | null } | null = null;
      // Add-ons bought later hang off the item from orders of their own: each order pays back
      // its own part.
      for (const orderId of [...new Set(targets.map((t) => t.orderId))].sort((a, b) => a - b)) {
        const ids = targets.filter((t) => t.orderId === orderId).map((t) => t.id);
        const back = await refundOrderLines(tx, user.id, orderId, ids, now);
        cardCents += back.cardCents;
        creditCents += back.creditCents;
        card ??= back.card;
      }
      const refunded = await tx
        .update(invoiceItems)
        .set({ refundedAt: now })
        .where(
          and(
            isNull(invoiceItems.refundedAt),
            inArray(
              invoiceItems.id,
              targets.map((t) => t.id),
            ),
          ),
        )
        .returning({ id: invoiceItems.id, dealId: invoiceItems.dealId });
      for (const orderId of new Set(targets.map((t) => t.orderId))) {
        const [left] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(invoiceItems)
          .where(and(eq(invoiceItems.orderId, orderId), isNull(invoiceItems.refundedAt)));
        if (Number(left?.n ?? 0) === 0) {
          await tx.update(orders).set({ status: "refunded" }).where(eq(orders.id, orderId));
        }
      }
      await syncLicences(tx, [...new Set(targets.map((t) => t.orderId))]);
      await endRefundedPlus(
        tx,
        user.id,
        refunded.map((r) => r.dealId),
        now,
      );
      const amountCents = cardCents + creditCents;
      await outbox.enqueue(tx, {
        kind: "email",
        topic: EMAIL_TOPIC,
        payload: {
          to: user.email,
          subject: `Your refund for ${item.dealName}`,
          text: [
            "Hi,",
            "",
            `We refunded your purchase of ${item.dealName} (${(amountCents / 100).toFixed(2)} USD).`,
            ...refundDestinationText({ cardCents, creditCents }, card),
          ].join("\n"),
          template: "product_refunded",
        },
      });
      return {
        detail: REFUND_REQUESTED,
        refunded_items: refunded.map((r) => r.id),
        amount: toMajor(amountCents),
      };
    }
  }

  /**
   * Pays back the given lines of one order: credits to the ledger, the card part through the
   * provider (keyed by order and lines, so a retry refunds once). The order row is locked so
   * two refunds of one order's lines run one after the other.
   */
  async function refundOrderLines(
    tx: Tx,
    userId: number,
    orderId: number,
    ids: number[],
    now: Date,
  ) {
    const [order] = await tx
      .select({
        creditCents: orders.creditCents,
        totalCents: orders.totalCents,
        providerPaymentId: orders.providerPaymentId,
        paymentMethodId: orders.paymentMethodId,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!order) throw notFound();
    const lines = await tx
      .select({
        id: invoiceItems.id,
        priceCents: invoiceItems.priceCents,
        discountCents: invoiceItems.discountCents,
      })
      .from(invoiceItems)
      .where(eq(invoiceItems.orderId, orderId));
    const shares = orderLineRefunds(lines, order).filter((l) => ids.includes(l.id));
    const cardCents = shares.reduce((sum, l) => sum + l.cardCents, 0);
    const creditCents = shares.reduce((sum, l) => sum + l.creditCents, 0);
    let card: { brand: string | null; last4: string | null } | null = null;
    if (cardCents > 0) {
      if (!order.providerPaymentId) throw invalid({ non_field_errors: [REFUND_FAILED] });
      const back = await gateway.refund(
        order.providerPaymentId,
        cardCents,
        `refund:order${orderId}:items${ids.join(",")}`,
        // The webhook that reports this refund knows it is ours, and which lines it paid back.
        { payonce: "1", order_id: String(orderId), items: ids.join(",") },
      );
      if (back.status === "failed") throw invalid({ non_field_errors: [back.message] });
      // Kept with its lines: a refund that fails later at the provider gives them back.
      await tx
        .insert(paymentRefunds)
        .values({
          providerRefundId: back.providerRefundId,
          providerPaymentId: order.providerPaymentId,
          orderId,
          amountCents: cardCents,
          status: back.status,
          source: "payonce",
          invoiceItemIds: ids,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing();
      if (order.paymentMethodId) {
        const [method] = await tx
          .select({ brand: paymentMethods.brand, last4: paymentMethods.last4 })
          .from(paymentMethods)
          .where(eq(paymentMethods.id, order.paymentMethodId));
        card = method ?? null;
      }
    }
    if (creditCents > 0) {
      await tx.insert(credits).values({
        userId,
        amountCents: creditCents,
        reason: "refund",
        note: `Refund of order ${orderId}`,
        orderId,
        createdAt: now,
      });
    }
    return { cardCents, creditCents, card };
  }

  /** A refunded Plus purchase ends the membership it started, at once (no member prices left). */
  async function endRefundedPlus(tx: Tx, userId: number, dealIds: number[], now: Date) {
    if (dealIds.length === 0) return;
    const [plus] = await tx
      .select({ id: deals.id })
      .from(deals)
      .where(and(eq(deals.slug, PLUS_DEAL_SLUG), inArray(deals.id, dealIds)));
    if (!plus) return;
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

  return { list, csvRows, refund, refundInTx };
}

export type ProductService = ReturnType<typeof createProductService>;
