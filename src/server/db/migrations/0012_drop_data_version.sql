-- The data's version (0006, 0007) served only the servers' memory of answers, which is
-- gone (issue 23: a team's load gained nothing from it). Its triggers cost every write a
-- lock on one counters row at commit; they and the row go.
DROP TRIGGER customers_change ON customers;--> statement-breakpoint
DROP TRIGGER orders_change ON orders;--> statement-breakpoint
DROP TRIGGER agents_change ON agents;--> statement-breakpoint
DROP TRIGGER history_change ON history;--> statement-breakpoint
DROP TRIGGER customers_change_truncate ON customers;--> statement-breakpoint
DROP TRIGGER orders_change_truncate ON orders;--> statement-breakpoint
DROP TRIGGER agents_change_truncate ON agents;--> statement-breakpoint
DROP TRIGGER history_change_truncate ON history;--> statement-breakpoint
DROP FUNCTION count_change();--> statement-breakpoint
DELETE FROM counters WHERE scope = 'changes';
