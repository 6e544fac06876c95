-- Every run of two and of three consecutive characters of a text: 'ann' gives
-- {an,nn,ann}. A customer matches a search of two or three letters exactly when they are
-- among its search_text's, and a longer one only if all its three-letter runs are (then
-- checked whole): its count reads the customers holding them, not every customer (a
-- trigram index cannot serve two letters, and for a common fragment the planner chose to
-- read every customer). Immutable, so an index may hold it; priced high, so the planner
-- reads that index rather than working it out row by row.
CREATE FUNCTION search_grams(t text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE COST 10000
  AS $$ select array(select substr(t, i, n) from generate_series(2, 3) as n, generate_series(1, length(t) - n + 1) as i) $$;
--> statement-breakpoint
CREATE INDEX "customers_search_grams_idx" ON "customers" USING gin (search_grams("search_text")) WHERE "customers"."deleted_at" is null;
