/**
 * Sends partner webhooks (issue 30): the outbox's `partner.webhook` job. Each attempt POSTs the
 * stored payload, exactly as stored, signed now with the partner's current secret (domain/
 * webhook-signature.ts) to their current URL. A 2xx answer delivers it; any other answer, a
 * network error or the 5 s deadline is a failed attempt, recorded on the delivery for the portal
 * and thrown so the outbox tries again with its back-off; after the outbox's last attempt the
 * delivery is `failed`. A delivery already delivered is not sent again (a job retried after a
 * crash), so a partner normally gets one request per event, and at least one.
 */
import { eq, sql } from "drizzle-orm";
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from "../../../domain/webhook-signature";
import type { Db } from "../../db/client";
import { partnerEndpoints, partnerWebhookDeliveries } from "../../db/schema";
import type { Clock } from "../../providers/clock";
import type { OutboxMessage } from "../jobs/outbox";
import { type PostAnswer, postWebhook } from "./webhook-post";

export const WEBHOOK_TIMEOUT_MS = 5_000;
/** How much of the partner's answer (or of our error) the portal keeps. */
export const RESPONSE_KEPT = 500;

export class WebhookAttemptFailed extends Error {}

export function createWebhookDelivery(deps: {
  db: Db;
  clock: Clock;
  allowPrivateAddresses: boolean;
  /** The outbox's last attempt: the delivery is `failed` once it fails. */
  maxAttempts: number;
  timeoutMs?: number;
}) {
  const { db, clock } = deps;

  async function send(message: OutboxMessage): Promise<void> {
    const deliveryId = Number(message.payload.delivery_id);
    if (!Number.isInteger(deliveryId)) return;
    const [row] = await db
      .select({
        delivery: partnerWebhookDeliveries,
        url: partnerEndpoints.webhookUrl,
        secret: partnerEndpoints.webhookSecret,
      })
      .from(partnerWebhookDeliveries)
      .leftJoin(partnerEndpoints, eq(partnerEndpoints.userId, partnerWebhookDeliveries.userId))
      .where(eq(partnerWebhookDeliveries.id, deliveryId));
    if (row?.delivery.status !== "pending") return;
    const last = message.attempts + 1 >= deps.maxAttempts;
    const record = (
      fields: Partial<typeof partnerWebhookDeliveries.$inferInsert>,
      delivered: boolean,
      final = last,
    ) =>
      db
        .update(partnerWebhookDeliveries)
        .set({
          attempts: sql`${partnerWebhookDeliveries.attempts} + 1`,
          lastAttemptAt: clock.now(),
          status: delivered ? "delivered" : final ? "failed" : "pending",
          ...(delivered ? { deliveredAt: clock.now() } : {}),
          ...fields,
        })
        .where(eq(partnerWebhookDeliveries.id, deliveryId));

    if (!row.url || !row.secret) {
      // The partner turned the webhook off since: nothing to send it to, nor to retry.
      await record(
        { error: "webhook turned off", responseStatus: null, responseBody: null },
        false,
        true,
      );
      return;
    }
    const body = JSON.stringify(row.delivery.payload);
    const timestamp = Math.floor(clock.now().getTime() / 1000);
    let answer: PostAnswer | undefined;
    let failure = "";
    try {
      answer = await postWebhook({
        url: row.url,
        body,
        headers: {
          [WEBHOOK_SIGNATURE_HEADER]: signWebhook(row.secret, body, timestamp),
          "user-agent": "Payonce-Webhooks/1.0",
          "payonce-event-id": row.delivery.eventId,
        },
        timeoutMs: deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
        allowPrivateAddresses: deps.allowPrivateAddresses,
      });
    } catch (err) {
      failure = (err instanceof Error ? err.message : String(err)) || "request failed";
    }
    const ok = answer !== undefined && answer.status >= 200 && answer.status < 300;
    if (answer && !ok) failure = `HTTP ${answer.status}`;
    await record(
      {
        url: row.url,
        responseStatus: answer?.status ?? null,
        responseBody: answer ? answer.body.slice(0, RESPONSE_KEPT) : null,
        error: ok ? null : failure.slice(0, RESPONSE_KEPT),
      },
      ok,
    );
    if (ok) return;
    throw new WebhookAttemptFailed(`partner webhook ${row.delivery.eventId}: ${failure}`);
  }

  return { send };
}
