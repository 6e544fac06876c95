-- Lists that stay fast at any size (issue 23), without caches.
-- Customers: every searchable field in lower case, stored, with its trigram index: a search
-- matches one column with LIKE instead of concatenating and case-folding five per row.
DROP INDEX "customers_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("customers"."name" || ' ' || "customers"."email" || ' ' || "customers"."city" || ' ' || "customers"."country" || ' ' || "customers"."phone")) STORED;--> statement-breakpoint
CREATE INDEX "customers_search_text_trgm_idx" ON "customers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Orders: the customer's name in lower case ('' when it has none), so ordering by it reads
-- an index; and every ordering under a status filter walks only that status's rows.
ALTER TABLE "orders" ADD COLUMN "customer_name_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "orders" o SET "customer_name_key" = lower(c."name") FROM "customers" c WHERE c."id" = o."customer_id";--> statement-breakpoint
CREATE FUNCTION keep_order_customer_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.customer_name_key := coalesce((SELECT lower(c.name) FROM customers c WHERE c.id = NEW.customer_id), '');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_customer_name_insert BEFORE INSERT ON orders FOR EACH ROW WHEN (NEW.customer_id IS NOT NULL) EXECUTE FUNCTION keep_order_customer_name();--> statement-breakpoint
CREATE TRIGGER orders_customer_name_update BEFORE UPDATE OF customer_id ON orders FOR EACH ROW WHEN (OLD.customer_id IS DISTINCT FROM NEW.customer_id) EXECUTE FUNCTION keep_order_customer_name();--> statement-breakpoint
CREATE FUNCTION keep_orders_customer_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders SET customer_name_key = lower(NEW.name) WHERE customer_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customers_name_to_orders AFTER UPDATE OF name ON customers FOR EACH ROW WHEN (lower(OLD.name) IS DISTINCT FROM lower(NEW.name)) EXECUTE FUNCTION keep_orders_customer_name();--> statement-breakpoint
CREATE INDEX "orders_name_idx" ON "orders" USING btree ("customer_name_key","id","deleted_at");--> statement-breakpoint
CREATE INDEX "orders_status_amount_idx" ON "orders" USING btree ("status","total_amount","id","deleted_at");--> statement-breakpoint
CREATE INDEX "orders_status_customer_idx" ON "orders" USING btree ("status",coalesce("customer_id", 0),"id","deleted_at");--> statement-breakpoint
CREATE INDEX "orders_status_name_idx" ON "orders" USING btree ("status","customer_name_key","id","deleted_at");--> statement-breakpoint
CREATE INDEX "orders_status_id_idx" ON "orders" USING btree ("status","id","deleted_at");
