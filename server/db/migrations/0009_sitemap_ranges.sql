-- Drafts of this migration indexed the ids themselves, which the planner passed over for the
-- primary key; a database that ran a draft (the L bench database) loses those here. Elsewhere
-- these are no-ops.
DROP INDEX IF EXISTS "comments_sitemap_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "comments_sitemap_review_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "comments_sitemap_question_idx";--> statement-breakpoint
CREATE INDEX "deals_public_updated_idx" ON "deals" USING btree ("updated_at") WHERE "deals"."deal_status" <> 'Private' and "deals"."is_draft" = false;--> statement-breakpoint
CREATE INDEX "comments_sitemap_review_idx" ON "comments" USING btree ((("id" - 1) / 2000)) WHERE "comments"."kind" = 'review' and "comments"."parent_id" is null and "comments"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "comments_sitemap_question_idx" ON "comments" USING btree ((("id" - 1) / 2000)) WHERE "comments"."kind" = 'question' and "comments"."parent_id" is null and "comments"."status" = 'approved';