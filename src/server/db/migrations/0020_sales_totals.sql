CREATE TABLE "sales_city_days" (
	"day" date NOT NULL,
	"city" text NOT NULL,
	"orders" integer NOT NULL,
	"revenue" numeric NOT NULL,
	CONSTRAINT "sales_city_days_day_city_pk" PRIMARY KEY("day","city")
);
--> statement-breakpoint
CREATE TABLE "sales_customers" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"orders" integer NOT NULL,
	"revenue" numeric NOT NULL,
	"last_hour" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sales_hours" (
	"hour" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"orders" integer NOT NULL,
	"revenue" numeric NOT NULL,
	CONSTRAINT "sales_hours_hour_status_pk" PRIMARY KEY("hour","status")
);
--> statement-breakpoint
CREATE TABLE "sales_joined_hours" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"customers" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_customer_date_idx";--> statement-breakpoint
CREATE INDEX "sales_customers_revenue_idx" ON "sales_customers" USING btree ("revenue","customer_id","last_hour");--> statement-breakpoint
CREATE INDEX "orders_customer_date_idx" ON "orders" USING btree ("customer_id","date_created" DESC NULLS LAST,"id" DESC NULLS LAST,"deleted_at","total_amount");--> statement-breakpoint
-- Issue 25: the sales report summed every order of its period on each call (a year of
-- 3,000,000 orders: 13 s). These totals are kept by statement triggers in the same
-- transaction as each change, as the list counts are (counters): live orders per UTC
-- hour and status; orders of live customers per UTC day and the customer's city; each
-- live customer's live orders; live customers per UTC hour of their creation. Amounts
-- are never below zero (the API refuses them; the check below holds every new row to
-- it), so a customer's total bounds what it brought in any period.
ALTER TABLE "orders" ADD CONSTRAINT "orders_amount_check" CHECK ("total_amount" >= 0) NOT VALID;--> statement-breakpoint
-- Room on every page for the next version of a row: a total changed in place (a HOT
-- update) leaves its index alone.
ALTER TABLE "sales_hours" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "sales_city_days" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "sales_customers" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "sales_joined_hours" SET (fillfactor = 70);--> statement-breakpoint
-- A statement's changed rows, signed: its new rows count +1, its old ones -1.
CREATE FUNCTION sales_changes(op text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE op
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT -1 AS sign, * FROM old_rows UNION ALL SELECT 1 AS sign, * FROM new_rows' END
$$;
--> statement-breakpoint
-- The statement that adds signed orders (a query with sign, hour, day, city, status,
-- customer_id, amount; `city` and `customer_id` null: no live customer; `status` null:
-- not in the status totals) to the kept totals, reading them once. A trigger function
-- runs it itself: its statement's rows (new_rows, old_rows) are seen only there. Rows
-- are taken in key order, so two writers never deadlock on them.
CREATE FUNCTION add_sales(changes text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    WITH d AS MATERIALIZED (%s),
    by_hour AS (
      INSERT INTO sales_hours AS s (hour, status, orders, revenue)
      SELECT hour, status, sum(sign), sum(sign * amount) FROM d WHERE status IS NOT NULL
      GROUP BY 1, 2 HAVING sum(sign) <> 0 OR sum(sign * amount) <> 0 ORDER BY 1, 2
      ON CONFLICT (hour, status) DO UPDATE
        SET orders = s.orders + excluded.orders, revenue = s.revenue + excluded.revenue),
    by_city_day AS (
      INSERT INTO sales_city_days AS s (day, city, orders, revenue)
      SELECT day, city, sum(sign), sum(sign * amount) FROM d WHERE city IS NOT NULL
      GROUP BY 1, 2 HAVING sum(sign) <> 0 OR sum(sign * amount) <> 0 ORDER BY 1, 2
      ON CONFLICT (day, city) DO UPDATE
        SET orders = s.orders + excluded.orders, revenue = s.revenue + excluded.revenue)
    INSERT INTO sales_customers AS s (customer_id, orders, revenue, last_hour)
    SELECT customer_id, sum(sign), sum(sign * amount), max(hour) FILTER (WHERE sign > 0)
    FROM d WHERE customer_id IS NOT NULL
    GROUP BY 1 HAVING sum(sign) <> 0 OR sum(sign * amount) <> 0 ORDER BY 1
    ON CONFLICT (customer_id) DO UPDATE
      SET orders = s.orders + excluded.orders, revenue = s.revenue + excluded.revenue,
          last_hour = greatest(s.last_hour, excluded.last_hour)$q$, changes)
$$;
--> statement-breakpoint
-- An order's part in the totals (`rows`: a query of orders with their sign).
CREATE FUNCTION sales_of_orders(rows text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    SELECT o.sign, date_trunc('hour', o.date_created, 'UTC') AS hour,
           (o.date_created AT TIME ZONE 'UTC')::date AS day, c.city, o.status,
           CASE WHEN c.id IS NOT NULL THEN o.customer_id END AS customer_id,
           o.total_amount AS amount
    FROM (%s) o LEFT JOIN customers c ON c.id = o.customer_id AND c.deleted_at IS NULL
    WHERE o.deleted_at IS NULL$q$, rows)
$$;
--> statement-breakpoint
CREATE FUNCTION keep_order_sales() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An update that changes none of what the totals read (a customer's new name copied
  -- to its orders) leaves them as they are. (Two IFs: an INSERT's or a DELETE's trigger
  -- has no old_rows and new_rows to plan the test with.)
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT 1 FROM old_rows b JOIN new_rows a ON a.id = b.id
      WHERE (a.status, a.total_amount, a.date_created, a.customer_id, a.deleted_at)
            IS DISTINCT FROM (b.status, b.total_amount, b.date_created, b.customer_id, b.deleted_at))
    THEN RETURN NULL;
    END IF;
  END IF;
  EXECUTE add_sales(sales_of_orders(sales_changes(TG_OP)));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A customer's city change moves its live orders between cities; its deletion or restore
-- takes them out of (or back into) its city and its own total; its creation counts.
CREATE FUNCTION keep_customer_sales() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most updates (a name, a phone, an owner) change nothing the totals read.
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT 1 FROM old_rows b JOIN new_rows a ON a.id = b.id
      WHERE (a.city, a.date_created, a.deleted_at) IS DISTINCT FROM (b.city, b.date_created, b.deleted_at))
    THEN RETURN NULL;
    END IF;
  END IF;
  EXECUTE format($q$
    INSERT INTO sales_joined_hours AS s (hour, customers)
    SELECT date_trunc('hour', date_created, 'UTC'), sum(sign) FROM (%s) d WHERE deleted_at IS NULL
    GROUP BY 1 HAVING sum(sign) <> 0 ORDER BY 1
    ON CONFLICT (hour) DO UPDATE SET customers = s.customers + excluded.customers$q$,
    sales_changes(TG_OP));
  IF TG_OP = 'UPDATE' THEN
    EXECUTE add_sales($q$
      SELECT m.sign, date_trunc('hour', o.date_created, 'UTC') AS hour,
             (o.date_created AT TIME ZONE 'UTC')::date AS day, m.city, NULL::text AS status,
             m.customer_id, o.total_amount AS amount
      FROM (SELECT -1 AS sign, b.id, b.city,
                   CASE WHEN a.deleted_at IS NOT NULL THEN b.id END AS customer_id
            FROM old_rows b JOIN new_rows a ON a.id = b.id
            WHERE b.deleted_at IS NULL AND (a.deleted_at IS NOT NULL OR a.city <> b.city)
            UNION ALL
            SELECT 1, a.id, a.city, CASE WHEN b.deleted_at IS NOT NULL THEN a.id END
            FROM old_rows b JOIN new_rows a ON a.id = b.id
            WHERE a.deleted_at IS NULL AND (b.deleted_at IS NOT NULL OR a.city <> b.city)) m
      JOIN orders o ON o.customer_id = m.id AND o.deleted_at IS NULL$q$);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A live customer removed for good (the app only purges deleted ones): its orders leave
-- their city and its total before the foreign key unlinks them.
CREATE FUNCTION forget_customer_sales() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE add_sales(format($q$
    SELECT -1 AS sign, date_trunc('hour', date_created, 'UTC') AS hour,
           (date_created AT TIME ZONE 'UTC')::date AS day, %L::text AS city, NULL::text AS status,
           customer_id, total_amount AS amount
    FROM orders WHERE customer_id = %s AND deleted_at IS NULL$q$, OLD.city, OLD.id));
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE FUNCTION forget_sales() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'customers' THEN
    DELETE FROM sales_joined_hours;
  ELSE
    DELETE FROM sales_hours;
    DELETE FROM sales_city_days;
    DELETE FROM sales_customers;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Works every total out again: for the rows users already have, and after a restore of a
-- backup taken before these tables existed.
CREATE FUNCTION recount_sales() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sales_hours;
  DELETE FROM sales_city_days;
  DELETE FROM sales_customers;
  DELETE FROM sales_joined_hours;
  EXECUTE add_sales(sales_of_orders('SELECT 1 AS sign, * FROM orders'));
  INSERT INTO sales_joined_hours (hour, customers)
  SELECT date_trunc('hour', date_created, 'UTC'), count(*) FROM customers
  WHERE deleted_at IS NULL GROUP BY 1;
END $$;
--> statement-breakpoint
SELECT recount_sales();--> statement-breakpoint
CREATE TRIGGER orders_sales_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_order_sales();--> statement-breakpoint
CREATE TRIGGER orders_sales_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_order_sales();--> statement-breakpoint
CREATE TRIGGER orders_sales_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_order_sales();--> statement-breakpoint
CREATE TRIGGER orders_sales_truncate AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION forget_sales();--> statement-breakpoint
CREATE TRIGGER customers_sales_insert AFTER INSERT ON customers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_customer_sales();--> statement-breakpoint
CREATE TRIGGER customers_sales_update AFTER UPDATE ON customers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_customer_sales();--> statement-breakpoint
CREATE TRIGGER customers_sales_delete_rows AFTER DELETE ON customers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_customer_sales();--> statement-breakpoint
CREATE TRIGGER customers_sales_delete BEFORE DELETE ON customers FOR EACH ROW WHEN (OLD.deleted_at IS NULL) EXECUTE FUNCTION forget_customer_sales();--> statement-breakpoint
CREATE TRIGGER customers_sales_truncate AFTER TRUNCATE ON customers FOR EACH STATEMENT EXECUTE FUNCTION forget_sales();
