CREATE TABLE "notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"order_id" integer,
	"kind" text DEFAULT 'note' NOT NULL,
	"body" text NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "notes_kind_check" CHECK ("notes"."kind" in ('note', 'call', 'email', 'meeting'))
);
--> statement-breakpoint
CREATE TABLE "reminders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"task_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"due_at" timestamp with time zone,
	"remind_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"assignee_id" integer,
	"customer_id" integer,
	"order_id" integer,
	"done_at" timestamp with time zone,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "next_follow_up" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_author_id_agents_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assignee_id_agents_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_id_agents_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notes_customer_idx" ON "notes" USING btree ("customer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "notes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "notes_order_idx" ON "notes" USING btree ("order_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "notes"."order_id" is not null and "notes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "notes_created_idx" ON "notes" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "notes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "notes_author_idx" ON "notes" USING btree ("author_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "notes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "notes_contact_idx" ON "notes" USING btree ("customer_id","created_at" DESC NULLS LAST) WHERE "notes"."kind" <> 'note' and "notes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "notes_body_trgm_idx" ON "notes" USING gin ("body" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reminders_agent_idx" ON "reminders" USING btree ("agent_id","raised_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reminders_unseen_idx" ON "reminders" USING btree ("agent_id") WHERE "reminders"."seen_at" is null;--> statement-breakpoint
CREATE INDEX "reminders_task_idx" ON "reminders" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "tasks_open_due_idx" ON "tasks" USING btree ("due_at","id") WHERE "tasks"."done_at" is null and "tasks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_assignee_due_idx" ON "tasks" USING btree ("assignee_id","due_at","id") WHERE "tasks"."done_at" is null and "tasks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_done_idx" ON "tasks" USING btree ("done_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "tasks"."done_at" is not null and "tasks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_assignee_done_idx" ON "tasks" USING btree ("assignee_id","done_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "tasks"."done_at" is not null and "tasks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_customer_idx" ON "tasks" USING btree ("customer_id","due_at","id") WHERE "tasks"."customer_id" is not null and "tasks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_order_idx" ON "tasks" USING btree ("order_id","due_at","id") WHERE "tasks"."order_id" is not null and "tasks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_created_idx" ON "tasks" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tasks_remind_idx" ON "tasks" USING btree ("remind_at") WHERE "tasks"."remind_at" is not null and "tasks"."reminded_at" is null and "tasks"."done_at" is null and "tasks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "customers_follow_up_idx" ON "customers" USING btree ("next_follow_up","id","deleted_at");--> statement-breakpoint
CREATE INDEX "customers_follow_up_desc_idx" ON "customers" USING btree ("next_follow_up" DESC NULLS LAST,"id" DESC NULLS LAST,"deleted_at");--> statement-breakpoint
-- customers.next_follow_up: the soonest due time of the customer's open tasks, kept in the
-- same transaction as every task change, so the customers list can order by it from an
-- index (API "Tasks": ordering=next_follow_up).
CREATE FUNCTION keep_next_follow_up() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customers c SET next_follow_up = (
    SELECT min(t.due_at) FROM tasks t
    WHERE t.customer_id = c.id AND t.done_at IS NULL AND t.deleted_at IS NULL
  )
  WHERE c.id IN (
    SELECT customer_id FROM changed_tasks WHERE customer_id IS NOT NULL
  );
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION keep_next_follow_up_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customers c SET next_follow_up = (
    SELECT min(t.due_at) FROM tasks t
    WHERE t.customer_id = c.id AND t.done_at IS NULL AND t.deleted_at IS NULL
  )
  WHERE c.id IN (
    SELECT o.customer_id FROM old_tasks o JOIN new_tasks n ON n.id = o.id
    WHERE (o.customer_id, o.due_at, o.done_at, o.deleted_at)
      IS DISTINCT FROM (n.customer_id, n.due_at, n.done_at, n.deleted_at)
      AND o.customer_id IS NOT NULL
    UNION
    SELECT n.customer_id FROM old_tasks o JOIN new_tasks n ON n.id = o.id
    WHERE (o.customer_id, o.due_at, o.done_at, o.deleted_at)
      IS DISTINCT FROM (n.customer_id, n.due_at, n.done_at, n.deleted_at)
      AND n.customer_id IS NOT NULL
  );
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tasks_follow_up_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS changed_tasks FOR EACH STATEMENT EXECUTE FUNCTION keep_next_follow_up();--> statement-breakpoint
CREATE TRIGGER tasks_follow_up_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS changed_tasks FOR EACH STATEMENT EXECUTE FUNCTION keep_next_follow_up();--> statement-breakpoint
CREATE TRIGGER tasks_follow_up_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_tasks NEW TABLE AS new_tasks FOR EACH STATEMENT EXECUTE FUNCTION keep_next_follow_up_after_update();
