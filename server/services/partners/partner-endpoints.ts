/**
 * A partner's settings for their own product (issue 30): the webhook URL licence events go to,
 * the secret they are signed with, and the API key the product redeems codes with. Only a user
 * who partners at least one deal has them (403 otherwise, as the portal's other calls). Secrets
 * are the partner's to read (they verify signatures with it); the API key is shown once and kept
 * as a sha256 hash. Every change is audited, never with the secret or key in it.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { fieldError, forbidden } from "../../../domain/errors";
import { WEBHOOK_URL_PRIVATE, WEBHOOK_URL_UNRESOLVED } from "../../../domain/messages";
import type { PartnerWebhookInput } from "../../../domain/schemas/partners";
import type { Db } from "../../db/client";
import { dealRoles, partnerEndpoints, partnerWebhookDeliveries } from "../../db/schema";
import type { Clock } from "../../providers/clock";
import type { PageEvents } from "../cache/page-events";
import { type Actor, createAuditedWrite } from "../staff/audit";
import { BlockedAddressError, checkWebhookHost } from "./webhook-address";

/** Deliveries the portal and GET /api/partners/webhook/ list, newest first. */
export const RECENT_DELIVERIES = 20;
/** What of an API key is kept readable, so the portal can say which key is live. */
const KEY_PREFIX_LENGTH = 11;

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString("hex")}`;
export const hashApiKey = (key: string) => createHash("sha256").update(key, "utf8").digest("hex");

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function createPartnerEndpointService(deps: {
  db: Db;
  clock: Clock;
  pageEvents: PageEvents;
  allowPrivateAddresses: boolean;
}) {
  const { db, clock } = deps;
  const auditedWrite = createAuditedWrite(deps);

  async function requirePartner(userId: number): Promise<void> {
    const [role] = await db
      .select({ id: dealRoles.id })
      .from(dealRoles)
      .where(and(eq(dealRoles.userId, userId), eq(dealRoles.role, "partner")))
      .limit(1);
    if (!role) throw forbidden();
  }

  async function endpointOf(userId: number) {
    const [row] = await db
      .select()
      .from(partnerEndpoints)
      .where(eq(partnerEndpoints.userId, userId));
    return row;
  }

  /** The settings and the latest deliveries with the partner's product's answers. */
  async function get(userId: number) {
    await requirePartner(userId);
    const endpoint = await endpointOf(userId);
    const deliveries = await db
      .select()
      .from(partnerWebhookDeliveries)
      .where(eq(partnerWebhookDeliveries.userId, userId))
      .orderBy(desc(partnerWebhookDeliveries.createdAt), desc(partnerWebhookDeliveries.id))
      .limit(RECENT_DELIVERIES);
    return {
      url: endpoint?.webhookUrl ?? null,
      secret: endpoint?.webhookSecret ?? null,
      api_key: endpoint?.apiKeyPrefix ? { prefix: endpoint.apiKeyPrefix } : null,
      deliveries: deliveries.map((d) => {
        const data = (d.payload.data ?? {}) as { licence_code?: unknown };
        return {
          id: d.id,
          event_id: d.eventId,
          type: d.type,
          licence_code: typeof data.licence_code === "string" ? data.licence_code : null,
          created: d.createdAt.toISOString(),
          status: d.status,
          attempts: d.attempts,
          url: d.url,
          response_status: d.responseStatus,
          response_body: d.responseBody,
          error: d.error,
          last_attempt_at: iso(d.lastAttemptAt),
          delivered_at: iso(d.deliveredAt),
        };
      }),
    };
  }

  /** The URL must not lead into our own network (webhook-address.ts), unless allowed. */
  async function checkHost(url: string): Promise<void> {
    if (deps.allowPrivateAddresses) return;
    try {
      await checkWebhookHost(new URL(url).hostname);
    } catch (err) {
      if (!(err instanceof BlockedAddressError)) throw err;
      throw fieldError(
        "url",
        err.reason === "private" ? WEBHOOK_URL_PRIVATE : WEBHOOK_URL_UNRESOLVED,
      );
    }
  }

  /**
   * Sets (or, with null, turns off) the webhook URL. The secret is made once and kept when only
   * the URL changes, so a partner's receiver keeps verifying; `rotate_secret` makes a new one.
   */
  async function setWebhook(actor: Actor, input: PartnerWebhookInput) {
    await requirePartner(actor.id);
    if (input.url) await checkHost(input.url);
    const what = { action: "partner.webhook.update", entity: "partner_endpoint", id: actor.id };
    return auditedWrite(actor, what, async (tx) => {
      const [before] = await tx
        .select()
        .from(partnerEndpoints)
        .where(eq(partnerEndpoints.userId, actor.id))
        .for("update");
      const rotate = input.rotate_secret === true || !before?.webhookSecret;
      const secret = rotate ? newWebhookSecret() : (before?.webhookSecret as string);
      const now = clock.now();
      await tx
        .insert(partnerEndpoints)
        .values({ userId: actor.id, webhookUrl: input.url, webhookSecret: secret, updatedAt: now })
        .onConflictDoUpdate({
          target: partnerEndpoints.userId,
          set: { webhookUrl: input.url, webhookSecret: secret, updatedAt: now },
        });
      return {
        result: { url: input.url, secret },
        // Never the secret itself.
        before: { url: before?.webhookUrl ?? null },
        after: { url: input.url, secret_rotated: rotate && Boolean(before?.webhookSecret) },
        pages: "none",
      };
    });
  }

  /** A new API key, answered once; the previous key stops working at once. */
  async function createApiKey(actor: Actor) {
    await requirePartner(actor.id);
    const key = `po_key_${randomBytes(24).toString("base64url")}`;
    const prefix = key.slice(0, KEY_PREFIX_LENGTH);
    const now = clock.now();
    const what = { action: "partner.api_key.create", entity: "partner_endpoint", id: actor.id };
    await auditedWrite(actor, what, async (tx) => {
      await tx
        .insert(partnerEndpoints)
        .values({ userId: actor.id, apiKeyHash: hashApiKey(key), apiKeyPrefix: prefix })
        .onConflictDoUpdate({
          target: partnerEndpoints.userId,
          set: { apiKeyHash: hashApiKey(key), apiKeyPrefix: prefix, updatedAt: now },
        });
      // The prefix only: the key is the partner's alone.
      return { result: undefined, after: { prefix }, pages: "none" };
    });
    return { key, prefix };
  }

  return { get, setWebhook, createApiKey, requirePartner };
}

export type PartnerEndpointService = ReturnType<typeof createPartnerEndpointService>;
