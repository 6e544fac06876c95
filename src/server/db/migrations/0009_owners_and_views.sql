CREATE TABLE "views" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agent_id" integer NOT NULL,
	"name" text NOT NULL,
	"screen" text NOT NULL,
	"query" text DEFAULT '' NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "owner_key" text;--> statement-breakpoint
ALTER TABLE "views" ADD CONSTRAINT "views_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "views_agent_screen_name_idx" ON "views" USING btree ("agent_id","screen",lower("name"));--> statement-breakpoint
CREATE INDEX "views_shared_idx" ON "views" USING btree ("screen") WHERE "views"."shared";--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_owner_id_agents_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_owner_idx" ON "customers" USING btree ("owner_id","date_created" DESC NULLS LAST,"id" DESC NULLS LAST,"deleted_at");--> statement-breakpoint
CREATE INDEX "customers_owner_key_idx" ON "customers" USING btree ("owner_key","id","deleted_at");--> statement-breakpoint
CREATE INDEX "customers_owner_key_desc_idx" ON "customers" USING btree ("owner_key" DESC NULLS LAST,"id" DESC NULLS LAST,"deleted_at");--> statement-breakpoint
-- customers.owner_key: the owner's username in lower case, set with the owner, so that
-- ordering=owner reads an index (usernames never change).
CREATE FUNCTION keep_owner_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.owner_key := (SELECT lower(a.username) FROM agents a WHERE a.id = NEW.owner_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Only rows whose owner is set or changes run it: an import of customers without owners costs nothing.
CREATE TRIGGER customers_owner_key_insert BEFORE INSERT ON customers FOR EACH ROW WHEN (NEW.owner_id IS NOT NULL) EXECUTE FUNCTION keep_owner_key();--> statement-breakpoint
CREATE TRIGGER customers_owner_key_update BEFORE UPDATE OF owner_id ON customers FOR EACH ROW WHEN (OLD.owner_id IS DISTINCT FROM NEW.owner_id) EXECUTE FUNCTION keep_owner_key();
