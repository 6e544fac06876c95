-- The data's version: counters ('changes', '') goes up by one as each transaction that
-- changed customers, orders, agents or the history commits, whoever made it (a server, the
-- command line, psql). A server on a shared PostgreSQL reads it to know whether an answer
-- it remembers still holds (Database.dataVersion, src/server/http/shared-version.ts).
-- Constraint triggers deferred to the commit: the row is taken after everything else the
-- transaction locks and held only while it commits, so a writer holding it never waits
-- for another lock, and two writers cannot deadlock on it. The first row event of a
-- transaction counts it; the rest (an import's thousands of rows) only read the flag.
CREATE FUNCTION count_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('crm.change_counted', true) IS DISTINCT FROM 'yes' THEN
    PERFORM set_config('crm.change_counted', 'yes', true);
    INSERT INTO counters AS c (scope, name, n) VALUES ('changes', '', 1)
    ON CONFLICT (scope, name) DO UPDATE SET n = c.n + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER customers_change AFTER INSERT OR UPDATE OR DELETE ON customers DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION count_change();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_change AFTER INSERT OR UPDATE OR DELETE ON orders DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION count_change();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER agents_change AFTER INSERT OR UPDATE OR DELETE ON agents DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION count_change();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER history_change AFTER INSERT OR UPDATE OR DELETE ON history DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION count_change();--> statement-breakpoint
-- A TRUNCATE has no rows to defer; it holds the whole table until its commit anyway.
CREATE TRIGGER customers_change_truncate AFTER TRUNCATE ON customers FOR EACH STATEMENT EXECUTE FUNCTION count_change();--> statement-breakpoint
CREATE TRIGGER orders_change_truncate AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION count_change();--> statement-breakpoint
CREATE TRIGGER agents_change_truncate AFTER TRUNCATE ON agents FOR EACH STATEMENT EXECUTE FUNCTION count_change();--> statement-breakpoint
CREATE TRIGGER history_change_truncate AFTER TRUNCATE ON history FOR EACH STATEMENT EXECUTE FUNCTION count_change();--> statement-breakpoint
INSERT INTO counters (scope, name, n) VALUES ('changes', '', 0);
