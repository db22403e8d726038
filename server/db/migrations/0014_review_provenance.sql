ALTER TABLE "comments" ADD COLUMN "rated_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "comment_rating_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comment_rating_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"comment_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"rated_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_rating_history_rating_check" CHECK ("comment_rating_history"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "comment_rating_history" ADD CONSTRAINT "comment_rating_history_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_rating_history_comment_idx" ON "comment_rating_history" USING btree ("comment_id","rated_at");--> statement-breakpoint
ALTER TABLE "comments" DROP CONSTRAINT "comments_answer_type_check";--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_answer_type_check" CHECK ("comments"."answer_type" is null or "comments"."answer_type" in ('founder_team', 'staff', 'verified_owner'));--> statement-breakpoint
CREATE INDEX "comments_owner_answers_idx" ON "comments" USING btree ("deal_id","root_id","created_at") WHERE "comments"."answer_type" = 'verified_owner' and "comments"."status" = 'approved';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "answers_owner_questions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "founder_posts" ADD COLUMN "kind" text DEFAULT 'post' NOT NULL;--> statement-breakpoint
ALTER TABLE "founder_posts" ADD CONSTRAINT "founder_posts_kind_check" CHECK ("founder_posts"."kind" in ('post', 'changelog'));
