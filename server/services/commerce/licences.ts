/**
 * Licence codes follow their money (issue 29): the codes of a refunded line are revoked, an open
 * dispute holds the order's codes, a won one gives them back and a lost one revokes them. The
 * rule is domain/payments.ts licenceStatus; this writes it for every code of the given orders.
 */
import { inArray, sql } from "drizzle-orm";
import { type DisputeState, type LicenceStatus, licenceStatus } from "../../../domain/payments";
import { licences } from "../../db/schema";
import type { Tx } from "./cart";

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);

export async function syncLicences(tx: Tx, orderIds: readonly number[]): Promise<void> {
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
      for update of l`),
  );
  const next = new Map<LicenceStatus, number[]>();
  for (const row of found) {
    const status = licenceStatus({
      refunded: row.refunded === true || String(row.refunded) === "t",
      dispute: (row.dispute || null) as DisputeState,
    });
    if (status !== row.status) next.set(status, [...(next.get(status) ?? []), row.id]);
  }
  for (const [status, list] of next) {
    await tx.update(licences).set({ status }).where(inArray(licences.id, list));
  }
}
