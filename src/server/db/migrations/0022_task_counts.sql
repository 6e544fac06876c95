CREATE TABLE "task_due_hours" (
	"who" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"open" integer NOT NULL,
	CONSTRAINT "task_due_hours_who_hour_pk" PRIMARY KEY("who","hour")
);
--> statement-breakpoint
CREATE TABLE "task_totals" (
	"who" integer PRIMARY KEY NOT NULL,
	"undated" integer NOT NULL,
	"done" integer NOT NULL
);
--> statement-breakpoint
-- Issue 24: the Tasks screen's counts and a segment's total read these instead of every
-- open task (everyone's open tasks counted at each call took 0.1 s at 150,000). Pages
-- of the tables are left 30 % free, so the changes of a count stay on their page.
ALTER TABLE "task_due_hours" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "task_totals" SET (fillfactor = 70);--> statement-breakpoint
-- The statement that adds signed tasks (a query with sign and the columns of tasks) to
-- the kept counts: each shown one under its assignee and under everyone's (-1). A
-- trigger function runs it itself (its statement's rows are seen only there). With
-- `check_customer` a task of a deleted or removed customer is left out; the customers'
-- own trigger passes exactly the tasks whose customer it hides or shows again. Rows are
-- taken in key order, so two writers never deadlock on them.
CREATE FUNCTION add_task_counts(changes text, check_customer boolean) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    WITH c AS MATERIALIZED (
      SELECT t.sign, w.who, t.due_at, t.done_at
      FROM (%s) t CROSS JOIN LATERAL (VALUES (coalesce(t.assignee_id, 0)), (-1)) w(who)
      WHERE t.deleted_at IS NULL %s
    ), hours AS (
      INSERT INTO task_due_hours AS k (who, hour, open)
      SELECT who, date_trunc('hour', due_at, 'UTC'), sum(sign) FROM c
      WHERE done_at IS NULL AND due_at IS NOT NULL
      GROUP BY 1, 2 HAVING sum(sign) <> 0 ORDER BY 1, 2
      ON CONFLICT (who, hour) DO UPDATE SET open = k.open + excluded.open
    )
    INSERT INTO task_totals AS k (who, undated, done)
    SELECT who, coalesce(sum(sign) FILTER (WHERE done_at IS NULL), 0),
           coalesce(sum(sign) FILTER (WHERE done_at IS NOT NULL), 0)
    FROM c WHERE done_at IS NOT NULL OR due_at IS NULL
    GROUP BY 1 ORDER BY 1
    ON CONFLICT (who) DO UPDATE SET undated = k.undated + excluded.undated, done = k.done + excluded.done$q$,
    changes,
    CASE WHEN check_customer THEN $c$AND (t.customer_id IS NULL OR EXISTS (
      SELECT 1 FROM customers s WHERE s.id = t.customer_id AND s.deleted_at IS NULL))$c$ ELSE '' END)
$$;
--> statement-breakpoint
CREATE FUNCTION keep_task_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most updates (a title, a reminder raised, a snooze) change nothing the counts read;
  -- asked as a set difference, which is hashed (migration 0021).
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT id, due_at, done_at, assignee_id, customer_id, deleted_at FROM new_rows
      EXCEPT
      SELECT id, due_at, done_at, assignee_id, customer_id, deleted_at FROM old_rows)
    THEN RETURN NULL;
    END IF;
  END IF;
  EXECUTE add_task_counts(sales_changes(TG_OP), true);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A customer deleted or restored hides or shows its tasks: those of the customers whose
-- standing changed, found by summing each customer's rows (no pairing of old and new).
CREATE FUNCTION keep_customer_task_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE add_task_counts($q$
    SELECT m.sign, t.* FROM (
      SELECT id, sum(s) AS sign FROM (
        SELECT id, 1 AS s FROM new_rows WHERE deleted_at IS NULL
        UNION ALL SELECT id, -1 FROM old_rows WHERE deleted_at IS NULL) x
      GROUP BY id HAVING sum(s) <> 0) m
    JOIN tasks t ON t.customer_id = m.id$q$, false);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A live customer removed for good: its tasks leave the counts before the foreign key
-- removes them (their own trigger then finds no live customer and counts nothing).
CREATE FUNCTION forget_customer_task_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE add_task_counts(format('SELECT -1 AS sign, * FROM tasks WHERE customer_id = %s', OLD.id), false);
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE FUNCTION forget_task_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM task_due_hours;
  DELETE FROM task_totals;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Works every count out again: for the tasks users already have, and after a restore of
-- a backup taken before these tables existed.
CREATE FUNCTION recount_task_counts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM task_due_hours;
  DELETE FROM task_totals;
  EXECUTE add_task_counts('SELECT 1 AS sign, * FROM tasks', true);
END $$;
--> statement-breakpoint
CREATE TRIGGER tasks_counts_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_task_counts();--> statement-breakpoint
CREATE TRIGGER tasks_counts_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_task_counts();--> statement-breakpoint
CREATE TRIGGER tasks_counts_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_task_counts();--> statement-breakpoint
CREATE TRIGGER tasks_counts_truncate AFTER TRUNCATE ON tasks FOR EACH STATEMENT EXECUTE FUNCTION forget_task_counts();--> statement-breakpoint
CREATE TRIGGER customers_task_counts_update AFTER UPDATE ON customers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_customer_task_counts();--> statement-breakpoint
CREATE TRIGGER customers_task_counts_delete BEFORE DELETE ON customers FOR EACH ROW WHEN (OLD.deleted_at IS NULL) EXECUTE FUNCTION forget_customer_task_counts();--> statement-breakpoint
SELECT recount_task_counts();
