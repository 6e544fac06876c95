-- Issue 23: orders of one status in the status ordering. The rank is one value inside a
-- status, so this index gives that status's rows in id order; walking orders_rank_idx
-- instead passed every order of the statuses ranked before it (0.4-0.75 s at 3,000,000).
CREATE INDEX "orders_status_rank_idx" ON "orders" USING btree ("status",(case "status" when 'Pending' then 1 when 'Out for delivery' then 2 else 3 end),"id","deleted_at");