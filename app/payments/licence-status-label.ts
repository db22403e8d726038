/** What a licence code that does not work now is called (domain/payments.ts licenceStatus). */
export const licenceStatusLabel = (status: string | undefined): string | null =>
  status === "held" ? "On hold (payment disputed)" : status === "revoked" ? "Revoked" : null;

/** A working code the partner's product has marked used (POST /api/partners/licences/redeem/). */
export const REDEEMED_LABEL = "Redeemed";

/**
 * The one label of a code beside it: why it does not work, else whether it was redeemed
 * (null: a working code not redeemed yet, where a page may say nothing).
 */
export const licenceCodeLabel = (status: string | undefined, redeemed: boolean): string | null =>
  licenceStatusLabel(status) ?? (redeemed ? REDEEMED_LABEL : null);
