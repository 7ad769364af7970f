ALTER TABLE "alerts" DROP CONSTRAINT "alerts_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "alerts" DROP CONSTRAINT "alerts_attraction_id_attractions_id_fk";
--> statement-breakpoint
-- ADR 0062. An alert's event and artist are nulled when the catalogue deletes them, as the
-- foreign keys dropped above did, by one statement a delete instead of one a row (alerts have
-- no index on either column: the keys' action read every alert for each row deleted). The keys
-- were checked for every alert written: 1-2 s of the 50,000 written after one price change.
CREATE OR REPLACE FUNCTION encore_alerts_event_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE alerts SET event_id = NULL WHERE event_id IN (SELECT id FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION encore_alerts_attraction_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE alerts SET attraction_id = NULL WHERE attraction_id IN (SELECT id FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER events_alerts_nulled AFTER DELETE ON events REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_alerts_event_deleted();
--> statement-breakpoint
CREATE TRIGGER attractions_alerts_nulled AFTER DELETE ON attractions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_alerts_attraction_deleted();
--> statement-breakpoint
-- Half of each page of watches is left free. The alert job rewrites a watch's alert state when
-- its price crosses the target, and one price change can cross it for most watches at once:
-- with room on its page, each new version stays there and no index changes (a heap-only
-- update), which took disarming 50,000 watches from about 3 s to 1.3 s on PGlite. Pages
-- written before this keep their fill until the table is rewritten.
ALTER TABLE "watches" SET (fillfactor = 50);
