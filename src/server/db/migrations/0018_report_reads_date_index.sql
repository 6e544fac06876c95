-- Issue 25: a sales report sums a period's orders by status, amount and customer. The date
-- index ends with those columns now, so PostgreSQL reads the period from the index alone.
DROP INDEX "orders_date_idx";--> statement-breakpoint
CREATE INDEX "orders_date_idx" ON "orders" USING btree ("date_created" DESC NULLS LAST,"id" DESC NULLS LAST,"deleted_at","status","total_amount","customer_id");