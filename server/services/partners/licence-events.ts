/**
 * Licence events for partners (issue 30): when a code is activated, upgraded, held or
 * deactivated, every partner of its deal with a webhook gets one delivery row and one outbox job,
 * written in the transaction that changed the licence, so an event is sent at least once and
 * never for a change that rolled back. The outbox job `partner.webhook` sends it.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { LicenceEventType } from "../../db/schema";
import { outbox, partnerWebhookDeliveries } from "../../db/schema";
import type { Tx } from "../commerce/cart";

export const PARTNER_WEBHOOK_TOPIC = "partner.webhook";

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);

type Target = {
  licence_id: number;
  code: string;
  status: string;
  redeemed_at: Date | string | null;
  invoice_item_id: number;
  deal_id: number;
  deal_slug: string;
  plan_id: number | null;
  plan_name: string | null;
  partner_id: number;
  url: string;
};

export async function recordLicenceEvents(
  tx: Tx,
  input: {
    type: LicenceEventType;
    licenceIds: readonly number[];
    now: Date;
    /** Said with the event: e.g. previous_plan for an upgrade, reason for a deactivation. */
    extra?: Record<string, unknown>;
  },
): Promise<void> {
  if (input.licenceIds.length === 0) return;
  const ids = sql.join(
    [...new Set(input.licenceIds)].map((id) => sql`${id}`),
    sql`, `,
  );
  const targets = rowsOf<Target>(
    await tx.execute(sql`select l.id as licence_id, l.code, l.status, l.redeemed_at,
        ii.id as invoice_item_id, d.id as deal_id, d.slug as deal_slug,
        p.id as plan_id, p.public_name as plan_name, pe.user_id as partner_id, pe.webhook_url as url
      from licences l
      join invoice_items ii on ii.id = l.invoice_item_id
      join deals d on d.id = ii.deal_id
      left join plans p on p.id = ii.plan_id
      join deal_roles r on r.deal_id = d.id and r.role = 'partner'
      join partner_endpoints pe on pe.user_id = r.user_id and pe.webhook_url is not null
      where l.id in (${ids})
      order by l.id, pe.user_id`),
  );
  const eventIds = new Map<number, string>();
  const created = Math.floor(input.now.getTime() / 1000);
  for (const t of targets) {
    let eventId = eventIds.get(t.licence_id);
    if (!eventId) {
      eventId = `evt_${randomUUID().replaceAll("-", "")}`;
      eventIds.set(t.licence_id, eventId);
    }
    const payload = {
      id: eventId,
      type: input.type,
      created,
      data: {
        licence_code: t.code,
        status: t.status,
        redeemed: t.redeemed_at != null,
        invoice_item_id: t.invoice_item_id,
        deal: { id: t.deal_id, slug: t.deal_slug },
        plan: t.plan_id == null ? null : { id: t.plan_id, public_name: t.plan_name },
        ...input.extra,
      },
    };
    const [delivery] = await tx
      .insert(partnerWebhookDeliveries)
      .values({
        userId: t.partner_id,
        eventId,
        type: input.type,
        payload,
        url: t.url,
        createdAt: input.now,
      })
      .returning({ id: partnerWebhookDeliveries.id });
    await tx.insert(outbox).values({
      kind: "job",
      topic: PARTNER_WEBHOOK_TOPIC,
      payload: { delivery_id: delivery?.id },
      runAfter: input.now,
    });
  }
}
