import { and, eq, sql } from "drizzle-orm";
import { deals } from "../../db/schema/catalog";
import type { CommentKind } from "../../db/schema/discussions";
import { outbox as outboxTable } from "../../db/schema/marketing";
import type { Outbox } from "../jobs/outbox";
import { parseReviewsSummary, summaryIsStale } from "./summary";
import type { DealFacts2, Tx } from "./write-context";

// A deal's aggregates (deal_review, deal_comment) and a thread's counters, recomputed from the
// comments table inside the writer's transaction, after the deal row's lock.

export const SUMMARY_TOPIC = "discussions.reviews_summary";

/**
 * The founder team's responsiveness over approved top-level questions (the rows a deal's
 * aggregates are computed from): how many have a founder-team answer, and the median seconds to
 * the first one (null without any). Read by the product page instead of ranking every question.
 */
export const responsivenessColumns = sql`
  count(*) filter (where c.kind = 'question' and c.has_founder_reply)::int as answered,
  round((percentile_cont(0.5) within group (order by
    extract(epoch from c.first_founder_reply_at - c.created_at))
    filter (where c.kind = 'question'))::numeric)::int as median`;

/**
 * Every aggregate of a deal over its approved top-level items (alias c), as select columns; with
 * `dealAggregatesSet` the one rule for recomputeDeal and the data generator (seed/scale.ts).
 */
export const dealAggregatesColumns = sql`
  count(*) filter (where c.kind = 'review' and c.rating is not null)::int as n,
  count(*) filter (where c.kind = 'review' and c.rating = 1)::int as n1,
  count(*) filter (where c.kind = 'review' and c.rating = 2)::int as n2,
  count(*) filter (where c.kind = 'review' and c.rating = 3)::int as n3,
  count(*) filter (where c.kind = 'review' and c.rating = 4)::int as n4,
  count(*) filter (where c.kind = 'review' and c.rating = 5)::int as n5,
  coalesce(sum(c.rating) filter (where c.kind = 'review'), 0)::int as total,
  count(*) filter (where c.kind = 'question')::int as q,
  ${responsivenessColumns}`;

/** The deal columns set from `dealAggregatesColumns` (alias s). */
export const dealAggregatesSet = sql`
  review_count = s.n, review_count1 = s.n1, review_count2 = s.n2, review_count3 = s.n3,
  review_count4 = s.n4, review_count5 = s.n5, rating_sum = s.total,
  average_rating = case when s.n > 0 then round(s.total::numeric / s.n, 2) else 0 end,
  comment_count = s.q, founder_answered_count = s.answered,
  founder_answer_median_seconds = s.median`;

/** deal_review and deal_comment from the approved top-level items, in one statement. */
export async function recomputeDeal(tx: Tx, dealId: number): Promise<void> {
  await tx.execute(sql`update deals d set ${dealAggregatesSet}
    from (select ${dealAggregatesColumns}
      from comments c
      where c.deal_id = ${dealId} and c.parent_id is null and c.status = 'approved') s
    where d.id = ${dealId}`);
}

/**
 * The newest reply everyone may see in a thread: approved, under approved replies only (a reply
 * under a hidden one is hidden with it, decision 021). The public "latest" order sorts by it, so
 * a pending reply, or one under a pending reply, moves nothing until a moderator approves it.
 */
export const visibleLastReplyAt = (rootId: number) => sql`(with recursive shown as (
    select d.id, d.created_at from comments d
      where d.parent_id = ${rootId} and d.status = 'approved'
    union all
    select d.id, d.created_at from comments d join shown s on d.parent_id = s.id
      where d.status = 'approved')
  select max(shown.created_at) from shown)`;

/**
 * A thread's counters: every reply's direct reply count; the root's reply count (the whole
 * thread, every status: the read side counts what each viewer may see), last visible reply time
 * and founder-answer flags. Bot replies never count as founder answers.
 */
export async function recomputeThread(tx: Tx, rootId: number): Promise<void> {
  await tx.execute(sql`update comments c set
      reply_count = (select count(*)::int from comments d where d.parent_id = c.id)
    where c.root_id = ${rootId}`);
  await tx.execute(sql`update comments c set
      reply_count = (select count(*)::int from comments d where d.root_id = c.id),
      last_reply_at = ${visibleLastReplyAt(rootId)},
      has_founder_reply = exists (select 1 from comments d join users u on u.id = d.user_id
        where d.root_id = c.id and d.answer_type = 'founder_team' and d.status = 'approved'
          and not u.is_bot),
      first_founder_reply_at = (select min(d.created_at) from comments d
        join users u on u.id = d.user_id
        where d.root_id = c.id and d.answer_type = 'founder_team' and d.status = 'approved'
          and not u.is_bot)
    where c.id = ${rootId}`);
  // An approved question's answer changes its deal's responsiveness.
  await tx.execute(sql`update deals d set founder_answered_count = s.answered,
      founder_answer_median_seconds = s.median
    from (select q.deal_id from comments q
        where q.id = ${rootId} and q.kind = 'question' and q.parent_id is null
          and q.status = 'approved') r,
      lateral (select ${responsivenessColumns} from comments c
        where c.deal_id = r.deal_id and c.kind = 'question' and c.parent_id is null
          and c.status = 'approved') s
    where d.id = r.deal_id`);
}

/**
 * Queues a new reviews summary when the approved reviews grew by 20% or fell by 5% since the
 * last one (a plain-text summary from before counts as written from the reviews before this
 * change). Runs after recomputeDeal in the same transaction; one queued job per deal at a time.
 */
async function maybeQueueSummary(tx: Tx, outbox: Outbox, facts: DealFacts2): Promise<void> {
  const [row] = await tx
    .select({ reviewCount: deals.reviewCount })
    .from(deals)
    .where(eq(deals.id, facts.id));
  const current = Number(row?.reviewCount ?? 0);
  const stored = parseReviewsSummary(facts.reviewsSummary, facts.reviewsSummaryUpdatedAt);
  const previous = stored ? (stored.based_on ?? facts.reviewCount) : 0;
  if (!stored && current === 0) return;
  if (!summaryIsStale(previous, current)) return;
  const queued = await tx
    .select({ id: outboxTable.id })
    .from(outboxTable)
    .where(
      and(
        eq(outboxTable.topic, SUMMARY_TOPIC),
        eq(outboxTable.status, "pending"),
        sql`${outboxTable.payload}->>'dealId' = ${String(facts.id)}`,
      ),
    )
    .limit(1);
  if (queued.length) return;
  await outbox.enqueue(tx, { kind: "job", topic: SUMMARY_TOPIC, payload: { dealId: facts.id } });
}

/** After a change to approved top-level items of a deal (or their ratings). */
export async function afterTopLevelChange(
  tx: Tx,
  outbox: Outbox,
  facts: DealFacts2,
  kind: CommentKind,
) {
  await recomputeDeal(tx, facts.id);
  if (kind === "review") await maybeQueueSummary(tx, outbox, facts);
}
