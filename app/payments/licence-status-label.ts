/** What a licence code that does not work now is called (domain/payments.ts licenceStatus). */
export const licenceStatusLabel = (status: string | undefined): string | null =>
  status === "held" ? "On hold (payment disputed)" : status === "revoked" ? "Revoked" : null;
