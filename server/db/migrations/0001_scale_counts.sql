CREATE TABLE "deal_owners" (
	"user_id" integer NOT NULL,
	"deal_id" integer NOT NULL,
	"items" integer NOT NULL,
	"plan_items" integer NOT NULL,
	CONSTRAINT "deal_owners_user_id_deal_id_pk" PRIMARY KEY("user_id","deal_id"),
	CONSTRAINT "deal_owners_items_check" CHECK ("deal_owners"."items" > 0 and "deal_owners"."plan_items" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deals_purchased" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "search_document" "tsvector";--> statement-breakpoint
ALTER TABLE "deal_owners" ADD CONSTRAINT "deal_owners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_owners" ADD CONSTRAINT "deal_owners_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_owners_deal_idx" ON "deal_owners" USING btree ("deal_id");--> statement-breakpoint
CREATE INDEX "deals_search_document_idx" ON "deals" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "comments_top_idx" ON "comments" USING btree ("deal_id","kind","up_votes" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "comments"."parent_id" is null and "comments"."status" = 'approved';--> statement-breakpoint
-- Ownership, kept on write (issue 20). The rule is the one of ownership-sql.ts: an item the user
-- currently holds (invoice_items.user_id), on a paid order, not refunded; add-ons own the deal but
-- do not count in users.deals_purchased. Recomputed for the touched (user, deal) pairs from
-- invoice_items, so a trigger never drifts by applying a delta twice.
CREATE FUNCTION payonce_refresh_owners(user_ids integer[], deal_ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  WITH pairs AS (
    SELECT DISTINCT p.u AS user_id, p.d AS deal_id
    FROM unnest(user_ids, deal_ids) AS p(u, d)
    WHERE p.u IS NOT NULL AND p.d IS NOT NULL
  ), counted AS (
    SELECT p.user_id, p.deal_id,
      count(ii.id)::int AS items,
      count(ii.id) FILTER (WHERE ii.parent_invoice_item_id IS NULL)::int AS plan_items
    FROM pairs p
    LEFT JOIN (invoice_items ii JOIN orders o ON o.id = ii.order_id AND o.status = 'paid')
      ON ii.user_id = p.user_id AND ii.deal_id = p.deal_id AND ii.refunded_at IS NULL
    GROUP BY p.user_id, p.deal_id
  ), gone AS (
    DELETE FROM deal_owners d USING counted c
    WHERE d.user_id = c.user_id AND d.deal_id = c.deal_id AND c.items = 0
  )
  INSERT INTO deal_owners (user_id, deal_id, items, plan_items)
  SELECT c.user_id, c.deal_id, c.items, c.plan_items FROM counted c
  WHERE c.items > 0 AND EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
  ON CONFLICT (user_id, deal_id)
    DO UPDATE SET items = excluded.items, plan_items = excluded.plan_items;

  UPDATE users u SET deals_purchased = n.count
  FROM (
    SELECT t.id, (SELECT count(*)::int FROM deal_owners d WHERE d.user_id = t.id AND d.plan_items > 0) AS count
    FROM (SELECT DISTINCT x AS id FROM unnest(user_ids) AS x WHERE x IS NOT NULL) t
  ) n
  WHERE u.id = n.id AND u.deals_purchased <> n.count;
END $$;
--> statement-breakpoint
CREATE FUNCTION payonce_invoice_items_owners() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM payonce_refresh_owners(x.u, x.d)
      FROM (SELECT array_agg(user_id) AS u, array_agg(deal_id) AS d FROM new_rows) x;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM payonce_refresh_owners(x.u, x.d)
      FROM (SELECT array_agg(user_id) AS u, array_agg(deal_id) AS d FROM (
        SELECT user_id, deal_id FROM new_rows UNION SELECT user_id, deal_id FROM old_rows) r) x;
  ELSE
    PERFORM payonce_refresh_owners(x.u, x.d)
      FROM (SELECT array_agg(user_id) AS u, array_agg(deal_id) AS d FROM old_rows) x;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_items_owners_insert AFTER INSERT ON invoice_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payonce_invoice_items_owners();
--> statement-breakpoint
CREATE TRIGGER invoice_items_owners_update AFTER UPDATE ON invoice_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payonce_invoice_items_owners();
--> statement-breakpoint
CREATE TRIGGER invoice_items_owners_delete AFTER DELETE ON invoice_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION payonce_invoice_items_owners();
--> statement-breakpoint
CREATE FUNCTION payonce_orders_owners() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM payonce_refresh_owners(x.u, x.d)
    FROM (SELECT array_agg(ii.user_id) AS u, array_agg(ii.deal_id) AS d
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN invoice_items ii ON ii.order_id = n.id
      WHERE n.status IS DISTINCT FROM o.status) x;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_owners_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payonce_orders_owners();
--> statement-breakpoint
SELECT payonce_refresh_owners(array_agg(user_id), array_agg(deal_id)) FROM invoice_items;
--> statement-breakpoint
-- The deal's search document (issue 20): its own words as deals.search, its names' words
-- unstemmed (prefix matching of "task" to TaskFlow), then taxonomy and attributes at the lowest
-- weight. Rebuilt when any of them changes.
CREATE FUNCTION payonce_deal_search_document(d deals) RETURNS tsvector
LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('english', coalesce(d.name, '')), 'A')
    || setweight(to_tsvector('english', coalesce(d.public_name, '')), 'A')
    || setweight(to_tsvector('simple', coalesce(d.name, '') || ' ' || coalesce(d.public_name, '')), 'A')
    || setweight(to_tsvector('english', coalesce(d.card_description, '')), 'B')
    || setweight(to_tsvector('english', concat_ws(' ',
      (SELECT concat_ws(' ', g.name, array_to_string(g.search_values, ' '))
        FROM taxonomy_groups g WHERE g.id = d.group_id),
      (SELECT concat_ws(' ', c.name, array_to_string(c.search_values, ' '))
        FROM categories c WHERE c.id = d.category_id),
      (SELECT concat_ws(' ', s.name, array_to_string(s.search_values, ' '))
        FROM subcategories s WHERE s.id = d.subcategory_id),
      (SELECT string_agg(a.name || ' ' || coalesce(dav.value, ''), ' ')
        FROM deal_attribute_values dav JOIN attributes a ON a.id = dav.attribute_id
        WHERE dav.deal_id = d.id))), 'D')
$$;
--> statement-breakpoint
CREATE FUNCTION payonce_deals_search_document() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_document := payonce_deal_search_document(NEW);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER deals_search_document BEFORE INSERT OR UPDATE OF name, public_name, card_description, group_id, category_id, subcategory_id
  ON deals FOR EACH ROW EXECUTE FUNCTION payonce_deals_search_document();
--> statement-breakpoint
CREATE FUNCTION payonce_attribute_values_search_document() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE deals SET search_document = payonce_deal_search_document(deals)
      WHERE id IN (SELECT deal_id FROM new_rows);
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE deals SET search_document = payonce_deal_search_document(deals)
      WHERE id IN (SELECT deal_id FROM new_rows UNION SELECT deal_id FROM old_rows);
  ELSE
    UPDATE deals SET search_document = payonce_deal_search_document(deals)
      WHERE id IN (SELECT deal_id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER deal_attribute_values_search_insert AFTER INSERT ON deal_attribute_values
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payonce_attribute_values_search_document();
--> statement-breakpoint
CREATE TRIGGER deal_attribute_values_search_update AFTER UPDATE ON deal_attribute_values
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payonce_attribute_values_search_document();
--> statement-breakpoint
CREATE TRIGGER deal_attribute_values_search_delete AFTER DELETE ON deal_attribute_values
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION payonce_attribute_values_search_document();
--> statement-breakpoint
CREATE FUNCTION payonce_taxonomy_search_document() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'taxonomy_groups' THEN
    UPDATE deals SET search_document = payonce_deal_search_document(deals) WHERE group_id = NEW.id;
  ELSIF TG_TABLE_NAME = 'categories' THEN
    UPDATE deals SET search_document = payonce_deal_search_document(deals) WHERE category_id = NEW.id;
  ELSIF TG_TABLE_NAME = 'subcategories' THEN
    UPDATE deals SET search_document = payonce_deal_search_document(deals) WHERE subcategory_id = NEW.id;
  ELSE
    UPDATE deals SET search_document = payonce_deal_search_document(deals)
      WHERE id IN (SELECT deal_id FROM deal_attribute_values WHERE attribute_id = NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER taxonomy_groups_search_document AFTER UPDATE OF name, search_values ON taxonomy_groups
  FOR EACH ROW EXECUTE FUNCTION payonce_taxonomy_search_document();
--> statement-breakpoint
CREATE TRIGGER categories_search_document AFTER UPDATE OF name, search_values ON categories
  FOR EACH ROW EXECUTE FUNCTION payonce_taxonomy_search_document();
--> statement-breakpoint
CREATE TRIGGER subcategories_search_document AFTER UPDATE OF name, search_values ON subcategories
  FOR EACH ROW EXECUTE FUNCTION payonce_taxonomy_search_document();
--> statement-breakpoint
CREATE TRIGGER attributes_search_document AFTER UPDATE OF name ON attributes
  FOR EACH ROW EXECUTE FUNCTION payonce_taxonomy_search_document();
--> statement-breakpoint
UPDATE deals SET search_document = payonce_deal_search_document(deals);
