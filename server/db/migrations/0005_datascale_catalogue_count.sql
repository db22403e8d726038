CREATE TABLE "catalogue_counts" (
	"id" smallint PRIMARY KEY NOT NULL,
	"public_deals" integer NOT NULL,
	CONSTRAINT "catalogue_counts_one_row" CHECK ("catalogue_counts"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "deals_may_end_idx" ON "deals" USING btree ("end_date","deal_status","browse_deal_status") WHERE "deals"."deal_status" <> 'Private' and "deals"."is_draft" = false and ("deals"."deal_status" = 'Ended' or "deals"."browse_deal_status" = 'expired' or "deals"."end_date" is not null);--> statement-breakpoint
-- The public deals, counted once here and kept on every write to deals (issue 20): a statement
-- trigger adds the difference its rows make (inserted, deleted, or moved in or out of public by
-- an update), in the writer's transaction, and touches the row only when that is not zero (so
-- the many updates that leave visibility alone, a sale's quantity_sold, take no lock on it).
INSERT INTO "catalogue_counts" ("id", "public_deals")
  SELECT 1, count(*)::int FROM "deals" WHERE "deal_status" <> 'Private' AND "is_draft" = false;
--> statement-breakpoint
CREATE FUNCTION payonce_catalogue_count() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  delta integer := 0;
  n integer;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT count(*)::int INTO n FROM new_rows WHERE deal_status <> 'Private' AND is_draft = false;
    delta := delta + n;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT count(*)::int INTO n FROM old_rows WHERE deal_status <> 'Private' AND is_draft = false;
    delta := delta - n;
  END IF;
  IF delta <> 0 THEN
    UPDATE catalogue_counts SET public_deals = public_deals + delta WHERE id = 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER deals_catalogue_count_insert AFTER INSERT ON deals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payonce_catalogue_count();
--> statement-breakpoint
CREATE TRIGGER deals_catalogue_count_update AFTER UPDATE ON deals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payonce_catalogue_count();
--> statement-breakpoint
CREATE TRIGGER deals_catalogue_count_delete AFTER DELETE ON deals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION payonce_catalogue_count();
