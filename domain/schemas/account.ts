/**
 * Bodies and queries of the account calls (spec 001 section 7; contract.md paths): cards, Plus,
 * the products list, refunds and transfers. Shared by the API and the account pages.
 */
import { z } from "zod";
import {
  PLUS_CANCEL_REASON_VALUES,
  PLUS_FEEDBACK_MAX,
  PRODUCT_FILTERS,
  PRODUCT_SEARCH_MAX,
} from "../account";
import { BILLING_FIELD_MAX, PLUS_SUBSCRIPTION_ACTIONS, TRANSFER_ACTION } from "../constants";
import {
  FIELD_REQUIRED,
  INVALID_CHOICE,
  MISSING_CARD_ID,
  MISSING_PAYMENT_METHOD,
  NO_SUBSCRIPTION_OR_REASON,
  WAITLIST_EMAIL_INVALID,
} from "../messages";
import { emailField, idField, optionalIdField, optionalText } from "./common";

const requiredString = (message: string, max = 255) =>
  z.preprocess(
    (value) => (typeof value === "number" ? String(value) : value),
    z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message }),
  );

/** POST /account/cards/create/: the provider's payment method id, plus the card's address. */
export const CardCreateSchema = z.object({
  payment_method_id: requiredString(MISSING_PAYMENT_METHOD),
  country: optionalText(2),
  postal_code: optionalText(BILLING_FIELD_MAX),
  set_default: z.preprocess(
    (v) => (typeof v === "string" ? ["true", "on", "1"].includes(v.toLowerCase()) : v),
    z.boolean().optional(),
  ),
});

/** POST /account/cards/remove/ */
export const CardRemoveSchema = z.object({ fingerprint_id: requiredString(MISSING_CARD_ID) });

/** POST /account/cards/default/: `card` is the payment method's id. */
export const CardDefaultSchema = z.object({ card: idField(MISSING_CARD_ID) });

/** PATCH /api/plus/subscription/ */
export const PlusSubscriptionPatchSchema = z.object({
  action: z.enum(PLUS_SUBSCRIPTION_ACTIONS, { error: INVALID_CHOICE }),
  stripe_subscription_id: z.string().trim().max(255).optional(),
  payment_method_id: z.string().trim().max(255).optional(),
  format: z.string().optional(),
});

/** GET /api/plus/cancel-reasons/?subscription_id= */
export const CancelReasonsQuerySchema = z.object({
  subscription_id: optionalIdField(NO_SUBSCRIPTION_OR_REASON),
});

/** POST /api/plus/cancel-reasons/ */
export const CancelReasonSchema = z.object({
  subscription: idField(NO_SUBSCRIPTION_OR_REASON),
  reason: z.enum(PLUS_CANCEL_REASON_VALUES, { error: NO_SUBSCRIPTION_OR_REASON }),
  feedback: optionalText(PLUS_FEEDBACK_MAX),
});

/** GET /api/users/products/ and its CSV download: page, f (filter), q (search). */
export const ProductsQuerySchema = z.object({
  page: z.preprocess(
    (v) => (v === undefined || v === "" ? 1 : Number(v)),
    z.number().int().min(1).catch(1),
  ),
  f: z.preprocess((v) => (v === "" || v == null ? "all" : v), z.enum(PRODUCT_FILTERS).catch("all")),
  q: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().slice(0, PRODUCT_SEARCH_MAX) : ""),
    z.string(),
  ),
});
export type ProductsQuery = z.infer<typeof ProductsQuerySchema>;

/** POST /api/users/products/transfer/ */
export const TransferSchema = z.object({
  invoice_item: idField(FIELD_REQUIRED),
  email: emailField(WAITLIST_EMAIL_INVALID),
  plan: optionalIdField(FIELD_REQUIRED),
  action: z.literal(TRANSFER_ACTION, { error: INVALID_CHOICE }),
});
