-- A founder's public record (issue 34, decision 077): each deal's purchases and refunds, kept by
-- triggers in the writer's transaction, so a founder's refund rate sums a row per deal instead of
-- counting orders. A purchase is a plan line (not an add-on) that is the newest of its upgrade
-- chain (upgraded_at is null), on a paid or refunded order; a refund is such a line refunded.
CREATE TABLE "deal_sales" (
	"deal_id" integer PRIMARY KEY NOT NULL,
	"purchases" integer DEFAULT 0 NOT NULL,
	"refunds" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal_sales" ADD CONSTRAINT "deal_sales_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Recomputed for the touched deals from invoice_items (never a delta applied twice).
CREATE FUNCTION payonce_refresh_deal_sales(deal_ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO deal_sales (deal_id, purchases, refunds)
  SELECT t.id,
    count(ii.id)::int,
    count(ii.id) FILTER (WHERE ii.refunded_at IS NOT NULL OR o.status = 'refunded')::int
  FROM (SELECT DISTINCT x AS id FROM unnest(deal_ids) AS x WHERE x IS NOT NULL) t
  JOIN deals d ON d.id = t.id
  LEFT JOIN (invoice_items ii JOIN orders o ON o.id = ii.order_id AND o.status IN ('paid', 'refunded'))
    ON ii.deal_id = t.id AND ii.parent_invoice_item_id IS NULL AND ii.upgraded_at IS NULL
  GROUP BY t.id
  ON CONFLICT (deal_id)
    DO UPDATE SET purchases = excluded.purchases, refunds = excluded.refunds;
END $$;
--> statement-breakpoint
CREATE FUNCTION payonce_invoice_items_sales() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM payonce_refresh_deal_sales(x.d) FROM (SELECT array_agg(deal_id) AS d FROM new_rows) x;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM payonce_refresh_deal_sales(x.d) FROM (SELECT array_agg(deal_id) AS d FROM (
      SELECT deal_id FROM new_rows UNION SELECT deal_id FROM old_rows) r) x;
  ELSE
    PERFORM payonce_refresh_deal_sales(x.d) FROM (SELECT array_agg(deal_id) AS d FROM old_rows) x;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_items_sales_insert AFTER INSERT ON invoice_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payonce_invoice_items_sales();
--> statement-breakpoint
CREATE TRIGGER invoice_items_sales_update AFTER UPDATE ON invoice_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payonce_invoice_items_sales();
--> statement-breakpoint
CREATE TRIGGER invoice_items_sales_delete AFTER DELETE ON invoice_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION payonce_invoice_items_sales();
--> statement-breakpoint
CREATE FUNCTION payonce_orders_sales() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM payonce_refresh_deal_sales(x.d)
    FROM (SELECT array_agg(ii.deal_id) AS d
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN invoice_items ii ON ii.order_id = n.id
      WHERE n.status IS DISTINCT FROM o.status) x;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_sales_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payonce_orders_sales();
--> statement-breakpoint
SELECT payonce_refresh_deal_sales(array_agg(id)) FROM deals;
