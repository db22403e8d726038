import { z } from "zod";
import { DEFAULT_EMAIL_CAPTURE_DISCOUNT_PERCENT } from "../constants";
import {
  EMAIL_FORMAT_INVALID,
  emailCaptureInvalid,
  FIELD_REQUIRED,
  INVALID_CHOICE,
  WAITLIST_EMAIL_INVALID,
} from "../messages";
import { emailField, formBoolean } from "./common";

/** Waitlist for info and inactive-indefinitely deals. */
export const WaitlistSchema = z.object({
  waitlist_email: emailField(WAITLIST_EMAIL_INVALID),
  deal_slug: z.string({ error: FIELD_REQUIRED }).trim().min(1, { error: FIELD_REQUIRED }),
  content: z.string().optional(),
});

/** The fields both e-mail sign-up variants may carry besides the address (spec 001 section 7). */
const signupExtras = {
  source: z.string().optional(),
  campaign: z.string().optional(),
  medium: z.string().optional(),
  content: z.string().optional(),
  component: z.string().optional(),
  deal_slug: z.string().optional(),
  allow_duplicate: formBoolean().optional(),
  /** A JSON string, e.g. {"bf_campaign": ...}. */
  custom_properties: z.string().optional(),
};

/** E-mail sign-up (subscribe banner, restock and inline notification sign-ups). */
export const EmailSignupSchema = z.object({
  email: emailField(EMAIL_FORMAT_INVALID),
  ...signupExtras,
});

/**
 * The email capture offering a discount; its message names the discount ("10%", or the active
 * campaign's).
 */
export const emailCaptureSchema = (discount = `${DEFAULT_EMAIL_CAPTURE_DISCOUNT_PERCENT}%`) =>
  z.object({
    email: emailField(emailCaptureInvalid(discount)),
    ...signupExtras,
  });

export const EmailCaptureSchema = emailCaptureSchema();

/** POST /api/sessions/set-currency/: an ISO 4217 code (local currencies are allowed too). */
export const SetCurrencySchema = z.object({
  currency: z
    .string({ error: INVALID_CHOICE })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: INVALID_CHOICE }),
});
