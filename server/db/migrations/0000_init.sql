CREATE TABLE "deal_roles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deal_roles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"deal_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_roles_role_check" CHECK ("deal_roles"."role" in ('partner', 'user_moderator'))
);
--> statement-breakpoint
CREATE TABLE "email_verification_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_verification_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_email_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_reset_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"csrf_token" text NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"country" text,
	"country_by_ip" text,
	"campaigns" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_emails" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_emails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"email" text NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"primary" boolean DEFAULT false NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"username" text NOT NULL,
	"avatar" text,
	"title" text,
	"is_staff" boolean DEFAULT false NOT NULL,
	"is_staff_moderator" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_bot" boolean DEFAULT false NOT NULL,
	"comment_blacklist" boolean DEFAULT false NOT NULL,
	"comment_whitelist" boolean DEFAULT false NOT NULL,
	"require_password_reset" text,
	"date_joined" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "addon_associations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "addon_associations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"primary_plan_value_id" integer NOT NULL,
	"addon_deal_id" integer NOT NULL,
	"addon_plan_id" integer NOT NULL,
	"purchase_state" text NOT NULL,
	"addon_price_cents" integer DEFAULT 0 NOT NULL,
	"is_refundable" boolean DEFAULT true NOT NULL,
	"is_licensing" boolean DEFAULT false NOT NULL,
	CONSTRAINT "addon_associations_purchase_state_check" CHECK ("addon_associations"."purchase_state" in ('included_free', 'for_purchase'))
);
--> statement-breakpoint
CREATE TABLE "addon_features" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "addon_features_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"deal_id" integer NOT NULL,
	"feature" text NOT NULL,
	"tooltip" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "addon_primary_plan_values" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "addon_primary_plan_values_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"addon_feature_id" integer NOT NULL,
	"primary_plan_id" integer NOT NULL,
	"value_type" text DEFAULT 'none' NOT NULL,
	"range_min_value" integer,
	"range_max_value" integer,
	"range_divisor" integer,
	"range_unit_name" text,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "addon_primary_plan_values_value_type_check" CHECK ("addon_primary_plan_values"."value_type" in ('none', 'linear_range', 'boolean', 'custom_values'))
);
--> statement-breakpoint
CREATE TABLE "addon_values" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "addon_values_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"primary_plan_value_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"quantity_value" integer,
	"plan_id" integer,
	"addon_plan_id" integer,
	"total_price_cents" integer DEFAULT 0 NOT NULL,
	"total_base_price_cents" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "badges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "badges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"deal_id" integer,
	"image" text,
	"icon" text,
	"title" text NOT NULL,
	"description" text,
	"url" text,
	"reviews" jsonb,
	"use_deal_reviews" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"deal_id" integer NOT NULL,
	"logo" text,
	"company_name" text NOT NULL,
	"founded_date" text,
	"location" text,
	"employee_count" text,
	"company_type" text,
	"funding_stage" text,
	"verified_by" text,
	"manager" jsonb,
	"social_links" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_feature_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deal_feature_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"feature_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"entry" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_features" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deal_features_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"deal_id" integer NOT NULL,
	"section" text DEFAULT 'plan' NOT NULL,
	"feature" text NOT NULL,
	"tooltip" text,
	"position" integer DEFAULT 0 NOT NULL,
	"highlight" boolean DEFAULT false NOT NULL,
	CONSTRAINT "deal_features_section_check" CHECK ("deal_features"."section" in ('plan', 'core', 'common'))
);
--> statement-breakpoint
CREATE TABLE "deal_group_deals" (
	"deal_group_id" integer NOT NULL,
	"deal_id" integer NOT NULL,
	"plan_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "deal_group_deals_deal_group_id_deal_id_pk" PRIMARY KEY("deal_group_id","deal_id")
);
--> statement-breakpoint
CREATE TABLE "deal_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deal_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"public_name" text NOT NULL,
	"card_description" text DEFAULT '' NOT NULL,
	"media_url" text,
	"product_logo" text,
	"dark_logo_long" text,
	"product_logo_long" text,
	"product_url" text,
	"listing_type" text,
	"is_free" boolean DEFAULT false NOT NULL,
	"is_info" boolean DEFAULT false NOT NULL,
	"is_preview" boolean DEFAULT false NOT NULL,
	"is_marketplace" boolean DEFAULT false NOT NULL,
	"is_redeemable" boolean DEFAULT true NOT NULL,
	"use_licensing" boolean DEFAULT false NOT NULL,
	"use_tokens" boolean DEFAULT false NOT NULL,
	"refundable_days" integer DEFAULT 60 NOT NULL,
	"money_back_callout_type" text,
	"percent_claimed" smallint DEFAULT -1 NOT NULL,
	"quantity_total" integer,
	"quantity_sold" integer DEFAULT 0 NOT NULL,
	"freebie_downloads_total" integer DEFAULT 0 NOT NULL,
	"deal_status" text DEFAULT 'Public' NOT NULL,
	"browse_deal_status" text DEFAULT 'active' NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"schema_end_date" timestamp with time zone,
	"timer_reason" text,
	"active_timer" boolean DEFAULT false NOT NULL,
	"is_draft" boolean DEFAULT false NOT NULL,
	"is_coming_soon" boolean DEFAULT false NOT NULL,
	"is_early_access" boolean DEFAULT false NOT NULL,
	"is_last_call" boolean DEFAULT false NOT NULL,
	"is_get_now" boolean DEFAULT false NOT NULL,
	"current_stage" text DEFAULT 'live' NOT NULL,
	"next_stage" text,
	"next_stage_start_date" timestamp with time zone,
	"banner_details" jsonb,
	"badge" jsonb,
	"upsell_callout" jsonb,
	"participation" text[] DEFAULT '{}'::text[] NOT NULL,
	"terms" text[] DEFAULT '{}'::text[] NOT NULL,
	"reviews_summary" text,
	"reviews_summary_updated_at" timestamp with time zone,
	"review_count" integer DEFAULT 0 NOT NULL,
	"review_count1" integer DEFAULT 0 NOT NULL,
	"review_count2" integer DEFAULT 0 NOT NULL,
	"review_count3" integer DEFAULT 0 NOT NULL,
	"review_count4" integer DEFAULT 0 NOT NULL,
	"review_count5" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"average_rating" numeric(3, 2) DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"group_id" integer,
	"category_id" integer,
	"subcategory_id" integer,
	"video_collection_id" integer,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("name", '')), 'A') || setweight(to_tsvector('english', coalesce("public_name", '')), 'A') || setweight(to_tsvector('english', coalesce("card_description", '')), 'B')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deals_listing_type_check" CHECK ("deals"."listing_type" is null or "deals"."listing_type" in ('select', 'original', 'plus_exclusive', 'launchpad')),
	CONSTRAINT "deals_deal_status_check" CHECK ("deals"."deal_status" in ('Private', 'Public', 'Ended', 'Info', 'Legacy')),
	CONSTRAINT "deals_browse_deal_status_check" CHECK ("deals"."browse_deal_status" in ('active', 'expired')),
	CONSTRAINT "deals_current_stage_check" CHECK ("deals"."current_stage" in ('draft', 'coming_soon', 'early_access', 'live', 'last_call', 'inactive')),
	CONSTRAINT "deals_next_stage_check" CHECK ("deals"."next_stage" is null or "deals"."next_stage" in ('draft', 'coming_soon', 'early_access', 'live', 'last_call', 'inactive')),
	CONSTRAINT "deals_percent_claimed_check" CHECK ("deals"."percent_claimed" between -1 and 100),
	CONSTRAINT "deals_quantity_check" CHECK ("deals"."quantity_sold" >= 0 and ("deals"."quantity_total" is null or "deals"."quantity_total" >= 0)),
	CONSTRAINT "deals_refundable_days_check" CHECK ("deals"."refundable_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "faqs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"deal_id" integer NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "founder_posts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "founder_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"deal_id" integer NOT NULL,
	"author_user_id" integer,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "founders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "founders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"deal_id" integer NOT NULL,
	"headquarters" text,
	"links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"manager" jsonb
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"uploaded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"deal_id" integer NOT NULL,
	"public_name" text NOT NULL,
	"tier" smallint DEFAULT 1 NOT NULL,
	"price_cents" integer NOT NULL,
	"original_price_cents" integer NOT NULL,
	"codes" integer DEFAULT 1 NOT NULL,
	"plan_type" text DEFAULT 'lifetime_deal' NOT NULL,
	"interval" text,
	"interval_count" integer,
	"access" text DEFAULT 'lifetime' NOT NULL,
	"highlight" boolean DEFAULT false NOT NULL,
	"is_plus_tier" boolean DEFAULT false NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_plan_type_check" CHECK ("plans"."plan_type" in ('one_time_purchase', 'subscription', 'lifetime_deal', 'limited_license', 'license_subscription', 'freebie', 'digital_download')),
	CONSTRAINT "plans_access_check" CHECK ("plans"."access" in ('lifetime', 'annual')),
	CONSTRAINT "plans_interval_check" CHECK ("plans"."interval" is null or "plans"."interval" in ('day', 'week', 'month', 'year')),
	CONSTRAINT "plans_price_check" CHECK ("plans"."price_cents" >= 0 and "plans"."original_price_cents" >= 0 and "plans"."codes" >= 1)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"deal_id" integer NOT NULL,
	"name" text NOT NULL,
	"internal_product_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"deal_id" integer,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"user_group" text DEFAULT 'all' NOT NULL,
	"author" jsonb,
	"cta_text" text,
	"cta_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_messages_user_group_check" CHECK ("staff_messages"."user_group" in ('all', 'paid', 'paid_plus', 'paid_non_plus'))
);
--> statement-breakpoint
CREATE TABLE "stories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"value_prop" text,
	"subheader" text,
	"meta_title" text,
	"card_description" text,
	"body" text
);
--> statement-breakpoint
CREATE TABLE "story_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "story_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"story_id" integer NOT NULL,
	"image" text NOT NULL,
	"alt_text" text DEFAULT '' NOT NULL,
	"media_id" integer,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "story_videos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "story_videos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"story_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "testimonials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "testimonials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"deal_id" integer,
	"rating" smallint,
	"title" text,
	"description" text NOT NULL,
	"user_name" text NOT NULL,
	"user_avatar" text,
	"user_verified" boolean DEFAULT false NOT NULL,
	"post_date" timestamp with time zone,
	"source_img" text,
	"is_product_review" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "testimonials_rating_check" CHECK ("testimonials"."rating" is null or "testimonials"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "video_collections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "video_collections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "videos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"collection_id" integer,
	"video_id" text,
	"title" text DEFAULT '' NOT NULL,
	"src" text NOT NULL,
	"alt" text,
	"thumbnail" text,
	"published_at" timestamp with time zone,
	"username" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_details" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_details_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"billing_name" text,
	"billing_address1" text,
	"billing_address2" text,
	"billing_city" text,
	"billing_state" text,
	"country" text NOT NULL,
	"postal_code" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cart_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cart_id" integer NOT NULL,
	"deal_id" integer NOT NULL,
	"plan_id" integer,
	"deal_group_id" integer,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_quantity" integer,
	"snapshot_price_cents" integer,
	"parent_cart_item_id" integer,
	"primary_plan_id" integer,
	"parent_invoice_item_id" integer,
	"parent_invoice_data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_quantity_check" CHECK ("cart_items"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "carts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" text,
	"user_id" integer,
	"use_credit" boolean DEFAULT false NOT NULL,
	"coupon_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_owner_check" CHECK ("carts"."session_id" is not null or "carts"."user_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupon_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"coupon_id" integer NOT NULL,
	"order_id" integer,
	"user_id" integer,
	"email" text,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"type" text NOT NULL,
	"value" integer NOT NULL,
	"deals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"single_use" boolean DEFAULT false NOT NULL,
	"max_uses" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"email" text,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_type_check" CHECK ("coupons"."type" in ('percent', 'fixed')),
	CONSTRAINT "coupons_value_check" CHECK ("coupons"."value" >= 0 and ("coupons"."type" <> 'percent' or "coupons"."value" <= 100)),
	CONSTRAINT "coupons_used_count_check" CHECK ("coupons"."used_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"order_id" integer,
	"gift_card_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credits_reason_check" CHECK ("credits"."reason" in ('gift_card', 'purchase', 'refund', 'reward', 'purchase_protection', 'adjustment')),
	CONSTRAINT "credits_amount_check" CHECK ("credits"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"redeemed_by_user_id" integer,
	"redeemed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_amount_check" CHECK ("gift_cards"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"user_id" integer,
	"deal_id" integer NOT NULL,
	"plan_id" integer,
	"deal_group_id" integer,
	"price_cents" integer NOT NULL,
	"original_price_cents" integer,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_quantity" integer,
	"parent_invoice_item_id" integer,
	"refunded_at" timestamp with time zone,
	"transferred_to_user_id" integer,
	"transferred_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_items_quantity_check" CHECK ("invoice_items"."quantity" >= 1 and "invoice_items"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "licences" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "licences_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invoice_item_id" integer NOT NULL,
	"code" text NOT NULL,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"credit_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"coupon_id" integer,
	"payment_method_id" integer,
	"payment_provider" text,
	"provider_payment_id" text,
	"idempotency_key" text,
	"billing" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('pending', 'paid', 'failed', 'refunded', 'canceled')),
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."subtotal_cents" >= 0 and "orders"."discount_cents" >= 0 and "orders"."credit_cents" >= 0 and "orders"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"provider" text DEFAULT 'test' NOT NULL,
	"provider_id" text NOT NULL,
	"fingerprint" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"country" text,
	"postal_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_exp_month_check" CHECK ("payment_methods"."exp_month" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "plus_cancel_reasons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plus_cancel_reasons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"reason" text NOT NULL,
	"feedback" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plus_subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plus_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"stripe_subscription_id" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"price_cents" integer NOT NULL,
	"current_period_start" timestamp with time zone DEFAULT now() NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"canceled_at" timestamp with time zone,
	"payment_method_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plus_subscriptions_status_check" CHECK ("plus_subscriptions"."status" in ('active', 'canceled'))
);
--> statement-breakpoint
CREATE TABLE "product_transfers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invoice_item_id" integer NOT NULL,
	"from_user_id" integer,
	"to_user_id" integer,
	"to_email" text NOT NULL,
	"plan_id" integer,
	"status" text DEFAULT 'initiated' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "product_transfers_status_check" CHECK ("product_transfers"."status" in ('initiated', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "reward_campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reward_campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"reward_type" text NOT NULL,
	"type" text NOT NULL,
	"value" integer NOT NULL,
	"discount_display" text NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_campaigns_reward_type_check" CHECK ("reward_campaigns"."reward_type" in ('give', 'receive')),
	CONSTRAINT "reward_campaigns_type_check" CHECK ("reward_campaigns"."type" in ('percent', 'fixed')),
	CONSTRAINT "reward_campaigns_value_check" CHECK ("reward_campaigns"."value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reward_coupons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reward_coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reward_campaign_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"coupon_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tax_details" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tax_details_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"country" text,
	"tax_id" text,
	"business_name" text NOT NULL,
	"type" text,
	"is_tax_exempt" boolean DEFAULT false NOT NULL,
	"exempt_start" date,
	"exempt_end" date,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comment_votes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comment_votes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"comment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"direction" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_votes_direction_check" CHECK ("comment_votes"."direction" in (1, -1))
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"deal_id" integer NOT NULL,
	"kind" text NOT NULL,
	"parent_id" integer,
	"root_id" integer,
	"user_id" integer,
	"title" text,
	"comment" text DEFAULT '' NOT NULL,
	"rating" smallint,
	"status" text DEFAULT 'pending' NOT NULL,
	"resolved" boolean DEFAULT false NOT NULL,
	"answer_type" text,
	"video_media_id" integer,
	"video_thumbnail_media_id" integer,
	"up_votes" integer DEFAULT 0 NOT NULL,
	"down_votes" integer DEFAULT 0 NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"has_founder_reply" boolean DEFAULT false NOT NULL,
	"first_founder_reply_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"last_reply_at" timestamp with time zone,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', coalesce("comment", '')), 'B')) STORED,
	CONSTRAINT "comments_kind_check" CHECK ("comments"."kind" in ('review', 'question')),
	CONSTRAINT "comments_status_check" CHECK ("comments"."status" in ('pending', 'approved', 'declined')),
	CONSTRAINT "comments_answer_type_check" CHECK ("comments"."answer_type" is null or "comments"."answer_type" in ('founder_team', 'staff')),
	CONSTRAINT "comments_rating_check" CHECK ("comments"."rating" is null or "comments"."rating" between 1 and 5),
	CONSTRAINT "comments_thread_check" CHECK (("comments"."parent_id" is null and "comments"."root_id" is null) or ("comments"."parent_id" is not null and "comments"."root_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"session_id" text,
	"user_id" integer,
	"deal_id" integer,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currency_rates" (
	"currency" text PRIMARY KEY NOT NULL,
	"rate" numeric(18, 8) NOT NULL,
	"symbol" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currency_rates_currency_check" CHECK ("currency_rates"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "currency_rates_rate_check" CHECK ("currency_rates"."rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "email_subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"user_id" integer,
	"source" text,
	"campaign" text,
	"medium" text,
	"content" text,
	"component" text,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"coupon_code" text,
	"unsubscribe_token" text NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_signups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_signups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"deal_id" integer NOT NULL,
	"user_id" integer,
	"component_slug" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"topic" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "outbox_kind_check" CHECK ("outbox"."kind" in ('email', 'job')),
	CONSTRAINT "outbox_status_check" CHECK ("outbox"."status" in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "short_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "short_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"url" text NOT NULL,
	"experiment_data" jsonb,
	"user_id" integer,
	"clicks" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waitlist_signups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waitlist_signups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"deal_id" integer NOT NULL,
	"user_id" integer,
	"content" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_deals" (
	"campaign_id" integer NOT NULL,
	"deal_id" integer NOT NULL,
	CONSTRAINT "campaign_deals_campaign_id_deal_id_pk" PRIMARY KEY("campaign_id","deal_id")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"optin_slug" text NOT NULL,
	"type" text NOT NULL,
	"value" integer NOT NULL,
	"name" text NOT NULL,
	"public_name" text NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"deal_tiers" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"discount_display" text,
	"banner_content" text,
	"banner_color" text,
	"banner_font_color" text,
	"banner_badge" text,
	"sku_logo" text,
	"smart_collection_slug" text,
	"allow_asksumo_discount" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_type_check" CHECK ("campaigns"."type" in ('percent', 'fixed')),
	CONSTRAINT "campaigns_value_check" CHECK ("campaigns"."value" >= 0 and ("campaigns"."type" <> 'percent' or "campaigns"."value" <= 100))
);
--> statement-breakpoint
CREATE TABLE "modular_page_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "modular_page_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"page_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"smart_collection_id" integer,
	"static_component_id" integer,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	CONSTRAINT "modular_page_items_one_target_check" CHECK (("modular_page_items"."smart_collection_id" is null) <> ("modular_page_items"."static_component_id" is null))
);
--> statement-breakpoint
CREATE TABLE "modular_pages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "modular_pages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"title" text,
	"layout" text DEFAULT 'large' NOT NULL,
	"seo_meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"deal_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "modular_pages_layout_check" CHECK ("modular_pages"."layout" in ('large', 'two-column'))
);
--> statement-breakpoint
CREATE TABLE "smart_collection_deals" (
	"smart_collection_id" integer NOT NULL,
	"deal_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "smart_collection_deals_smart_collection_id_deal_id_pk" PRIMARY KEY("smart_collection_id","deal_id")
);
--> statement-breakpoint
CREATE TABLE "smart_collections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "smart_collections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"subheader" text,
	"modular_component_type" text NOT NULL,
	"component_type" text DEFAULT 'carousel' NOT NULL,
	"display" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"content_badge" jsonb,
	"modular_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"experiment_data" jsonb,
	"zone" text,
	"is_root_level" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "smart_collections_modular_component_type_check" CHECK ("smart_collections"."modular_component_type" in ('product_carousel', 'collection_mosaic', 'branded_product_carousel', 'deal_highlight', 'shop_by_collection', 'spotlight_marquee', 'spotlight_custom', 'bento_box', 'leaderboard')),
	CONSTRAINT "smart_collections_component_type_check" CHECK ("smart_collections"."component_type" in ('grid', 'carousel')),
	CONSTRAINT "smart_collections_zone_check" CHECK ("smart_collections"."zone" is null or "smart_collections"."zone" in ('pdp_top', 'pdp_before_terms', 'pdp_before_questions', 'pdp_after_questions'))
);
--> statement-breakpoint
CREATE TABLE "static_components" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "static_components_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text,
	"modular_component_type" text NOT NULL,
	"json_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"video_collection_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sub_collections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sub_collections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"smart_collection_id" integer NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"subheader" text,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"mosaic_background_image" text,
	"component_background_color" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attributes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attributes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attributes_type_check" CHECK ("attributes"."type" in ('alternative_to', 'integrations', 'best_for'))
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"value_enumeration" integer,
	"search_values" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_attribute_values" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deal_attribute_values_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"deal_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	"value" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subcategories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subcategories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"category_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"value_enumeration" integer,
	"search_values" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taxonomy_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "taxonomy_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"value_enumeration" integer,
	"search_values" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal_roles" ADD CONSTRAINT "deal_roles_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_roles" ADD CONSTRAINT "deal_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_verification_tokens" ADD CONSTRAINT "email_verification_tokens_user_email_id_user_emails_id_fk" FOREIGN KEY ("user_email_id") REFERENCES "public"."user_emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_emails" ADD CONSTRAINT "user_emails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_associations" ADD CONSTRAINT "addon_associations_primary_plan_value_id_addon_primary_plan_values_id_fk" FOREIGN KEY ("primary_plan_value_id") REFERENCES "public"."addon_primary_plan_values"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_associations" ADD CONSTRAINT "addon_associations_addon_deal_id_deals_id_fk" FOREIGN KEY ("addon_deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_associations" ADD CONSTRAINT "addon_associations_addon_plan_id_plans_id_fk" FOREIGN KEY ("addon_plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_features" ADD CONSTRAINT "addon_features_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_primary_plan_values" ADD CONSTRAINT "addon_primary_plan_values_addon_feature_id_addon_features_id_fk" FOREIGN KEY ("addon_feature_id") REFERENCES "public"."addon_features"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_primary_plan_values" ADD CONSTRAINT "addon_primary_plan_values_primary_plan_id_plans_id_fk" FOREIGN KEY ("primary_plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_values" ADD CONSTRAINT "addon_values_primary_plan_value_id_addon_primary_plan_values_id_fk" FOREIGN KEY ("primary_plan_value_id") REFERENCES "public"."addon_primary_plan_values"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_values" ADD CONSTRAINT "addon_values_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_values" ADD CONSTRAINT "addon_values_addon_plan_id_plans_id_fk" FOREIGN KEY ("addon_plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_cards" ADD CONSTRAINT "company_cards_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_feature_entries" ADD CONSTRAINT "deal_feature_entries_feature_id_deal_features_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."deal_features"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_feature_entries" ADD CONSTRAINT "deal_feature_entries_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_features" ADD CONSTRAINT "deal_features_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_group_deals" ADD CONSTRAINT "deal_group_deals_deal_group_id_deal_groups_id_fk" FOREIGN KEY ("deal_group_id") REFERENCES "public"."deal_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_group_deals" ADD CONSTRAINT "deal_group_deals_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_group_deals" ADD CONSTRAINT "deal_group_deals_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_group_id_taxonomy_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."taxonomy_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."subcategories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_video_collection_id_video_collections_id_fk" FOREIGN KEY ("video_collection_id") REFERENCES "public"."video_collections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faqs" ADD CONSTRAINT "faqs_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "founder_posts" ADD CONSTRAINT "founder_posts_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "founder_posts" ADD CONSTRAINT "founder_posts_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "founders" ADD CONSTRAINT "founders_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_messages" ADD CONSTRAINT "staff_messages_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_images" ADD CONSTRAINT "story_images_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_images" ADD CONSTRAINT "story_images_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_videos" ADD CONSTRAINT "story_videos_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_videos" ADD CONSTRAINT "story_videos_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_collection_id_video_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."video_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_details" ADD CONSTRAINT "billing_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_deal_group_id_deal_groups_id_fk" FOREIGN KEY ("deal_group_id") REFERENCES "public"."deal_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_parent_cart_item_id_cart_items_id_fk" FOREIGN KEY ("parent_cart_item_id") REFERENCES "public"."cart_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_primary_plan_id_plans_id_fk" FOREIGN KEY ("primary_plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_parent_invoice_item_id_invoice_items_id_fk" FOREIGN KEY ("parent_invoice_item_id") REFERENCES "public"."invoice_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_redeemed_by_user_id_users_id_fk" FOREIGN KEY ("redeemed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_deal_group_id_deal_groups_id_fk" FOREIGN KEY ("deal_group_id") REFERENCES "public"."deal_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_parent_invoice_item_id_invoice_items_id_fk" FOREIGN KEY ("parent_invoice_item_id") REFERENCES "public"."invoice_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_transferred_to_user_id_users_id_fk" FOREIGN KEY ("transferred_to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_invoice_item_id_invoice_items_id_fk" FOREIGN KEY ("invoice_item_id") REFERENCES "public"."invoice_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plus_cancel_reasons" ADD CONSTRAINT "plus_cancel_reasons_subscription_id_plus_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."plus_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plus_subscriptions" ADD CONSTRAINT "plus_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plus_subscriptions" ADD CONSTRAINT "plus_subscriptions_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_transfers" ADD CONSTRAINT "product_transfers_invoice_item_id_invoice_items_id_fk" FOREIGN KEY ("invoice_item_id") REFERENCES "public"."invoice_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_transfers" ADD CONSTRAINT "product_transfers_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_transfers" ADD CONSTRAINT "product_transfers_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_transfers" ADD CONSTRAINT "product_transfers_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_coupons" ADD CONSTRAINT "reward_coupons_reward_campaign_id_reward_campaigns_id_fk" FOREIGN KEY ("reward_campaign_id") REFERENCES "public"."reward_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_coupons" ADD CONSTRAINT "reward_coupons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_coupons" ADD CONSTRAINT "reward_coupons_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_details" ADD CONSTRAINT "tax_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_votes" ADD CONSTRAINT "comment_votes_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_votes" ADD CONSTRAINT "comment_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_parent_id_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_root_id_comments_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_video_media_id_media_id_fk" FOREIGN KEY ("video_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_video_thumbnail_media_id_media_id_fk" FOREIGN KEY ("video_thumbnail_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_subscriptions" ADD CONSTRAINT "email_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_signups" ADD CONSTRAINT "notification_signups_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_signups" ADD CONSTRAINT "notification_signups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_signups" ADD CONSTRAINT "waitlist_signups_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_signups" ADD CONSTRAINT "waitlist_signups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_deals" ADD CONSTRAINT "campaign_deals_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_deals" ADD CONSTRAINT "campaign_deals_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modular_page_items" ADD CONSTRAINT "modular_page_items_page_id_modular_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."modular_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modular_page_items" ADD CONSTRAINT "modular_page_items_smart_collection_id_smart_collections_id_fk" FOREIGN KEY ("smart_collection_id") REFERENCES "public"."smart_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modular_page_items" ADD CONSTRAINT "modular_page_items_static_component_id_static_components_id_fk" FOREIGN KEY ("static_component_id") REFERENCES "public"."static_components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modular_pages" ADD CONSTRAINT "modular_pages_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_collection_deals" ADD CONSTRAINT "smart_collection_deals_smart_collection_id_smart_collections_id_fk" FOREIGN KEY ("smart_collection_id") REFERENCES "public"."smart_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_collection_deals" ADD CONSTRAINT "smart_collection_deals_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_components" ADD CONSTRAINT "static_components_video_collection_id_video_collections_id_fk" FOREIGN KEY ("video_collection_id") REFERENCES "public"."video_collections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_collections" ADD CONSTRAINT "sub_collections_smart_collection_id_smart_collections_id_fk" FOREIGN KEY ("smart_collection_id") REFERENCES "public"."smart_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_group_id_taxonomy_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."taxonomy_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_attribute_values" ADD CONSTRAINT "deal_attribute_values_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_attribute_values" ADD CONSTRAINT "deal_attribute_values_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subcategories" ADD CONSTRAINT "subcategories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deal_roles_deal_user_role_unique" ON "deal_roles" USING btree ("deal_id","user_id","role");--> statement-breakpoint
CREATE INDEX "deal_roles_user_idx" ON "deal_roles" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_verification_tokens_hash_unique" ON "email_verification_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_verification_tokens_email_idx" ON "email_verification_tokens" USING btree ("user_email_id");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_hash_unique" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_emails_email_lower_unique" ON "user_emails" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_emails_one_primary" ON "user_emails" USING btree ("user_id") WHERE "user_emails"."primary";--> statement-breakpoint
CREATE INDEX "user_emails_user_idx" ON "user_emails" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_unique" ON "users" USING btree ("username");--> statement-breakpoint
CREATE INDEX "addon_associations_ppv_idx" ON "addon_associations" USING btree ("primary_plan_value_id");--> statement-breakpoint
CREATE INDEX "addon_associations_addon_plan_idx" ON "addon_associations" USING btree ("addon_plan_id");--> statement-breakpoint
CREATE INDEX "addon_features_deal_idx" ON "addon_features" USING btree ("deal_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "addon_primary_plan_values_feature_plan_unique" ON "addon_primary_plan_values" USING btree ("addon_feature_id","primary_plan_id");--> statement-breakpoint
CREATE INDEX "addon_primary_plan_values_plan_idx" ON "addon_primary_plan_values" USING btree ("primary_plan_id");--> statement-breakpoint
CREATE INDEX "addon_values_ppv_idx" ON "addon_values" USING btree ("primary_plan_value_id","position");--> statement-breakpoint
CREATE INDEX "badges_deal_idx" ON "badges" USING btree ("deal_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "company_cards_deal_unique" ON "company_cards" USING btree ("deal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deal_feature_entries_feature_plan_unique" ON "deal_feature_entries" USING btree ("feature_id","plan_id");--> statement-breakpoint
CREATE INDEX "deal_feature_entries_plan_idx" ON "deal_feature_entries" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "deal_features_deal_idx" ON "deal_features" USING btree ("deal_id","section","position");--> statement-breakpoint
CREATE INDEX "deal_group_deals_deal_idx" ON "deal_group_deals" USING btree ("deal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deal_groups_slug_unique" ON "deal_groups" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "deals_slug_unique" ON "deals" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "deals_search_idx" ON "deals" USING gin ("search");--> statement-breakpoint
CREATE INDEX "deals_browse_idx" ON "deals" USING btree ("deal_status","start_date" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deals_group_idx" ON "deals" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "deals_category_idx" ON "deals" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "deals_subcategory_idx" ON "deals" USING btree ("subcategory_id");--> statement-breakpoint
CREATE INDEX "faqs_deal_idx" ON "faqs" USING btree ("deal_id","position");--> statement-breakpoint
CREATE INDEX "founder_posts_deal_created_idx" ON "founder_posts" USING btree ("deal_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "founders_deal_unique" ON "founders" USING btree ("deal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "media_key_unique" ON "media" USING btree ("key");--> statement-breakpoint
CREATE INDEX "plans_deal_position_idx" ON "plans" USING btree ("deal_id","position");--> statement-breakpoint
CREATE INDEX "products_deal_idx" ON "products" USING btree ("deal_id","position");--> statement-breakpoint
CREATE INDEX "staff_messages_deal_idx" ON "staff_messages" USING btree ("deal_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "stories_product_unique" ON "stories" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "story_images_story_idx" ON "story_images" USING btree ("story_id","position");--> statement-breakpoint
CREATE INDEX "story_videos_story_idx" ON "story_videos" USING btree ("story_id","position");--> statement-breakpoint
CREATE INDEX "testimonials_deal_idx" ON "testimonials" USING btree ("deal_id","position");--> statement-breakpoint
CREATE INDEX "videos_collection_position_idx" ON "videos" USING btree ("collection_id","position");--> statement-breakpoint
CREATE INDEX "billing_details_user_idx" ON "billing_details" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_details_one_default" ON "billing_details" USING btree ("user_id") WHERE "billing_details"."is_default";--> statement-breakpoint
CREATE INDEX "cart_items_cart_idx" ON "cart_items" USING btree ("cart_id","id");--> statement-breakpoint
CREATE INDEX "cart_items_parent_idx" ON "cart_items" USING btree ("parent_cart_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_user_unique" ON "carts" USING btree ("user_id") WHERE "carts"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "carts_session_unique" ON "carts" USING btree ("session_id") WHERE "carts"."session_id" is not null;--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_email_idx" ON "coupon_redemptions" USING btree ("coupon_id",lower("email"));--> statement-breakpoint
CREATE INDEX "coupon_redemptions_user_idx" ON "coupon_redemptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_coupon_order_unique" ON "coupon_redemptions" USING btree ("coupon_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_unique" ON "coupons" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "credits_user_idx" ON "credits" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_code_unique" ON "gift_cards" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "invoice_items_order_idx" ON "invoice_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoice_items_user_created_idx" ON "invoice_items" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoice_items_deal_user_idx" ON "invoice_items" USING btree ("deal_id","user_id");--> statement-breakpoint
CREATE INDEX "invoice_items_parent_idx" ON "invoice_items" USING btree ("parent_invoice_item_id");--> statement-breakpoint
CREATE INDEX "licences_invoice_item_idx" ON "licences" USING btree ("invoice_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "licences_code_unique" ON "licences" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_key_unique" ON "orders" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payment_methods_user_idx" ON "payment_methods" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_user_fingerprint_unique" ON "payment_methods" USING btree ("user_id","fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_one_default" ON "payment_methods" USING btree ("user_id") WHERE "payment_methods"."is_default";--> statement-breakpoint
CREATE INDEX "plus_cancel_reasons_subscription_idx" ON "plus_cancel_reasons" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plus_subscriptions_stripe_id_unique" ON "plus_subscriptions" USING btree ("stripe_subscription_id");--> statement-breakpoint
CREATE INDEX "plus_subscriptions_user_idx" ON "plus_subscriptions" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "product_transfers_invoice_item_idx" ON "product_transfers" USING btree ("invoice_item_id");--> statement-breakpoint
CREATE INDEX "product_transfers_from_user_idx" ON "product_transfers" USING btree ("from_user_id");--> statement-breakpoint
CREATE INDEX "reward_coupons_user_idx" ON "reward_coupons" USING btree ("user_id","reward_campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reward_coupons_coupon_unique" ON "reward_coupons" USING btree ("coupon_id");--> statement-breakpoint
CREATE INDEX "tax_details_user_idx" ON "tax_details" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_details_one_default" ON "tax_details" USING btree ("user_id") WHERE "tax_details"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "comment_votes_comment_user_unique" ON "comment_votes" USING btree ("comment_id","user_id");--> statement-breakpoint
CREATE INDEX "comment_votes_user_idx" ON "comment_votes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "comments_list_created_idx" ON "comments" USING btree ("deal_id","kind","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "comments"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "comments_list_all_created_idx" ON "comments" USING btree ("deal_id","kind","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "comments"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "comments_list_helpful_idx" ON "comments" USING btree ("deal_id","kind","up_votes" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "comments"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "comments_list_rating_idx" ON "comments" USING btree ("deal_id","kind","rating","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "comments"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "comments_list_latest_reply_idx" ON "comments" USING btree ("deal_id","kind","last_reply_at" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE "comments"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "comments_parent_created_idx" ON "comments" USING btree ("parent_id","created_at");--> statement-breakpoint
CREATE INDEX "comments_root_idx" ON "comments" USING btree ("root_id");--> statement-breakpoint
CREATE INDEX "comments_user_idx" ON "comments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "comments_search_idx" ON "comments" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "comments_one_review_per_user" ON "comments" USING btree ("deal_id","user_id") WHERE "comments"."kind" = 'review' and "comments"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "analytics_events_name_created_idx" ON "analytics_events" USING btree ("name","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_subscriptions_email_lower_unique" ON "email_subscriptions" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "email_subscriptions_unsubscribe_token_unique" ON "email_subscriptions" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_signups_email_deal_component_unique" ON "notification_signups" USING btree (lower("email"),"deal_id","component_slug");--> statement-breakpoint
CREATE INDEX "notification_signups_pending_idx" ON "notification_signups" USING btree ("deal_id","notified_at");--> statement-breakpoint
CREATE INDEX "outbox_status_run_after_idx" ON "outbox" USING btree ("status","run_after");--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "short_links_code_unique" ON "short_links" USING btree ("code");--> statement-breakpoint
CREATE INDEX "short_links_kind_key_idx" ON "short_links" USING btree ("kind","key");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_signups_email_deal_unique" ON "waitlist_signups" USING btree (lower("email"),"deal_id");--> statement-breakpoint
CREATE INDEX "waitlist_signups_deal_idx" ON "waitlist_signups" USING btree ("deal_id");--> statement-breakpoint
CREATE INDEX "campaign_deals_deal_idx" ON "campaign_deals" USING btree ("deal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_optin_slug_unique" ON "campaigns" USING btree ("optin_slug");--> statement-breakpoint
CREATE INDEX "campaigns_window_idx" ON "campaigns" USING btree ("is_active","start_date","end_date");--> statement-breakpoint
CREATE INDEX "modular_page_items_page_position_idx" ON "modular_page_items" USING btree ("page_id","position","id");--> statement-breakpoint
CREATE UNIQUE INDEX "modular_pages_slug_unique" ON "modular_pages" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "modular_pages_deal_unique" ON "modular_pages" USING btree ("deal_id");--> statement-breakpoint
CREATE INDEX "smart_collection_deals_order_idx" ON "smart_collection_deals" USING btree ("smart_collection_id","position");--> statement-breakpoint
CREATE INDEX "smart_collection_deals_deal_idx" ON "smart_collection_deals" USING btree ("deal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "smart_collections_slug_unique" ON "smart_collections" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "smart_collections_zone_idx" ON "smart_collections" USING btree ("zone");--> statement-breakpoint
CREATE UNIQUE INDEX "sub_collections_collection_slug_unique" ON "sub_collections" USING btree ("smart_collection_id","slug");--> statement-breakpoint
CREATE INDEX "sub_collections_order_idx" ON "sub_collections" USING btree ("smart_collection_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "attributes_type_slug_unique" ON "attributes" USING btree ("type","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_group_slug_unique" ON "categories" USING btree ("group_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "deal_attribute_values_deal_attr_unique" ON "deal_attribute_values" USING btree ("deal_id","attribute_id");--> statement-breakpoint
CREATE INDEX "deal_attribute_values_attr_idx" ON "deal_attribute_values" USING btree ("attribute_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subcategories_category_slug_unique" ON "subcategories" USING btree ("category_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "taxonomy_groups_slug_unique" ON "taxonomy_groups" USING btree ("slug");