-- Webhook events are numbered in the order their transactions commit, so each webhook's
-- deliveries go out in commit order (issue 27). A deferred trigger runs as the transaction
-- commits, takes a lock that only the end of the transaction releases, and only then draws
-- the number: a later number is never visible before an earlier one.
CREATE SEQUENCE "webhook_events_commit_seq";--> statement-breakpoint
CREATE FUNCTION number_webhook_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(27027027);
  UPDATE webhook_events SET seq = nextval('webhook_events_commit_seq') WHERE id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER webhook_events_commit_order AFTER INSERT ON webhook_events DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION number_webhook_event();
