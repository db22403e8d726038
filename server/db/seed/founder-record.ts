import { sql } from "drizzle-orm";
import { NAMED_ACCOUNTS } from "./accounts";
import type { Tx } from "./util";

/**
 * TaskFlow's founder gets a record worth reading (issue 34, decision 077): one in 30 of the
 * TaskFlow plans that generated shoppers bought is refunded three days later (the named demo
 * accounts keep what they own). The deal_sales triggers count them as checkout's refunds would;
 * the answers and updates are the discussions' and TaskFlow's posts.
 */
export async function seedFounderRecord(tx: Tx, taskflowId: number): Promise<void> {
  const named = NAMED_ACCOUNTS.map((a) => a.username);
  await tx.execute(sql`update invoice_items ii set refunded_at = ii.created_at + interval '3 days'
    from (select i.id, row_number() over (order by i.id) as rn
      from invoice_items i join users u on u.id = i.user_id
      where i.deal_id = ${taskflowId} and i.parent_invoice_item_id is null
        and u.username not in (${sql.join(
          named.map((n) => sql`${n}`),
          sql`, `,
        )})) r
    where ii.id = r.id and r.rn % 30 = 1`);
}
