-- The orders' total amount per status, kept beside their count (issue 23): the overview's
-- orders chart read the sum of every live order on each request. The same statement
-- triggers as the counts keep it, in the same transaction as each write.
ALTER TABLE "counters" ADD COLUMN "amount" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO counters AS c (scope, name, n, amount)
    SELECT scope, name, sum(d), sum(a) FROM (
      SELECT 'orders' AS scope, '' AS name, 1 AS d, total_amount AS a FROM new_rows WHERE deleted_at IS NULL
      UNION ALL SELECT 'status', status, 1, total_amount FROM new_rows WHERE deleted_at IS NULL
    ) t GROUP BY scope, name HAVING sum(d) <> 0 OR sum(a) <> 0 ORDER BY scope, name
    ON CONFLICT (scope, name) DO UPDATE SET n = c.n + excluded.n, amount = c.amount + excluded.amount;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO counters AS c (scope, name, n, amount)
    SELECT scope, name, sum(d), sum(a) FROM (
      SELECT 'orders' AS scope, '' AS name, -1 AS d, -total_amount AS a FROM old_rows WHERE deleted_at IS NULL
      UNION ALL SELECT 'status', status, -1, -total_amount FROM old_rows WHERE deleted_at IS NULL
    ) t GROUP BY scope, name HAVING sum(d) <> 0 OR sum(a) <> 0 ORDER BY scope, name
    ON CONFLICT (scope, name) DO UPDATE SET n = c.n + excluded.n, amount = c.amount + excluded.amount;
  ELSE
    INSERT INTO counters AS c (scope, name, n, amount)
    SELECT scope, name, sum(d), sum(a) FROM (
      SELECT 'orders' AS scope, '' AS name, 1 AS d, total_amount AS a FROM new_rows WHERE deleted_at IS NULL
      UNION ALL SELECT 'status', status, 1, total_amount FROM new_rows WHERE deleted_at IS NULL
      UNION ALL SELECT 'orders', '', -1, -total_amount FROM old_rows WHERE deleted_at IS NULL
      UNION ALL SELECT 'status', status, -1, -total_amount FROM old_rows WHERE deleted_at IS NULL
    ) t GROUP BY scope, name HAVING sum(d) <> 0 OR sum(a) <> 0 ORDER BY scope, name
    ON CONFLICT (scope, name) DO UPDATE SET n = c.n + excluded.n, amount = c.amount + excluded.amount;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Works the kept amounts out from the orders: for the rows users already have, and after a
-- restore of a backup taken before this migration (which holds no amounts).
CREATE FUNCTION recount_order_amounts() RETURNS void LANGUAGE sql AS $$
  UPDATE counters c SET amount = coalesce((
    SELECT sum(o.total_amount) FROM orders o
    WHERE o.deleted_at IS NULL AND (c.scope = 'orders' OR o.status = c.name)), 0.00)
  WHERE c.scope IN ('orders', 'status');
$$;
--> statement-breakpoint
SELECT recount_order_amounts();
