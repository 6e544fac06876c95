CREATE TABLE "history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_username" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer,
	"summary" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "last_login" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "history" ADD CONSTRAINT "history_actor_id_agents_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "history_at_idx" ON "history" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "history_entity_idx" ON "history" USING btree ("entity","entity_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "history_actor_idx" ON "history" USING btree ("actor_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "history_action_idx" ON "history" USING btree ("action","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Kept totals of history entries per entity, for the history list's count.
CREATE FUNCTION count_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO counters AS c (scope, name, n)
  SELECT 'history', entity, count(*) FROM new_rows GROUP BY entity ORDER BY entity
  ON CONFLICT (scope, name) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER history_count_insert AFTER INSERT ON history REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_history();--> statement-breakpoint
CREATE TRIGGER history_count_truncate AFTER TRUNCATE ON history FOR EACH STATEMENT EXECUTE FUNCTION forget_counts('history');
