CREATE TABLE "task_due_days" (
	"who" integer NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"open" integer NOT NULL,
	CONSTRAINT "task_due_days_who_day_pk" PRIMARY KEY("who","day")
);
--> statement-breakpoint
-- Issue 24: the Tasks screen's counts summed every kept hour of an assignee (2,880 rows
-- for tasks due over 120 days, a millisecond of each counts call and tasks page); a day's
-- row stands for its 24 hours wherever the segments' bounds do not cut it.
ALTER TABLE "task_due_days" SET (fillfactor = 70);--> statement-breakpoint
-- As migration 0022's, with the days kept beside the hours.
CREATE OR REPLACE FUNCTION add_task_counts(changes text, check_customer boolean) RETURNS text LANGUAGE sql IMMUTABLE AS $$
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
    ), days AS (
      INSERT INTO task_due_days AS k (who, day, open)
      SELECT who, date_trunc('day', due_at, 'UTC'), sum(sign) FROM c
      WHERE done_at IS NULL AND due_at IS NOT NULL
      GROUP BY 1, 2 HAVING sum(sign) <> 0 ORDER BY 1, 2
      ON CONFLICT (who, day) DO UPDATE SET open = k.open + excluded.open
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
CREATE OR REPLACE FUNCTION forget_task_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM task_due_hours;
  DELETE FROM task_due_days;
  DELETE FROM task_totals;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION recount_task_counts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM task_due_hours;
  DELETE FROM task_due_days;
  DELETE FROM task_totals;
  EXECUTE add_task_counts('SELECT 1 AS sign, * FROM tasks', true);
END $$;
--> statement-breakpoint
SELECT recount_task_counts();
