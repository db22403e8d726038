import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import {
  TRANSFER_ADDON,
  TRANSFER_PLAN_MISMATCH,
  TRANSFER_REFUNDED,
  TRANSFER_TO_SELF,
} from "../../../domain/account";
import { invalid, notFound } from "../../../domain/errors";
import {
  emailNotAssociated,
  TRANSFER_INITIATED,
  TRANSFER_UPGRADED_LINE,
} from "../../../domain/messages";
import type { Db } from "../../db/client";
import { deals, invoiceItems, orders, productTransfers, userEmails, users } from "../../db/schema";
import type { Clock } from "../../providers/clock";
import { EMAIL_TOPIC } from "../accounts/accounts";
import type { Outbox } from "../jobs/outbox";
import { syncLicences } from "./licences";
import { relatedLines } from "./line-refunds";

type Executor = Pick<Db, "select">;

/**
 * Product transfers (spec 001 sections 4, 5, 7, 8): the owner of a purchase hands it to another
 * Payonce account. Ownership (invoice_items.user_id) moves at once, add-ons with their product,
 * so the recipient becomes the purchaser everywhere ownership counts (review gate, user status,
 * products list) and the giver stops being one.
 */
export function createTransferService(deps: {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  /** The public origin: e-mails carry absolute links (a mail client has no page to resolve from). */
  publicUrl?: string;
}) {
  const { db, clock, outbox } = deps;

  /** The active account an address belongs to (primary or secondary e-mail), or null. */
  async function accountByEmail(executor: Executor, email: string) {
    const lower = email.trim().toLowerCase();
    const [row] = await executor
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        and(
          eq(users.isActive, true),
          or(
            sql`lower(${users.email}) = ${lower}`,
            sql`exists (select 1 from ${userEmails} ue where ue.user_id = ${users.id}
              and lower(ue.email) = ${lower})`,
          ),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  /** GET /license/validate/email/{email}/: is the target an account? */
  async function validateEmail(email: string) {
    const account = await accountByEmail(db, email);
    if (!account) throw notFound(emailNotAssociated());
    return { valid: true, email };
  }

  async function transfer(
    from: { id: number; email: string },
    input: { invoice_item: number; email: string; plan?: number },
  ) {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const [item] = await tx
        .select({
          id: invoiceItems.id,
          planId: invoiceItems.planId,
          parent: invoiceItems.parentInvoiceItemId,
          refundedAt: invoiceItems.refundedAt,
          upgradedAt: invoiceItems.upgradedAt,
          status: orders.status,
          dealName: deals.publicName,
          dealSlug: deals.slug,
        })
        .from(invoiceItems)
        .innerJoin(orders, eq(orders.id, invoiceItems.orderId))
        .innerJoin(deals, eq(deals.id, invoiceItems.dealId))
        .where(and(eq(invoiceItems.id, input.invoice_item), eq(invoiceItems.userId, from.id)))
        .for("update", { of: invoiceItems });
      // Only the current owner may transfer; anyone else's item does not exist for them.
      if (!item || !["paid", "refunded"].includes(item.status)) throw notFound();
      if (item.refundedAt) throw invalid({ invoice_item: [TRANSFER_REFUNDED] });
      if (item.upgradedAt) throw invalid({ invoice_item: [TRANSFER_UPGRADED_LINE] });
      if (item.parent !== null) throw invalid({ invoice_item: [TRANSFER_ADDON] });
      if (input.plan !== undefined && input.plan !== item.planId) {
        throw invalid({ plan: [TRANSFER_PLAN_MISMATCH] });
      }
      const target = await accountByEmail(tx, input.email);
      if (!target) throw invalid({ email: [emailNotAssociated()] });
      if (target.id === from.id) throw invalid({ email: [TRANSFER_TO_SELF] });

      // The product moves whole: its add-ons and the lines its upgrades replaced (with theirs),
      // so ownership and a later refund see one owner.
      const related = await relatedLines(tx, [item.id]);
      const moved = await tx
        .update(invoiceItems)
        .set({ userId: target.id, transferredToUserId: target.id, transferredAt: now })
        .where(
          and(
            eq(invoiceItems.userId, from.id),
            isNull(invoiceItems.refundedAt),
            inArray(invoiceItems.id, related),
          ),
        )
        .returning({ id: invoiceItems.id, orderId: invoiceItems.orderId });
      // Codes keep their state; re-derived so every licence change passes through one place.
      await syncLicences(tx, [...new Set(moved.map((m) => m.orderId))], now);
      const [record] = await tx
        .insert(productTransfers)
        .values({
          invoiceItemId: item.id,
          fromUserId: from.id,
          toUserId: target.id,
          toEmail: input.email.trim(),
          planId: item.planId,
          status: "completed",
          createdAt: now,
          completedAt: now,
        })
        .returning({ id: productTransfers.id });
      await outbox.enqueue(tx, {
        kind: "email",
        topic: EMAIL_TOPIC,
        payload: {
          to: target.email,
          subject: `${item.dealName} was transferred to you`,
          text: [
            "Hi,",
            "",
            `${from.email} transferred their ${item.dealName} purchase to your Payonce account.`,
            "You find it, with its licence codes, under My products:",
            "",
            `    ${(deps.publicUrl ?? "").replace(/\/$/, "")}/account/products/`,
          ].join("\n"),
          template: "product_transferred",
        },
      });
      return {
        detail: TRANSFER_INITIATED,
        transfer_id: record?.id as number,
        status: "completed" as const,
        moved_items: moved.map((m) => m.id).sort((a, b) => a - b),
      };
    });
  }

  return { validateEmail, transfer };
}

export type TransferService = ReturnType<typeof createTransferService>;
