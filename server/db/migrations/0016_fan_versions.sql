CREATE TABLE "fan_versions" (
	"uid" text PRIMARY KEY NOT NULL,
	"version" bigserial NOT NULL
);
--> statement-breakpoint
-- A fan's version (ADR 0049): every statement that writes rows of what my Encore shows of a
-- fan gives each fan it touched a new version, drawn from the table's sequence. One upsert a
-- statement (transition tables), not one a row: the alert job writes thousands of alerts in
-- one statement. Fans are locked in uid order, so two writers never wait on each other in turn.
CREATE OR REPLACE FUNCTION encore_fan_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO fan_versions (uid) SELECT DISTINCT uid FROM old_rows ORDER BY uid
    ON CONFLICT (uid) DO UPDATE SET version = excluded.version;
  ELSE
    INSERT INTO fan_versions (uid) SELECT DISTINCT uid FROM new_rows ORDER BY uid
    ON CONFLICT (uid) DO UPDATE SET version = excluded.version;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Updates of watches and alerts count only where a column my Encore shows changed: the alert
-- job rewrites tens of thousands of watches' alert state and alerts' delivery times, which
-- no page shows. Twins: watchColumns in server/tracking/watches.ts and the alerts' columns in
-- server/tracking/my-encore.ts; fan-versions.test.ts changes each shown column.
CREATE OR REPLACE FUNCTION encore_fan_watch_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fan_versions (uid)
  SELECT DISTINCT uid FROM (
    SELECT uid, event_id, ticket_category, target_price, baseline_price_min, baseline_price_max, baseline_currency, created_at FROM new_rows
    EXCEPT ALL
    SELECT uid, event_id, ticket_category, target_price, baseline_price_min, baseline_price_max, baseline_currency, created_at FROM old_rows
  ) changed ORDER BY uid
  ON CONFLICT (uid) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION encore_fan_alert_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fan_versions (uid)
  SELECT DISTINCT uid FROM (
    SELECT uid, id, kind, title, body, url, event_id, attraction_id, created_at, read_at FROM new_rows
    EXCEPT ALL
    SELECT uid, id, kind, title, body, url, event_id, attraction_id, created_at, read_at FROM old_rows
  ) changed ORDER BY uid
  ON CONFLICT (uid) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['accounts', 'follows', 'watches', 'alerts', 'calendar_feeds', 'tracking_preferences', 'push_subscriptions'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION encore_fan_changed()', t || '_fan_inserted', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION encore_fan_changed()', t || '_fan_deleted', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()',
      t || '_fan_updated', t,
      CASE t WHEN 'watches' THEN 'encore_fan_watch_updated' WHEN 'alerts' THEN 'encore_fan_alert_updated' ELSE 'encore_fan_changed' END);
  END LOOP;
END $$;
