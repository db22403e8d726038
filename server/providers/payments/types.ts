/**
 * Card payments behind a small interface (DESIGN.md, providers): the built-in test gateway by
 * default, Stripe when STRIPE_SECRET_KEY is set. Amounts are integer cents. The provider is the
 * source of truth for money: a payment is a PaymentIntent there, and what we keep mirrors it.
 */
export type ChargeRequest = {
  amountCents: number;
  currency: string;
  /** A card token or payment method id (pm_card_visa, pm_..., a test card number). */
  paymentMethod: string;
  /** The provider's customer the saved card belongs to (Stripe: cus_...). */
  customerId?: string | null;
  /** The same key always gives the same charge, so a retried checkout charges once. */
  idempotencyKey: string;
  description: string;
  customerEmail?: string;
  /** What a webhook or the sweep needs to complete the order (user_id, cart_signature, ...). */
  metadata?: Record<string, string>;
  /** A renewal charged while the buyer is away (no 3-D Secure challenge can be shown). */
  offSession?: boolean;
};

/** What the provider reports of a payment. */
export type PaymentIntentView = {
  id: string;
  status:
    | "requires_action"
    | "requires_payment_method"
    | "requires_confirmation"
    | "processing"
    | "succeeded"
    | "canceled";
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
  chargeId: string | null;
  brand: string;
  last4: string;
  feeCents: number | null;
  netCents: number | null;
  /** Why the last attempt failed (a declined card, a failed 3-D Secure). */
  failureMessage: string | null;
  created: Date;
};

export type ChargeResult =
  | {
      status: "succeeded";
      providerPaymentId: string;
      brand: string;
      last4: string;
      chargeId?: string | null;
      feeCents?: number | null;
      netCents?: number | null;
    }
  | {
      status: "requires_action";
      message: string;
      providerPaymentId: string;
      /** Handed to the browser, which runs the challenge (Stripe.js handleNextAction). */
      clientSecret: string;
    }
  | { status: "processing"; providerPaymentId: string }
  | { status: "declined"; message: string }
  | { status: "invalid"; message: string };

export type RefundResult =
  | { status: "succeeded" | "pending"; providerRefundId: string }
  | { status: "failed"; message: string };

/** A card saved with the provider, attached to the user's customer there. */
export type SavedCard = {
  customerId: string | null;
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  fingerprint: string;
  country: string | null;
};

/** A provider event (a webhook delivery or one fetched by the replay), verified. */
export type ProviderEvent = {
  id: string;
  type: string;
  created: Date;
  object: Record<string, unknown> & { id?: string; object?: string };
};

export interface PaymentGateway {
  /** Stored in orders.payment_provider and payment_methods.provider. */
  readonly name: "test" | "stripe";
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The payment as the provider has it now (null: it does not know the id). */
  retrieveIntent(id: string): Promise<PaymentIntentView | null>;
  /** Payments made since `since`, newest first (the orphan sweep). */
  listIntents(since: Date): Promise<PaymentIntentView[]>;
  /**
   * Gives back part or all of a charge. The same key always gives the same refund, so a retried
   * refund (the database write failed after the provider answered) pays back once.
   */
  refund(
    providerPaymentId: string,
    amountCents: number,
    idempotencyKey: string,
    metadata?: Record<string, string>,
  ): Promise<RefundResult>;
  /**
   * Saves a card for the user: attached to their customer at the provider (created on first
   * use). Null when the payment method is not one the provider knows.
   */
  saveCard(
    user: { id: number; email: string; customerId: string | null },
    paymentMethod: string,
  ): Promise<SavedCard | null>;
}

/** What only a provider with webhooks has (Stripe). */
export interface ProviderEvents {
  /** Checks a webhook's signature (tolerance 300 s) and reads its event; throws on a bad one. */
  verify(rawBody: Buffer, signature: string): ProviderEvent;
  /** Events made since `since`, oldest first (the replay of missed deliveries). */
  list(since: Date): Promise<ProviderEvent[]>;
}
