import {
  ACCOUNT_SETUP_EMAIL,
  ACCOUNT_SETUP_EMAIL_AND_PASSWORD,
  ACCOUNT_SETUP_PASSWORD,
} from "../../../domain/messages";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Clock } from "../../providers/clock";
import type { MailMessage, MailProvider } from "../../providers/mail";
import type { Outbox } from "../jobs/outbox";
import type { Limits } from "../limits/limits";
import { createAccountRecords, EMAIL_TOPIC } from "./account-records";
import { createEmailAddressService } from "./email-addresses";
import type { LoginThrottle } from "./login-throttle";
import { outboxEmails } from "./outbox-emails";
import { createPasswordCheck } from "./password-check";
import { createPasswordService } from "./password-reset";
import type { RecaptchaProvider } from "./recaptcha";
import type { SessionService } from "./sessions";
import { createSignInService } from "./sign-in";

export * from "./account-messages";
export { EMAIL_TOPIC } from "./account-records";
export type { EmailEntry } from "./email-addresses";
export type { StartedSession } from "./sign-in";

export type AccountSetup = {
  needsPassword: boolean;
  needsEmailVerification: boolean;
  /** One of the three account-setup messages of spec 000 section 8, or null when done. */
  message: string | null;
};

/**
 * Which account-setup message applies (spec 000 section 8). A pure rule: it belongs in domain/
 * beside the roles, where it can move once domain/ is open to this work.
 */
export function accountSetup(user: {
  emailVerified: boolean;
  requirePasswordReset: string | null;
}): AccountSetup {
  const needsPassword = user.requirePasswordReset != null;
  const needsEmailVerification = !user.emailVerified;
  const message =
    needsPassword && needsEmailVerification
      ? ACCOUNT_SETUP_EMAIL_AND_PASSWORD
      : needsPassword
        ? ACCOUNT_SETUP_PASSWORD
        : needsEmailVerification
          ? ACCOUNT_SETUP_EMAIL
          : null;
  return { needsPassword, needsEmailVerification, message };
}

/**
 * Accounts (spec 001 sections 5 and 8): sign-up and login (sign-in.ts), passwords and their
 * reset (password-reset.ts), e-mail addresses and verification (email-addresses.ts), and the
 * outbox's e-mails for staff (outbox-emails.ts), over the shared records (account-records.ts).
 */
export function createAccountService(deps: {
  db: Db;
  clock: Clock;
  config: Config;
  outbox: Outbox;
  sessions: SessionService;
  limits: Limits;
  loginThrottle: LoginThrottle;
  recaptcha: RecaptchaProvider;
  mail: MailProvider;
}) {
  const { db, config, outbox, limits, recaptcha, mail } = deps;
  const records = createAccountRecords(deps);
  const passwordCheck = createPasswordCheck(deps);

  // E-mails leave through the outbox worker; the provider decides SMTP or "keep it readable".
  outbox.handle(EMAIL_TOPIC, async (message) => {
    await mail.send(message.payload as MailMessage);
  });

  return {
    ...createSignInService({ ...deps, records, passwordCheck }),
    ...createPasswordService({ ...deps, records, passwordCheck }),
    ...createEmailAddressService({ ...deps, records, passwordCheck }),
    outboxEmails: (limit?: number) => outboxEmails(db, limit),
    recaptcha,
    mail,
    googleConfigured: Boolean(config.googleClientId && config.googleClientSecret),
    /** Test hook: forget every rate-limit count (sign-up, login, reset, resend, routes). */
    resetLimits: () => limits.reset(),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
