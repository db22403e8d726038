/**
 * Card payments behind a small interface (DESIGN.md, providers): the built-in test gateway by
 * default, Stripe when STRIPE_SECRET_KEY is set. Amounts are integer cents.
 */
export type ChargeRequest = {
  amountCents: number;
  currency: string;
  /** A card token or payment method id (pm_card_visa, pm_..., a test card number). */
  paymentMethod: string;
  /** The same key always gives the same charge, so a retried checkout charges once. */
  idempotencyKey: string;
  description: string;
  customerEmail?: string;
};

export type ChargeResult =
  | { status: "succeeded"; providerPaymentId: string; brand: string; last4: string }
  | { status: "declined"; message: string }
  | { status: "requires_action"; message: string }
  | { status: "invalid"; message: string };

export type RefundResult =
  | { status: "succeeded"; providerRefundId: string }
  | { status: "failed"; message: string };

export interface PaymentGateway {
  /** Stored in orders.payment_provider and payment_methods.provider. */
  readonly name: "test" | "stripe";
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * Gives back part or all of a charge. The same key always gives the same refund, so a retried
   * refund (the database write failed after the provider answered) pays back once.
   */
  refund(
    providerPaymentId: string,
    amountCents: number,
    idempotencyKey: string,
  ): Promise<RefundResult>;
}
