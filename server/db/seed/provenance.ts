import { sql } from "drizzle-orm";
import { recomputeThread } from "../../services/discussions/aggregates";
import type { Db } from "../client";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Demo data of issue 33 on taskflow, made from the seeded reviews and purchases without adding
 * items (the deal's stored counts stay as planned): review provenance of every kind (owner with
 * plan and days, received by transfer, refunded since, updated after the founder's reply), an
 * earlier rating kept in a review's history, a changelog entry among the founders' posts, owners'
 * replies to questions typed verified_owner (what a buyer's answer now gets), and buyer@ asked
 * new questions on the deals they own. Generated reviewers only (@example.com): the named demo
 * accounts keep what they own.
 */
export async function seedProvenance(tx: Tx): Promise<void> {
  // Approved taskflow reviews by generated reviewers who bought a plan days before reviewing.
  const candidates = sql`(select c.id, c.user_id, c.deal_id, c.created_at, c.first_founder_reply_at
    from comments c join users u on u.id = c.user_id join deals d on d.id = c.deal_id
    where d.slug = 'taskflow' and c.kind = 'review' and c.parent_id is null
      and c.status = 'approved' and u.email like '%@example.com'
      and exists (select 1 from invoice_items ii join orders o on o.id = ii.order_id
        where ii.user_id = c.user_id and ii.deal_id = c.deal_id and o.status = 'paid'
          and ii.refunded_at is null and o.paid_at < c.created_at - interval '12 hours')
    order by c.id)`;

  // Refunded since: the first candidate's taskflow lines, refunded a week after the review.
  // (An order refunded whole is 'refunded'; one with other lines stays paid.)
  await tx.execute(sql`with target as (select * from ${candidates} t
      where t.first_founder_reply_at is null limit 1),
    refunded as (update invoice_items ii
      set refunded_at = least(t.created_at + interval '2 days', now() - interval '1 hour')
      from target t where ii.user_id = t.user_id and ii.deal_id = t.deal_id
      returning ii.order_id, ii.id)
    update orders o set status = 'refunded' where o.id in (select order_id from refunded)
      and not exists (select 1 from invoice_items other where other.order_id = o.id
        and other.id not in (select id from refunded) and other.refunded_at is null)`);

  // Received by transfer: the next candidate's plan came from another reviewer two days after
  // its purchase.
  await tx.execute(sql`with target as (select * from ${candidates} t
      where t.first_founder_reply_at is null limit 1),
    line as (select ii.id, ii.user_id, o.paid_at, ii.plan_id from invoice_items ii
      join orders o on o.id = ii.order_id join target t on t.user_id = ii.user_id
        and t.deal_id = ii.deal_id where o.status = 'paid' and ii.refunded_at is null
      order by ii.id limit 1),
    moved as (update invoice_items ii set transferred_to_user_id = l.user_id,
        transferred_at = l.paid_at + interval '2 days'
      from line l where ii.id = l.id returning ii.id, ii.user_id, ii.transferred_at, ii.plan_id)
    insert into product_transfers (invoice_item_id, from_user_id, to_user_id, to_email, plan_id,
        status, created_at, completed_at)
    select m.id, null, m.user_id, u.email, m.plan_id, 'completed', m.transferred_at,
      m.transferred_at
    from moved m join users u on u.id = m.user_id`);

  // Updated after the founder's reply: a review the founders answered, edited a day later.
  await tx.execute(sql`update comments c set edited_at = least(
      c.first_founder_reply_at + interval '1 day', now())
    where c.id = (select c2.id from comments c2 join deals d on d.id = c2.deal_id
      where d.slug = 'taskflow' and c2.kind = 'review' and c2.parent_id is null
        and c2.status = 'approved' and c2.first_founder_reply_at is not null
      order by c2.id limit 1)`);

  // A reviewer raised their rating after a fix: the earlier rating stays in the history.
  // (On taskflow and on mailbeam, whose reviews span months.)
  await tx.execute(sql`with target as (select distinct on (c.deal_id) c.id, c.rating,
        c.created_at from comments c join deals d on d.id = c.deal_id
      where d.slug in ('taskflow', 'mailbeam') and c.kind = 'review' and c.parent_id is null
        and c.status = 'approved' and c.rating between 4 and 5
        and c.first_founder_reply_at is null
      order by c.deal_id, c.created_at, c.id),
    kept as (insert into comment_rating_history (comment_id, rating, rated_at, replaced_at)
      select t.id, t.rating - 2, t.created_at, t.created_at + (now() - t.created_at) / 2
      from target t
      returning comment_id, replaced_at)
    update comments c set rated_at = k.replaced_at, edited_at = k.replaced_at
    from kept k where c.id = k.comment_id`);
  // mailbeam's founders posted a changelog entry and a post over its two months.
  await tx.execute(sql`insert into founder_posts (deal_id, title, message, kind, created_at,
      modified_at)
    select d.id, v.title, v.message, v.kind, now() - v.age, now() - v.age
    from deals d, (values
      ('Bounce handling rebuilt', 'Hard bounces now stop a sequence at once.', 'changelog',
        interval '40 days'),
      ('Thanks for the feedback', 'Your reviews shaped the last three releases.', 'post',
        interval '12 days')) as v(title, message, kind, age)
    where d.slug = 'mailbeam'`);

  // The founders' oldest post becomes a changelog entry.
  await tx.execute(sql`update founder_posts fp set kind = 'changelog'
    where fp.id = (select fp2.id from founder_posts fp2 join deals d on d.id = fp2.deal_id
      where d.slug = 'taskflow' order by fp2.created_at, fp2.id limit 1)`);

  // Owners' answers: replies to questions by owners of the deal are typed as a buyer's now are.
  await tx.execute(sql`update comments r set answer_type = 'verified_owner'
    where r.kind = 'question' and r.parent_id is not null and r.answer_type is null
      and exists (select 1 from deal_owners dow where dow.user_id = r.user_id
        and dow.deal_id = r.deal_id)
      and not exists (select 1 from users u where u.id = r.user_id and u.is_bot)`);

  // If no owner had answered a taskflow question, a generated owner answers the most helpful one
  // three hours after it was asked.
  const added = await tx.execute<{ root_id: number }>(sql`with owner as (select dow.user_id
        from deal_owners dow join deals d on d.id = dow.deal_id
        join users u on u.id = dow.user_id
        where d.slug = 'taskflow' and dow.plan_items > 0 and u.email like '%@example.com'
          and not u.is_bot and not u.comment_blacklist
        order by dow.user_id limit 1),
      q as (select c.id, c.deal_id, c.created_at from comments c
        join deals d on d.id = c.deal_id
        where d.slug = 'taskflow' and c.kind = 'question' and c.parent_id is null
          and c.status = 'approved' and c.user_id is distinct from (select user_id from owner)
        order by c.up_votes desc, c.id limit 1)
    insert into comments (deal_id, kind, parent_id, root_id, user_id, comment, status,
        answer_type, created_at)
    select q.deal_id, 'question', q.id, q.id, o.user_id,
      'I have used it daily for months: yes, and the export keeps the formatting.', 'approved',
      'verified_owner', least(q.created_at + interval '3 hours', now())
    from q, owner o
    where not exists (select 1 from comments r join deals d on d.id = r.deal_id
      where d.slug = 'taskflow' and r.answer_type = 'verified_owner' and r.status = 'approved')
    returning root_id`);
  const rows = Array.isArray(added)
    ? added
    : ((added as { rows?: { root_id: number }[] }).rows ?? []);
  for (const row of rows) await recomputeThread(tx, Number(row.root_id));

  // buyer@ is asked new questions on the deals they own.
  await tx.execute(sql`update users set answers_owner_questions = true
    where email = 'buyer@payonce.test'`);
}
