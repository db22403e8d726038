import { z } from "zod";
import { EMAIL_ACTIONS, PASSWORD_MAX, PASSWORD_MIN } from "../constants";
import { isValidEmail } from "../email";
import {
  EMAIL_FORMAT_INVALID,
  EMAIL_REQUIRED,
  FIELD_REQUIRED,
  INVALID_CHOICE,
  PASSWORD_REQUIRED,
  PASSWORD_TOO_SHORT,
  PASSWORDS_MUST_MATCH,
  SIGNUP_EMAIL_INVALID,
  tooLong,
} from "../messages";
import { always, emailField, formBoolean } from "./common";

/** Login checks only presence: a malformed e-mail simply fails to log in, like a wrong one. */
export const LoginSchema = z.object({
  email: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z.string({ error: FIELD_REQUIRED }).min(1, { error: FIELD_REQUIRED }),
  ),
  password: z.string({ error: FIELD_REQUIRED }).min(1, { error: FIELD_REQUIRED }),
  next: z.string().optional(),
});

// No `abort` on the required check: an aborted field would stop the object-level "passwords
// must match" rule from running, and the form should show every error at once.
const password = z
  .string({ error: FIELD_REQUIRED })
  .min(1, { error: FIELD_REQUIRED })
  .refine((value) => value.length === 0 || value.length >= PASSWORD_MIN, {
    error: PASSWORD_TOO_SHORT,
  })
  .max(PASSWORD_MAX, { error: tooLong(PASSWORD_MAX) });

const passwordPair = {
  password,
  password_confirm: z.string({ error: PASSWORDS_MUST_MATCH }),
};

const passwordsMatch = <T extends z.ZodType<{ password?: unknown; password_confirm?: unknown }>>(
  schema: T,
) =>
  schema.superRefine((value, ctx) => {
    if (value.password !== value.password_confirm) {
      ctx.addIssue({ code: "custom", path: ["password_confirm"], message: PASSWORDS_MUST_MATCH });
    }
  }, always);

export const SignupSchema = passwordsMatch(
  z.object({
    email: emailField(SIGNUP_EMAIL_INVALID),
    ...passwordPair,
  }),
);

/** current_password: required by the service when the account already has a password. */
export const SetPasswordSchema = passwordsMatch(
  z.object({ current_password: z.string().optional(), ...passwordPair }),
);

export const PasswordResetSchema = z.object({ email: emailField(SIGNUP_EMAIL_INVALID) });

export const PasswordResetConfirmSchema = passwordsMatch(
  z.object({
    token: z.string({ error: FIELD_REQUIRED }).min(1, { error: FIELD_REQUIRED }),
    ...passwordPair,
  }),
);

/** Session sign-up (auto login) after checkout. */
export const SessionSignupSchema = z.object({
  email: emailField(SIGNUP_EMAIL_INVALID),
  content: z.string().optional(),
  token: z.string().optional(),
  auto_login_user: formBoolean().default(true),
});

/** E-mail settings: adding needs e-mail and password; the other actions an e-mail. */
export const EmailSettingsSchema = z
  .object({
    action: z.enum(EMAIL_ACTIONS, { error: INVALID_CHOICE }),
    email: z.preprocess(
      (value) => (typeof value === "string" ? value.trim() : value),
      z.string({ error: EMAIL_REQUIRED }).min(1, { error: EMAIL_REQUIRED }),
    ),
    password: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.action === "add" && !value.password) {
      ctx.addIssue({ code: "custom", path: ["password"], message: PASSWORD_REQUIRED });
    }
    // Only a new address is checked for its form: the others name an address already on file.
    if (value.action === "add" && value.email && !isValidEmail(value.email)) {
      ctx.addIssue({ code: "custom", path: ["email"], message: EMAIL_FORMAT_INVALID });
    }
  }, always);
