DROP INDEX "deals_popular_idx";--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "founder_answered_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "founder_answer_median_seconds" integer;--> statement-breakpoint
CREATE INDEX "deals_popular_idx" ON "deals" USING btree ("popularity" DESC NULLS FIRST,"average_rating" DESC NULLS FIRST,"id" DESC NULLS FIRST,"deal_status","browse_deal_status","end_date") WHERE "deals"."deal_status" <> 'Private' and "deals"."is_draft" = false;--> statement-breakpoint
-- The founder team's responsiveness (issue 20), kept by the discussion write side from now on
-- (aggregates.ts): approved top-level questions with a founder-team answer, and the median time
-- to the first one.
UPDATE "deals" d SET "founder_answered_count" = s.answered, "founder_answer_median_seconds" = s.median
FROM (
  SELECT c.deal_id,
    count(*) FILTER (WHERE c.has_founder_reply)::int AS answered,
    round((percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM c.first_founder_reply_at - c.created_at)))::numeric)::int AS median
  FROM comments c
  WHERE c.kind = 'question' AND c.parent_id IS NULL AND c.status = 'approved'
  GROUP BY c.deal_id
) s
WHERE d.id = s.deal_id;
