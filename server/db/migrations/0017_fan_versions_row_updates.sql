-- Updates of watches and alerts (ADR 0049): a row trigger whose WHEN names the columns my
-- Encore shows, instead of 0016's statement trigger comparing transition tables. The alert
-- job's bulk updates (a watch's alert state, an alert's delivery time) then call nothing and
-- capture no rows; a fan's own update (a price target, an alert read) is one row or a few.
-- Twins: watchColumns in server/tracking/watches.ts and the alerts' columns in
-- server/tracking/my-encore.ts; fan-versions.test.ts changes each shown column.
DROP TRIGGER IF EXISTS watches_fan_updated ON watches;
--> statement-breakpoint
DROP TRIGGER IF EXISTS alerts_fan_updated ON alerts;
--> statement-breakpoint
DROP FUNCTION IF EXISTS encore_fan_watch_updated();
--> statement-breakpoint
DROP FUNCTION IF EXISTS encore_fan_alert_updated();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION encore_fan_row_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fan_versions (uid) VALUES (NEW.uid)
  ON CONFLICT (uid) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER watches_fan_updated AFTER UPDATE ON watches FOR EACH ROW
  WHEN ((OLD.uid, OLD.event_id, OLD.ticket_category, OLD.target_price, OLD.baseline_price_min, OLD.baseline_price_max,
         OLD.baseline_currency, OLD.created_at)
    IS DISTINCT FROM (NEW.uid, NEW.event_id, NEW.ticket_category, NEW.target_price, NEW.baseline_price_min,
         NEW.baseline_price_max, NEW.baseline_currency, NEW.created_at))
  EXECUTE FUNCTION encore_fan_row_updated();
--> statement-breakpoint
CREATE TRIGGER alerts_fan_updated AFTER UPDATE ON alerts FOR EACH ROW
  WHEN ((OLD.uid, OLD.kind, OLD.title, OLD.body, OLD.url, OLD.event_id, OLD.attraction_id, OLD.created_at, OLD.read_at)
    IS DISTINCT FROM (NEW.uid, NEW.kind, NEW.title, NEW.body, NEW.url, NEW.event_id, NEW.attraction_id, NEW.created_at,
         NEW.read_at))
  EXECUTE FUNCTION encore_fan_row_updated();
