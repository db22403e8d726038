/**
 * What is waiting to go out, as an operator's metrics read it at each scrape (issue 34,
 * server/http/metrics.ts): the outbox's pending messages (e-mail and jobs) and how long the
 * oldest due one has waited, and the partner webhook deliveries by status with the age of the
 * oldest still pending. Counts only: nothing about a person.
 */
import { and, count, eq, lte, min, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { outbox } from "../../db/schema/marketing";
import { partnerWebhookDeliveries, WEBHOOK_DELIVERY_STATUSES } from "../../db/schema/partners";
import type { Clock } from "../../providers/clock";

export type Backlog = {
  outboxPending: number;
  /** Seconds the oldest pending message has been due (0: none due). */
  outboxOldestDueSeconds: number;
  webhooks: Record<(typeof WEBHOOK_DELIVERY_STATUSES)[number], number>;
  /** Seconds since the oldest pending webhook delivery was written (0: none pending). */
  webhookOldestPendingSeconds: number;
};

export function createBacklogReader(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function read(): Promise<Backlog> {
    const now = clock.now();
    const [[pending], [due], byStatus, [oldestWebhook]] = await Promise.all([
      db.select({ n: count() }).from(outbox).where(eq(outbox.status, "pending")),
      // The oldest message due now: outbox_status_run_after_idx answers it from its first row.
      db
        .select({ at: min(outbox.runAfter) })
        .from(outbox)
        .where(and(eq(outbox.status, "pending"), lte(outbox.runAfter, now))),
      db
        .select({ status: partnerWebhookDeliveries.status, n: count() })
        .from(partnerWebhookDeliveries)
        .groupBy(partnerWebhookDeliveries.status),
      db
        .select({ at: min(partnerWebhookDeliveries.createdAt) })
        .from(partnerWebhookDeliveries)
        .where(eq(partnerWebhookDeliveries.status, sql`'pending'`)),
    ]);
    const webhooks = Object.fromEntries(
      WEBHOOK_DELIVERY_STATUSES.map((s) => [s, 0]),
    ) as Backlog["webhooks"];
    for (const row of byStatus) webhooks[row.status] = Number(row.n);
    const ageOf = (at: Date | string | null | undefined) =>
      at ? Math.max(0, (now.getTime() - new Date(at).getTime()) / 1000) : 0;
    return {
      outboxPending: Number(pending?.n ?? 0),
      outboxOldestDueSeconds: ageOf(due?.at),
      webhooks,
      webhookOldestPendingSeconds: ageOf(oldestWebhook?.at),
    };
  }

  return { read };
}

export type BacklogReader = ReturnType<typeof createBacklogReader>;
