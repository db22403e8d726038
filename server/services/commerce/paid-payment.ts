/**
 * The payments mirror's row for a payment that made its order (docs/decisions/003): written in
 * the transaction that writes the order, by checkout and by an upgrade alike, so the webhook and
 * the orphan sweep find the order of every payment. A row left by a 3-D Secure attempt (the same
 * PaymentIntent) is completed rather than duplicated.
 */
import type { PaymentPurpose } from "../../../domain/payments";
import { payments } from "../../db/schema";
import type { Tx } from "./cart";

export async function recordPaidPayment(
  tx: Tx,
  row: {
    provider: string;
    providerPaymentId: string;
    userId: number;
    idempotencyKey: string;
    amountCents: number;
    orderId: number;
    chargeId?: string | null;
    feeCents?: number | null;
    netCents?: number | null;
    now: Date;
  } & (
    | { purpose: "checkout"; cartSignature: string }
    | {
        purpose: Extract<PaymentPurpose, "upgrade">;
        upgrade: { invoice_item_id: number; plan_id: number; amount_cents: number };
      }
  ),
): Promise<void> {
  const settled = {
    status: "succeeded" as const,
    orderId: row.orderId,
    providerChargeId: row.chargeId ?? null,
    feeCents: row.feeCents ?? null,
    netCents: row.netCents ?? null,
    updatedAt: row.now,
  };
  await tx
    .insert(payments)
    .values({
      provider: row.provider,
      providerPaymentId: row.providerPaymentId,
      userId: row.userId,
      idempotencyKey: row.idempotencyKey,
      amountCents: row.amountCents,
      purpose: row.purpose,
      ...(row.purpose === "checkout"
        ? { cartSignature: row.cartSignature }
        : { upgrade: row.upgrade }),
      ...settled,
      createdAt: row.now,
    })
    .onConflictDoUpdate({ target: payments.providerPaymentId, set: settled });
}
