CREATE TABLE "search_gram_counts" (
	"gram" text PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
-- Issue 23: a search of two or three letters was counted through the runs index (0023),
-- which must still visit every customer holding the run to see it is live and visible:
-- 5 to 10 ms for a common pair at 100,000 customers (up to 10,001 of them), 20 to 28 ms at
-- 1,000,000. Pages of the table are left 30 % free, so the changes of a count stay on
-- their page.
ALTER TABLE "search_gram_counts" SET (fillfactor = 70);--> statement-breakpoint
-- The statement that adds signed customers (a query with sign and the columns of
-- customers) to the kept counts: each live customer once under each distinct run of its
-- search_text. Rows are taken in key order, so two writers never deadlock on them.
CREATE FUNCTION add_search_gram_counts(changes text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    INSERT INTO search_gram_counts AS k (gram, n)
    SELECT g.gram, sum(c.sign) FROM (%s) c
    CROSS JOIN LATERAL (SELECT DISTINCT unnest(search_grams(c.search_text)) AS gram) g
    WHERE c.deleted_at IS NULL
    GROUP BY 1 HAVING sum(c.sign) <> 0 ORDER BY 1
    ON CONFLICT (gram) DO UPDATE SET n = k.n + excluded.n$q$, changes)
$$;
--> statement-breakpoint
CREATE FUNCTION keep_search_gram_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most updates (an owner, a follow-up, a version) change nothing the counts read;
  -- asked as a set difference, which is hashed (migration 0021).
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT id, search_text, deleted_at FROM new_rows
      EXCEPT
      SELECT id, search_text, deleted_at FROM old_rows)
    THEN RETURN NULL;
    END IF;
  END IF;
  EXECUTE add_search_gram_counts(sales_changes(TG_OP));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION forget_search_gram_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_gram_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Works every count out again: for the customers users already have, and after a restore
-- of a backup taken before this table existed.
CREATE FUNCTION recount_search_gram_counts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_gram_counts;
  EXECUTE add_search_gram_counts('SELECT 1 AS sign, * FROM customers');
END $$;
--> statement-breakpoint
CREATE TRIGGER customers_gram_counts_insert AFTER INSERT ON customers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_search_gram_counts();--> statement-breakpoint
CREATE TRIGGER customers_gram_counts_update AFTER UPDATE ON customers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_search_gram_counts();--> statement-breakpoint
CREATE TRIGGER customers_gram_counts_delete AFTER DELETE ON customers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_search_gram_counts();--> statement-breakpoint
CREATE TRIGGER customers_gram_counts_truncate AFTER TRUNCATE ON customers FOR EACH STATEMENT EXECUTE FUNCTION forget_search_gram_counts();--> statement-breakpoint
SELECT recount_search_gram_counts();
