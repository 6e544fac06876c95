CREATE TABLE "counters" (
	"scope" text NOT NULL,
	"name" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "counters_scope_name_pk" PRIMARY KEY("scope","name")
);
--> statement-breakpoint
DROP INDEX "customers_date_created_idx";--> statement-breakpoint
DROP INDEX "orders_customer_id_idx";--> statement-breakpoint
DROP INDEX "orders_status_idx";--> statement-breakpoint
DROP INDEX "orders_total_amount_idx";--> statement-breakpoint
DROP INDEX "orders_date_created_idx";--> statement-breakpoint
DROP INDEX "customers_name_idx";--> statement-breakpoint
DROP INDEX "customers_city_idx";--> statement-breakpoint
DROP INDEX "customers_email_idx";--> statement-breakpoint
DROP INDEX "customers_country_idx";--> statement-breakpoint
DROP INDEX "customers_phone_idx";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "former_customer_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_former_customer_id_customers_id_fk" FOREIGN KEY ("former_customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_date_idx" ON "customers" USING btree ("date_created" DESC NULLS LAST,"id" DESC NULLS LAST,"deleted_at");--> statement-breakpoint
CREATE INDEX "customers_deleted_idx" ON "customers" USING btree ("deleted_at") WHERE "customers"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_date_idx" ON "orders" USING btree ("date_created" DESC NULLS LAST,"id" DESC NULLS LAST,"deleted_at");--> statement-breakpoint
CREATE INDEX "orders_customer_date_idx" ON "orders" USING btree ("customer_id","date_created" DESC NULLS LAST,"id" DESC NULLS LAST,"deleted_at");--> statement-breakpoint
CREATE INDEX "orders_status_date_idx" ON "orders" USING btree ("status","date_created" DESC NULLS LAST,"id" DESC NULLS LAST,"deleted_at");--> statement-breakpoint
CREATE INDEX "orders_rank_idx" ON "orders" USING btree ((case "status" when 'Pending' then 1 when 'Out for delivery' then 2 else 3 end),"id","deleted_at");--> statement-breakpoint
CREATE INDEX "orders_amount_idx" ON "orders" USING btree ("total_amount","id","deleted_at");--> statement-breakpoint
CREATE INDEX "orders_customer_key_idx" ON "orders" USING btree (coalesce("customer_id", 0),"id","deleted_at");--> statement-breakpoint
CREATE INDEX "orders_deleted_idx" ON "orders" USING btree ("deleted_at") WHERE "orders"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_former_customer_idx" ON "orders" USING btree ("former_customer_id") WHERE "orders"."former_customer_id" is not null;--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree (lower("name"),"id","deleted_at");--> statement-breakpoint
CREATE INDEX "customers_city_idx" ON "customers" USING btree (lower("city"),"id","deleted_at");--> statement-breakpoint
CREATE INDEX "customers_email_idx" ON "customers" USING btree (lower("email"),"id","deleted_at");--> statement-breakpoint
CREATE INDEX "customers_country_idx" ON "customers" USING btree (lower("country"),"id","deleted_at");--> statement-breakpoint
CREATE INDEX "customers_phone_idx" ON "customers" USING btree (lower("phone"),"id","deleted_at");--> statement-breakpoint
-- Kept totals: each statement on customers or orders adds what it changed to counters, in
-- the same transaction. Rows are taken in (scope, name) order so two writers never lock
-- the same counters in opposite orders.
CREATE FUNCTION count_customers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO counters AS c (scope, name, n)
    SELECT scope, name, sum(d) FROM (
      SELECT 'customers' AS scope, '' AS name, 1 AS d FROM new_rows WHERE deleted_at IS NULL
      UNION ALL SELECT 'city', city, 1 FROM new_rows WHERE deleted_at IS NULL AND city <> ''
    ) t GROUP BY scope, name HAVING sum(d) <> 0 ORDER BY scope, name
    ON CONFLICT (scope, name) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO counters AS c (scope, name, n)
    SELECT scope, name, sum(d) FROM (
      SELECT 'customers' AS scope, '' AS name, -1 AS d FROM old_rows WHERE deleted_at IS NULL
      UNION ALL SELECT 'city', city, -1 FROM old_rows WHERE deleted_at IS NULL AND city <> ''
    ) t GROUP BY scope, name HAVING sum(d) <> 0 ORDER BY scope, name
    ON CONFLICT (scope, name) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO counters AS c (scope, name, n)
    SELECT scope, name, sum(d) FROM (
      SELECT 'customers' AS scope, '' AS name, 1 AS d FROM new_rows WHERE deleted_at IS NULL
      UNION ALL SELECT 'city', city, 1 FROM new_rows WHERE deleted_at IS NULL AND city <> ''
      UNION ALL SELECT 'customers', '', -1 FROM old_rows WHERE deleted_at IS NULL
      UNION ALL SELECT 'city', city, -1 FROM old_rows WHERE deleted_at IS NULL AND city <> ''
    ) t GROUP BY scope, name HAVING sum(d) <> 0 ORDER BY scope, name
    ON CONFLICT (scope, name) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION count_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO counters AS c (scope, name, n)
    SELECT scope, name, sum(d) FROM (
      SELECT 'orders' AS scope, '' AS name, 1 AS d FROM new_rows WHERE deleted_at IS NULL
      UNION ALL SELECT 'status', status, 1 FROM new_rows WHERE deleted_at IS NULL
    ) t GROUP BY scope, name HAVING sum(d) <> 0 ORDER BY scope, name
    ON CONFLICT (scope, name) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO counters AS c (scope, name, n)
    SELECT scope, name, sum(d) FROM (
      SELECT 'orders' AS scope, '' AS name, -1 AS d FROM old_rows WHERE deleted_at IS NULL
      UNION ALL SELECT 'status', status, -1 FROM old_rows WHERE deleted_at IS NULL
    ) t GROUP BY scope, name HAVING sum(d) <> 0 ORDER BY scope, name
    ON CONFLICT (scope, name) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO counters AS c (scope, name, n)
    SELECT scope, name, sum(d) FROM (
      SELECT 'orders' AS scope, '' AS name, 1 AS d FROM new_rows WHERE deleted_at IS NULL
      UNION ALL SELECT 'status', status, 1 FROM new_rows WHERE deleted_at IS NULL
      UNION ALL SELECT 'orders', '', -1 FROM old_rows WHERE deleted_at IS NULL
      UNION ALL SELECT 'status', status, -1 FROM old_rows WHERE deleted_at IS NULL
    ) t GROUP BY scope, name HAVING sum(d) <> 0 ORDER BY scope, name
    ON CONFLICT (scope, name) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION forget_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM counters WHERE scope = ANY (TG_ARGV);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customers_count_insert AFTER INSERT ON customers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_customers();--> statement-breakpoint
CREATE TRIGGER customers_count_update AFTER UPDATE ON customers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_customers();--> statement-breakpoint
CREATE TRIGGER customers_count_delete AFTER DELETE ON customers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_customers();--> statement-breakpoint
CREATE TRIGGER customers_count_truncate AFTER TRUNCATE ON customers FOR EACH STATEMENT EXECUTE FUNCTION forget_counts('customers', 'city');--> statement-breakpoint
CREATE TRIGGER orders_count_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_orders();--> statement-breakpoint
CREATE TRIGGER orders_count_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_orders();--> statement-breakpoint
CREATE TRIGGER orders_count_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_orders();--> statement-breakpoint
CREATE TRIGGER orders_count_truncate AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION forget_counts('orders', 'status');--> statement-breakpoint
-- The totals of the rows users already have.
INSERT INTO counters (scope, name, n)
SELECT 'customers', '', count(*) FROM customers WHERE deleted_at IS NULL
UNION ALL SELECT 'city', city, count(*) FROM customers WHERE deleted_at IS NULL AND city <> '' GROUP BY city
UNION ALL SELECT 'orders', '', count(*) FROM orders WHERE deleted_at IS NULL
UNION ALL SELECT 'status', status, count(*) FROM orders WHERE deleted_at IS NULL GROUP BY status;
