CREATE TABLE "comment_flags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comment_flags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"comment_id" integer NOT NULL,
	"user_id" integer,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_user_id" integer,
	"resolution_note" text,
	CONSTRAINT "comment_flags_reason_check" CHECK ("comment_flags"."reason" in ('spam', 'abuse', 'off_topic', 'other')),
	CONSTRAINT "comment_flags_status_check" CHECK ("comment_flags"."status" in ('open', 'dismissed', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "comment_flags" ADD CONSTRAINT "comment_flags_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_flags" ADD CONSTRAINT "comment_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_flags" ADD CONSTRAINT "comment_flags_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "comment_flags_comment_user_unique" ON "comment_flags" USING btree ("comment_id","user_id");--> statement-breakpoint
CREATE INDEX "comment_flags_open_idx" ON "comment_flags" USING btree ("created_at","comment_id") WHERE "comment_flags"."status" = 'open';--> statement-breakpoint
CREATE INDEX "comment_flags_user_idx" ON "comment_flags" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "comment_list_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "comment_list_changed_at" timestamp with time zone;
