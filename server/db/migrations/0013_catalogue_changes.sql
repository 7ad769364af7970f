-- Every committed write to what the catalogue answers says so on channel catalogue_changed
-- (issue 17): each Encore node LISTENs and refreshes its page cache, search answers and
-- search snapshot, whichever process wrote (another node, the sync CLI, psql). One
-- notification per statement, and PostgreSQL folds repeats within a transaction into one.
CREATE OR REPLACE FUNCTION encore_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER events_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON events
  FOR EACH STATEMENT EXECUTE FUNCTION encore_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER attractions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON attractions
  FOR EACH STATEMENT EXECUTE FUNCTION encore_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER venues_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON venues
  FOR EACH STATEMENT EXECUTE FUNCTION encore_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER event_attractions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON event_attractions
  FOR EACH STATEMENT EXECUTE FUNCTION encore_catalogue_changed();
