-- All tasks (open and done) by due time either way and by title: GET /api/tasks/ in those
-- orderings reads a page from an index instead of sorting every task.
CREATE INDEX "tasks_due_idx" ON "tasks" USING btree ("due_at","id") WHERE "tasks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_due_desc_idx" ON "tasks" USING btree ("due_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "tasks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_title_idx" ON "tasks" USING btree (lower("title"),"id") WHERE "tasks"."deleted_at" is null;