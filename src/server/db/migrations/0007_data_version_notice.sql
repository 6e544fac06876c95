-- The data's new version is told as it commits: NOTIFY crm_data_version with the number,
-- sent by the same trigger that counts the transaction (0006). Servers sharing a
-- PostgreSQL listen and keep the version themselves (src/server/http/data-version-watch.ts)
-- instead of asking the database before each remembered answer. PostgreSQL delivers a
-- notification only once its transaction has committed, and in the order of the commits;
-- the counters row is held until the commit, so the numbers arrive in rising order.
CREATE OR REPLACE FUNCTION count_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  version bigint;
BEGIN
  IF current_setting('crm.change_counted', true) IS DISTINCT FROM 'yes' THEN
    PERFORM set_config('crm.change_counted', 'yes', true);
    INSERT INTO counters AS c (scope, name, n) VALUES ('changes', '', 1)
    ON CONFLICT (scope, name) DO UPDATE SET n = c.n + 1
    RETURNING c.n INTO version;
    PERFORM pg_notify('crm_data_version', version::text);
  END IF;
  RETURN NULL;
END $$;
