ALTER TABLE "comments" ADD COLUMN "followers_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE "question_follows" (
	"comment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_follows_comment_id_user_id_pk" PRIMARY KEY("comment_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "question_follows" ADD CONSTRAINT "question_follows_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_follows" ADD CONSTRAINT "question_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_follows_user_idx" ON "question_follows" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"moderation" boolean DEFAULT true NOT NULL,
	"replies" boolean DEFAULT true NOT NULL,
	"followed_questions" boolean DEFAULT true NOT NULL,
	"partner_questions" text DEFAULT 'each' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_partner_questions_check" CHECK ("notification_settings"."partner_questions" in ('each', 'daily', 'off'))
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_settings_unsubscribe_token_unique" ON "notification_settings" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE TABLE "notification_events" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"topic" text NOT NULL,
	"comment_id" integer,
	"digest_pending" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_events_digest_idx" ON "notification_events" USING btree ("user_id") WHERE "notification_events"."digest_pending";
