ALTER TABLE "attributes" ADD COLUMN "monthly_price_cents" integer;--> statement-breakpoint
ALTER TABLE "attributes" ADD CONSTRAINT "attributes_monthly_price_check" CHECK ("attributes"."monthly_price_cents" is null or ("attributes"."type" = 'alternative_to' and "attributes"."monthly_price_cents" > 0));
