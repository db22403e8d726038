/**
 * Payments with the provider (issue 29): the states we mirror, and the cart signature that ties a
 * payment to what was in the cart when it was charged.
 */

/** A PaymentIntent's state as we keep it. "refunded": it succeeded but made no order, given back. */
export const PAYMENT_STATUSES = [
  "requires_action",
  "processing",
  "succeeded",
  "failed",
  "canceled",
  "refunded",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const REFUND_STATUSES = ["pending", "succeeded", "failed", "canceled"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Who gave the money back: the buyer's or staff's refund here, Stripe's dashboard, the sweep. */
export const REFUND_SOURCES = ["payonce", "dashboard", "orphan"] as const;
export type RefundSource = (typeof REFUND_SOURCES)[number];

export const DISPUTE_OUTCOMES = ["won", "lost"] as const;

/** A licence code's state (GET /api/users/products/ codes[].status). */
/** What a payment pays for. */
export const PAYMENT_PURPOSES = ["checkout", "upgrade"] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

export const LICENCE_STATUSES = ["active", "held", "revoked"] as const;
export type LicenceStatus = (typeof LICENCE_STATUSES)[number];

/** Stripe answers a replayed or late webhook within this window (seconds), as Stripe's own SDK. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** A payment that succeeded without an order is swept after this long (the checkout's own time). */
export const ORPHAN_AFTER_MS = 10 * 60 * 1000;

type SignedLine = {
  plan: { id: number };
  deal: { id: number };
  units: number;
  unitCents: number;
  parentCartItemId: number | null;
  parentInvoiceItemId: number | null;
};

/**
 * What the buyer agreed to pay for: every line's plan, units and price, the coupon, the credits
 * and the total. A payment completed later (3-D Secure, webhook) makes an order only when the
 * cart still signs the same; otherwise the money goes back.
 */
export function cartSignature(view: {
  lines: readonly SignedLine[];
  coupon: { id: number } | null;
  creditAppliedCents: number;
  totalCents: number;
}): string {
  const lines = view.lines
    .map(
      (l) =>
        `${l.deal.id}.${l.plan.id}x${l.units}@${l.unitCents}` +
        `${l.parentCartItemId != null ? "+" : ""}${l.parentInvoiceItemId ?? ""}`,
    )
    .sort();
  const text = `${lines.join(",")}|c${view.coupon?.id ?? ""}|cr${view.creditAppliedCents}|t${view.totalCents}`;
  // FNV-1a, 2 x 32 bits: short, stable, no I/O (the signature is compared, never trusted).
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
  }
  return `${a.toString(16).padStart(8, "0")}${b.toString(16).padStart(8, "0")}`;
}

/** A dispute as far as the licences care: open (held), won (given back) or lost (revoked). */
export type DisputeState = "open" | "won" | "lost" | null;

/**
 * A licence code's state: revoked once its line is refunded or its payment's dispute is lost,
 * held while a dispute is open, active otherwise (a won dispute gives the codes back).
 */
export function licenceStatus(input: { refunded: boolean; dispute: DisputeState }): LicenceStatus {
  if (input.refunded || input.dispute === "lost") return "revoked";
  if (input.dispute === "open") return "held";
  return "active";
}

/** Stripe's dispute statuses that end it; any other status is still open. */
export function disputeState(status: string): Exclude<DisputeState, null> {
  if (status === "won" || status === "warning_closed") return "won";
  if (status === "lost") return "lost";
  return "open";
}

const REFUND_RANK: Record<RefundStatus, number> = {
  pending: 0,
  succeeded: 1,
  failed: 2,
  canceled: 2,
};

/**
 * A refund's state only moves forward (pending, then succeeded, then maybe failed or canceled),
 * so events that arrive late or twice never undo a later one.
 */
export function laterRefundStatus(current: RefundStatus | null, next: RefundStatus): RefundStatus {
  if (!current) return next;
  return REFUND_RANK[next] > REFUND_RANK[current] ? next : current;
}

/** A provider refund status as we keep it (requires_action still goes through: pending). */
export function refundStatusOf(status: string | null | undefined): RefundStatus {
  if (status === "succeeded") return "succeeded";
  if (status === "failed") return "failed";
  if (status === "canceled") return "canceled";
  return "pending";
}
