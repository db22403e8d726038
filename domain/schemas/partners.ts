/**
 * The partner's link to their product (issue 30): the webhook URL they choose and the licence
 * code their product redeems. Whether the URL's host is on a public network needs DNS, so the
 * server checks that itself (server/services/partners/webhook-address.ts).
 */
import { z } from "zod";
import { FIELD_REQUIRED, tooLong, WEBHOOK_URL_CREDENTIALS, WEBHOOK_URL_INVALID } from "../messages";

export const WEBHOOK_URL_MAX = 2000;

/** http or https, a host, no user name or password; returned as the URL parser writes it. */
export const webhookUrl = z
  .string({ error: FIELD_REQUIRED })
  .trim()
  .min(1, FIELD_REQUIRED)
  .max(WEBHOOK_URL_MAX, tooLong(WEBHOOK_URL_MAX))
  .transform((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: "custom", message: WEBHOOK_URL_INVALID });
      return z.NEVER;
    }
    if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname) {
      ctx.addIssue({ code: "custom", message: WEBHOOK_URL_INVALID });
      return z.NEVER;
    }
    if (url.username || url.password) {
      ctx.addIssue({ code: "custom", message: WEBHOOK_URL_CREDENTIALS });
      return z.NEVER;
    }
    url.hash = "";
    return url.toString();
  });

/**
 * PUT /api/partners/webhook/: a URL (null turns the webhook off, keeping the secret), and
 * `rotate_secret` for a new signing secret.
 */
export const PartnerWebhookSchema = z.strictObject({
  url: webhookUrl.nullable(),
  rotate_secret: z.boolean().optional(),
});
export type PartnerWebhookInput = z.infer<typeof PartnerWebhookSchema>;

/** POST /api/partners/licences/redeem/. */
export const RedeemLicenceSchema = z.strictObject({
  licence_code: z
    .string({ error: FIELD_REQUIRED })
    .trim()
    .min(1, FIELD_REQUIRED)
    .max(100, tooLong(100))
    // Codes are printed in capitals; a product may send what its user typed.
    .transform((code) => code.toUpperCase()),
});
