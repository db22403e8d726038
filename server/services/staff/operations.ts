/**
 * Staff: users (staff flag, comment blacklist, verified, blocked login), orders with refunds, and
 * the moderation queue across deals. Refunds, of a whole order or of chosen lines, go through the
 * buyer's refund arithmetic (commerce/line-refunds), one transaction with the audit entry.
 */
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { conflict, fieldError, notFound } from "../../../domain/errors";
import { REFUND_CHOOSE_LINES, REFUND_LINES_NOT_IN_ORDER } from "../../../domain/messages";
import type { ModerationQuery, UserPatchSchema } from "../../../domain/schemas/staff";
import { STAFF_MESSAGES } from "../../../domain/staff";
import type { Db } from "../../db/client";
import {
  comments,
  deals,
  invoiceItems,
  orders,
  plans,
  sessions,
  userEmails,
  users,
} from "../../db/schema";
import type { PageEvents } from "../cache/page-events";
import type { ProductService } from "../commerce/purchases";
import { type Actor, createAuditedWrite, type Tx } from "./audit";
import { type ListQuery, likeOf, paged, sortOrder } from "./paging";
import { defined, iso, major } from "./shared";

/** The users and orders tables' sort keys. */
const USER_SORT = {
  email: users.email,
  username: users.username,
  joined: users.dateJoined,
};
const ORDER_SORT = {
  id: orders.id,
  status: orders.status,
  total: orders.totalCents,
  created: orders.createdAt,
};

const userColumns = {
  id: users.id,
  email: users.email,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  isStaff: users.isStaff,
  isStaffModerator: users.isStaffModerator,
  commentBlacklist: users.commentBlacklist,
  isActive: users.isActive,
  dateJoined: users.dateJoined,
  lastLogin: users.lastLogin,
  // Qualified by hand: drizzle leaves a single-table select's columns unqualified.
  verified: sql<boolean>`coalesce((select ue.verified from user_emails ue where ue.user_id = "users"."id" and ue."primary"), false)`,
};
type UserRow = { [K in keyof typeof userColumns]: unknown } & {
  id: number;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  isStaff: boolean;
  isStaffModerator: boolean;
  commentBlacklist: boolean;
  isActive: boolean;
  dateJoined: Date;
  lastLogin: Date | null;
  verified: boolean;
};

function userJson(u: UserRow) {
  return {
    id: u.id,
    email: u.email,
    username: u.username,
    first_name: u.firstName,
    last_name: u.lastName,
    is_staff: u.isStaff,
    is_staff_moderator: u.isStaffModerator,
    comment_blacklist: u.commentBlacklist,
    verified: Boolean(u.verified),
    login_blocked: !u.isActive,
    date_joined: iso(u.dateJoined),
    last_login: iso(u.lastLogin),
  };
}

type OrderRow = typeof orders.$inferSelect;
function orderJson(o: OrderRow, buyer: { id: number; email: string } | null) {
  return {
    id: o.id,
    buyer,
    status: o.status,
    subtotal: major(o.subtotalCents),
    discount: major(o.discountCents),
    credit: major(o.creditCents),
    total: major(o.totalCents),
    currency: o.currency,
    payment_provider: o.paymentProvider,
    created: iso(o.createdAt),
    paid_at: iso(o.paidAt),
  };
}

export function createStaffOperationsService(deps: {
  db: Db;
  pageEvents: PageEvents;
  products: ProductService;
}) {
  const { db, products } = deps;
  const auditedWrite = createAuditedWrite(deps);

  // --- Users ---------------------------------------------------------------------------------

  async function listUsers(q: ListQuery) {
    const like = likeOf(q.query);
    const id = /^\d{1,9}$/.test(q.query) ? Number(q.query) : null;
    const cond = q.query
      ? (or(
          ilike(users.email, like),
          ilike(users.username, like),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
          ...(id ? [eq(users.id, id)] : []),
        ) as SQL)
      : undefined;
    const order = sortOrder(q.sort, USER_SORT, [desc(users.id)], users.id);
    const { rows, table } = await paged(
      q.page,
      (limit, offset) =>
        db
          .select(userColumns)
          .from(users)
          .where(cond)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
      () => db.select({ n: count() }).from(users).where(cond),
    );
    return table(rows.map((r) => userJson(r as UserRow)));
  }

  async function loadUser(tx: Tx | Db, id: number) {
    const [row] = await tx.select(userColumns).from(users).where(eq(users.id, id));
    if (!row) throw notFound();
    return userJson(row as UserRow);
  }

  async function patchUser(actor: Actor, id: number, body: z.infer<typeof UserPatchSchema>) {
    // Staff cannot lock themselves out of the back office by mistake.
    if (id === actor.id && (body.is_staff === false || body.login_blocked === true)) {
      throw fieldError(
        body.is_staff === false ? "is_staff" : "login_blocked",
        STAFF_MESSAGES.ownStaffFlag,
      );
    }
    return auditedWrite(actor, { action: "user.update", entity: "user", id }, async (tx) => {
      const [locked] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, id))
        .for("update");
      if (!locked) throw notFound();
      const before = await loadUser(tx, id);
      const changes = defined({
        isStaff: body.is_staff,
        // The blacklist and the whitelist exclude each other (as the moderation call keeps them).
        commentBlacklist: body.comment_blacklist,
        commentWhitelist: body.comment_blacklist ? false : undefined,
        // A change made here has no reason of its own (the author lists page asks for one).
        commentListReason: body.comment_blacklist === undefined ? undefined : null,
        commentListChangedAt: body.comment_blacklist === undefined ? undefined : new Date(),
        isActive: body.login_blocked === undefined ? undefined : !body.login_blocked,
      });
      if (Object.keys(changes).length) await tx.update(users).set(changes).where(eq(users.id, id));
      if (body.verified !== undefined) {
        await tx
          .update(userEmails)
          .set({ verified: body.verified, verifiedAt: body.verified ? new Date() : null })
          .where(and(eq(userEmails.userId, id), eq(userEmails.primary, true)));
      }
      // A blocked account is signed out everywhere at once.
      if (body.login_blocked) await tx.delete(sessions).where(eq(sessions.userId, id));
      const after = await loadUser(tx, id);
      // Flags of the account, not of a cached page (a blacklist hides no existing item).
      return { result: after, before, after, pages: "none" };
    });
  }

  // --- Orders --------------------------------------------------------------------------------

  async function listOrders(q: ListQuery) {
    const id = /^\d{1,9}$/.test(q.query) ? Number(q.query) : null;
    const cond = q.query
      ? (or(ilike(users.email, likeOf(q.query)), ...(id ? [eq(orders.id, id)] : [])) as SQL)
      : undefined;
    const order = sortOrder(
      q.sort,
      ORDER_SORT,
      [desc(orders.createdAt), desc(orders.id)],
      orders.id,
    );
    const { rows, table } = await paged(
      q.page,
      (limit, offset) =>
        db
          .select({ order: orders, email: users.email })
          .from(orders)
          .leftJoin(users, eq(users.id, orders.userId))
          .where(cond)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
      () =>
        db
          .select({ n: count() })
          .from(orders)
          .leftJoin(users, eq(users.id, orders.userId))
          .where(cond),
    );
    return table(
      rows.map((r) =>
        orderJson(
          r.order,
          r.order.userId && r.email ? { id: r.order.userId, email: r.email } : null,
        ),
      ),
    );
  }

  async function getOrder(id: number, tx: Tx | Db = db) {
    const [row] = await tx
      .select({ order: orders, email: users.email })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, id));
    if (!row) throw notFound();
    const lines = await tx
      .select({
        id: invoiceItems.id,
        dealId: invoiceItems.dealId,
        dealName: deals.publicName,
        planId: invoiceItems.planId,
        planName: plans.publicName,
        priceCents: invoiceItems.priceCents,
        discountCents: invoiceItems.discountCents,
        quantity: invoiceItems.quantity,
        ownerId: invoiceItems.userId,
        parentId: invoiceItems.parentInvoiceItemId,
        refundedAt: invoiceItems.refundedAt,
      })
      .from(invoiceItems)
      .innerJoin(deals, eq(deals.id, invoiceItems.dealId))
      .leftJoin(plans, eq(plans.id, invoiceItems.planId))
      .where(eq(invoiceItems.orderId, id))
      .orderBy(asc(invoiceItems.id));
    return {
      ...orderJson(
        row.order,
        row.order.userId && row.email ? { id: row.order.userId, email: row.email } : null,
      ),
      items: lines.map((l) => ({
        id: l.id,
        deal_id: l.dealId,
        deal_name: l.dealName,
        plan_id: l.planId,
        plan_name: l.planName,
        price: major(l.priceCents),
        discount: major(l.discountCents),
        quantity: l.quantity,
        owner_id: l.ownerId,
        parent_id: l.parentId,
        refunded_at: iso(l.refundedAt),
      })),
    };
  }

  /**
   * Refunds lines of a paid order (`lineIds`), or all that is left of it (no `lineIds`), with
   * the buyer's arithmetic and provider refund (commerce/line-refunds.ts) but not the buyer's
   * limits: outside the window, transferred lines (the money goes back to the payer), an
   * upgraded line with its whole chain. Each line brings its add-ons. One transaction with the
   * audit entry; the lines are locked, so two refunds at once refund once.
   */
  async function refundOrder(actor: Actor, id: number, lineIds?: readonly number[]) {
    return auditedWrite(actor, { action: "order.refund", entity: "order", id }, async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, id));
      if (!order) throw notFound();
      if (order.status === "refunded") throw conflict(STAFF_MESSAGES.alreadyRefunded);
      if (order.status !== "paid") throw fieldError("non_field_errors", STAFF_MESSAGES.notPaid);
      const before = await getOrder(id, tx);
      let chosen: number[];
      if (lineIds) {
        chosen = [...new Set(lineIds)];
        if (chosen.length === 0) throw fieldError("invoice_items", REFUND_CHOOSE_LINES);
        if (chosen.some((l) => !before.items.some((i) => i.id === l))) {
          throw fieldError("invoice_items", REFUND_LINES_NOT_IN_ORDER);
        }
      } else {
        chosen = before.items.filter((i) => i.refunded_at === null).map((i) => i.id);
        if (chosen.length === 0) throw conflict(STAFF_MESSAGES.alreadyRefunded);
      }
      const result = await products.refundLinesAsStaff(tx, chosen);
      const after = await getOrder(id, tx);
      return {
        result: { ...result, detail: "Refunded.", order: after },
        before,
        after: {
          ...after,
          refund: {
            chosen_items: lineIds ? chosen : null,
            refunded_items: result.refunded_items,
            amount: result.amount,
            deduction: result.deduction ?? null,
          },
        },
        // An order is on no public page (a refund leaves the deal's quantity_sold as it is).
        pages: "none",
      };
    });
  }

  // --- Moderation queue ----------------------------------------------------------------------

  /** Items waiting across every deal, oldest first; acted on through the discussion calls. */
  async function moderationQueue(q: z.infer<typeof ModerationQuery>) {
    const conds: SQL[] = [eq(comments.status, q.status)];
    if (q.kind) conds.push(eq(comments.kind, q.kind));
    const cond = and(...conds);
    const { rows, table } = await paged(
      q.page,
      (limit, offset) =>
        db
          .select({
            c: comments,
            dealSlug: deals.slug,
            dealName: deals.publicName,
            username: users.username,
          })
          .from(comments)
          .innerJoin(deals, eq(deals.id, comments.dealId))
          .leftJoin(users, eq(users.id, comments.userId))
          .where(cond)
          .orderBy(asc(comments.createdAt), asc(comments.id))
          .limit(limit)
          .offset(offset),
      () => db.select({ n: count() }).from(comments).where(cond),
    );
    return table(
      rows.map(({ c, dealSlug, dealName, username }) => {
        const base = `/api/v2/deals/${c.dealId}/${c.kind === "review" ? "reviews" : "questions"}/${c.id}`;
        return {
          id: c.id,
          kind: c.kind,
          status: c.status,
          deal: { id: c.dealId, slug: dealSlug, name: dealName },
          user: c.userId ? { id: c.userId, username } : null,
          title: c.title,
          comment: c.comment,
          rating: c.rating,
          is_reply: c.parentId != null,
          parent_id: c.parentId,
          resolved: c.resolved,
          created: iso(c.createdAt),
          actions: {
            approve: `${base}/approve/`,
            resolve: `${base}/resolve/`,
            reply: `${base}/reply/`,
          },
        };
      }),
    );
  }

  return { listUsers, patchUser, listOrders, getOrder, refundOrder, moderationQueue };
}
