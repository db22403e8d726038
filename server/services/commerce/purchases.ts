import { sql } from "drizzle-orm";
import {
  ALREADY_REFUNDED,
  PRODUCTS_CSV_MAX_ROWS,
  type ProductFilter,
  REFUND_REQUESTED,
  type RefundState,
  refundState,
} from "../../../domain/account";
import { PAGINATION_PAGE_SIZE } from "../../../domain/constants";
import { conflict, invalid, notFound } from "../../../domain/errors";
import { REFUND_UPGRADED_LINE } from "../../../domain/messages";
import { toMajor } from "../../../domain/money";
import type { LicenceStatus } from "../../../domain/payments";
import type { ProductsQuery } from "../../../domain/schemas/account";
import type { Db } from "../../db/client";
import type { Clock } from "../../providers/clock";
import type { PaymentGateway } from "../../providers/payments";
import type { Outbox } from "../jobs/outbox";
import { chainOf, createLineRefunds, type LineRefundResult, lockRelated } from "./line-refunds";

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
  /** Start of the refund window: window_started_at ?? created_at (an upgrade keeps the first). */
  window_started_at: Date | string;
  /** Someone else paid for it (a transfer's recipient): the refund is theirs to ask for. */
  paid_by_other: boolean;
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
  const { payBack } = createLineRefunds({ gateway, outbox });

  async function rows(userId: number, query: ProductsQuery, limit: number, offset: number) {
    const search = query.q
      ? sql`and (d.name ilike ${likePattern(query.q)} or d.public_name ilike ${likePattern(query.q)}
          or p.public_name ilike ${likePattern(query.q)}
          or exists (select 1 from licences l where l.invoice_item_id = ii.id
            and l.code ilike ${likePattern(query.q)}))`
      : sql``;
    // A line replaced by an upgrade is not a product of its own: the new line carries it.
    const where = sql`ii.user_id = ${userId} and o.status in ('paid', 'refunded')
      and ii.upgraded_at is null and ${filterSql(query.f)} ${search}`;
    // One statement: the page and, by a window count, the total (PGlite runs one query at a time).
    const list = rowsOf<Row & { total: number }>(
      await db.execute(sql`select ii.id, ii.order_id, d.id as deal_id, d.slug as deal_slug,
          d.public_name as deal_name, d.product_logo as deal_logo, d.refundable_days,
          p.id as plan_id, p.public_name as plan_name, p.plan_type, p.codes as plan_codes,
          ii.price_cents, ii.quantity, ii.parent_invoice_item_id,
          coalesce(o.paid_at, o.created_at) as purchased_at, ii.refunded_at,
          coalesce(ii.transferred_to_user_id = ${userId}, false) as received_by_transfer,
          coalesce(ii.window_started_at, ii.created_at) as window_started_at,
          coalesce(o.user_id <> ${userId}, true) as paid_by_other,
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
        purchasedAt: asDate(r.window_started_at),
        refundedAt,
        receivedByTransfer: r.paid_by_other === true || String(r.paid_by_other) === "t",
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
   * A refund of one of the caller's purchases within the deal's refund window (counted from
   * window_started_at ?? created_at: an upgraded line keeps its first purchase's window). The
   * money goes back to whoever paid, so the caller must be the payer: the original buyer of a
   * transferred line may refund it, its recipient may not. The line brings its add-ons (whatever
   * their own refund days) and its whole upgrade chain; a line that was upgraded is refunded
   * through the line that replaced it. line-refunds.ts pays back and revokes the codes.
   */
  async function refund(user: { id: number; email: string }, invoiceItemId: number) {
    return db.transaction((tx) => refundInTx(tx, user, invoiceItemId));
  }

  async function refundInTx(tx: Tx, user: { id: number; email: string }, invoiceItemId: number) {
    const now = clock.now();
    const locked = await lockRelated(tx, [invoiceItemId]);
    const item = locked.find((l) => l.id === invoiceItemId);
    if (!item || (item.ownerId !== user.id && item.payerId !== user.id)) throw notFound();
    if (!["paid", "refunded"].includes(item.orderStatus)) throw notFound();
    if (item.refundedAt) throw conflict(ALREADY_REFUNDED);
    if (item.upgradedAt) throw invalid({ non_field_errors: [REFUND_UPGRADED_LINE] });
    const state = refundState(
      {
        refundableDays: Number(item.refundableDays),
        purchasedAt: item.windowStartedAt,
        refundedAt: null,
        // Every payment of the chain must be the caller's: a recipient gets no one else's money.
        receivedByTransfer: chainOf(item, locked).some((l) => l.payerId !== user.id),
      },
      now,
    );
    if (!state.refundable) throw invalid({ non_field_errors: [state.reason] });
    const back = await payBack(
      tx,
      locked.filter((l) => !l.refundedAt),
      now,
    );
    return refundAnswer(back);
  }

  /**
   * Staff refund lines (already checked to be in their order): no window, transferred lines too,
   * an upgraded line with its whole chain. A chosen line already refunded is a conflict.
   */
  async function refundLinesAsStaff(tx: Tx, ids: readonly number[]) {
    const locked = await lockRelated(tx, ids);
    if (locked.some((l) => ids.includes(l.id) && l.refundedAt)) throw conflict(ALREADY_REFUNDED);
    return refundAnswer(
      await payBack(
        tx,
        locked.filter((l) => !l.refundedAt),
        clock.now(),
      ),
    );
  }

  return { list, csvRows, refund, refundInTx, refundLinesAsStaff };
}

/** The refund's JSON answer: what was refunded, the amount, and what a Plus refund kept back. */
function refundAnswer(back: LineRefundResult) {
  return {
    detail: REFUND_REQUESTED,
    refunded_items: back.refundedItems,
    amount: toMajor(back.amountCents),
    ...(back.deduction
      ? {
          deduction: {
            amount: toMajor(back.deduction.amountCents),
            reason: back.deduction.text,
            invoice_items: back.deduction.invoiceItems,
          },
        }
      : {}),
  };
}

export type ProductService = ReturnType<typeof createProductService>;
