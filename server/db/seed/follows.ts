import { sql } from "drizzle-orm";
import type { Tx } from "./util";

/**
 * Demo follows (issue 33): whoever wrote "Following, I have the same question." follows that
 * question, and the demo shopper and Plus member follow TaskFlow's three most helpful questions,
 * so the questions show how many follow them. The stored counts are then set from the rows.
 */
export async function seedQuestionFollows(
  tx: Tx,
  people: { shopper: number; plus: number },
  taskflowId: number,
): Promise<void> {
  await tx.execute(sql`insert into question_follows (comment_id, user_id, created_at)
    select distinct on (r.root_id, r.user_id) r.root_id, r.user_id, r.created_at
    from comments r join comments q on q.id = r.root_id
    where q.kind = 'question' and r.comment = 'Following, I have the same question.'
      and r.user_id is not null and r.user_id is distinct from q.user_id
    order by r.root_id, r.user_id, r.created_at
    on conflict do nothing`);
  await tx.execute(sql`insert into question_follows (comment_id, user_id, created_at)
    select q.id, p.user_id, q.created_at + interval '1 hour'
    from (select id, user_id, created_at from comments
      where deal_id = ${taskflowId} and kind = 'question' and parent_id is null
        and status = 'approved'
      order by up_votes desc, id limit 3) q
    cross join (values (${people.shopper}::int), (${people.plus}::int)) p(user_id)
    where q.user_id is distinct from p.user_id
    on conflict do nothing`);
  await tx.execute(sql`update comments c set followers_count = f.n
    from (select comment_id, count(*)::int as n from question_follows group by comment_id) f
    where c.id = f.comment_id`);
}
