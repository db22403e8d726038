CREATE TABLE "partner_endpoints" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"webhook_url" text,
	"webhook_secret" text,
	"api_key_hash" text,
	"api_key_prefix" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_webhook_deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partner_webhook_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"response_status" integer,
	"response_body" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "partner_webhook_deliveries_type_check" CHECK ("partner_webhook_deliveries"."type" in ('licence.activated', 'licence.upgraded', 'licence.deactivated', 'licence.held')),
	CONSTRAINT "partner_webhook_deliveries_status_check" CHECK ("partner_webhook_deliveries"."status" in ('pending', 'delivered', 'failed')),
	CONSTRAINT "partner_webhook_deliveries_attempts_check" CHECK ("partner_webhook_deliveries"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "campaign_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "plus_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "upgraded_from_invoice_item_id" integer;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "upgraded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "window_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kind" text DEFAULT 'purchase' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "purpose" text DEFAULT 'checkout' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "upgrade" jsonb;--> statement-breakpoint
ALTER TABLE "partner_endpoints" ADD CONSTRAINT "partner_endpoints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_webhook_deliveries" ADD CONSTRAINT "partner_webhook_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_endpoints_api_key_unique" ON "partner_endpoints" USING btree ("api_key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_webhook_deliveries_event_user_unique" ON "partner_webhook_deliveries" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "partner_webhook_deliveries_user_created_idx" ON "partner_webhook_deliveries" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_upgraded_from_invoice_item_id_invoice_items_id_fk" FOREIGN KEY ("upgraded_from_invoice_item_id") REFERENCES "public"."invoice_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_items_upgraded_from_idx" ON "invoice_items" USING btree ("upgraded_from_invoice_item_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_kind_check" CHECK ("orders"."kind" in ('purchase', 'upgrade'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose_check" CHECK ("payments"."purpose" in ('checkout', 'upgrade'));