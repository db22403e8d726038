/**
 * PDF receipts (issue 30; decision 014): GET /api/orders/{id}/receipt/. The order service decides
 * who may read the order (its buyer, or staff); domain/receipt.ts decides what the receipt says;
 * this file only lays it out with pdfkit.
 */
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import PDFDocument from "pdfkit";
import { buildReceipt, type Receipt, type ReceiptInput } from "../../../domain/receipt";
import type { Db } from "../../db/client";
import { addonAssociations, addonPrimaryPlanValues, invoiceItems, plans } from "../../db/schema";
import type { Tx } from "./cart";
import type { OrderService } from "./orders";

type Executor = Db | Tx;

/** The unit an add-on plan is counted in ("seats"), from the linear range that sells it. */
export async function addonUnitNames(
  executor: Executor,
  addonPlanIds: number[],
): Promise<Map<number, string>> {
  if (addonPlanIds.length === 0) return new Map();
  const rows = await executor
    .select({ planId: addonAssociations.addonPlanId, unit: addonPrimaryPlanValues.rangeUnitName })
    .from(addonAssociations)
    .innerJoin(
      addonPrimaryPlanValues,
      eq(addonPrimaryPlanValues.id, addonAssociations.primaryPlanValueId),
    )
    .where(
      and(
        inArray(addonAssociations.addonPlanId, [...new Set(addonPlanIds)]),
        eq(addonPrimaryPlanValues.valueType, "linear_range"),
        isNotNull(addonPrimaryPlanValues.rangeUnitName),
      ),
    );
  const names = new Map<number, string>();
  for (const r of rows) if (r.unit && !names.has(r.planId)) names.set(r.planId, r.unit);
  return names;
}

const PAGE_MARGIN = 56;

/** Lays a receipt out on A4 pages; resolves with the PDF's bytes. */
export function receiptPdf(receipt: Receipt, meta: { title: string }): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE_MARGIN,
    info: { Title: meta.title, Author: "Payonce", Creator: "Payonce" },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const left = PAGE_MARGIN;
  const width = doc.page.width - PAGE_MARGIN * 2;
  const amountWidth = 110;
  const row = (label: string, amount: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(10);
    doc.text(label, left, y, { width: width - amountWidth - 10 });
    const after = doc.y;
    doc.text(amount, left + width - amountWidth, y, { width: amountWidth, align: "right" });
    doc.y = Math.max(after, doc.y);
    doc.x = left;
  };

  doc.font("Helvetica-Bold").fontSize(20).text(receipt.title, left);
  doc.font("Helvetica").fontSize(10).text(receipt.number).text(`Date: ${receipt.date}`);
  doc.moveDown();
  const blockTop = doc.y;
  doc.font("Helvetica-Bold").text("From", left, blockTop);
  doc.font("Helvetica");
  for (const line of receipt.seller) doc.text(line, left, undefined, { width: width / 2 - 10 });
  const sellerBottom = doc.y;
  if (receipt.billedTo.length) {
    const x = left + width / 2;
    doc.font("Helvetica-Bold").text("Billed to", x, blockTop, { width: width / 2 });
    doc.font("Helvetica");
    for (const line of receipt.billedTo) doc.text(line, x, undefined, { width: width / 2 });
  }
  doc.y = Math.max(sellerBottom, doc.y);
  doc.x = left;
  doc.moveDown(1.5);

  row("Item", "Amount", true);
  doc
    .moveTo(left, doc.y + 2)
    .lineTo(left + width, doc.y + 2)
    .strokeColor("#cccccc")
    .stroke();
  doc.moveDown(0.5);
  for (const line of receipt.lines) {
    row(line.label, line.amount);
    doc.fillColor("#555555");
    for (const detail of line.detail ?? []) {
      doc
        .font("Helvetica")
        .fontSize(9)
        .text(detail, left + 12, undefined, { width: width - 140 });
    }
    doc.fillColor("#000000");
    doc.x = left;
    doc.moveDown(0.4);
  }
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .strokeColor("#cccccc")
    .stroke();
  doc.moveDown(0.5);
  receipt.totals.forEach((t, i) => {
    row(t.label, t.amount, i === receipt.totals.length - 1);
  });
  doc.moveDown();
  doc.font("Helvetica").fontSize(9).fillColor("#555555");
  for (const note of receipt.notes) doc.text(note, left, undefined, { width });
  doc.end();
  return done;
}

/** The receipt of one order, for its buyer or staff; null for anyone else (the caller 404s). */
export function createReceiptService(deps: { db: Db; orders: OrderService }) {
  const { db } = deps;

  async function receipt(orderId: number, viewer: { id: number; isStaff: boolean }) {
    const record = await deps.orders.get(orderId, viewer);
    if (!record) return null;
    const { order, items } = record;
    const units = await addonUnitNames(
      db,
      items
        .filter((i) => i.item.parentInvoiceItemId != null && i.item.planId != null)
        .map((i) => i.item.planId as number),
    );
    const fromIds = items
      .map((i) => i.item.upgradedFromInvoiceItemId)
      .filter((id): id is number => id != null);
    const fromPlans = fromIds.length
      ? await db
          .select({ id: invoiceItems.id, plan: plans.publicName })
          .from(invoiceItems)
          .leftJoin(plans, eq(plans.id, invoiceItems.planId))
          .where(inArray(invoiceItems.id, fromIds))
      : [];
    const input: ReceiptInput = {
      orderId: order.id,
      kind: order.kind,
      status: order.status,
      date: order.paidAt ?? order.createdAt,
      currency: order.currency,
      subtotalCents: order.subtotalCents,
      couponCode: record.couponCode,
      couponDiscountCents: order.discountCents,
      creditCents: order.creditCents,
      totalCents: order.totalCents,
      card: record.card?.brand ? { brand: record.card.brand, last4: record.card.last4 } : null,
      billing: order.billing ?? null,
      lines: items.map((i) => ({
        id: i.item.id,
        dealName: i.deal.publicName,
        planName: i.plan?.publicName ?? null,
        isAddon: i.item.parentInvoiceItemId != null,
        unitQuantity: i.item.unitQuantity,
        unitName: i.item.planId != null ? (units.get(i.item.planId) ?? null) : null,
        priceCents: i.item.priceCents,
        campaignDiscountCents: i.item.campaignDiscountCents,
        plusDiscountCents: i.item.plusDiscountCents,
        couponDiscountCents: i.item.discountCents,
        refundedAt: i.item.refundedAt,
        upgradedFromPlan:
          fromPlans.find((p) => p.id === i.item.upgradedFromInvoiceItemId)?.plan ?? null,
      })),
    };
    const built = buildReceipt(input);
    return {
      filename: `payonce-receipt-${order.id}.pdf`,
      pdf: await receiptPdf(built, { title: `Payonce receipt #${order.id}` }),
    };
  }

  return { receipt };
}

export type ReceiptService = ReturnType<typeof createReceiptService>;
