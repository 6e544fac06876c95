-- Issue 26: a customers list filtered by city or country (and owner) counts its matches;
-- the count read every matching row for the owner. The two indexes end with the owner
-- and the column itself, so PostgreSQL counts from the index alone.
DROP INDEX "customers_city_idx";--> statement-breakpoint
DROP INDEX "customers_country_idx";--> statement-breakpoint
CREATE INDEX "customers_city_idx" ON "customers" USING btree (lower("city"),"id","deleted_at","owner_id","city");--> statement-breakpoint
CREATE INDEX "customers_country_idx" ON "customers" USING btree (lower("country"),"id","deleted_at","owner_id","country");