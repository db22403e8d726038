/** POST /api/users/products/{invoice_item}/upgrade/ (issue 30): shared by the API and the page. */
import { z } from "zod";
import { UPGRADE_PLAN_UNKNOWN } from "../messages";

/** The Idempotency-Key checkout accepts: 8 to 100 letters, digits, '.', ':', '_' or '-'. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;

export const UpgradeSchema = z.object({
  /** The plan to move to (not needed when completing a payment_intent). */
  plan: z.coerce
    .number({ message: UPGRADE_PLAN_UNKNOWN })
    .int(UPGRADE_PLAN_UNKNOWN)
    .min(1, UPGRADE_PLAN_UNKNOWN)
    .max(2147483647, UPGRADE_PLAN_UNKNOWN)
    .optional(),
  /** A saved card's id (or, as checkout takes, a card token). Not needed for a free upgrade. */
  payment_method: z
    .union([z.string().trim().max(255), z.number().int().positive().max(2147483647)])
    .transform((v) => (v === "" ? undefined : String(v)))
    .optional(),
  /** Back from 3-D Secure: the PaymentIntent the first answer named (same Idempotency-Key). */
  payment_intent: z
    .string()
    .trim()
    .max(2000)
    .regex(/^pi_[A-Za-z0-9_-]+$/, "Send the payment_intent the upgrade answered.")
    .optional(),
});
export type UpgradeInput = z.infer<typeof UpgradeSchema>;
