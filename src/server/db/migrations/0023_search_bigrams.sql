-- Every pair of consecutive characters of a text: 'ann lee' gives {an,nn,"n ",...}. A
-- customer matches a two-letter search exactly when the pair is among its search_text's
-- (a trigram index cannot serve fewer than three letters). Immutable, so an index may hold
-- it; priced high, so the planner reads that index rather than working it out row by row.
CREATE FUNCTION search_bigrams(t text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE COST 10000
  AS $$ select array(select substr(t, i, 2) from generate_series(1, length(t) - 1) as i) $$;
--> statement-breakpoint
CREATE INDEX "customers_search_bigrams_idx" ON "customers" USING gin (search_bigrams("search_text")) WHERE "customers"."deleted_at" is null;
