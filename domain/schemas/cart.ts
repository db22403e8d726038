/**
 * Bodies of the cart, coupon, credits, rewards and checkout calls (contract.md, spec 001 section
 * 7). Field names are the spec's: camelCase for the add-line-item call, snake_case elsewhere.
 */
import { z } from "zod";
import { CART_LINE_MAX_QUANTITY } from "../constants";
import {
  COUPON_CODE_REQUIRED,
  DEAL_OR_GROUP_REQUIRED,
  FIELD_REQUIRED,
  INVALID_PLAN_ID,
} from "../messages";
import { formBoolean, formInt, idField, optionalIdField } from "./common";

const optionalId = (message: string = FIELD_REQUIRED) => optionalIdField(message);

const optionalCode = z.preprocess(
  (v) => (v === null ? undefined : v),
  z.string().trim().max(64).optional(),
);

/** POST /api/cart/items/ {dealId, dealGroupId, planId, couponCode, quantity}. */
export const AddCartItemSchema = z
  .object({
    dealId: optionalId("A valid deal id is required."),
    dealGroupId: optionalId("A valid deal group id is required."),
    planId: optionalId("A valid plan id is required."),
    couponCode: optionalCode,
    /** The server applies the quantity rule itself; a given value must still be sane. */
    quantity: formInt("A valid quantity is required.", { min: 1, max: 1000 }).optional(),
    /**
     * A Plus-only plan for a non-member comes with Plus: Plus goes into the cart first, in the
     * same change (the product page's "Buy now adds Payonce Plus to your cart with it").
     */
    withPlus: z.boolean().optional(),
  })
  .refine((b) => b.dealId !== undefined || b.dealGroupId !== undefined, {
    error: DEAL_OR_GROUP_REQUIRED,
    path: ["dealId"],
  });
export type AddCartItemInput = z.infer<typeof AddCartItemSchema>;

/** PATCH /api/cart/items/{id}/ {quantity}. */
export const UpdateCartItemSchema = z.object({
  quantity: formInt("A valid quantity is required.", { min: 1, max: CART_LINE_MAX_QUANTITY }),
});

/** One add-on of POST /api/cart/addons/ (spec 001 section 7, "Add-ons in bulk"). */
export const AddonItemSchema = z.object({
  deal_id: optionalId("A valid deal id is required."),
  // "Add-on plan id must be a positive number."
  plan_id: idField(INVALID_PLAN_ID),
  quantity: formInt("A valid quantity is required.", { min: 1, max: 1000 }).optional(),
  unit_quantity: formInt("A valid quantity is required.", { min: 0, max: 100000 })
    .nullable()
    .optional(),
  primary_plan_id: optionalId(INVALID_PLAN_ID),
  parent_invoice_data: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type AddonItemInput = z.infer<typeof AddonItemSchema>;

/** The add-ons come as a list, or as {items: [...]}/{addons: [...]}. */
export const AddAddonsSchema = z.preprocess(
  (v) => {
    if (Array.isArray(v)) return { items: v };
    if (v && typeof v === "object") {
      const o = v as Record<string, unknown>;
      if (Array.isArray(o.items)) return { items: o.items };
      if (Array.isArray(o.addons)) return { items: o.addons };
      if ("plan_id" in o) return { items: [o] };
    }
    return v;
  },
  z.object({ items: z.array(AddonItemSchema).min(1, { error: FIELD_REQUIRED }).max(50) }),
);

/** POST /api/cart/coupon/ {code}; POST /api/rewards/remove/ {code}. */
export const CouponCodeSchema = z.object({
  code: z
    .string({ error: COUPON_CODE_REQUIRED })
    .trim()
    .min(1, { error: COUPON_CODE_REQUIRED })
    .max(64, { error: COUPON_CODE_REQUIRED }),
});

/** POST /api/cart/credits/ {use_credit}. */
export const UseCreditSchema = z.object({ use_credit: formBoolean() });

/**
 * POST /checkout/: payment_method (a saved card's id or a card token), or stripe_token with
 * stripe. A free or credit-paid cart needs neither.
 */
export const CheckoutSchema = z.object({
  payment_method: z.string().trim().max(255).optional(),
  stripe_token: z.string().trim().max(255).optional(),
  stripe: z.string().trim().max(255).optional(),
  /** Back from 3-D Secure: the PaymentIntent the first answer named (same Idempotency-Key). */
  payment_intent: z
    .string()
    .trim()
    .max(2000)
    .regex(/^pi_[A-Za-z0-9_-]+$/, "Send the payment_intent the checkout answered.")
    .optional(),
});
export type CheckoutInput = z.infer<typeof CheckoutSchema>;

export const paymentTokenOf = (input: CheckoutInput): string | null =>
  input.stripe_token || input.payment_method || null;
