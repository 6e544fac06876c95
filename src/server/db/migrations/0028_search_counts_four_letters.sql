-- Issue 23: searches of four letters are counted from the kept runs too (at 1,000,000
-- customers a four-letter count through the runs index took 20 to 28 ms). Migration 0027
-- kept the runs of two and three characters (search_grams()); the counts now keep every
-- run of two, three and four characters, and are worked out again for the customers
-- already there (about 12 s per 100,000 customers on PostgreSQL).
CREATE OR REPLACE FUNCTION search_count_runs(t text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ select array(select substr(t, i, n) from generate_series(2, 4) as n, generate_series(1, length(t) - n + 1) as i) $$;
--> statement-breakpoint
-- As migration 0027's, with the runs of two to four characters. Rows are taken in key
-- order, so two writers never deadlock on them.
CREATE OR REPLACE FUNCTION add_search_gram_counts(changes text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    INSERT INTO search_gram_counts AS k (gram, n)
    SELECT g.gram, sum(c.sign) FROM (%s) c
    CROSS JOIN LATERAL (SELECT DISTINCT unnest(search_count_runs(c.search_text)) AS gram) g
    WHERE c.deleted_at IS NULL
    GROUP BY 1 HAVING sum(c.sign) <> 0 ORDER BY 1
    ON CONFLICT (gram) DO UPDATE SET n = k.n + excluded.n$q$, changes)
$$;
--> statement-breakpoint
SELECT recount_search_gram_counts();
