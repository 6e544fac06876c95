-- Issue 24: the task counts (GET /api/tasks/counts/ and the tasks list's count) hide a
-- deleted customer's tasks, which needed each task's row. The four indexes they read end
-- with customer_id now, so PostgreSQL counts from the index alone.
DROP INDEX "tasks_open_due_idx";--> statement-breakpoint
DROP INDEX "tasks_assignee_due_idx";--> statement-breakpoint
DROP INDEX "tasks_done_idx";--> statement-breakpoint
DROP INDEX "tasks_assignee_done_idx";--> statement-breakpoint
CREATE INDEX "tasks_open_due_idx" ON "tasks" USING btree ("due_at","id","customer_id") WHERE "tasks"."done_at" is null and "tasks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_assignee_due_idx" ON "tasks" USING btree ("assignee_id","due_at","id","customer_id") WHERE "tasks"."done_at" is null and "tasks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_done_idx" ON "tasks" USING btree ("done_at" DESC NULLS LAST,"id" DESC NULLS LAST,"customer_id") WHERE "tasks"."done_at" is not null and "tasks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_assignee_done_idx" ON "tasks" USING btree ("assignee_id","done_at" DESC NULLS LAST,"id" DESC NULLS LAST,"customer_id") WHERE "tasks"."done_at" is not null and "tasks"."deleted_at" is null;