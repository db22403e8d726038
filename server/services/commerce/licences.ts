/**
 * Licence codes follow their money (issue 29): the codes of a refunded line are revoked, an open
 * dispute holds the order's codes, a won one gives them back and a lost one revokes them. The
 * rule is domain/payments.ts licenceStatus; this writes it for every code of the given orders,
 * and tells the deals' partners of each change (issue 30) in the same transaction:
 * held -> `licence.held`, revoked -> `licence.deactivated` (reason `refund` or `dispute_lost`),
 * working again -> `licence.activated` (reason `dispute_won` or `refund_failed`).
 */
import { inArray, sql } from "drizzle-orm";
import { type DisputeState, type LicenceStatus, licenceStatus } from "../../../domain/payments";
import type { LicenceEventType } from "../../db/schema";
import { licences } from "../../db/schema";
import { recordLicenceEvents } from "../partners/licence-events";
import type { Tx } from "./cart";

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);

/** The partner event and its reason for a code moving from one status to another. */
function eventOf(
  from: LicenceStatus,
  to: LicenceStatus,
  refunded: boolean,
): { type: LicenceEventType; reason: string } {
  if (to === "held") return { type: "licence.held", reason: "dispute_opened" };
  if (to === "revoked")
    return { type: "licence.deactivated", reason: refunded ? "refund" : "dispute_lost" };
  return { type: "licence.activated", reason: from === "held" ? "dispute_won" : "refund_failed" };
}

/**
 * `now` dates the partners' events (the caller's clock); without it, the system clock.
 */
export async function syncLicences(
  tx: Tx,
  orderIds: readonly number[],
  now: Date = new Date(),
): Promise<void> {
  if (orderIds.length === 0) return;
  const ids = sql.join(
    [...new Set(orderIds)].map((id) => sql`${id}`),
    sql`, `,
  );
  const found = rowsOf<{ id: number; status: LicenceStatus; refunded: boolean; dispute: string }>(
    await tx.execute(sql`select l.id, l.status, ii.refunded_at is not null as refunded,
        coalesce((select case when bool_or(d.outcome is null) then 'open'
            when bool_or(d.outcome = 'lost') then 'lost' else 'won' end
          from payment_disputes d where d.order_id = ii.order_id), '') as dispute
      from licences l join invoice_items ii on ii.id = l.invoice_item_id
      where ii.order_id in (${ids})
      order by l.id
      for update of l`),
  );
  const next = new Map<LicenceStatus, number[]>();
  const events = new Map<string, { type: LicenceEventType; reason: string; ids: number[] }>();
  for (const row of found) {
    const refunded = row.refunded === true || String(row.refunded) === "t";
    const status = licenceStatus({ refunded, dispute: (row.dispute || null) as DisputeState });
    if (status === row.status) continue;
    next.set(status, [...(next.get(status) ?? []), row.id]);
    const event = eventOf(row.status, status, refunded);
    const key = `${event.type}:${event.reason}`;
    const group = events.get(key) ?? { ...event, ids: [] };
    group.ids.push(row.id);
    events.set(key, group);
  }
  for (const [status, list] of next) {
    await tx.update(licences).set({ status }).where(inArray(licences.id, list));
  }
  for (const { type, reason, ids: licenceIds } of events.values()) {
    await recordLicenceEvents(tx, { type, licenceIds, now, extra: { reason } });
  }
}
